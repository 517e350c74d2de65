import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import type { ContactRequest, StaffContactRequest } from '@bank/contract/contact-requests';
import { errorCatalogue } from '@bank/contract/errors';
import type { InboxMessage } from '@bank/contract/inbox';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit-table.ts';
import { type CallOptions, call, readMailbox, settleEmails } from '../../platform/test-support.ts';
import { createKycTestApp, type KycTestApp, newClient, newStaff } from '../kyc/test-support.ts';
import { managerWithClient as managerOf } from './test-support.ts';

let test: KycTestApp;
let admin: SignedIn;

beforeAll(async () => {
  test = await createKycTestApp();
  admin = await newStaff(test, 'system_admin');
});
afterAll(async () => {
  await test?.close();
});

const forbidden = errorCatalogue.forbidden.code;
const notFound = errorCatalogue.not_found.code;
const illegalState = errorCatalogue.illegal_state.code;
const invalid = errorCatalogue.validation.code;

const managerWithClient = () => managerOf(test);

function request(session: SignedIn, body: Record<string, unknown> = {}, options: CallOptions = {}) {
  return call<ContactRequest>(
    test,
    '/api/v1/contact/request',
    {
      product: 'structured_products',
      contact_method: 'phone',
      message: 'We hold USD 2m for six months and would like to discuss dual currency deposits.',
      preferred_time: 'Weekdays after 14:00 HKT',
      ...body,
    },
    { session, ...options, headers: { 'idempotency-key': randomUUID(), ...options.headers } },
  );
}

const queue = (session: SignedIn, body: object = {}) =>
  call<{ items: StaffContactRequest[] }>(
    test,
    '/api/v1/admin/contact_requests/list',
    { page_size: 100, ...body },
    {
      session,
    },
  );
const handle = (session: SignedIn, requestId: string, note = 'Called; meeting on Tuesday.') =>
  call<StaffContactRequest>(
    test,
    '/api/v1/admin/contact_requests/handle',
    { request_id: requestId, note },
    { session },
  );
async function supportKinds(session: SignedIn): Promise<string[]> {
  await settleEmails(test);
  const page = await call<{ items: InboxMessage[] }>(test, '/api/v1/msg/list', { category: 'support' }, { session });
  return page.data.items.map((item) => item.kind);
}
const idsOf = (items: { request_id: string }[]) => items.map((item) => item.request_id);

