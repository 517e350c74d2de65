/**
 * The tenant of a client call: the company of the signed-in user, and the lock every change of a
 * company's data takes first (its row in `companies`, owned by the account module), so that no two
 * changes of one company interleave. Staff belong to no company.
 */
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type DbHandle, executeRows } from './db.ts';
import { AppError } from './errors.ts';
import { isUuid } from './ids.ts';
import type { CallContext } from './route.ts';

/** The caller's company; staff have none, so a call for a client company refuses them. */
export function clientCompanyId(context: CallContext): string {
  const session = context.session;
  if (session.is_staff || !session.company_id) {
    throw new AppError('forbidden', { detail: 'a call for client users: staff have no company' });
  }
  return session.company_id;
}

/**
 * Locks the company's row until the transaction ends: the first lock of every change of a
 * company's data, money above all. The one lock order of the server (docs/architecture.md, "Locks"):
 *
 * 1. the company's row, here;
 * 2. the ledger accounts a transfer moves, in id order (the ledger's `ledger_transfer_group` takes
 *    them so, inside the database);
 * 3. then the rest: the business rows of the change (a quote, a payout, a card), each once.
 *
 * Concurrent changes of one company so queue at step 1 instead of deadlocking. `for no key update`
 * rather than `for update`: a row that only refers to the company (a transaction line, an audit
 * row, through its foreign key) takes a key-share lock on it, and must not wait for, nor deadlock
 * with, a change that holds the company: the company's key never changes.
 */
export async function lockCompany(handle: DbHandle, companyId: string): Promise<void> {
  const rows = await executeRows<{ id: string }>(
    handle,
    sql`select id from companies where id = ${companyId} for no key update`,
  );
  if (rows.length === 0) throw new AppError('session_invalid', { detail: `company ${companyId} does not exist` });
}

/**
 * For a change that starts from a row rather than from a client's call (a staff decision on a
 * payout, a provider's notice about a top-up): takes the lock of the company the row belongs to,
 * read without locking the row, so that the caller locks the row itself after, in the one order.
 * Answers the company, or null when the row has none (yet) or does not exist.
 */
export async function lockCompanyOfRow(handle: DbHandle, table: PgTable, rowId: string): Promise<string | null> {
  if (!isUuid(rowId)) return null;
  const [row] = await executeRows<{ company_id: string | null }>(
    handle,
    sql`select company_id from ${table} where id = ${rowId}`,
  );
  if (!row?.company_id) return null;
  await lockCompany(handle, row.company_id);
  return row.company_id;
}
