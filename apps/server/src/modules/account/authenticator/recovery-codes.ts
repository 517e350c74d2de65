/**
 * Recovery codes: the way back in when the authenticator is lost. 10 codes of 10
 * characters from Crockford's base32 alphabet (50 random bits each, from a CSPRNG), shown once as
 * XXXXX-XXXXX. Stored as keyed hashes bound to the user; a new set deletes the old one. A code is
 * typed in any case, with or without the hyphen or spaces.
 */
import { randomInt } from 'node:crypto';
import { recoveryCodeRules } from '@bank/contract/constants';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbHandle } from '../../../platform/db.ts';
import { newId } from '../../../platform/ids.ts';
import type { SecretBox } from '../../../platform/secret-box.ts';
import { recoveryCodes } from '../tables.ts';

const hashPurpose = 'recovery-code';
/** Crockford's base32: no I, L, O or U, so nothing reads as another character. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const halfLength = 5;

function newCode(): string {
  const characters = Array.from({ length: halfLength * 2 }, () => alphabet[randomInt(alphabet.length)]);
  return `${characters.slice(0, halfLength).join('')}-${characters.slice(halfLength).join('')}`;
}

/** The characters that count: upper case, separators dropped, and the look-alikes Crockford maps. */
function normalised(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

function hashOf(secretBox: SecretBox, userId: string, code: string): string {
  return secretBox.keyedHash(hashPurpose, `${userId}:${normalised(code)}`);
}

/** Replaces the user's codes with a new set and answers it: the only time the codes exist in clear. */
export async function issueRecoveryCodes(
  handle: DbHandle,
  secretBox: SecretBox,
  request: { userId: string; now: Date },
): Promise<string[]> {
  await deleteRecoveryCodes(handle, request.userId);
  const codes = new Set<string>();
  while (codes.size < recoveryCodeRules.count) codes.add(newCode());
  await handle.insert(recoveryCodes).values(
    [...codes].map((code) => ({
      id: newId(request.now.getTime()),
      user_id: request.userId,
      code_hash: hashOf(secretBox, request.userId, code),
      created_at: request.now,
    })),
  );
  return [...codes];
}

export async function deleteRecoveryCodes(handle: DbHandle, userId: string): Promise<void> {
  await handle.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
}

/** How many unused codes the user has; 0 when none were ever made. */
export async function recoveryCodesLeft(handle: DbHandle, userId: string): Promise<number> {
  const [row] = await handle
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
  return row?.left ?? 0;
}

/** Uses a code up if it is one of the user's unused codes; answers the codes left, or null if not. */
export async function useRecoveryCode(
  handle: DbHandle,
  secretBox: SecretBox,
  request: { userId: string; code: string; now: Date },
): Promise<number | null> {
  const used = await handle
    .update(recoveryCodes)
    .set({ used_at: request.now })
    .where(
      and(
        eq(recoveryCodes.user_id, request.userId),
        eq(recoveryCodes.code_hash, hashOf(secretBox, request.userId, request.code)),
        isNull(recoveryCodes.used_at),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (used.length === 0) return null;
  return recoveryCodesLeft(handle, request.userId);
}
