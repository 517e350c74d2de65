/**
 * The cards module's core tables. Applications, top-ups, card transactions and fee terms
 * have their own table files beside this one (`*-table.ts`).
 *
 * - cardholders: a person a company's card is issued to, enrolled at the processor (`member_id`)
 *   with the processor's KYC answer (ID and address status, its message).
 * - cards: one row per card the processor issued: the last 4 digits and the processor's reference
 *   only (never the full number, PIN or security code); the three state fields of the transition
 *   table (contract cards.ts), the block and the replacement; the card's USD ledger account is the
 *   ledger's `card` account of the company for this card (ledger accountIdOf { kind: 'card' }).
 * - card_stock: programme cards printed for a company before they are bound to anyone:
 *   the processor's reference and last 4, the print batch and the stage; bound, the card is a row of
 *   `cards` with the same id, and the stock row keeps the batch it came from.
 * - card_events: the card's timeline: what happened, who did it and when.
 * - card_fee_schedule: the bank's fees per card level and kind, kept by staff.
 * - card_processor_cursor: how far the processor's notifications have been applied.
 */
import type {
  ApplicantType,
  CardFeeKind,
  CardFeeRule,
  CardLevel,
  CardNetwork,
  PostalAddress,
} from '@bank/contract/cards';
import type {
  CardAnomalyCause,
  CardBlockType,
  CardOperationStage,
  CardReplacementStatus,
  CardStatus,
  VerificationDisplay,
} from '@bank/contract/states';
import {
  bigserial,
  boolean,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';
import { companies, users } from '../account/index.ts';

export const cardholders = pgTable(
  'cardholders',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The application the cardholder was enrolled from (card_applications). */
    /** The application it was enrolled from (its KYC record); null when the bank enrolled it directly. */
    application_id: uuid('application_id'),
    /** The processor's member id. */
    member_id: text('member_id').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    applicant_type: text('applicant_type').$type<ApplicantType>().notNull(),
    kyc_id_status: text('kyc_id_status').$type<VerificationDisplay>().notNull(),
    kyc_address_status: text('kyc_address_status').$type<VerificationDisplay>().notNull(),
    kyc_message: text('kyc_message'),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('cardholders_company').on(table.company_id, table.id),
    uniqueIndex('cardholders_member').on(table.member_id),
  ],
);

export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    cardholder_id: uuid('cardholder_id')
      .notNull()
      .references(() => cardholders.id),
    processor_reference: text('processor_reference').notNull(),
    last4: text('last4').notNull(),
    name_on_card: text('name_on_card').notNull(),
    level: text('level').$type<CardLevel>().notNull(),
    network: text('network').$type<CardNetwork>().notNull(),
    status: text('status').$type<CardStatus>().notNull(),
    operation_stage: text('operation_stage').$type<CardOperationStage>().notNull(),
    anomaly_cause: text('anomaly_cause').$type<CardAnomalyCause>(),
    stage_updated_at: timestamptz('stage_updated_at').notNull(),
    block_type: text('block_type').$type<CardBlockType>(),
    block_reason: text('block_reason'),
    block_cause: text('block_cause').$type<CardAnomalyCause>(),
    block_is_final: boolean('block_is_final').notNull().default(false),
    blocked_by: uuid('blocked_by').references(() => users.id),
    blocked_at: timestamptz('blocked_at'),
    replacement_status: text('replacement_status').$type<CardReplacementStatus>().notNull().default('not_replaced'),
    /** A final block's replacement waits on its fee: the company could not pay it when the card was blocked. */
    replacement_fee_owed: boolean('replacement_fee_owed').notNull().default(false),
    replaces_card_id: uuid('replaces_card_id'),
    replaced_by_card_id: uuid('replaced_by_card_id'),
    kit_code: text('kit_code'),
    issued_on: date('issued_on', { mode: 'string' }),
    expires_on: date('expires_on', { mode: 'string' }),
    mailing_address: jsonb('mailing_address').$type<PostalAddress>().notNull(),
    card_fee_paid: boolean('card_fee_paid').notNull().default(false),
    auto_renewal: boolean('auto_renewal').notNull().default(false),
    /** The stable coin auto renewals are charged from. */
    auto_renewal_asset: text('auto_renewal_asset').notNull().default('USDC'),
    /**
     * Which fee keeps the card: `annual` (its own annual fee terms, renewals.ts) or `membership` (a
     * programme card, whose programme membership fee replaces the annual fee; its replacements too).
     */
    fee_rule: text('fee_rule').$type<CardFeeRule>().notNull().default('annual'),
    created_by: uuid('created_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('cards_company').on(table.company_id, table.id),
    uniqueIndex('cards_processor_reference').on(table.processor_reference),
    index('cards_expiry').on(table.expires_on),
  ],
);

