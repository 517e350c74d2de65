/**
 * card_application_drafts: the card application a company user has started and not yet submitted,
 * one per user (contract card-application-drafts.ts). The answers are kept as typed, unchecked; the
 * rules apply at submission, which deletes the draft.
 */
import type { CardApplicationDraftValues, CardApplicationStep } from '@bank/contract/card-application-drafts';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../../platform/columns.ts';
import { companies, users } from '../../account/index.ts';

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
