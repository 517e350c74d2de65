import type { SignedIn } from '@bank/contract/account';
import type { DepositAddress } from '@bank/contract/deposit';
import type { InboxMessage, MessageBox } from '@bank/contract/inbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { call, createRunningTestApp, type RunningTestApp, settleEmails } from '../../platform/test-support.ts';
import { memberWithoutGroup } from '../account/test-support.ts';
import { approvedCompany, depositOperator } from '../deposits/test-support.ts';
import { deliverMessage } from './queries.ts';

let test: RunningTestApp;

beforeAll(async () => {
  test = await createRunningTestApp();
});
afterAll(async () => {
  await test?.close();
});

type Page = { items: InboxMessage[]; next_cursor: string | null };
const list = (session: SignedIn, body: object = {}) => call<Page>(test, '/api/v1/msg/list', body, { session });
const unread = async (session: SignedIn) =>
  (await call<{ unread: number }>(test, '/api/v1/msg/count', {}, { session })).data.unread;
const boxes = async (session: SignedIn) =>
  (await call<{ boxes: MessageBox[] }>(test, '/api/v1/msg/box', {}, { session })).data.boxes;

const kindsOf = async (session: SignedIn) => (await list(session)).data.items.map((message) => message.kind);

async function creditedDeposit(session: SignedIn, amount: string) {
  const operator = await depositOperator(test);
  const address = await call<DepositAddress>(
    test,
    '/api/v1/deposit/details',
    { asset: 'USDT', network: 'TRC20' },
    { session },
  );
  await call(
    test,
    '/api/v1/admin/simulator/incomingDeposit',
    { address: address.data.address, asset: 'USDT', network: 'TRC20', amount },
    { session: operator },
  );
  await call(test, '/api/v1/admin/simulator/blocks', { blocks: 19 }, { session: operator });
  await settleEmails(test);
}

describe('messages written from events', () => {
  it('tells the company’s users who see balances of a credited deposit, once, leading to its history line', async () => {
    const client = await approvedCompany(test);
    const member = await memberWithoutGroup(test, client.companyId);
    const other = await approvedCompany(test);
    await creditedDeposit(client.session, '1250.5');

    const page = await list(client.session);
    expect(page.code).toBe(200);
    const [message] = page.data.items;
    expect(message).toMatchObject({
      category: 'transactions',
      kind: 'deposit_credited',
      params: { asset: 'USDT', amount: '1250.5', network: 'TRC20' },
      is_read: false,
    });
    expect(message?.link?.page).toBe('transaction_detail');
    const line = await call(
      test,
      '/api/v1/transaction/get',
      { transaction_id: message?.link?.id },
      { session: client.session },
    );
    expect(line.code).toBe(200);
    expect(await unread(client.session)).toBe(1);
    // Nobody else hears of it: a member who may not see balances, another company.
    expect(await kindsOf(member)).toEqual(['security_changed']); // their own pairing only
    expect((await list(other.session)).data.items).toEqual([]);
  });

  it('tells a user of a change to how they sign in, and no one else', async () => {
    const operator = await depositOperator(test);
    const client = await approvedCompany(test);
    await settleEmails(test);
    const [message] = (await list(operator)).data.items;
    expect(message).toMatchObject({
      category: 'account',
      kind: 'security_changed',
      params: { change: 'authenticator_paired' },
      link: { page: 'account', id: null },
    });
    expect((await list(client.session)).data.items).toEqual([]);
  });

  it('writes one message per reader however often the event is delivered', async () => {
    const client = await approvedCompany(test);
    const userId = (
      await call<{ user_id: string }>(test, '/api/v1/account/getUserInfo', {}, { session: client.session })
    ).data.user_id;
    const message = {
      kind: 'kyc_approved' as const,
      params: {},
      link: { page: 'kyc' as const, id: null },
      companyId: client.companyId,
      at: test.clock.now(),
      eventId: newId(),
    };
    await deliverMessage(test.database.db, [userId], message);
    await deliverMessage(test.database.db, [userId], message);
    expect((await list(client.session)).data.items).toHaveLength(1);
  });

  it('tells a KYC decision to those who keep the company’s profile, with the reviewer’s reason', async () => {
    const client = await approvedCompany(test);
    const member = await memberWithoutGroup(test, client.companyId);
    await test.database.db.transaction(async (tx) => {
      await recordEvent(
        tx,
        'kyc.status_changed',
        {
          company_id: client.companyId,
          from: 'pending_review',
          to: 'pending_resubmission',
          round: 1,
          actor_user_id: newId(),
          decision: 'returned',
          reason: 'The register extract is older than three months.',
          at: test.clock.now().toISOString(),
        },
        { companyId: client.companyId },
      );
    });
    await settleEmails(test);
    const [message] = (await list(client.session, { category: 'account' })).data.items;
    expect(message).toMatchObject({
      kind: 'kyc_returned',
      params: { reason: 'The register extract is older than three months.' },
      link: { page: 'kyc', id: null },
    });
    expect(await kindsOf(member)).toEqual(['security_changed']); // their own pairing only
  });
});

