/**
 * Reads and writes of API keys: the team page's list, issue and revoke, and the two statements of a
 * call made with a key (its resolution, then its use: audit row, rate-limit count and last use in one
 * round trip).
 */
import type { ApiKey, ApiKeyScope } from '@bank/contract/api-keys';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { auditLog } from '../../../platform/audit-table.ts';
import { type AppDatabase, type DbHandle, executeRows } from '../../../platform/db.ts';
import { newId } from '../../../platform/ids.ts';
import { rateLimitCounters } from '../../../platform/rate-limit-table.ts';
import { companies, users } from '../../account/index.ts';
import { apiKeys } from './tables.ts';

type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A key as the team page shows it: never its hash. */
function apiKeyOf(row: ApiKeyRow, createdByName: string): ApiKey {
  return {
    key_id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope as ApiKeyScope,
    permissions: row.permissions,
    allowed_ips: row.allowed_ips,
    created_at: row.created_at.toISOString(),
    created_by: createdByName,
    expires_at: row.expires_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    last_used_ip: row.last_used_ip,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

function selectApiKeys(handle: DbHandle) {
  return handle
    .select({ row: apiKeys, createdByName: users.full_name })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.created_by));
}

/** The company's keys, newest first, with who issued each. */
export async function listCompanyApiKeys(handle: DbHandle, companyId: string, limit: number): Promise<ApiKey[]> {
  const rows = await selectApiKeys(handle)
    .where(eq(apiKeys.company_id, companyId))
    .orderBy(desc(apiKeys.created_at), desc(apiKeys.id))
    .limit(limit);
  return rows.map(({ row, createdByName }) => apiKeyOf(row, createdByName));
}

/** One key of the company as the team page shows it. */
export async function companyApiKey(handle: DbHandle, companyId: string, keyId: string): Promise<ApiKey> {
  const [found] = await selectApiKeys(handle).where(and(eq(apiKeys.id, keyId), eq(apiKeys.company_id, companyId)));
  if (!found) throw new Error(`api key ${keyId} not in ${companyId}`);
  return apiKeyOf(found.row, found.createdByName);
}

export async function countLiveApiKeys(handle: DbHandle, companyId: string): Promise<number> {
  const [row] = await handle
    .select({ count: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.company_id, companyId), isNull(apiKeys.revoked_at)));
  return row?.count ?? 0;
}

export async function insertApiKey(handle: DbHandle, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await handle.insert(apiKeys).values(values).returning();
  if (!row) throw new Error('api key not inserted');
  return row;
}

/** The company's key, locked for a change; another company's key is not found. */
export async function lockCompanyApiKey(
  handle: DbHandle,
  companyId: string,
  keyId: string,
): Promise<ApiKeyRow | undefined> {
  const [row] = await handle
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.company_id, companyId)))
    .for('update');
  return row;
}

export async function markApiKeyRevoked(handle: DbHandle, keyId: string, now: Date): Promise<void> {
  await handle.update(apiKeys).set({ revoked_at: now }).where(eq(apiKeys.id, keyId));
}

/**
 * The key check's statement, as the session check's (decision 0033): one indexed read of a live key
 * (not revoked, not expired, its issuer still active) with its company's KYC status, prepared once.
 */
export function prepareLiveApiKeyByHash(db: AppDatabase) {
  return db
    .select({
      key_id: apiKeys.id,
      key_name: apiKeys.name,
      company_id: apiKeys.company_id,
      scope: apiKeys.scope,
      permissions: apiKeys.permissions,
      allowed_ips: apiKeys.allowed_ips,
      user_id: apiKeys.created_by,
      role: users.role,
      kyc_status: companies.kyc_status,
      last_used_at: apiKeys.last_used_at,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.created_by))
    .innerJoin(companies, eq(companies.id, apiKeys.company_id))
    .where(
      and(
        eq(apiKeys.key_hash, sql.placeholder('keyHash')),
        isNull(apiKeys.revoked_at),
        or(isNull(apiKeys.expires_at), gt(apiKeys.expires_at, sql.placeholder('now'))),
        eq(users.status, 'active'),
      ),
    )
    .limit(1)
    .prepare('team_live_api_key_by_hash');
}

