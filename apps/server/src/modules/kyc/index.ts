/**
 * The KYC module's public surface for other modules: the demo seed's small real documents and the
 * way it puts them in storage (the card applications' demo seeds its cardholder's documents so),
 * and the company's registration as its statements name it.
 */

export { companyRegistration } from './company-identity.ts';
export { demoPdf } from './demo-documents.ts';
export { storeObject } from './seed.ts';
