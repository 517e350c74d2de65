/**
 * The platform's ApiKeyResolver (registered by the team module): a bearer key to the session it acts
 * as. Two statements a call, as cheap as a session's check allows (decision 0041): the key's
 * prepared, indexed read, then one statement that writes the use's audit row (key, address, call),
 * counts it in the key's rate-limit window and, at most once a minute, its last use.
 */
import type { ApiKeyScope } from '@bank/contract/api-keys';
import { permissionsOf } from '@bank/contract/permissions';
import type { AppDatabase } from '../../../platform/db.ts';
import { windowOf } from '../../../platform/rate-limit.ts';
import type { SecretBox } from '../../../platform/secret-box.ts';
import type { ApiKeyResolver, SessionContext } from '../../../platform/session.ts';
import { hashOfApiKey } from './keys.ts';
import { type LiveApiKeyRow, prepareLiveApiKeyByHash, recordApiKeyUse } from './queries.ts';

/** A key is about 70 characters; anything much longer is not ours and is not hashed. */
const maxKeyLength = 128;
const rateLimitWindowSeconds = 60;
const lastUseWriteIntervalMs = 60_000;

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
    api_key: { key_id: row.key_id, scope: row.scope as ApiKeyScope, allowed_ips: row.allowed_ips },
  };
}

export function createApiKeyResolver(db: AppDatabase, secretBox: SecretBox): ApiKeyResolver {
  const liveApiKeyByHash = prepareLiveApiKeyByHash(db);
  return async (key, use) => {
    if (key.length > maxKeyLength) return null;
    const [row] = await liveApiKeyByHash.execute({ keyHash: hashOfApiKey(secretBox, key), now: use.now });
    if (!row) return null;
    const { windowStart, windowEndsAt } = windowOf(rateLimitWindowSeconds, use.now);
    const callsThisWindow = await recordApiKeyUse(db, {
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