describe('a request to be contacted', () => {
  it('lands in the queue of the company’s relationship manager, and not in another manager’s', async () => {
    const first = await managerWithClient();
    const second = await managerWithClient();
    const sent = await request(first.client);
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.data).toMatchObject({ status: 'open', product: 'structured_products', handled_at: null });

    const own = await queue(first.manager);
    expect(idsOf(own.data.items)).toEqual([sent.data.request_id]);
    expect(own.data.items[0]).toMatchObject({
      relationship_manager: { email: first.managerEmail },
      preferred_time: 'Weekdays after 14:00 HKT',
    });
    expect(idsOf((await queue(second.manager)).data.items)).not.toContain(sent.data.request_id);
    // Another manager cannot handle it either: it is not found for them.
    expect((await handle(second.manager, sent.data.request_id)).code).toBe(notFound);
    // A system admin sees every request.
    expect(idsOf((await queue(admin)).data.items)).toContain(sent.data.request_id);

    // The manager's inbox is told of it; another manager's is not.
    expect(await supportKinds(first.manager)).toEqual(['contact_request_received']);
    expect(await supportKinds(second.manager)).toEqual([]);
    // And the manager is emailed, once.
    const requestEmails = async (to: string) =>
      (await readMailbox(test, to)).filter((email) => email.subject.includes('asks to be contacted about'));
    const emails = await requestEmails(first.managerEmail);
    expect(emails.map((email) => email.subject)).toEqual(['A client asks to be contacted about Structured products']);
    expect(emails[0]?.text).toMatch(/Contact requests/);
    expect(await requestEmails(second.managerEmail)).toEqual([]);
  });

  it('goes to the shared queue, which system admins read, when the company has no manager', async () => {
    const client = await newClient(test);
    const sent = await request(client.session, { product: 'private_banking', preferred_time: '' });
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.data.preferred_time).toBeNull();
    const listed = (await queue(admin, { status: 'open' })).data.items.find(
      (item) => item.request_id === sent.data.request_id,
    );
    expect(listed).toMatchObject({ relationship_manager: null, company: { company_id: client.companyId } });
    const { manager } = await managerWithClient();
    expect(idsOf((await queue(manager)).data.items)).not.toContain(sent.data.request_id);
    // The shared queue's readers are told of it.
    const told = await call<{ items: InboxMessage[] }>(
      test,
      '/api/v1/msg/list',
      { category: 'support', page_size: 100 },
      {
        session: admin,
      },
    );
    expect(
      told.data.items.filter(
        (item) => item.kind === 'contact_request_received' && item.params.product === 'private_banking',
      ),
    ).toHaveLength(1);
  });

  it('once handled, tells the requester’s inbox once, is audited, and cannot be handled again', async () => {
    const { manager, client } = await managerWithClient();
    const sent = await request(client, { product: 'investment_banking' });
    const handled = await handle(manager, sent.data.request_id);
    expect(handled.code, handled.msg).toBe(200);
    expect(handled.data).toMatchObject({ status: 'handled', handled_note: 'Called; meeting on Tuesday.' });
    const twice = await handle(manager, sent.data.request_id);
    expect(twice.code).toBe(illegalState);

    await settleEmails(test);
    const messages = await call<{ items: InboxMessage[] }>(
      test,
      '/api/v1/msg/list',
      { category: 'support' },
      {
        session: client,
      },
    );
    expect(messages.data.items).toHaveLength(1);
    expect(messages.data.items[0]).toMatchObject({
      kind: 'contact_request_handled',
      params: { product: 'investment_banking' },
      link: { page: 'investment_banking', id: null },
    });

    const mine = await call<{ items: ContactRequest[] }>(
      test,
      '/api/v1/contact/list',
      { product: 'investment_banking' },
      { session: client },
    );
    expect(mine.data.items).toMatchObject([{ request_id: sent.data.request_id, status: 'handled' }]);
    // The note is the bank's own.
    expect(mine.data.items[0]).not.toHaveProperty('handled_note');

    const audits = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contact_request.handled'), eq(auditLog.actor_user_id, manager.userid)));
    expect(audits).toHaveLength(1);
  });

  it('refuses an empty message in the caller’s language, staff without the permission, and staff as requesters', async () => {
    const client = await newClient(test);
    const empty = await request(client.session, { message: ' ' }, { language: 'ch' });
    expect(empty.code).toBe(invalid);
    expect((empty.data as unknown as { fields: Record<string, string> }).fields.message).toBe('请填写简短留言');
    const compliance = await newStaff(test, 'compliance_officer');
    expect((await queue(compliance)).code).toBe(forbidden);
    expect((await queue(client.session)).code).toBe(forbidden);
    expect((await request(admin)).code).toBe(forbidden);
  });

  it('is searched by the server: words of the message, the request’s id', async () => {
    const { manager, client } = await managerWithClient();
    const word = `Pangolin${randomUUID().slice(0, 8)}`;
    const sent = await request(client, { message: `Please call us about the ${word} facility.` });
    expect(sent.code, sent.msg).toBe(200);
    await request(client);
    const found = async (search: string) => idsOf((await queue(manager, { search })).data.items);
    expect(await found(word.toLowerCase())).toEqual([sent.data.request_id]);
    expect(await found(sent.data.request_id)).toEqual([sent.data.request_id]);
    expect(await found(`${word}%`)).toEqual([]);
  });
});
