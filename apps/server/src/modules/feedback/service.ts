/**
 * The rules of feedback: a sender's feedback is written with its screenshot checked (screenshots.ts);
 * staff answer open feedback once, and in the same transaction the answer is audited and the
 * `feedback.answered` event recorded, which the inbox turns into a message for the sender.
 */
import {
  type Feedback,
  type FeedbackSubmitRequest,
  feedbackPerUserPerHour,
  type StaffFeedback,
} from '@bank/contract/feedback';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { AppDatabase, DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/events.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { assertWithinCap } from '../../platform/rate-limit.ts';
import { senderFeedback, staffFeedback } from './queries.ts';
import { checkScreenshotForFeedback } from './screenshots.ts';
import { feedback } from './tables.ts';

const hourSeconds = 60 * 60;

export type FeedbackSender = { companyId: string; userId: string; now: Date };
export type StaffActor = { userId: string; ip: string; now: Date };

export async function submit(
  handle: DbHandle,
  sender: FeedbackSender,
  body: z.output<typeof FeedbackSubmitRequest>,
): Promise<Feedback> {
  await assertWithinCap(
    handle,
    `feedback:user:${sender.userId}`,
    { max: feedbackPerUserPerHour, windowSeconds: hourSeconds },
    sender.now,
  );
  if (body.screenshot_document_id) await checkScreenshotForFeedback(handle, sender, body.screenshot_document_id);
  const id = newId(sender.now.getTime());
  await handle.insert(feedback).values({
    id,
    company_id: sender.companyId,
    user_id: sender.userId,
    category: body.category,
    text: body.text,
    screenshot_document_id: body.screenshot_document_id ?? null,
    status: 'open',
    created_at: sender.now,
  });
  return senderFeedback(handle, sender.userId, id);
}

export async function answer(
  db: AppDatabase,
  feedbackId: string,
  text: string,
  actor: StaffActor,
): Promise<StaffFeedback> {
  return db.transaction(async (tx) => {
    const [row] = isUuid(feedbackId)
      ? await tx.select().from(feedback).where(eq(feedback.id, feedbackId)).for('update')
      : [];
    if (!row) throw new AppError('not_found', { detail: `no feedback ${feedbackId}` });
    const answered = await tx
      .update(feedback)
      .set({ status: 'answered', answer: text, answered_by: actor.userId, answered_at: actor.now })
      .where(and(eq(feedback.id, row.id), eq(feedback.status, 'open')))
      .returning({ id: feedback.id });
    if (answered.length === 0)
      throw new AppError('illegal_state', {
        messageKey: 'feedback.errors.already_answered',
        detail: `feedback ${row.id} is ${row.status}`,
      });
    await writeAudit(tx, {
      action: 'feedback.answered',
      at: actor.now,
      actorUserId: actor.userId,
      companyId: row.company_id,
      ip: actor.ip,
      detail: { feedback_id: row.id, category: row.category, sender_user_id: row.user_id },
    });
    await recordEvent(
      tx,
      'feedback.answered',
      { feedback_id: row.id, company_id: row.company_id, user_id: row.user_id, at: actor.now.toISOString() },
      { companyId: row.company_id },
    );
    return staffFeedback(tx, row.id);
  });
}
