/** KYC's own rules; its documents' limits are the contract's documentPurposeRules (kyc_document, signature). */
import type { DocumentKind, KycSection } from '@bank/contract/documents';

/** The sections whose drafts take each kind of document (a signature only where a form is signed). */
export const sectionsTakingKind: Readonly<Record<DocumentKind, readonly KycSection[]>> = {
  kyc_document: ['corporate', 'company', 'shareholder', 'trading'],
  signature: ['corporate', 'trading'],
};
