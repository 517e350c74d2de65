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
 * One use of a key, in one statement: its audit row (key, address, call), its count in the rate
 * limit's window, and its last use when that is a minute old. Answers the window's hits.
 */
export async function recordApiKeyUse(handle: DbHandle, use: ApiKeyUse): Promise<number> {
  const detail = JSON.stringify({ key_id: use.keyId, call: use.callPath });
  const lastUse = use.shouldMarkUse
    ? sql`, used as (update ${apiKeys} set last_used_at = ${use.now}, last_used_ip = ${use.ip} where ${apiKeys.id} = ${use.keyId})`
    : sql``;
  const rows = await executeRows<{ hits: number }>(
    handle,
    sql`with audit as (
      insert into ${auditLog} (id, at, action, actor_user_id, company_id, ip, detail)
      values (${newId(use.now.getTime())}, ${use.now}, 'api_key.used', ${use.userId}, ${use.companyId}, ${use.ip}, ${detail}::jsonb)
    )${lastUse}
    insert into ${rateLimitCounters} (key, window_start, hits) values (${use.counterKey}, ${use.windowStart}, 1)
    on conflict (key, window_start) do update set hits = ${rateLimitCounters.hits} + 1
    returning hits`,
  );
  return Number(rows[0]?.hits ?? 1);
}
