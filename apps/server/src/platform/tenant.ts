/**
 * The tenant of a client call: the company of the signed-in user, and the lock every change of a
 * company's data takes first (its row in `companies`, owned by the account module), so that no two
 * changes of one company interleave. Staff belong to no company.
 */
import { sql } from 'drizzle-orm';
import { type DbHandle, executeRows } from './db.ts';
import { AppError } from './errors.ts';
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
 * Locks the company's row until the transaction ends. Every change of a company's data takes this
 * lock before any other, always in this order, so that concurrent changes queue instead of
 * deadlocking or seeing a state another is changing.
 */
export async function lockCompany(handle: DbHandle, companyId: string): Promise<void> {
  const rows = await executeRows<{ id: string }>(
    handle,
    sql`select id from companies where id = ${companyId} for update`,
  );
  if (rows.length === 0) throw new AppError('session_invalid', { detail: `company ${companyId} does not exist` });
}
