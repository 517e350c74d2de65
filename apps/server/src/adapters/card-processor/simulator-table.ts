/**
 * The card processor simulator's own records (the processor's database, kept in the product's
 * schema under `card_sim_` so that the product runs on one machine). Like a real processor's, they
 * hold no secret the product could leak: the card number's last 4, the KIT code and the activation
 * (security) code are derived from the simulator's key and the card's reference when needed, and a
 * PIN is checked for its form and forgotten (only that one was set is kept).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';

export const cardSimMembers = pgTable(
  'card_sim_members',
  {
    member_id: text('member_id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    kyc_id_status: text('kyc_id_status').notNull(),
    kyc_address_status: text('kyc_address_status').notNull(),
    kyc_message: text('kyc_message'),
    /** When the pending KYC review is decided. */
    kyc_due_at: timestamptz('kyc_due_at'),
    /** Told by the simulator's control: refuse the next review of the ID or of the address, or the next replacement card. */
    refuse_next: text('refuse_next'),
    created_at: timestamptz('created_at').notNull(),
  },
  (table) => [uniqueIndex('card_sim_members_username').on(sql`lower(${table.username})`)],
);

export const cardSimCards = pgTable(
  'card_sim_cards',
  {
    reference: text('reference').primaryKey(),
    /** The cardholder; null for a programme card printed before it is bound to anyone. */
    member_id: text('member_id'),
    /** The print batch of a programme card (printed for a company, bound to a cardholder later). */
    batch_number: text('batch_number'),
    level: text('level').notNull(),
    network: text('network').notNull(),
    name_on_card: text('name_on_card').notNull(),
    last4: text('last4').notNull(),
    /** ordered, active, blocked or closed. */
    state: text('state').notNull(),
    operation_stage: text('operation_stage').notNull(),
    anomaly_cause: text('anomaly_cause'),
    /** When the card moves to its next stage on its own (printing, post); null when it waits for someone. */
    next_stage_at: timestamptz('next_stage_at'),
    mailing_address: jsonb('mailing_address').notNull(),
    pin_set: boolean('pin_set').notNull().default(false),
    fail_next_pin: boolean('fail_next_pin').notNull().default(false),
    /** Told by the simulator's control: how the next load ends instead of success. */
    next_load_outcome: text('next_load_outcome'),
    expires_on: date('expires_on', { mode: 'string' }).notNull(),
    /** USD the card can spend: loads less authorised and settled spending. */
    available: numeric('available', { precision: 38, scale: 2 }).notNull().default('0'),
    replaces_reference: text('replaces_reference'),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [index('card_sim_cards_due').on(table.next_stage_at)],
);

export const cardSimLoads = pgTable(
  'card_sim_loads',
  {
    load_reference: text('load_reference').primaryKey(),
    reference: text('reference').notNull(),
    idempotency_key: text('idempotency_key').notNull(),
    amount: numeric('amount', { precision: 38, scale: 2 }).notNull(),
    /** processing, retry, success, returned or cancelled. */
    status: text('status').notNull(),
    due_at: timestamptz('due_at'),
    created_at: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('card_sim_loads_key').on(table.idempotency_key),
    index('card_sim_loads_due').on(table.due_at),
  ],
);

/** Authorisations the simulated network made, waiting for their settlement. */
export const cardSimAuthorisations = pgTable('card_sim_authorisations', {
  id: text('id').primaryKey(),
  reference: text('reference').notNull(),
  amount: numeric('amount', { precision: 38, scale: 2 }).notNull(),
  merchant: jsonb('merchant').notNull(),
  /** open, settled or reversed. */
  state: text('state').notNull(),
  created_at: timestamptz('created_at').notNull(),
});

/** What the processor tells the product, in order (a real processor's webhooks). */
export const cardSimNotifications = pgTable('card_sim_notifications', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  created_at: timestamptz('created_at').notNull(),
});

/**
 * The fault staff told the simulator to produce (one row at most, `id` 'processor'): the requests
 * numbered after `numbered_after` fail, `calls` of them or, when null, all until it is deleted.
 */
export const cardSimFaults = pgTable('card_sim_faults', {
  id: text('id').primaryKey(),
  /** unavailable or malformed. */
  fault: text('fault').notNull(),
  calls: integer('calls'),
  numbered_after: bigint('numbered_after', { mode: 'number' }).notNull(),
  set_at: timestamptz('set_at').notNull(),
});

/**
 * Numbers the requests made while a fault is set. A sequence because it is not transactional: a
 * request that fails rolls back the caller's transaction, the simulator's records with it, and a
 * count kept in a row would come back each time, failing the same request for ever.
 */
export const cardSimRequestNumbers = pgSequence('card_sim_request_numbers');
