/** The audit log as the back office reads it (platform/audit.ts writes it): newest first, with the actor's email. */
import type { listAuditLog } from '@bank/contract/account';
import type { ResponseOf } from '@bank/contract/calls';
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { auditLog } from '../../../platform/audit-table.ts';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { companies, users } from '../tables.ts';

type AuditCursor = { at: string; id: string };

function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(cursor: string): AuditCursor {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<AuditCursor>;
    if (typeof value.at === 'string' && typeof value.id === 'string' && !Number.isNaN(Date.parse(value.at))) {
      if (/^[0-9a-f-]{36}$/.test(value.id)) return { at: value.at, id: value.id };
    }
  } catch {
    // answered below
  }
  throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } }, detail: 'bad audit cursor' });
}

/** The page the contract's listAuditLog answers. */
export type AuditPage = ResponseOf<typeof listAuditLog>;

/** Newest first, keyset-paginated on (at, id) so that every page costs what the first does. */
export async function listAuditEntries(
  handle: DbHandle,
  query: { pageSize: number; cursor?: string | undefined; action?: string | undefined },
): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    const at = new Date(cursor.at);
    const before = or(lt(auditLog.at, at), and(eq(auditLog.at, at), lt(auditLog.id, cursor.id)));
    if (before) conditions.push(before);
  }
  const rows = await handle
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actor_email: users.email,
      company_id: auditLog.company_id,
      company_name: companies.name,
      ip: auditLog.ip,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actor_user_id))
    .leftJoin(companies, eq(companies.id, auditLog.company_id))
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.pageSize + 1);
  const hasMore = rows.length > query.pageSize;
  const items = rows.slice(0, query.pageSize).map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor_email: row.actor_email,
    company_id: row.company_id,
    company_name: row.company_name,
    ip: row.ip,
    detail: (row.detail ?? {}) as Record<string, unknown>,
  }));
  const last = items.at(-1);
  return { items, next_cursor: hasMore && last ? encodeCursor({ at: last.at, id: last.id }) : null };
}