export type LiveApiKeyRow = Awaited<ReturnType<ReturnType<typeof prepareLiveApiKeyByHash>['execute']>>[number];

export type ApiKeyUse = {
  keyId: string;
  companyId: string;
  userId: string;
  ip: string;
  callPath: string;
  now: Date;
  /** The key's rate-limit window (platform rate limits' counter key and start). */
  counterKey: string;
  windowStart: Date;
  /** Whether last_used_at is old enough to be written again. */
  shouldMarkUse: boolean;
};

/**
 * Uses of keys, in one statement however many: an audit row each (key, address, call), their counts
 * added to the rate limits' windows, and each key's last use where it is a minute old. Answers, for
 * each use in order, the hits of its window counting it and the uses before it in the batch.
 */
export async function recordApiKeyUses(handle: DbHandle, uses: readonly ApiKeyUse[]): Promise<number[]> {
  const auditRows = uses.map(
    (use) =>
      sql`(${newId(use.now.getTime())}, ${use.now}::timestamptz, 'api_key.used', ${use.userId}, ${use.companyId}, ${use.ip}, ${JSON.stringify({ key_id: use.keyId, call: use.callPath })}::jsonb)`,
  );
  const windows = new Map<string, { counterKey: string; windowStart: Date; count: number }>();
  const lastUses = new Map<string, ApiKeyUse>();
  for (const use of uses) {
    const windowKey = `${use.counterKey} ${use.windowStart.toISOString()}`;
    const counted = windows.get(windowKey) ?? { counterKey: use.counterKey, windowStart: use.windowStart, count: 0 };
    counted.count += 1;
    windows.set(windowKey, counted);
    if (use.shouldMarkUse) lastUses.set(use.keyId, use);
  }
  const lastUse =
    lastUses.size === 0
      ? sql``
      : sql`, used as (update ${apiKeys} set last_used_at = marked.at, last_used_ip = marked.ip
          from (values ${sql.join(
            [...lastUses.values()].map((use) => sql`(${use.keyId}::uuid, ${use.now}::timestamptz, ${use.ip}::text)`),
            sql`, `,
          )}) as marked (id, at, ip)
          where ${apiKeys.id} = marked.id)`;
  const counts = [...windows.values()].map(
    (window) => sql`(${window.counterKey}, ${window.windowStart}::timestamptz, ${window.count}::integer)`,
  );
  const rows = await executeRows<{ key: string; window_start: Date | string; hits: number }>(
    handle,
    sql`with audit as (
      insert into ${auditLog} (id, at, action, actor_user_id, company_id, ip, detail)
      values ${sql.join(auditRows, sql`, `)}
    )${lastUse}
    insert into ${rateLimitCounters} (key, window_start, hits) values ${sql.join(counts, sql`, `)}
    on conflict (key, window_start) do update set hits = ${rateLimitCounters.hits} + excluded.hits
    returning key, window_start, hits`,
  );
  const hitsAfter = new Map(
    rows.map((row) => [`${row.key} ${new Date(row.window_start).toISOString()}`, Number(row.hits)]),
  );
  // The batch's uses of one window count in their order: the last of them sees the window's total.
  const seen = new Map<string, number>();
  return uses.map((use) => {
    const windowKey = `${use.counterKey} ${use.windowStart.toISOString()}`;
    const before = seen.get(windowKey) ?? 0;
    seen.set(windowKey, before + 1);
    const total = hitsAfter.get(windowKey) ?? before + 1;
    return total - (windows.get(windowKey)?.count ?? 1) + before + 1;
  });
}
