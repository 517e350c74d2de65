/**
 * Announcements: one row per announcement with its texts in the three languages, its window and
 * audience, and a row per chosen company. `delivered_at` is set in the transaction that records the
 * `announcement.published` event, so the audience's inboxes are told once.
 */
import type { AnnouncementAudience } from '@bank/contract/announcements';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';
import { companies, users } from '../account/index.ts';

export const announcements = pgTable(
  'announcements',
  {
    /** UUIDv7 of its creation: the back office's keyset order. */
    id: uuid('id').primaryKey(),
    title_en: text('title_en').notNull(),
    body_en: text('body_en').notNull(),
    title_ch: text('title_ch').notNull(),
    body_ch: text('body_ch').notNull(),
    title_jp: text('title_jp').notNull(),
    body_jp: text('body_jp').notNull(),
    starts_at: timestamptz('starts_at').notNull(),
    /** Open-ended when null. */
    ends_at: timestamptz('ends_at'),
    audience: text('audience').$type<AnnouncementAudience>().notNull(),
    is_published: boolean('is_published').notNull().default(false),
    /** The last publishing; kept when unpublished, so that the back office tells "unpublished" from "draft". */
    published_at: timestamptz('published_at'),
    /** When the window opened and the event telling the audience was recorded; null until then. */
    delivered_at: timestamptz('delivered_at'),
    created_by: uuid('created_by')
      .notNull()
      .references(() => users.id),
    created_at: timestamptz('created_at').notNull(),
    updated_by: uuid('updated_by')
      .notNull()
      .references(() => users.id),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (table) => [
    check('announcements_window_order', sql`${table.ends_at} is null or ${table.ends_at} > ${table.starts_at}`),
    check('announcements_audience', sql`${table.audience} in ('all_companies', 'chosen_companies')`),
    /** The clients' list: published ones, newest window first. */
    index('announcements_published_starts')
      .on(table.starts_at.desc(), table.id.desc())
      .where(sql`${table.is_published}`),
    /** The schedule's search: published windows whose audience has not been told yet. */
    index('announcements_to_deliver')
      .on(table.starts_at)
      .where(sql`${table.is_published} and ${table.delivered_at} is null`),
  ],
);

export const announcementCompanies = pgTable(
  'announcement_companies',
  {
    announcement_id: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id),
  },
  (table) => [
    primaryKey({ columns: [table.announcement_id, table.company_id] }),
    /** "Is this company in the audience": the clients' reads. */
    index('announcement_companies_company').on(table.company_id, table.announcement_id),
  ],
);
