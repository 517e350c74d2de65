/**
 * The back office's ledger explorer (system admins): the invariant check, run on demand and by the
 * hourly schedule, with the ledger's size. Its pages of accounts and transfers are queries.ts's.
 */
import type { LedgerCheck } from '@bank/contract/ledger';
import { sql } from 'drizzle-orm';
import { type DbHandle, executeRows } from '../../platform/db.ts';
import { checkLedgerInvariants } from './invariants.ts';

export async function runLedgerCheck(handle: DbHandle, now: Date): Promise<LedgerCheck> {
  const breaches = await checkLedgerInvariants(handle);
  const [counts] = await executeRows<{ accounts: number; transfers: number }>(
    handle,
    sql`select (select count(*) from ledger_accounts)::int as accounts, (select count(*) from ledger_transfers)::int as transfers`,
  );
  return {
    breaches,
    checked_at: now.toISOString(),
    accounts: counts?.accounts ?? 0,
    transfers: counts?.transfers ?? 0,
  };
}
