/** The tables of card applications: the applications and their drafts. */

import type { CardApplicationDraftValues, CardApplicationStep } from '@bank/contract/card-application-drafts';
import type { CardholderDetails } from '@bank/contract/card-applications';
import type { ApplicantType, CardFundingAsset, CardLevel, CardNetwork } from '@bank/contract/cards';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../../platform/columns.ts';
import { companies, users } from '../../account/index.ts';
import { documents } from '../../documents/index.ts';

/**
 * card_applications: one row per application a company made for a card. It
 * keeps the cardholder's KYC as submitted (and as corrected later through kycManage: an approved
 * application is the cardholder's KYC record, `cardholders.application_id` points at it), the four
 * documents, the card asked for, and the card cost held from the company's stable coin.
 *
 * The stored status is pending, approved or rejected; `processing` is read from the card's stage.
 * At most one live (pending or approved) application per login username, so that two applications
 * cannot both take a username the processor has free.
 */
export const storedApplicationStatuses = ['pending', 'approved', 'rejected'] as const;
export type StoredApplicationStatus = (typeof storedApplicationStatuses)[number];

export const cardApplications = pgTable(
  'card_applications',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    status: text('status').$type<StoredApplicationStatus>().notNull(),
    applicant_type: text('applicant_type').$type<ApplicantType>().notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** Every KYC field of the cardholder (contract CardholderDetails), the ID's defaulted dates stored. */
    details: jsonb('details').$type<CardholderDetails>().notNull(),
    id_front_document_id: uuid('id_front_document_id')
      .notNull()
      .references(() => documents.id),
    id_back_document_id: uuid('id_back_document_id').references(() => documents.id),
    address_front_document_id: uuid('address_front_document_id')
      .notNull()
      .references(() => documents.id),
    address_back_document_id: uuid('address_back_document_id').references(() => documents.id),
    level: text('level').$type<CardLevel>().notNull(),
    network: text('network').$type<CardNetwork>().notNull(),
    name_on_card: text('name_on_card').notNull(),
    funding_asset: text('funding_asset').$type<CardFundingAsset>().notNull(),
    /** The card cost in USD, and what it took of the funding asset at its rate. */
    card_cost: numeric('card_cost', { precision: 38, scale: 18 }).notNull(),
    debit_amount: numeric('debit_amount', { precision: 38, scale: 18 }).notNull(),
    rate: numeric('rate', { precision: 38, scale: 18 }),
    /** The ledger hold of the card cost (null when the level's card cost is 0). */
    hold_transfer_id: uuid('hold_transfer_id'),
    rejection_reason: text('rejection_reason'),
    /** The card and cardholder the approval created. */
    card_id: uuid('card_id'),
    cardholder_id: uuid('cardholder_id'),
    submitted_by: uuid('submitted_by')
      .notNull()
      .references(() => users.id),
    decided_by: uuid('decided_by').references(() => users.id),
    decided_at: timestamptz('decided_at'),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('card_applications_company').on(table.company_id, table.id),
    index('card_applications_status').on(table.status, table.id),
    uniqueIndex('card_applications_live_username')
      .on(sql`lower(${table.username})`)
      .where(sql`${table.status} <> 'rejected'`),
    check('card_applications_status_check', sql`${table.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export type CardApplicationRow = typeof cardApplications.$inferSelect;

/**
 * card_application_drafts: the card application a company user has started and not yet submitted,
 * one per user (contract card-application-drafts.ts). The answers are kept as typed, unchecked; the
 * rules apply at submission, which deletes the draft.
 */
export const cardApplicationDrafts = pgTable(
  'card_application_drafts',
  {
    /** The user who writes the draft: nobody else reads it. */
    user_id: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    values: jsonb('values').$type<CardApplicationDraftValues>().notNull(),
    step: text('step').$type<CardApplicationStep>().notNull(),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [index('card_application_drafts_company').on(table.company_id)],
);

export type CardApplicationDraftRow = typeof cardApplicationDrafts.$inferSelect;
