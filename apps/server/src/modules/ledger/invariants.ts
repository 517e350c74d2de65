/**
 * The ledger's invariants, checked by the back office, the tests and the benchmark. Each query
 * answers the rows that break its rule (none when the ledger is sound):
 *
 * - every asset sums to zero over all accounts (nothing created or lost);
 * - no customer account is below zero, counting held money as spent;
 * - every balance equals the sum of its entries, and its last entry's balance after;
 * - an account's entries have strictly increasing times, and read in time order each balance after
 *   is the one before it plus the entry's amount (what a statement shows as its running balance);
 * - every held amount equals the sum of the pending transfers debiting the account;
 * - every posted transfer has two entries, of opposite sign, of its amount.
 */
import { sql } from 'drizzle-orm';
import { type DbHandle, executeRows } from '../../platform/db.ts';
import { balanceBefore } from './queries.ts';

export type InvariantBreach = { rule: string; subject: string; detail: string };

const checks: { rule: string; query: ReturnType<typeof sql> }[] = [
  {
    rule: 'asset_sums_to_zero',
    query: sql`select asset as subject, sum(balance)::text as detail
      from ledger_accounts group by asset having sum(balance) <> 0`,
  },
  {
    rule: 'customer_not_negative',
    query: sql`select id::text as subject, (balance - held)::text as detail
      from ledger_accounts where kind = 'customer' and (balance < 0 or balance - held < 0)`,
  },
  {
    rule: 'balance_equals_entries',
    query: sql`select a.id::text as subject, a.balance::text || ' <> ' || coalesce(e.total, 0)::text as detail
      from ledger_accounts a
      left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e on e.account_id = a.id
      where a.balance <> coalesce(e.total, 0)`,
  },
  {
    rule: 'balance_equals_last_entry',
    query: sql`select a.id::text as subject, a.balance::text || ' <> ' || last.balance_after::text as detail
      from ledger_accounts a
      join lateral (select ${balanceBefore(sql`a.id`)} as balance_after) last on true
      where a.balance <> last.balance_after`,
  },
  {
    rule: 'entries_in_time_order',
    query: sql`select account_id::text as subject, 'transfer ' || transfer_id::text || ' at ' || created_at::text as detail
      from (select account_id, transfer_id, created_at, amount, balance_after,
              lag(created_at) over w as before, lag(balance_after) over w as balance_before
            from ledger_entries window w as (partition by account_id order by created_at, transfer_id)) e
      where created_at <= before or balance_after <> coalesce(balance_before, 0) + amount`,
  },
  {
    rule: 'held_equals_pending',
    query: sql`select a.id::text as subject, a.held::text || ' <> ' || coalesce(p.total, 0)::text as detail
      from ledger_accounts a
      left join (select debit_account_id, sum(amount) as total from ledger_transfers where state = 'pending' group by debit_account_id) p
        on p.debit_account_id = a.id
      where a.held <> coalesce(p.total, 0)`,
  },
  {
    rule: 'posted_transfer_balanced',
    query: sql`select t.id::text as subject, count(e.transfer_id)::text || ' entries' as detail
      from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
      where t.state = 'posted'
      group by t.id, t.amount, t.debit_account_id, t.credit_account_id
      having count(e.transfer_id) <> 2
        or sum(e.amount) <> 0
        or sum(e.amount) filter (where e.account_id = t.credit_account_id) <> t.amount
        or sum(e.amount) filter (where e.account_id = t.debit_account_id) <> -t.amount`,
  },
  {
    rule: 'unposted_transfer_has_no_entries',
    query: sql`select t.id::text as subject, t.state as detail
      from ledger_transfers t where t.state <> 'posted' and exists (select 1 from ledger_entries e where e.transfer_id = t.id)`,
  },
];

/** Every breach of the ledger's invariants; an empty list means the ledger is sound. */
export async function checkLedgerInvariants(handle: DbHandle): Promise<InvariantBreach[]> {
  const breaches: InvariantBreach[] = [];
  for (const check of checks) {
    const rows = await executeRows<{ subject: string; detail: string }>(handle, check.query);
    breaches.push(...rows.map((row) => ({ rule: check.rule, subject: row.subject, detail: row.detail })));
  }
  return breaches;
}
