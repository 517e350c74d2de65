/**
 * The English messages of the signed-in screens (back office, KYC, documents): the web app loads
 * them with the signed-in shell, not on the first load of a public page. Part of the English
 * catalogue (catalogue-en.ts).
 */
import { admin } from './locales/en/admin.ts';
import { documents } from './locales/en/documents.ts';
import { kyc } from './locales/en/kyc.ts';

export const enSignedIn = { admin, kyc, documents };