export const cardEventKinds = [
  'ordered',
  'stage_changed',
  'activated',
  'pin_set',
  'blocked',
  'unblocked',
  'replacement_requested',
  /** A final block's replacement fee could not be taken: the replacement waits on it. */
  'replacement_fee_owed',
  'replaced',
  'mailing_address_changed',
  'top_up',
  'fee_charged',
  'renewed',
  'auto_renewal_changed',
  'expired',
  /** The company cancelled the card (the processor then reports cancelling and cancelled). */
  'cancellation_requested',
  'cancelled',
  /** What was left on an ended card went back to the company's stable coin. */
  'balance_returned',
  /** The processor refused the replacement ordered for this card: it may be replaced again or cancelled. */
  'replacement_refused',
  /** A programme card bound to a cardholder (or rebound to another), and taken back. */
  'bound',
  'unbound',
] as const;
export type CardEventKind = (typeof cardEventKinds)[number];

export const cardEvents = pgTable(
  'card_events',
  {
    id: uuid('id').primaryKey(),
    card_id: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').$type<CardEventKind>().notNull(),
    /** The operation stage after the event. */
    operation_stage: text('operation_stage').$type<CardOperationStage>().notNull(),
    /** Facts of the event for its line (a cause, a reason, an amount, a fee): never a secret. */
    detail: jsonb('detail').$type<Record<string, string | null>>().notNull().default({}),
    /** The user or member of staff who acted; null for the processor or the schedule. */
    actor_user_id: uuid('actor_user_id').references(() => users.id),
    at: timestamptz('at').notNull(),
    /**
     * The order lines were written in: lines of one change share its `at`, and a random id would
     * order them by chance, so the timeline breaks ties of `at` on this.
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [index('card_events_card').on(table.card_id, table.at)],
);

export const cardFeeSchedule = pgTable(
  'card_fee_schedule',
  {
    level: text('level').$type<CardLevel>().notNull(),
    kind: text('kind').$type<CardFeeKind>().notNull(),
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    rate: numeric('rate', { precision: 12, scale: 6 }),
    updated_by: uuid('updated_by').references(() => users.id),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.level, table.kind] })],
);

export const cardProcessorCursor = pgTable('card_processor_cursor', {
  processor: text('processor').primaryKey(),
  /** The seq of the last notification applied. */
  cursor: text('cursor').notNull(),
  updated_at: timestamptz('updated_at').notNull(),
});

/**
 * Programme cards printed for a company. A row is created when staff allocate a print
 * batch; binding it to a cardholder creates the `cards` row of the same id (the card the cards
 * screens and the cardholder know), which it keeps through unbinding and rebinding.
 */
export const cardStock = pgTable(
  'card_stock',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The programme's print batch (programme_print_batches) and its number. */
    batch_id: uuid('batch_id').notNull(),
    batch_number: text('batch_number').notNull(),
    processor_reference: text('processor_reference').notNull(),
    last4: text('last4').notNull(),
    /** The company abbreviation printed on the name line. */
    name_on_card: text('name_on_card').notNull(),
    level: text('level').$type<CardLevel>().notNull(),
    network: text('network').$type<CardNetwork>().notNull(),
    operation_stage: text('operation_stage').$type<CardOperationStage>().notNull(),
    anomaly_cause: text('anomaly_cause').$type<CardAnomalyCause>(),
    stage_updated_at: timestamptz('stage_updated_at').notNull(),
    kit_code: text('kit_code'),
    expires_on: date('expires_on', { mode: 'string' }).notNull(),
    mailing_address: jsonb('mailing_address').$type<PostalAddress>().notNull(),
    /** Set once the card was first bound: the `cards` row (same id). */
    is_bound_once: boolean('is_bound_once').notNull().default(false),
    created_by: uuid('created_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('card_stock_company').on(table.company_id, table.id),
    index('card_stock_batch').on(table.batch_id),
    uniqueIndex('card_stock_processor_reference').on(table.processor_reference),
  ],
);
