/**
 * The English catalogue, the reference: the other locales are typed against it, and
 * resources.test.ts fails on a missing or empty message. One module per locale, so that the web app
 * bundles English in its first load and loads Chinese or Japanese only when chosen. English is in
 * three parts: the first load's (this module), the signed-in screens' (catalogue-en-signed-in.ts,
 * loaded with the signed-in shell) and the emails' (the server's only).
 */

import type { enSignedIn } from './catalogue-en-signed-in.ts';
import { auth as enAuth } from './locales/en/auth.ts';
import { email as enEmail } from './locales/en/email.ts';
import { errors as enErrors } from './locales/en/errors.ts';
import { kycEmail as enKycEmail } from './locales/en/kyc-email.ts';
import { mainPages } from './locales/en/main-pages.ts';
import { firstViewPages, publicPages } from './locales/en/pages.ts';
import { shellFirstLoad } from './locales/en/shell.ts';
import { statement as enStatement } from './locales/en/statement.ts';
import { validation as enValidation } from './locales/en/validation.ts';

/** The messages of the public screens and of what every screen shows (errors, the shell). */
export const enFirstLoad = {
  errors: enErrors,
  validation: enValidation,
  shell: shellFirstLoad,
  pages: { ...publicPages, ...firstViewPages, ...mainPages },
  auth: enAuth,
};

/** The messages of emails and downloaded documents (statements), which only the server writes. */
export const enEmails = {
  email: enEmail,
  kyc_email: enKycEmail,
  statement: enStatement,
};

type Messages<T> = { [Key in keyof T]: T[Key] extends string ? string : Messages<T[Key]> };
export type Catalogue = Messages<typeof enFirstLoad & typeof enSignedIn & typeof enEmails>;
