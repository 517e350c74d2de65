/**
 * Reading the audit log (platform/audit.ts writes it): a company's entries for its administrator,
 * every company's or one company's for the bank's staff, filtered by who acted, by category (the
 * contract's one mapping of action domains) and by days of the reader's time zone; newest first,
 * keyset-paginated on (at, id) so that every page costs what the first does, and streamed page by
 * page for the files.
 */
import { type AuditEntry, type AuditFilter, auditDomainsOf } from '@bank/contract/audit-log';
import { and, eq, gte, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { auditLog } from '../../../platform/audit-table.ts';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { dayEndIn, dayStartIn, utcZone } from '../../../platform/exports/statement-text.ts';
import { isUuid } from '../../../platform/ids.ts';
import { auditEntriesWhere } from '../queries.ts';
import { users } from '../tables.ts';

/** Whose entries: one company's (its administrator, or staff who chose it), or every company's (staff). */
export type AuditScope = { companyId: string } | { everyCompany: true };

/** The filter as the calls take it; `action` is the back office's exact action, kept for its API callers. */
export type AuditSelection = AuditFilter & { action?: string | undefined };

type AuditCursor = { at: string; id: string };

function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(cursor: string): AuditCursor {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<AuditCursor>;
    if (typeof value.at === 'string' && typeof value.id === 'string' && !Number.isNaN(Date.parse(value.at))) {
      if (isUuid(value.id)) return { at: value.at, id: value.id };
    }
  } catch {
    // answered below
  }
  throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } }, detail: 'bad audit cursor' });
}

/** The category's actions: those whose domain (the part before the first dot) it names, or, for `other`, none named. */
function categoryCondition(category: AuditFilter['category']): SQL | undefined {
  if (!category) return undefined;
  const { domains, isExcluded } = auditDomainsOf(category);
  const domain = sql<string>`split_part(${auditLog.action}, '.', 1)`;
  if (domains.length === 0) return isExcluded ? undefined : sql`false`;
  return isExcluded ? notInArray(domain, domains) : inArray(domain, domains);
}

function conditionsOf(scope: AuditScope, selection: AuditSelection): SQL[] {
  const conditions: SQL[] = [];
  // Another company's id or a made-up one finds nothing (an id that is no UUID would fail the query).
  if ('companyId' in scope)
    conditions.push(isUuid(scope.companyId) ? eq(auditLog.company_id, scope.companyId) : sql`false`);
  const zone = selection.time_zone ?? utcZone;
  if (selection.from) conditions.push(gte(auditLog.at, dayStartIn(selection.from, zone)));
  if (selection.to) conditions.push(lt(auditLog.at, dayEndIn(selection.to, zone)));
  if (selection.actor_email) conditions.push(sql`lower(${users.email}) = lower(${selection.actor_email})`);
  if (selection.action) conditions.push(eq(auditLog.action, selection.action));
  const category = categoryCondition(selection.category);
  if (category) conditions.push(category);
  return conditions;
}

function before(cursor: AuditCursor): SQL | undefined {
  const at = new Date(cursor.at);
  return or(lt(auditLog.at, at), and(eq(auditLog.at, at), lt(auditLog.id, cursor.id)));
}

export type AuditPage = { items: AuditEntry[]; next_cursor: string | null };

/** One page of the entries, newest first. */
export async function auditPage(
  handle: DbHandle,
  scope: AuditScope,
  request: AuditSelection & { page_size: number; cursor?: string | undefined },
): Promise<AuditPage> {
  const conditions = conditionsOf(scope, request);
  if (request.cursor) conditions.push(before(decodeCursor(request.cursor)) ?? sql`true`);
  const rows = await auditEntriesWhere(handle, {
    where: and(...conditions),
    order: 'newest_first',
    limit: request.page_size + 1,
  });
  const items = rows.slice(0, request.page_size);
  const last = items.at(-1);
  const hasMore = rows.length > request.page_size;
  return { items, next_cursor: hasMore && last ? encodeCursor({ at: last.at, id: last.id }) : null };
}

/** How many entries a file reads at a time. */
const filePageSize = 500;

/** Every entry of the selection, newest first, read a page at a time as a file is written. */
export async function* auditEntriesOf(
  handle: DbHandle,
  scope: AuditScope,
  selection: AuditSelection,
): AsyncGenerator<AuditEntry> {
  let cursor: string | undefined;
  do {
    const page = await auditPage(handle, scope, { ...selection, page_size: filePageSize, cursor });
    yield* page.items;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}
