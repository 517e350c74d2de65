/**
 * Company KYC tables. The company's KYC status has one home, `companies.kyc_status` (the session
 * resolver reads it for the gate); these tables keep what the status does not say:
 *
 * - kyc_sections: the four sections' drafts (the contract's Draft, as parsed), one row each.
 * - kyc_rounds: every submission and its decision, with a snapshot of the sections as submitted.
 *
 * Its documents and uploads are the documents module's (modules/documents/tables.ts).
 */
import type { KycSection } from '@bank/contract/documents';
import type { kycRoundDecisions } from '@bank/contract/kyc';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';
import { companies, users } from '../account/index.ts';

/** A round's decision as stored (the reviewer's approve, reject, return and final refusal). */
export type KycRoundDecision = (typeof kycRoundDecisions)[number];

export const kycSections = pgTable(
  'kyc_sections',
  {
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** corporate, company, shareholder or trading (contract KycSection). */
    section: text('section').$type<KycSection>().notNull(),
    /** The section's Draft as the contract parsed it: only well-formed values are ever stored. */
    data: jsonb('data').notNull(),
    /** Saved with `complete: true`, which checked that nothing is missing. */
    is_complete: boolean('is_complete').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.company_id, table.section] }),
    check('kyc_sections_section', sql`${table.section} in ('corporate', 'company', 'shareholder', 'trading')`),
  ],
);

export const kycRounds = pgTable(
  'kyc_rounds',
  {
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** 1 for the first submission, then one more for each resubmission. */
    round: integer('round').notNull(),
    /** Only the company's latest round is true: the review queue reads it through one index. */
    is_latest: boolean('is_latest').notNull(),
    submitted_at: timestamptz('submitted_at').notNull(),
    submitted_by: uuid('submitted_by').references(() => users.id),
    /** approved, rejected, returned or refused (final); null while under review. */
    decision: text('decision').$type<KycRoundDecision>(),
    reason: text('reason'),
    /** With a rejection or a return: the sections the reviewer named for correction (null: all of them). */
    sections_to_fix: jsonb('sections_to_fix').$type<KycSection[]>(),
    decided_by: uuid('decided_by').references(() => users.id),
    decided_at: timestamptz('decided_at'),
    /** The four sections exactly as submitted: what the reviewer decided on. */
    snapshot: jsonb('snapshot').notNull(),
  },
  (table) => [
    uniqueIndex('kyc_rounds_company_round_unique').on(table.company_id, table.round),
    index('kyc_rounds_latest_submitted_idx')
      .on(table.submitted_at.desc(), table.company_id.desc())
      .where(sql`${table.is_latest}`),
    check(
      'kyc_rounds_decision',
      sql`${table.decision} is null or ${table.decision} in ('approved', 'rejected', 'returned', 'refused')`,
    ),
  ],
);
