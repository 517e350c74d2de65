/**
 * The corporate card programme's tables. The printed cards themselves are the cards
 * module's (card_stock, then cards once bound); these hold the commercial side:
 *
 * - programme_contracts: a company's contract with the bank, set up by staff: its quantity and what
 *   its orders hold of it (pending, paid), what was printed (allocated), the minimum per order, the
 *   prepayment per card, its dates, the membership term and how membership fees are paid. The
 *   database refuses a contract whose orders would hold more than its total (the check below): the
 *   remaining quantity can never go negative, whatever runs at once.
 * - programme_orders: pre-orders under a contract, their money (held from the company's stable coin
 *   until staff decide) and how many of their cards are in print batches.
 * - programme_print_batches: what staff allocated to an order at once, printed with the company's
 *   abbreviation under one batch number.
 * - programme_membership_fees: one row per bound card and membership term.
 */
import type { CardLevel, CardNetwork, PostalAddress } from '@bank/contract/cards';
import type { DeliveryType, FeeDeductionMode } from '@bank/contract/programme';
import type { MembershipRenewalStatus, PreOrderStatus } from '@bank/contract/states';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';
import { companies, users } from '../account/index.ts';
import { cardStock } from '../cards/index.ts';

export const programmeContracts = pgTable(
  'programme_contracts',
  {
    id: uuid('id').primaryKey(),
    /** CT-YYYY-NNNN. */
    contract_number: text('contract_number').notNull(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    company_abbreviation: text('company_abbreviation').notNull(),
    term_months: integer('term_months').notNull(),
    total_quantity: integer('total_quantity').notNull(),
    /** Cards of orders waiting for the bank's decision. */
    pending_quantity: integer('pending_quantity').notNull().default(0),
    /** Cards of approved orders. */
    paid_quantity: integer('paid_quantity').notNull().default(0),
    /** Cards put in print batches. */
    allocated_quantity: integer('allocated_quantity').notNull().default(0),
    minimum_order_quantity: integer('minimum_order_quantity').notNull(),
    /** USD per card. */
    prepayment_per_card: numeric('prepayment_per_card', { precision: 38, scale: 2 }).notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    membership_term_months: integer('membership_term_months').notNull(),
    fee_deduction_mode: text('fee_deduction_mode').$type<FeeDeductionMode>().notNull().default('manual'),
    created_by: uuid('created_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('programme_contracts_number').on(table.contract_number),
    index('programme_contracts_company').on(table.company_id, table.id),
    check(
      'programme_contracts_quantities',
      sql`${table.pending_quantity} >= 0 and ${table.paid_quantity} >= 0 and ${table.pending_quantity} + ${table.paid_quantity} <= ${table.total_quantity} and ${table.allocated_quantity} between 0 and ${table.paid_quantity}`,
    ),
    check('programme_contracts_abbreviation', sql`${table.company_abbreviation} ~ '^[A-Z]{1,5}$'`),
    check('programme_contracts_dates', sql`${table.starts_on} <= ${table.ends_on}`),
  ],
);

export const programmeOrders = pgTable(
  'programme_orders',
  {
    id: uuid('id').primaryKey(),
    /** PO-YYYY-NNNNN. */
    order_number: text('order_number').notNull(),
    contract_id: uuid('contract_id')
      .notNull()
      .references(() => programmeContracts.id),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    quantity: integer('quantity').notNull(),
    allocated_quantity: integer('allocated_quantity').notNull().default(0),
    level: text('level').$type<CardLevel>().notNull(),
    network: text('network').$type<CardNetwork>().notNull(),
    delivery_type: text('delivery_type').$type<DeliveryType>().notNull(),
    mailing_address: jsonb('mailing_address').$type<PostalAddress>().notNull(),
    status: text('status').$type<PreOrderStatus>().notNull(),
    status_remark: text('status_remark'),
    /** USD per card (prepayment and card cost) and for the order. */
    unit_price: numeric('unit_price', { precision: 38, scale: 2 }).notNull(),
    total_usd: numeric('total_usd', { precision: 38, scale: 2 }).notNull(),
    /** The stable coin held, how much, and the ledger transfer holding it (posted or voided on the decision). */
    asset: text('asset').notNull(),
    debit_amount: numeric('debit_amount', { precision: 38, scale: 18 }).notNull(),
    hold_transfer_id: text('hold_transfer_id'),
    created_by: uuid('created_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamptz('created_at').notNull(),
    decided_by: uuid('decided_by').references(() => users.id),
    decided_at: timestamptz('decided_at'),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('programme_orders_number').on(table.order_number),
    index('programme_orders_contract').on(table.contract_id, table.id),
    index('programme_orders_company').on(table.company_id, table.id),
    index('programme_orders_status').on(table.status, table.id),
    check(
      'programme_orders_quantities',
      sql`${table.quantity} > 0 and ${table.allocated_quantity} between 0 and ${table.quantity}`,
    ),
  ],
);

export const programmePrintBatches = pgTable(
  'programme_print_batches',
  {
    id: uuid('id').primaryKey(),
    /** B-YYYYMMDD-NNN. */
    batch_number: text('batch_number').notNull(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => programmeOrders.id),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    quantity: integer('quantity').notNull(),
    allocated_by: uuid('allocated_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('programme_print_batches_number').on(table.batch_number),
    index('programme_print_batches_order').on(table.order_id),
    index('programme_print_batches_company').on(table.company_id, table.id),
  ],
);

export const programmeMembershipFees = pgTable(
  'programme_membership_fees',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    contract_id: uuid('contract_id')
      .notNull()
      .references(() => programmeContracts.id),
    stock_card_id: uuid('stock_card_id')
      .notNull()
      .references(() => cardStock.id),
    term_starts_on: date('term_starts_on', { mode: 'string' }).notNull(),
    term_ends_on: date('term_ends_on', { mode: 'string' }).notNull(),
    due_on: date('due_on', { mode: 'string' }).notNull(),
    overdue_from: date('overdue_from', { mode: 'string' }).notNull(),
    term_months: integer('term_months').notNull(),
    /** USD. */
    fee_due: numeric('fee_due', { precision: 38, scale: 2 }).notNull(),
    /** paid, free (waived) or discontinued once settled; null while it is owed (programme.ts derives the rest). */
    settled: text('settled').$type<'paid' | 'free' | 'discontinued'>(),
    paid_at: timestamptz('paid_at'),
    paid_asset: text('paid_asset'),
    paid_amount: numeric('paid_amount', { precision: 38, scale: 18 }),
    transfer_id: text('transfer_id'),
    paid_by: uuid('paid_by').references(() => users.id),
    renewal_status: text('renewal_status').$type<MembershipRenewalStatus>().notNull().default('pending'),
    remarks: text('remarks').notNull().default(''),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('programme_membership_fees_term').on(table.stock_card_id, table.term_starts_on),
    index('programme_membership_fees_company').on(table.company_id, table.due_on),
    index('programme_membership_fees_owed').on(table.due_on).where(sql`${table.settled} is null`),
    check(
      'programme_membership_fees_settled',
      sql`${table.settled} is null or ${table.settled} in ('paid', 'free', 'discontinued')`,
    ),
  ],
);
