/**
 * The parts of the password rule, so that a form can show each one live as the user types. Apart
 * from account.ts (which builds the password schema from them) so that a page can show the rule
 * without loading zod and the identity contract.
 */
import { passwordRule } from './constants.ts';

export const passwordChecks = {
  length: (password: string) => password.length >= passwordRule.minLength && password.length <= passwordRule.maxLength,
  upper: (password: string) => /\p{Lu}/u.test(password),
  lower: (password: string) => /\p{Ll}/u.test(password),
  digit: (password: string) => /\p{Nd}/u.test(password),
  special: (password: string) => /[^\p{L}\p{Nd}\s]/u.test(password),
} as const;
export type PasswordCheck = keyof typeof passwordChecks;

export function meetsPasswordRule(password: string): boolean {
  return Object.values(passwordChecks).every((check) => check(password));
}
