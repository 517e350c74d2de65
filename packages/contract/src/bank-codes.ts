/**
 * Local bank codes of a payee's bank, by the bank's country: the code a domestic
 * rail routes on beside the account number. One table, read by the payee form (which field to show
 * and its label: payouts.bank_codes.<kind>) and by the contract's payee validation.
 *
 * - US: the ABA routing number, checked with abavalidator (the ABA's 3-7-1 checksum).
 * - GB: the sort code, 6 digits; where the account number is an IBAN, its sort code must be the one
 *   the IBAN carries (characters 9 to 14), so that the two cannot name different branches.
 * - AU: the BSB, 6 digits; CA: the transit (5 digits) and institution (3 digits) numbers; IN: the
 *   IFSC (4 letters, a zero, 6 letters or digits); HK: the 3-digit bank code; SG: the 4-digit bank
 *   code and 3-digit branch code; JP: the Zengin 4-digit bank code and 3-digit branch code; CN: the
 *   12-digit CNAPS code. These are format rules published by each country's clearing system.
 * - Elsewhere (IBAN countries but the UK, and the rest) no local code: the IBAN or SWIFT code routes.
 */
import { validate as isAbaRoutingNumber } from 'abavalidator';

const localBankCodeKinds = [
  'aba_routing_number',
  'sort_code',
  'bsb',
  'transit_institution',
  'ifsc',
  'hk_bank_code',
  'sg_bank_branch_code',
  'zengin_code',
  'cnaps_code',
] as const;
export type LocalBankCodeKind = (typeof localBankCodeKinds)[number];

type LocalBankCodeRule = { kind: LocalBankCodeKind; isValid: (code: string) => boolean; example: string };

const digits = (length: number) => (code: string) => new RegExp(`^\\d{${length}}$`).test(code);

const rules: Readonly<Record<string, LocalBankCodeRule>> = {
  US: { kind: 'aba_routing_number', isValid: isAbaRoutingNumber, example: '021000021' },
  GB: { kind: 'sort_code', isValid: digits(6), example: '20-20-15' },
  AU: { kind: 'bsb', isValid: digits(6), example: '062-000' },
  CA: { kind: 'transit_institution', isValid: digits(8), example: '12345-003' },
  IN: { kind: 'ifsc', isValid: (code) => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(code), example: 'HDFC0000001' },
  HK: { kind: 'hk_bank_code', isValid: digits(3), example: '004' },
  SG: { kind: 'sg_bank_branch_code', isValid: digits(7), example: '7171-001' },
  JP: { kind: 'zengin_code', isValid: digits(7), example: '0001-001' },
  CN: { kind: 'cnaps_code', isValid: digits(12), example: '102100099996' },
};

/** The local bank code a bank of the country needs, or null where the IBAN or SWIFT code routes alone. */
export function localBankCodeOf(country: string): { kind: LocalBankCodeKind; example: string } | null {
  const rule = rules[country];
  return rule ? { kind: rule.kind, example: rule.example } : null;
}

/** A code as rails want it: no spaces, hyphens or dots, capital letters. */
export function normalisedBankCode(value: string): string {
  return value.replace(/[\s.-]+/g, '').toUpperCase();
}

/**
 * Why a payee's local bank code is refused, as a message key, or null when it is right: required
 * where the country uses one, empty where it does not, of the country's form, and for the UK the
 * sort code of the IBAN.
 */
export function localBankCodeProblem(country: string, code: string, accountNumber: string): string | null {
  const rule = rules[country];
  if (!rule) return code.length === 0 ? null : 'payouts.validation.bank_code_not_used';
  if (code.length === 0) return 'validation.required';
  if (!rule.isValid(code)) return `payouts.validation.bank_code_invalid.${rule.kind}`;
  if (country === 'GB' && accountNumber.startsWith('GB') && accountNumber.slice(8, 14) !== code)
    return 'payouts.validation.sort_code_not_of_iban';
  return null;
}
