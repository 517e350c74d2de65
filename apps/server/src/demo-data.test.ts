/**
 * The demo data refers only to rows that exist. A foreign key guards most references; these are
 * the columns that name another row without one (a transfer that may be voided and kept, an id
 * kept for a provider's sake), each declared here with the row it names, so that a new column of
 * that kind must be declared too, and the seeded demo is checked through all of them. A broken
 * reference of this kind once answered HTTP 500 for the demo cardholders.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoSeeders } from './modules/index.ts';
import { executeRows } from './platform/db.ts';
import { runDemoSeed } from './platform/module.ts';
import { createTestApp, type TestApp } from './platform/test-app.ts';

/** `table.column` → the `table.column` it names, or why it names no row of this database. */
const softReferences: Readonly<Record<string, { names: string } | { outside: string }>> = {
  'audit_log.actor_user_id': { names: 'users.id' },
  'audit_log.company_id': { names: 'companies.id' },
  'balance_thresholds.watcher_user_id': { names: 'users.id' },
  'bank_credits.source_id': { outside: 'the row of `source_type` (a deposit notice), named with its type' },
  'card_applications.card_id': { names: 'cards.id' },
  'card_applications.cardholder_id': { names: 'cardholders.id' },
  'card_applications.hold_transfer_id': { names: 'ledger_transfers.id' },
  'card_fee_terms.transfer_id': { names: 'ledger_transfers.id' },
  'card_sim_cards.member_id': { outside: "the card processor's own member id (its simulator's table)" },
  'card_sim_members.member_id': { outside: "the card processor's own member id (its simulator's table)" },
  'card_stock.batch_id': { names: 'programme_print_batches.id' },
  'card_transactions.processor_id': { outside: "the card processor's id of the line" },
  'card_transactions.transfer_id': { names: 'ledger_transfers.id' },
  'cardholders.application_id': { names: 'card_applications.id' },
  'cardholders.member_id': { outside: "the card processor's member id" },
  'cards.replaced_by_card_id': { names: 'cards.id' },
  'cards.replaces_card_id': { names: 'cards.id' },
  'consumed_events.event_id': { outside: 'an outbox event, pruned once published while its claim stays' },
  'deposits.transfer_id': { names: 'ledger_transfers.id' },
  'fx_quotes.transaction_id': { names: 'transactions.id' },
  'idempotency_keys.owner_id': { outside: 'a company or a staff user, whichever made the call' },
  'inbox_messages.event_id': { outside: 'an outbox event, pruned once published' },
  'ledger_transfers.credit_account_id': { names: 'ledger_accounts.id' },
  'ledger_transfers.debit_account_id': { names: 'ledger_accounts.id' },
  'ledger_transfers.reference_id': { outside: 'the business row of `reference_type`, named with its type' },
  'otc_trades.transaction_id': { names: 'transactions.id' },
  'outbox_events.company_id': { names: 'companies.id' },
  'outbox_events.request_id': { outside: 'the id of the request that recorded it (x-request-id), not a row' },
  'passkeys.credential_id': { outside: "the authenticator's own id of the credential (WebAuthn), not a row" },
  'payout_batch_rows.address_id': { names: 'payout_addresses.id' },
  'payout_batch_rows.payee_id': { names: 'payees.id' },
  'payout_batch_rows.payout_id': { names: 'payouts.id' },
  'payout_batch_rows.quote_id': { outside: 'a payout quote, deleted once expired while the row stays' },
  'payout_quotes.payee_id': { names: 'payees.id' },
  'payouts.fee_transfer_id': { names: 'ledger_transfers.id' },
  'payouts.hold_transfer_id': { names: 'ledger_transfers.id' },
  'payouts.quote_id': { outside: 'a payout quote, deleted once expired while the payout stays' },
  'programme_membership_fees.transfer_id': { names: 'ledger_transfers.id' },
  'programme_orders.hold_transfer_id': { names: 'ledger_transfers.id' },
  'top_ups.amount_transfer_id': { names: 'ledger_transfers.id' },
  'top_ups.fee_transfer_id': { names: 'ledger_transfers.id' },
  'transactions.source_id': { outside: 'the business row of `source_type`, named with its type' },
  'webhook_deliveries.event_id': { outside: 'an outbox event, pruned once published' },
  'webhook_deliveries.webhook_id': { outside: 'the delivery’s `webhook-id` header, not a row' },
};

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
  await runDemoSeed(
    { db: test.database.db, now: new Date(), config: test.config, providers: test.providers },
    demoSeeders,
  );
});
afterAll(async () => {
  await test?.close();
});

/** Every `*_id` column of the schema that no foreign key guards. */
async function unguardedIdColumns(): Promise<string[]> {
  const rows = await executeRows<{ name: string }>(
    test.database.db,
    sql`select c.table_name || '.' || c.column_name as name
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = 'public' and right(c.column_name, 3) = '_id'
          and not exists (
            select 1 from information_schema.key_column_usage k
            join information_schema.table_constraints tc
              on tc.constraint_name = k.constraint_name and tc.table_schema = k.table_schema
            where tc.constraint_type = 'FOREIGN KEY' and k.table_schema = c.table_schema
              and k.table_name = c.table_name and k.column_name = c.column_name)
        order by 1`,
  );
  return rows.map((row) => row.name);
}

it('declares every column that names a row without a foreign key', async () => {
  expect(await unguardedIdColumns()).toEqual(Object.keys(softReferences).sort());
});

it('refers, in the seeded demo, only to rows that exist', async () => {
  const broken: string[] = [];
  let checked = 0;
  for (const [column, reference] of Object.entries(softReferences)) {
    if (!('names' in reference)) continue;
    const [table, name] = column.split('.') as [string, string];
    const [targetTable, targetColumn] = reference.names.split('.') as [string, string];
    const [row] = await executeRows<{ filled: number; missing: number }>(
      test.database.db,
      sql`select count(r.${sql.identifier(name)})::int as filled,
                 count(*) filter (where r.${sql.identifier(name)} is not null and not exists (
                   select 1 from ${sql.identifier(targetTable)} t
                   where t.${sql.identifier(targetColumn)}::text = r.${sql.identifier(name)}::text))::int as missing
          from ${sql.identifier(table)} r`,
    );
    checked += row?.filled ?? 0;
    if (row?.missing) broken.push(`${column}: ${row.missing} of ${row.filled} name no ${reference.names}`);
  }
  expect(broken).toEqual([]);
  // The demo fills these columns: the check read real references, not empty tables.
  expect(checked).toBeGreaterThan(50);
});
