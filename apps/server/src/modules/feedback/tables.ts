/**
 * Feedback: one row per message a company user sent the bank, with its optional screenshot (a
 * document of the company, purpose feedback_screenshot) and, once staff answered, the answer.
 */
import type { FeedbackCategory, FeedbackStatus } from '@bank/contract/feedback';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';
import { companies, users } from '../account/index.ts';
import { documents } from '../documents/index.ts';

export const feedback = pgTable(
  'feedback',
  {
    /** UUIDv7 of its sending: the keyset order of both lists. */
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** Who sent it: the only client who reads it. */
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    category: text('category').$type<FeedbackCategory>().notNull(),
    text: text('text').notNull(),
    screenshot_document_id: uuid('screenshot_document_id').references(() => documents.id),
    status: text('status').$type<FeedbackStatus>().notNull(),
    answer: text('answer'),
    answered_by: uuid('answered_by').references(() => users.id),
    answered_at: timestamptz('answered_at'),
    created_at: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('feedback_sender_idx').on(table.user_id, table.id),
    index('feedback_status_idx').on(table.status, table.id),
    index('feedback_company_idx').on(table.company_id, table.id),
    /** A screenshot goes with one feedback. */
    uniqueIndex('feedback_screenshot_unique').on(table.screenshot_document_id),
    check('feedback_status', sql`${table.status} in ('open', 'answered')`),
    check(
      'feedback_answered_has_answer',
      sql`(${table.status} = 'answered') = (${table.answer} is not null and ${table.answered_at} is not null)`,
    ),
  ],
);
