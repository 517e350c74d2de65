/**
 * The message catalogues of the product, one object per locale. English is the reference: the
 * other locales are typed against it, and resources.test.ts fails on a missing or empty message.
 * A capability adds its own namespace file in each of locales/en, locales/zh-CN and locales/ja and
 * lists it in the three objects below.
 */
import { type Language, type Locale, localeOfLanguage } from '@bank/contract/constants';
import { account as enAccount } from './locales/en/account.ts';
import { admin as enAdmin } from './locales/en/admin.ts';
import { auth as enAuth } from './locales/en/auth.ts';
import { documents as enDocuments } from './locales/en/documents.ts';
import { email as enEmail } from './locales/en/email.ts';
import { errors as enErrors } from './locales/en/errors.ts';
import { kyc as enKyc } from './locales/en/kyc.ts';
import { kycEmail as enKycEmail } from './locales/en/kyc-email.ts';
import { pages as enPages } from './locales/en/pages.ts';
import { shell as enShell } from './locales/en/shell.ts';
import { states as enStates } from './locales/en/states.ts';
import { validation as enValidation } from './locales/en/validation.ts';
import { account as jaAccount } from './locales/ja/account.ts';
import { admin as jaAdmin } from './locales/ja/admin.ts';
import { auth as jaAuth } from './locales/ja/auth.ts';
import { documents as jaDocuments } from './locales/ja/documents.ts';
import { email as jaEmail } from './locales/ja/email.ts';
import { errors as jaErrors } from './locales/ja/errors.ts';
import { kyc as jaKyc } from './locales/ja/kyc.ts';
import { kycEmail as jaKycEmail } from './locales/ja/kyc-email.ts';
import { pages as jaPages } from './locales/ja/pages.ts';
import { shell as jaShell } from './locales/ja/shell.ts';
import { states as jaStates } from './locales/ja/states.ts';
import { validation as jaValidation } from './locales/ja/validation.ts';
import { account as zhAccount } from './locales/zh-CN/account.ts';
import { admin as zhAdmin } from './locales/zh-CN/admin.ts';
import { auth as zhAuth } from './locales/zh-CN/auth.ts';
import { documents as zhDocuments } from './locales/zh-CN/documents.ts';
import { email as zhEmail } from './locales/zh-CN/email.ts';
import { errors as zhErrors } from './locales/zh-CN/errors.ts';
import { kyc as zhKyc } from './locales/zh-CN/kyc.ts';
import { kycEmail as zhKycEmail } from './locales/zh-CN/kyc-email.ts';
import { pages as zhPages } from './locales/zh-CN/pages.ts';
import { shell as zhShell } from './locales/zh-CN/shell.ts';
import { states as zhStates } from './locales/zh-CN/states.ts';
import { validation as zhValidation } from './locales/zh-CN/validation.ts';

const en = {
  errors: enErrors,
  validation: enValidation,
  states: enStates,
  shell: enShell,
  pages: enPages,
  email: enEmail,
  auth: enAuth,
  account: enAccount,
  admin: enAdmin,
  kyc: enKyc,
  documents: enDocuments,
  kyc_email: enKycEmail,
};

type Messages<T> = { [Key in keyof T]: T[Key] extends string ? string : Messages<T[Key]> };
export type Catalogue = Messages<typeof en>;

const zhCN: Catalogue = {
  errors: zhErrors,
  validation: zhValidation,
  states: zhStates,
  shell: zhShell,
  pages: zhPages,
  email: zhEmail,
  auth: zhAuth,
  account: zhAccount,
  admin: zhAdmin,
  kyc: zhKyc,
  documents: zhDocuments,
  kyc_email: zhKycEmail,
};
const ja: Catalogue = {
  errors: jaErrors,
  validation: jaValidation,
  states: jaStates,
  shell: jaShell,
  pages: jaPages,
  email: jaEmail,
  auth: jaAuth,
  account: jaAccount,
  admin: jaAdmin,
  kyc: jaKyc,
  documents: jaDocuments,
  kyc_email: jaKycEmail,
};

export const catalogues: Record<Locale, Catalogue> = { en, 'zh-CN': zhCN, ja };

export type TranslationParams = Record<string, string | number>;

function lookup(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translates a dotted key for a wire language (en, ch, jp), falling back to English and then to the
 * key itself. Placeholders are written `{{name}}`, as i18next writes them in the web app.
 */
export function translate(language: Language, key: string, params: TranslationParams = {}): string {
  const template = lookup(catalogues[localeOfLanguage[language]], key) ?? lookup(catalogues.en, key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function hasMessage(key: string): boolean {
  return lookup(catalogues.en, key) !== undefined;
}
