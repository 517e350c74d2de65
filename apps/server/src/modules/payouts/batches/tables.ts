/**
 * Batch payout tables. payout_batches: one uploaded file, its stable coin for fiat rows, its state
 * and, once submitted, the holds of its totals per asset (pending ledger transfers, released when
 * its rows become payouts or it is rejected). payout_batch_rows: each row as written, its errors
 * (catalogue keys, translated when read), what it resolved to (destination, quote) and the payout
 * made of it.
 */
import type { PayoutBatchRowFields, PayoutBatchStatus } from '@bank/contract/payout-batches';
import type { PayoutKind } from '@bank/contract/payouts';
import type { MessageRef } from '@bank/contract/validation';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../../platform/columns.ts';
import { companies, users } from '../../account/index.ts';

/** A row's error as stored: the column at fault and the catalogue message. */
export type StoredRowError = { field: string; message: MessageRef };

/** The batch's hold of one asset: the pending transfer of its rows' amounts and fees. */
export type BatchHold = { asset: string; transfer_id: string };

export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    status: text('status').$type<PayoutBatchStatus>().notNull(),
    file_name: text('file_name').notNull(),
    fiat_asset: text('fiat_asset').$type<'USDC' | 'USDT'>().notNull(),
    sender_account_name: text('sender_account_name').notNull(),
    /** Set at submission: whether the approval policy asked for a colleague. */
    needs_approval: boolean('needs_approval'),
    holds: jsonb('holds').$type<BatchHold[]>().notNull().default([]),
    created_by: uuid('created_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamptz('created_at').notNull(),
    submitted_at: timestamptz('submitted_at'),
    decided_by: uuid('decided_by').references(() => users.id),
    decided_at: timestamptz('decided_at'),
    decision_reason: text('decision_reason'),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [index('payout_batches_company').on(table.company_id, table.id)],
);

export const payoutBatchRows = pgTable(
  'payout_batch_rows',
  {
    batch_id: uuid('batch_id')
      .notNull()
      .references(() => payoutBatches.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    fields: jsonb('fields').$type<PayoutBatchRowFields>().notNull(),
    errors: jsonb('errors').$type<StoredRowError[]>().notNull(),
    kind: text('kind').$type<PayoutKind>(),
    payee_id: uuid('payee_id'),
    address_id: uuid('address_id'),
    /** The row's quote (payout_quotes): a quote makes at most one payout, so a row pays once per quote. */
    quote_id: uuid('quote_id'),
    payout_id: uuid('payout_id'),
    /** Why no payout could be made of the row when the batch was approved or retried. */
    failure: jsonb('failure').$type<MessageRef | null>(),
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.batch_id, table.line] })],
);
