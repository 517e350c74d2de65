/**
 * The rules of contact requests: a company user's request is written open; staff who may read it
 * (queries.ts readableBy) mark it handled once, with a note, and in the same transaction
 * `contact_request.handled` is recorded, which the inbox tells the requester of (the call's audit
 * row is written by its registration, routes.ts).
 */
import {
  type ContactRequest,
  type ContactRequestDraft,
  contactRequestsPerUserPerHour,
  type StaffContactRequest,
} from '@bank/contract/contact-requests';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { assertWithinCap } from '../../platform/rate-limit.ts';
import { oneRequest, readableBy, requesterRequest, type StaffReader, staffRequest } from './queries.ts';
import { contactRequests } from './tables.ts';

const hourSeconds = 60 * 60;

export type Requester = { companyId: string; userId: string; now: Date };

export async function sendRequest(
  handle: DbHandle,
  requester: Requester,
  draft: z.output<typeof ContactRequestDraft>,
): Promise<ContactRequest> {
  await assertWithinCap(
    handle,
    `contact_request:user:${requester.userId}`,
    { max: contactRequestsPerUserPerHour, windowSeconds: hourSeconds },
    requester.now,
  );
  const id = newId(requester.now.getTime());
  await handle.insert(contactRequests).values({
    id,
    company_id: requester.companyId,
    user_id: requester.userId,
    product: draft.product,
    contact_method: draft.contact_method,
    message: draft.message,
    preferred_time: draft.preferred_time || null,
    status: 'open',
    created_at: requester.now,
  });
  await recordEvent(
    handle,
    'contact_request.sent',
    { request_id: id, company_id: requester.companyId, product: draft.product, at: requester.now.toISOString() },
    { companyId: requester.companyId },
  );
  return requesterRequest(handle, requester.userId, id);
}

export async function markHandled(
  tx: DbHandle,
  reader: StaffReader & { now: Date },
  requestId: string,
  note: string,
): Promise<StaffContactRequest> {
  const { row } = await oneRequest(tx, requestId, readableBy(reader));
  const handled = await tx
    .update(contactRequests)
    .set({ status: 'handled', handled_note: note, handled_by: reader.userId, handled_at: reader.now })
    .where(and(eq(contactRequests.id, row.id), eq(contactRequests.status, 'open')))
    .returning({ id: contactRequests.id });
  if (handled.length === 0)
    throw new AppError('illegal_state', {
      messageKey: 'contact_requests.errors.already_handled',
      detail: `contact request ${row.id} is ${row.status}`,
    });
  await recordEvent(
    tx,
    'contact_request.handled',
    {
      request_id: row.id,
      company_id: row.company_id,
      user_id: row.user_id,
      product: row.product,
      at: reader.now.toISOString(),
    },
    { companyId: row.company_id },
  );
  return staffRequest(tx, reader, row.id);
}
