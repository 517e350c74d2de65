/**
 * Password hashing (argon2id with the OWASP parameters m=19456 KiB, t=2, p=1) and the rules a new
 * password must pass on the server besides the contract's shape rule: not in the shipped list of
 * common passwords, not the email address.
 */
import { randomBytes } from 'node:crypto';
import type { MessageRef } from '@bank/contract/validation';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../../platform/errors.ts';

/** Algorithm.Argon2id: an ambient const enum, which isolated modules cannot read by name. */
const argon2id = 2 as Algorithm;

const passwordHashOptions = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed check, never a crash that tells the caller something.
    return false;
  }
}

let hashOfNothing: Promise<string> | undefined;

/**
 * The same work as checking a real password, for an address with no account: answering faster
 * would tell an attacker which addresses are registered.
 */
export async function verifyPasswordOfNobody(password: string): Promise<false> {
  hashOfNothing ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(await hashOfNothing, password);
  return false;
}

let commonPasswords: Set<string> | undefined;

/**
 * Whether a password is one of the ~49,000 most common. The rule forces upper case, a digit and a
 * special character, which the list's entries mostly lack, so the password is also compared with its
 * special characters removed: "Password-123!" is "password123" with decoration.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  const lower = password.toLowerCase();
  const lettersAndDigits = lower.replace(/[^\p{L}\p{Nd}]/gu, '');
  return commonPasswords.has(lower) || commonPasswords.has(lettersAndDigits);
}

/** Why a new password is refused on the server, as the field message of `new_password`, or null. */
export function newPasswordProblem(password: string, email: string): MessageRef | null {
  if (password.trim().toLowerCase() === email.toLowerCase()) return { key: 'validation.password_equals_email' };
  if (isCommonPassword(password)) return { key: 'validation.password_too_common' };
  return null;
}

/** Refuses a new password the server's rules reject, naming `new_password` as the contract's rule does. */
export function assertAcceptableNewPassword(password: string, email: string): void {
  const problem = newPasswordProblem(password, email);
  if (problem) throw new AppError('validation', { fields: { new_password: problem }, detail: problem.key });
}
