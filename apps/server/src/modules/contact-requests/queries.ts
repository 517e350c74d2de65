/**
 * Reading contact requests: the requester's own (scoped to their user id), and the back office's
 * queue scoped by the reader's role (contract seesEveryContactRequest): a relationship manager reads
 * only the requests of companies they manage, so another manager's are not found.
 */
import type {
  BankingProduct,
  ContactRequest,
  ContactRequestStatus,
  StaffContactRequest,
} from '@bank/contract/contact-requests';
import { seesEveryContactRequest } from '@bank/contract/contact-requests';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { searchCondition } from '../../platform/search.ts';
import { companies, users } from '../account/index.ts';
import { contactRequests } from './tables.ts';

type PageQuery = { page_size: number; cursor?: string | undefined };
export type StaffReader = { userId: string; role: string };

const managers = alias(users, 'managers');
const handlers = alias(users, 'handlers');

function requestQuery(handle: DbHandle) {
  return handle
    .select({
      row: contactRequests,
      company_name: companies.name,
      requester_name: users.full_name,
      requester_email: users.email,
      requester_phone: users.phone,
      manager_name: managers.full_name,
      manager_email: managers.email,
      handled_by: handlers.email,
    })
    .from(contactRequests)
    .innerJoin(companies, eq(companies.id, contactRequests.company_id))
    .innerJoin(users, eq(users.id, contactRequests.user_id))
    .leftJoin(managers, eq(managers.id, companies.relationship_manager_id))
    .leftJoin(handlers, eq(handlers.id, contactRequests.handled_by));
}

type Joined = Awaited<ReturnType<ReturnType<typeof requestQuery>['execute']>>[number];

function contactRequestOf({ row }: Pick<Joined, 'row'>): ContactRequest {
  return {
    request_id: row.id,
    product: row.product,
    contact_method: row.contact_method,
    message: row.message,
    preferred_time: row.preferred_time,
    status: row.status,
    submitted_at: row.created_at.toISOString(),
    handled_at: row.handled_at?.toISOString() ?? null,
  };
}

function staffContactRequestOf(joined: Joined): StaffContactRequest {
  return {
    ...contactRequestOf(joined),
    company: { company_id: joined.row.company_id, name: joined.company_name },
    requester: { full_name: joined.requester_name, email: joined.requester_email, phone: joined.requester_phone },
    relationship_manager:
      joined.manager_name !== null && joined.manager_email !== null
        ? { full_name: joined.manager_name, email: joined.manager_email }
        : null,
    handled_note: joined.row.handled_note,
    handled_by: joined.handled_by,
  };
}

/** The requests a member of staff may read: all, or those of the companies they manage. */
export function readableBy(reader: StaffReader): SQL | undefined {
  return seesEveryContactRequest(reader.role) ? undefined : eq(companies.relationship_manager_id, reader.userId);
}

function afterCursor(cursor: string | undefined): SQL | undefined {
  if (cursor === undefined) return undefined;
  if (!isUuid(cursor)) throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } } });
  return lt(contactRequests.id, cursor);
}

async function requestPage<Item>(
  handle: DbHandle,
  condition: SQL | undefined,
  request: PageQuery,
  itemOf: (joined: Joined) => Item,
): Promise<{ items: Item[]; next_cursor: string | null }> {
  const rows = await requestQuery(handle)
    .where(and(condition, afterCursor(request.cursor)))
    .orderBy(desc(contactRequests.id))
    .limit(request.page_size + 1);
  const shown = rows.slice(0, request.page_size);
  return {
    items: shown.map(itemOf),
    next_cursor: rows.length > request.page_size ? (shown.at(-1)?.row.id ?? null) : null,
  };
}

export function requesterPage(
  handle: DbHandle,
  userId: string,
  request: PageQuery & { product?: BankingProduct | undefined },
) {
  return requestPage(
    handle,
    and(
      eq(contactRequests.user_id, userId),
      request.product ? eq(contactRequests.product, request.product) : undefined,
    ),
    request,
    contactRequestOf,
  );
}

export function staffPage(
  handle: DbHandle,
  reader: StaffReader,
  request: PageQuery & { status?: ContactRequestStatus | undefined; search?: string | undefined },
) {
  return requestPage(
    handle,
    and(
      readableBy(reader),
      request.status ? eq(contactRequests.status, request.status) : undefined,
      // The search box: company, requester, their email and message, the request's id.
      searchCondition(request.search, [
        companies.name,
        users.full_name,
        users.email,
        contactRequests.message,
        contactRequests.id,
      ]),
    ),
    request,
    staffContactRequestOf,
  );
}

/** One request as the requester or the reading staff see it; another's answers not found. */
export async function oneRequest(handle: DbHandle, requestId: string, condition: SQL | undefined): Promise<Joined> {
  const [joined] = isUuid(requestId)
    ? await requestQuery(handle).where(and(eq(contactRequests.id, requestId), condition))
    : [];
  if (!joined) throw new AppError('not_found', { detail: `no contact request ${requestId} here` });
  return joined;
}

export async function staffRequest(handle: DbHandle, reader: StaffReader, requestId: string) {
  return staffContactRequestOf(await oneRequest(handle, requestId, readableBy(reader)));
}

export async function requesterRequest(handle: DbHandle, userId: string, requestId: string) {
  return contactRequestOf(await oneRequest(handle, requestId, eq(contactRequests.user_id, userId)));
}
