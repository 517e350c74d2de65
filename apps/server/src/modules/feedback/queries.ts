/**
 * Reading feedback: the sender's own (every query scoped to the sender's user id, so another user's
 * feedback is not found) and the back office's queue, newest first (keyset on the UUIDv7 id).
 */
import type { Feedback, FeedbackStatus, StaffFeedback } from '@bank/contract/feedback';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { searchCondition } from '../../platform/search.ts';
import { companies, users } from '../account/index.ts';
import { documentRefOf, documents } from '../documents/index.ts';
import { feedback } from './tables.ts';

type PageQuery = { page_size: number; cursor?: string | undefined };

const answerers = alias(users, 'answerers');

const selection = {
  row: feedback,
  screenshot: documents,
  company_name: companies.name,
  sender_name: users.full_name,
  sender_email: users.email,
  answered_by: answerers.email,
};

function feedbackQuery(handle: DbHandle) {
  return handle
    .select(selection)
    .from(feedback)
    .innerJoin(companies, eq(companies.id, feedback.company_id))
    .innerJoin(users, eq(users.id, feedback.user_id))
    .leftJoin(answerers, eq(answerers.id, feedback.answered_by))
    .leftJoin(documents, eq(documents.id, feedback.screenshot_document_id));
}

type Joined = Awaited<ReturnType<ReturnType<typeof feedbackQuery>['execute']>>[number];

function feedbackOf({ row, screenshot }: Joined): Feedback {
  return {
    feedback_id: row.id,
    category: row.category,
    text: row.text,
    status: row.status,
    screenshot: screenshot ? documentRefOf(screenshot) : null,
    answer: row.answer,
    answered_at: row.answered_at?.toISOString() ?? null,
    submitted_at: row.created_at.toISOString(),
  };
}

function staffFeedbackOf(joined: Joined): StaffFeedback {
  return {
    ...feedbackOf(joined),
    company: { company_id: joined.row.company_id, name: joined.company_name },
    sender: { full_name: joined.sender_name, email: joined.sender_email },
    answered_by: joined.answered_by,
  };
}

function afterCursor(cursor: string | undefined): SQL | undefined {
  if (cursor === undefined) return undefined;
  if (!isUuid(cursor)) throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } } });
  return lt(feedback.id, cursor);
}

async function feedbackPage<Item>(
  handle: DbHandle,
  condition: SQL | undefined,
  request: PageQuery,
  itemOf: (joined: Joined) => Item,
): Promise<{ items: Item[]; next_cursor: string | null }> {
  const rows = await feedbackQuery(handle)
    .where(and(condition, afterCursor(request.cursor)))
    .orderBy(desc(feedback.id))
    .limit(request.page_size + 1);
  const shown = rows.slice(0, request.page_size);
  return {
    items: shown.map(itemOf),
    next_cursor: rows.length > request.page_size ? (shown.at(-1)?.row.id ?? null) : null,
  };
}

async function oneFeedback(handle: DbHandle, feedbackId: string, condition?: SQL): Promise<Joined> {
  const [joined] = isUuid(feedbackId)
    ? await feedbackQuery(handle).where(and(eq(feedback.id, feedbackId), condition))
    : [];
  if (!joined) throw new AppError('not_found', { detail: `no feedback ${feedbackId} here` });
  return joined;
}

export function senderFeedbackPage(handle: DbHandle, userId: string, request: PageQuery) {
  return feedbackPage(handle, eq(feedback.user_id, userId), request, feedbackOf);
}

export async function senderFeedback(handle: DbHandle, userId: string, feedbackId: string): Promise<Feedback> {
  return feedbackOf(await oneFeedback(handle, feedbackId, eq(feedback.user_id, userId)));
}

/** The back office's queue: by status, and by the search box over company, sender, text and id. */
export function staffFeedbackPage(
  handle: DbHandle,
  request: PageQuery & { status?: FeedbackStatus | undefined; search?: string | undefined },
) {
  return feedbackPage(
    handle,
    and(
      request.status ? eq(feedback.status, request.status) : undefined,
      searchCondition(request.search, [companies.name, users.full_name, users.email, feedback.text, feedback.id]),
    ),
    request,
    staffFeedbackOf,
  );
}

export async function staffFeedback(handle: DbHandle, feedbackId: string): Promise<StaffFeedback> {
  return staffFeedbackOf(await oneFeedback(handle, feedbackId));
}
