/**
 * FX quotes and OTC requests. A quote is kept with everything it promised (rate, fee, amount
 * received, expiry), so that accepting names only its id and converts exactly what was shown; it is
 * accepted at most once (accepted_at). An OTC request carries its state (contract otcTransitions),
 * the desk's answer and the decision on it.
 */

import type { OtcStatus } from '@bank/contract/exchange';
import type { DigitalAsset } from '@bank/contract/money';
import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';
import { companies, users } from '../account/index.ts';

const amount = (name: string) => numeric(name, { precision: 38, scale: 18 });

export const fxQuotes = pgTable(
  'fx_quotes',
  {
    /** UUIDv7 of its making. */
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    quoted_for: uuid('quoted_for')
      .notNull()
      .references(() => users.id),
    from_asset: text('from_asset').$type<DigitalAsset>().notNull(),
    to_asset: text('to_asset').$type<DigitalAsset>().notNull(),
    amount: amount('amount').notNull(),
    rate: amount('rate').notNull(),
    /** When the rates behind the quote were quoted by the rates adapter. */
    rate_at: timestamptz('rate_at').notNull(),
    gross: amount('gross').notNull(),
    fee: amount('fee').notNull(),
    fee_rate: text('fee_rate').notNull(),
    amount_received: amount('amount_received').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    accepted_at: timestamptz('accepted_at'),
    accepted_by: uuid('accepted_by').references(() => users.id),
    /** The history line the conversion wrote (transactions module). */
    transaction_id: uuid('transaction_id'),
    created_at: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('fx_quotes_company_idx').on(table.company_id, table.id),
    check('fx_quotes_pair', sql`${table.from_asset} <> ${table.to_asset}`),
  ],
);

export const otcTrades = pgTable(
  'otc_trades',
  {
    /** UUIDv7 of the request: the keyset order of the lists. */
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    requested_by: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    from_asset: text('from_asset').$type<DigitalAsset>().notNull(),
    to_asset: text('to_asset').$type<DigitalAsset>().notNull(),
    amount: amount('amount').notNull(),
    note: text('note'),
    status: text('status').$type<OtcStatus>().notNull(),
    /** The desk's answer (all in: no separate fee). */
    rate: amount('rate'),
    amount_received: amount('amount_received'),
    quoted_by: uuid('quoted_by').references(() => users.id),
    quoted_at: timestamptz('quoted_at'),
    expires_at: timestamptz('expires_at'),
    /** The bank's own note: why this rate, or why cancelled. Never shown to the client. */
    desk_note: text('desk_note'),
    decided_by: uuid('decided_by').references(() => users.id),
    decided_at: timestamptz('decided_at'),
    /** The history line of the settled trade (transactions module). */
    transaction_id: uuid('transaction_id'),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('otc_trades_company_idx').on(table.company_id, table.id),
    index('otc_trades_expiry_idx').on(table.status, table.expires_at),
    check(
      'otc_trades_status',
      sql`${table.status} in ('requested', 'quoted', 'accepted', 'declined', 'expired', 'cancelled')`,
    ),
    check('otc_trades_pair', sql`${table.from_asset} <> ${table.to_asset}`),
  ],
);
