/**
 * The platform's ApiKeyResolver (registered by the team module): a bearer key to the session it acts
 * as. Two statements a call, as cheap as a session's check allows (decision 0041): the key's
 * prepared, indexed read, then one statement that writes the use's audit row (key, address, call),
 * counts it in the key's rate-limit window and, at most once a minute, its last use.
 *
 * The uses are written as a group commit: a use waits for its row to be written before its call goes
 * on (no call is answered unaudited), and the uses that arrive while one statement is on its way are
 * written together by the next. Under load one statement serves many calls and no counter row is
 * fought over; alone, a call writes its own at once.
 */
import type { ApiKeyScope } from '@bank/contract/api-keys';
import { permissionsOf } from '@bank/contract/permissions';
import type { AppDatabase } from '../../../platform/db.ts';
import { windowOf } from '../../../platform/rate-limit.ts';
import type { SecretBox } from '../../../platform/secret-box.ts';
import type { ApiKeyResolver, SessionContext } from '../../../platform/session.ts';
import { hashOfApiKey } from './keys.ts';
import { type ApiKeyUse, type LiveApiKeyRow, prepareLiveApiKeyByHash, recordApiKeyUses } from './queries.ts';

/** A key is about 70 characters; anything much longer is not ours and is not hashed. */
const maxKeyLength = 128;
const rateLimitWindowSeconds = 60;
const lastUseWriteIntervalMs = 60_000;
/** The most uses one statement writes (its parameters stay far below PostgreSQL's 65,535). */
const maxUsesPerStatement = 500;

type PendingUse = { use: ApiKeyUse; settle: (hits: number) => void; fail: (error: unknown) => void };

/**
 * Records uses as a group commit: at most one statement on its way; the uses that arrive meanwhile
 * go together in the next. Each use's promise answers its window's hits once its row is written.
 */
function groupCommittedUses(db: AppDatabase): (use: ApiKeyUse) => Promise<number> {
  let waiting: PendingUse[] = [];
  let isWriting = false;
  async function writeWaiting(): Promise<void> {
    isWriting = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxUsesPerStatement);
      waiting = waiting.slice(batch.length);
      try {
        const hits = await recordApiKeyUses(
          db,
          batch.map((pending) => pending.use),
        );
        for (const [index, pending] of batch.entries()) pending.settle(hits[index] ?? 1);
      } catch (error) {
        for (const pending of batch) pending.fail(error);
      }
    }
    isWriting = false;
  }
  return (use) =>
    new Promise<number>((settle, fail) => {
      waiting.push({ use, settle, fail });
      if (!isWriting) void writeWaiting();
    });
}

function sessionOfKey(row: LiveApiKeyRow): SessionContext {
  return {
    user_id: row.user_id,
    company_id: row.company_id,
    role: row.role,
    is_staff: false,
    // The key's own permissions, never more than its issuer's.
    permissions: permissionsOf({ role: 'staff_member', group_permissions: row.permissions }).filter((permission) =>
      permissionsOf({ role: row.role }).includes(permission),
    ),
    kyc_status: row.kyc_status,
    session_id: row.key_id,
    // A key never holds a person's fresh second factor.
    step_up_until: null,
    is_authenticator_paired: false,
    must_pair_authenticator: false,
    api_key: { key_id: row.key_id, name: row.key_name, scope: row.scope as ApiKeyScope, allowed_ips: row.allowed_ips },
  };
}

export function createApiKeyResolver(db: AppDatabase, secretBox: SecretBox): ApiKeyResolver {
  const liveApiKeyByHash = prepareLiveApiKeyByHash(db);
  const recordUse = groupCommittedUses(db);
  return async (key, use) => {
    if (key.length > maxKeyLength) return null;
    const [row] = await liveApiKeyByHash.execute({ keyHash: hashOfApiKey(secretBox, key), now: use.now });
    if (!row) return null;
    const { windowStart, windowEndsAt } = windowOf(rateLimitWindowSeconds, use.now);
    const callsThisWindow = await recordUse({
      keyId: row.key_id,
      companyId: row.company_id,
      userId: row.user_id,
      ip: use.ip,
      callPath: use.callPath,
      now: use.now,
      counterKey: `api_key:${row.key_id}`,
      windowStart,
      shouldMarkUse: !row.last_used_at || use.now.getTime() - row.last_used_at.getTime() >= lastUseWriteIntervalMs,
    });
    return { session: sessionOfKey(row), callsThisWindow, windowEndsAt };
  };
}
