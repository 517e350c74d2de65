/**
 * The inbox: one row per message per reader, written from the outbox by the inbox's consumers
 * (consumers.ts), read and changed only by its reader. A message keeps facts (`params`), never
 * text: the reader's language at the time of reading writes it.
 */
import type { MessageCategory, MessageKind, MessageLink } from '@bank/contract/inbox';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.ts';
import { companies, users } from '../account/index.ts';

export const inboxMessages = pgTable(
  'inbox_messages',
  {
    /** UUIDv7 of the event's time: the inbox's keyset order. */
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The company the message is about; null for a user's own notices. */
    company_id: uuid('company_id').references(() => companies.id),
    category: text('category').$type<MessageCategory>().notNull(),
    kind: text('kind').$type<MessageKind>().notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    link: jsonb('link').$type<MessageLink | null>(),
    /** The outbox event it was written from: one message per event and reader, however often delivered. */
    event_id: uuid('event_id').notNull(),
    read_at: timestamptz('read_at'),
    created_at: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('inbox_messages_reader').on(table.user_id, table.id),
    /** The bell's count and the boxes' unread counts. */
    index('inbox_messages_unread').on(table.user_id, table.category).where(sql`${table.read_at} is null`),
    uniqueIndex('inbox_messages_event_reader').on(table.event_id, table.user_id),
  ],
);