/** The number a test message carries: a deposit's amount, or an approval's reason. */
const numberOf = (item: { params: Record<string, string> }) => item.params.amount ?? item.params.reason;

describe('reading the inbox', () => {
  async function clientWithMessages(count: number) {
    const client = await approvedCompany(test);
    const userId = (
      await call<{ user_id: string }>(test, '/api/v1/account/getUserInfo', {}, { session: client.session })
    ).data.user_id;
    const start = test.clock.now().getTime();
    for (let index = 0; index < count; index += 1) {
      await deliverMessage(test.database.db, [userId], {
        ...(index % 2 === 0
          ? { kind: 'deposit_credited' as const, params: { amount: String(index + 1), asset: 'USDC' } }
          : { kind: 'kyc_approved' as const, params: { reason: String(index + 1) } }),
        link: null,
        companyId: client.companyId,
        at: new Date(start + index * 1000),
        eventId: newId(),
      });
    }
    return client;
  }

  it('pages newest first, by category or unread, and counts each box', async () => {
    const client = await clientWithMessages(5);
    const first = await list(client.session, { page_size: 2 });
    expect(first.data.items.map(numberOf)).toEqual(['5', '4']);
    const second = await list(client.session, { page_size: 2, cursor: first.data.next_cursor });
    expect(second.data.items.map(numberOf)).toEqual(['3', '2']);
    const third = await list(client.session, { page_size: 2, cursor: second.data.next_cursor });
    expect(third.data.items.map(numberOf)).toEqual(['1']);
    expect(third.data.next_cursor).toBeNull();

    const money = await list(client.session, { category: 'transactions' });
    expect(money.data.items.map((item) => item.params.amount)).toEqual(['5', '3', '1']);
    expect(await boxes(client.session)).toEqual([
      { category: 'account', unread: 2, total: 2 },
      { category: 'transactions', unread: 3, total: 3 },
      { category: 'cards', unread: 0, total: 0 },
      { category: 'announcements', unread: 0, total: 0 },
      { category: 'support', unread: 0, total: 0 },
    ]);
  });

  it('reads one, reads a category or all, and deletes one', async () => {
    const client = await clientWithMessages(4);
    const [newest, second] = (await list(client.session)).data.items;
    const read = await call<InboxMessage>(
      test,
      '/api/v1/msg/read',
      { message_id: newest?.message_id },
      { session: client.session },
    );
    expect(read.data.is_read).toBe(true);
    expect(await unread(client.session)).toBe(3);
    expect((await list(client.session, { is_unread_only: true })).data.items).toHaveLength(3);

    const cleared = await call<{ marked: number }>(
      test,
      '/api/v1/msg/clear',
      { category: 'account' },
      { session: client.session },
    );
    expect(cleared.data.marked).toBe(1);
    expect(await unread(client.session)).toBe(2);
    expect(
      (await call<{ marked: number }>(test, '/api/v1/msg/clear', {}, { session: client.session })).data.marked,
    ).toBe(2);
    expect(await unread(client.session)).toBe(0);

    const removed = await call(
      test,
      '/api/v1/msg/delete',
      { message_id: second?.message_id },
      { session: client.session },
    );
    expect(removed.code).toBe(200);
    expect((await list(client.session)).data.items.map((item) => item.message_id)).not.toContain(second?.message_id);
  });

  it('never lets a user read, mark or delete another user’s message', async () => {
    const owner = await clientWithMessages(1);
    const stranger = await approvedCompany(test);
    const [message] = (await list(owner.session)).data.items;
    const body = { message_id: message?.message_id };
    expect((await call(test, '/api/v1/msg/read', body, { session: stranger.session })).code).toBe(9404);
    expect((await call(test, '/api/v1/msg/delete', body, { session: stranger.session })).code).toBe(9404);
    expect((await call(test, '/api/v1/msg/clear', {}, { session: stranger.session })).code).toBe(200);
    expect((await list(owner.session)).data.items[0]?.is_read).toBe(false);
    expect(
      (await call(test, '/api/v1/msg/read', { message_id: 'not-an-id' }, { session: owner.session })).code,
    ).not.toBe(200);
    expect((await call(test, '/api/v1/msg/count', {}, {})).code).toBe(9400);
  });
});
