/**
 * Idempotent calls (calls.ts `isIdempotent`). The key row is inserted first, in the transaction
 * that then runs the call's effect and stores its answer, under the unique key (owner, call, key):
 *
 * - a concurrent duplicate's insert waits on that key until the first transaction ends; if it
 *   committed, the duplicate replays the stored answer; if it rolled back (the call failed), the
 *   duplicate runs the call itself, so a failure is never replayed and a retry can succeed;
 * - the same key with another body is refused with `idempotency_conflict`;
 * - keys expire after a day (idempotencyKeyLifetimeHours) and a schedule deletes them.
 */
import { createHash } from 'node:crypto';
import { idempotencyKeyLifetimeHours } from '@bank/contract/envelope';
import { and, eq, lt } from 'drizzle-orm';
import type { Database, DbHandle, Transaction } from './db.ts';
import { AppError } from './errors.ts';
import { idempotencyKeys } from './idempotency-table.ts';

export const deleteExpiredIdempotencyKeysSchedule = 'platform__delete_expired_idempotency_keys';

/** JSON with object keys sorted at every depth, so that a client's key order does not change the hash. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

export function requestHashOf(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export type IdempotentCall = {
  ownerId: string;
  callPath: string;
  key: string;
  requestHash: string;
  now: Date;
};

export type IdempotentOutcome = { data: unknown; isReplay: boolean };

/** Runs `effect` once per key: in the transaction that holds the key, or replays its stored answer. */
export async function runIdempotent(
  database: Database,
  call: IdempotentCall,
  effect: (transaction: Transaction) => Promise<unknown>,
): Promise<IdempotentOutcome> {
  const expiresAt = new Date(call.now.getTime() + idempotencyKeyLifetimeHours * 60 * 60 * 1000);
  const where = and(
    eq(idempotencyKeys.owner_id, call.ownerId),
    eq(idempotencyKeys.call_path, call.callPath),
    eq(idempotencyKeys.key, call.key),
  );
  return database.db.transaction(async (transaction) => {
    const claimed = await transaction
      .insert(idempotencyKeys)
      .values({
        owner_id: call.ownerId,
        call_path: call.callPath,
        key: call.key,
        request_hash: call.requestHash,
        created_at: call.now,
        expires_at: expiresAt,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });

    if (claimed.length === 0) {
      // Another call committed this key first (the insert waited for it): replay, refuse or renew.
      const [earlier] = await transaction.select().from(idempotencyKeys).where(where).for('update');
      if (!earlier) throw new Error(`idempotency key ${call.callPath} vanished while held`);
      if (earlier.expires_at > call.now) {
        if (earlier.request_hash !== call.requestHash) {
          throw new AppError('idempotency_conflict', { detail: `key reused with another body on ${call.callPath}` });
        }
        return { data: earlier.response, isReplay: true };
      }
      // Expired but not yet deleted: the key is free again.
      await transaction
        .update(idempotencyKeys)
        .set({ request_hash: call.requestHash, response: null, created_at: call.now, expires_at: expiresAt })
        .where(where);
    }
    const data = await effect(transaction);
    await transaction.update(idempotencyKeys).set({ response: data }).where(where);
    return { data, isReplay: false };
  });
}

export async function deleteExpiredIdempotencyKeys(handle: DbHandle, now: Date): Promise<void> {
  await handle.delete(idempotencyKeys).where(lt(idempotencyKeys.expires_at, now));
}
