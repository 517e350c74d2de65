/**
 * Writing and reading the inbox. Messages are written by the consumers of events (one per event and
 * reader, however often the event is delivered) and read, marked and deleted only by their reader:
 * every query here is scoped to the reader's user id, so another user's message is not found.
 */
import {
  categoryOfMessageKind,
  type InboxMessage,
  type MessageBox,
  type MessageCategory,
  type MessageContent,
  type MessageLink,
  messageCategories,
  messageParamsOfKind,
} from '@bank/contract/inbox';
import { and, count, desc, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { inboxMessages } from './tables.ts';

type MessageRow = typeof inboxMessages.$inferSelect;

/** A message to write: its kind with that kind's facts (typed by the contract), where it leads, whose it is. */
export type NewMessage = MessageContent & {
  link: MessageLink | null;
  companyId: string | null;
  /** When what it tells happened: its place in the inbox. */
  at: Date;
  /** The outbox event it tells of. */
  eventId: string;
};

/** Writes the message to each reader's inbox; a reader who has it already (a redelivery) is skipped. */
export async function deliverMessage(handle: DbHandle, readerIds: readonly string[], message: NewMessage) {
  if (readerIds.length === 0) return;
  // The facts the kind's texts need, checked once more at run time (an event replayed from an older
  // release, a cast): a message that would show an unfilled placeholder is refused, not written.
  const params: Record<string, string> = messageParamsOfKind[message.kind].parse(message.params);
  await handle
    .insert(inboxMessages)
    .values(
      readerIds.map((userId) => ({
        id: newId(message.at.getTime()),
        user_id: userId,
        company_id: message.companyId,
        category: categoryOfMessageKind[message.kind],
        kind: message.kind,
        params,
        link: message.link,
        event_id: message.eventId,
        created_at: message.at,
      })),
    )
    .onConflictDoNothing({ target: [inboxMessages.event_id, inboxMessages.user_id] });
}

function messageOf(row: MessageRow): InboxMessage {
  return {
    message_id: row.id,
    category: row.category,
    kind: row.kind,
    params: row.params,
    link: row.link ?? null,
    is_read: row.read_at !== null,
    created_at: row.created_at.toISOString(),
  };
}

function checkedId(value: string, field: string): string {
  if (!isUuid(value)) throw new AppError('validation', { fields: { [field]: { key: 'validation.invalid' } } });
  return value;
}

export async function messagePage(
  handle: DbHandle,
  userId: string,
  request: {
    page_size: number;
    cursor?: string | undefined;
    category?: MessageCategory | undefined;
    is_unread_only?: boolean | undefined;
  },
): Promise<{ items: InboxMessage[]; next_cursor: string | null }> {
  const conditions: SQL[] = [eq(inboxMessages.user_id, userId)];
  if (request.category) conditions.push(eq(inboxMessages.category, request.category));
  if (request.is_unread_only) conditions.push(isNull(inboxMessages.read_at));
  if (request.cursor !== undefined) conditions.push(lt(inboxMessages.id, checkedId(request.cursor, 'cursor')));
  const rows = await handle
    .select()
    .from(inboxMessages)
    .where(and(...conditions))
    .orderBy(desc(inboxMessages.id))
    .limit(request.page_size + 1);
  const items = rows.slice(0, request.page_size).map(messageOf);
  return { items, next_cursor: rows.length > request.page_size ? (items.at(-1)?.message_id ?? null) : null };
}

/** Marks the reader's message read (once: the first reading's time stays) and answers it. */
export async function markRead(handle: DbHandle, userId: string, messageId: string, now: Date): Promise<InboxMessage> {
  const ofReader = and(eq(inboxMessages.id, checkedId(messageId, 'message_id')), eq(inboxMessages.user_id, userId));
  const [row] = await handle
    .update(inboxMessages)
    .set({ read_at: sql`coalesce(${inboxMessages.read_at}, ${now.toISOString()}::timestamptz)` })
    .where(ofReader)
    .returning();
  if (!row) throw new AppError('not_found', { detail: `no message ${messageId} for user ${userId}` });
  return messageOf(row);
}

export async function unreadCount(handle: DbHandle, userId: string): Promise<number> {
  const [row] = await handle
    .select({ unread: count() })
    .from(inboxMessages)
    .where(and(eq(inboxMessages.user_id, userId), isNull(inboxMessages.read_at)));
  return row?.unread ?? 0;
}

/** Marks every unread message of the reader read, of one category or all; answers how many. */
export async function markAllRead(
  handle: DbHandle,
  userId: string,
  category: MessageCategory | undefined,
  now: Date,
): Promise<number> {
  const conditions = [eq(inboxMessages.user_id, userId), isNull(inboxMessages.read_at)];
  if (category) conditions.push(eq(inboxMessages.category, category));
  const marked = await handle
    .update(inboxMessages)
    .set({ read_at: now })
    .where(and(...conditions))
    .returning({ id: inboxMessages.id });
  return marked.length;
}

/** Every category, in the catalogue's order, with its unread and total count (zero when empty). */
export async function messageBoxes(handle: DbHandle, userId: string): Promise<MessageBox[]> {
  const rows = await handle
    .select({
      category: inboxMessages.category,
      total: count(),
      unread: sql<number>`count(*) filter (where ${inboxMessages.read_at} is null)`.mapWith(Number),
    })
    .from(inboxMessages)
    .where(eq(inboxMessages.user_id, userId))
    .groupBy(inboxMessages.category);
  return messageCategories.map((category) => {
    const row = rows.find((candidate) => candidate.category === category);
    return { category, unread: row?.unread ?? 0, total: row?.total ?? 0 };
  });
}

export async function removeMessage(handle: DbHandle, userId: string, messageId: string): Promise<void> {
  const removed = await handle
    .delete(inboxMessages)
    .where(and(eq(inboxMessages.id, checkedId(messageId, 'message_id')), eq(inboxMessages.user_id, userId)))
    .returning({ id: inboxMessages.id });
  if (removed.length === 0) throw new AppError('not_found', { detail: `no message ${messageId} for user ${userId}` });
}
