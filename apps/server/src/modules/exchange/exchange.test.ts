import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import { errorCatalogue } from '@bank/contract/errors';
import type { FxConversion, FxQuote, OtcTrade, StaffOtcTrade } from '@bank/contract/exchange';
import type { InboxMessage } from '@bank/contract/inbox';
import type { DashboardHome } from '@bank/contract/ledger';
import type { PermissionGroup, TeamMember } from '@bank/contract/team';
import type { Transaction, TransactionDetails } from '@bank/contract/transaction';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit-table.ts';
import {
  type CallOptions,
  call,
  createRunningTestApp,
  mailboxCount,
  nextEmail,
  type RunningTestApp,
  settleEmails,
  uniqueEmail,
} from '../../platform/test-support.ts';
import { companies } from '../account/index.ts';
import { pairAuthenticator, signIn, strongPassword } from '../account/test-support.ts';
import { managerWithClient as managerOf } from '../contact-requests/test-support.ts';
import { approvedCompany, type ClientOfCompany, depositOperator } from '../deposits/test-support.ts';
import { checkLedgerInvariants } from '../ledger/index.ts';
import { fundedAccount } from '../ledger/test-support.ts';
import { expireOtcQuotesSchedule } from './module.ts';

let test: RunningTestApp;
let admin: SignedIn;

beforeAll(async () => {
  test = await createRunningTestApp();
  admin = await depositOperator(test);
});
afterAll(async () => {
  await test?.close();
});

const codes = {
  forbidden: errorCatalogue.forbidden.code,
  notFound: errorCatalogue.not_found.code,
  illegalState: errorCatalogue.illegal_state.code,
  invalid: errorCatalogue.validation.code,
  expired: errorCatalogue.quote_expired.code,
  insufficient: errorCatalogue.insufficient_balance.code,
  stale: errorCatalogue.rates_stale.code,
};

const idempotent = (key: string = randomUUID()): CallOptions['headers'] => ({ 'idempotency-key': key });

async function fundedCompany(holdings: Record<string, string>): Promise<ClientOfCompany> {
  const client = await approvedCompany(test, 'Exchange Test Co');
  for (const [asset, amount] of Object.entries(holdings))
    await fundedAccount(test.database.db, client.companyId, asset as 'USDT', amount, test.clock.now());
  return client;
}

const quote = (session: SignedIn, body: Record<string, unknown>, options: CallOptions = {}) =>
  call<FxQuote>(test, '/api/v1/fx/quote', body, { session, ...options });
const accept = (session: SignedIn, quoteId: string, key?: string) =>
  call<FxConversion>(test, '/api/v1/fx/accept', { quote_id: quoteId }, { session, headers: idempotent(key) });

async function balances(client: ClientOfCompany): Promise<Record<string, string>> {
  const home = await call<DashboardHome>(test, '/api/v1/dashboard/home', {}, { session: client.session });
  return Object.fromEntries(home.data.balances.map((line) => [line.asset, line.balance]));
}

async function expectLedgerSound() {
  expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
}

async function inboxKinds(session: SignedIn, category = 'transactions'): Promise<InboxMessage[]> {
  await settleEmails(test);
  const page = await call<{ items: InboxMessage[] }>(test, '/api/v1/msg/list', { category }, { session });
  return page.data.items;
}

describe('FX', () => {
  it('quotes rate, fee and amount received; accepting converts once through the ledger and tells the history and the inbox', async () => {
    const client = await fundedCompany({ USDT: '25000' });
    const quoted = await quote(client.session, { from: 'USDT', to: 'BTC', amount: '1000' });
    expect(quoted.code, quoted.msg).toBe(200);
    const { rate, gross, fee, amount_received: received, expires_at, server_time } = quoted.data;
    expect(new Decimal(gross).eq(new Decimal('1000').times(rate).toDecimalPlaces(8))).toBe(true);
    expect(new Decimal(fee).eq(new Decimal(gross).times('0.002').toDecimalPlaces(8, Decimal.ROUND_UP))).toBe(true);
    expect(new Decimal(received).eq(new Decimal(gross).minus(fee))).toBe(true);
    expect(Date.parse(expires_at) - Date.parse(server_time)).toBe(30_000);

    const key = randomUUID();
    const converted = await accept(client.session, quoted.data.quote_id, key);
    expect(converted.code, converted.msg).toBe(200);
    expect(converted.data).toMatchObject({ rate, amount_received: received, from: 'USDT', to: 'BTC' });
    // A replay answers the same conversion and moves nothing more.
    const replayed = await accept(client.session, quoted.data.quote_id, key);
    expect(replayed.data.transaction_id).toBe(converted.data.transaction_id);
    // Another key for the same quote: a quote converts once.
    expect((await accept(client.session, quoted.data.quote_id)).code).toBe(codes.illegalState);
    expect(await balances(client)).toMatchObject({ USDT: '24000', BTC: received });

    const line = await call<TransactionDetails>(
      test,
      '/api/v1/transaction/details',
      { transaction_id: converted.data.transaction_id },
      { session: client.session },
    );
    expect(line.data.transaction).toMatchObject({
      type: 'fx_conversion',
      status: 'success',
      asset: 'BTC',
      amount: received,
      fee,
      counterparty: '1000 USDT',
    });
    expect(line.data.movements.map((movement) => [movement.asset, movement.direction, movement.kind])).toEqual(
      expect.arrayContaining([
        ['USDT', 'debit', 'fx_conversion'],
        ['BTC', 'credit', 'fx_conversion'],
        ['BTC', 'debit', 'conversion_fee'],
      ]),
    );
    const messages = await inboxKinds(client.session);
    expect(messages.map((message) => message.kind)).toEqual(['fx_converted']);
    expect(messages[0]).toMatchObject({
      params: { from_asset: 'USDT', from_amount: '1000', to_asset: 'BTC', amount_received: received },
      link: { page: 'transaction_detail', id: converted.data.transaction_id },
    });
    const audits = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fx.converted'), eq(auditLog.company_id, client.companyId)));
    expect(audits).toHaveLength(1);
    await expectLedgerSound();
  });

  it('refuses an expired quote with its own message, and a fresh one converts', async () => {
    const client = await fundedCompany({ USDT: '5000' });
    const quoted = await quote(client.session, { from: 'USDT', to: 'USDC', amount: '100' });
    test.clock.advance(31);
    const refused = await accept(client.session, quoted.data.quote_id);
    expect(refused.code).toBe(codes.expired);
    expect(refused.msg).toBe('This quote has expired. A new quote is on its way: check the rate and accept again.');
    expect(await balances(client)).toMatchObject({ USDT: '5000' });
    const again = await quote(client.session, { from: 'USDT', to: 'USDC', amount: '100' });
    expect((await accept(client.session, again.data.quote_id)).code).toBe(200);
  });

  it('refuses what the balance cannot pay and changes nothing', async () => {
    const client = await fundedCompany({ USDT: '50' });
    const quoted = await quote(client.session, { from: 'USDT', to: 'ETH', amount: '80' });
    expect(quoted.code).toBe(200);
    const refused = await accept(client.session, quoted.data.quote_id);
    expect(refused.code).toBe(codes.insufficient);
    expect(await balances(client)).toMatchObject({ USDT: '50' });
    const lines = await call<{ items: Transaction[] }>(test, '/api/v1/transaction/record', { page_size: 10 }, client);
    expect(lines.data.items).toEqual([]);
    // Nothing was kept: the quote can still be accepted once the money is there.
    await fundedAccount(test.database.db, client.companyId, 'USDT', '100', test.clock.now());
    expect((await accept(client.session, quoted.data.quote_id)).code).toBe(200);
    await expectLedgerSound();
  });

  it('refuses another company’s quote as not found, and a user without exchange', async () => {
    const owner = await fundedCompany({ USDT: '1000' });
    const other = await fundedCompany({ USDT: '1000' });
    const quoted = await quote(owner.session, { from: 'USDT', to: 'USDC', amount: '10' });
    expect((await accept(other.session, quoted.data.quote_id)).code).toBe(codes.notFound);
    expect((await accept(other.session, 'not-a-uuid')).code).toBe(codes.notFound);

    // A member whose group holds view_balances only.
    const group = await call<PermissionGroup>(
      test,
      '/api/v1/team/group/add',
      { name: `Viewers ${randomUUID().slice(0, 6)}`, permissions: ['view_balances'] },
      { session: owner.session, headers: idempotent() },
    );
    expect(group.code, group.msg).toBe(200);
    const email = uniqueEmail('viewer');
    const before = await mailboxCount(test, email);
    const invited = await call<TeamMember>(
      test,
      '/api/v1/team/member/invite',
      { username: 'Viewer', email, group_id: group.data.group_id },
      { session: owner.session, headers: idempotent() },
    );
    expect(invited.code, invited.msg).toBe(200);
    const token = /token=([\w-]+)/.exec((await nextEmail(test, email, before)).text)?.[1] ?? '';
    await call(test, '/api/v1/team/invitation/accept', {
      token,
      new_password: strongPassword,
      confirm_password: strongPassword,
    });
    const viewer = await signIn(test, { email, password: strongPassword });
    await pairAuthenticator(test, viewer);
    expect((await quote(viewer, { from: 'USDT', to: 'USDC', amount: '10' })).code).toBe(codes.forbidden);
    expect((await accept(viewer, quoted.data.quote_id)).code).toBe(codes.forbidden);
    expect((await call(test, '/api/v1/otc/list', { page_size: 10 }, { session: viewer })).code).toBe(codes.forbidden);
  });

  it('holds a company to 30 quotes a minute', async () => {
    const client = await fundedCompany({});
    // In one minute of the limit's count, however long a busy machine takes over the 31 quotes.
    await test.clock.standingStill(async () => {
      for (let count = 0; count < 30; count += 1)
        expect((await quote(client.session, { from: 'USDT', to: 'USDC', amount: '10' })).code).toBe(200);
      expect((await quote(client.session, { from: 'USDT', to: 'USDC', amount: '10' })).code).toBe(
        errorCatalogue.rate_limited.code,
      );
    });
  });

  it('refuses the same asset twice, a zero amount, and from the OTC threshold points to OTC', async () => {
    const client = await fundedCompany({});
    const same = await quote(client.session, { from: 'USDT', to: 'USDT', amount: '10' });
    expect(same.code).toBe(codes.invalid);
    expect((await quote(client.session, { from: 'USDT', to: 'BTC', amount: '0' })).code).toBe(codes.invalid);
    const large = await quote(client.session, { from: 'USDT', to: 'USDC', amount: '150000' });
    expect(large.code).toBe(codes.invalid);
    expect((large.data as unknown as { fields: Record<string, string> }).fields.amount).toBe(
      'From 100,000 US dollars, ask for an OTC quote instead (OTC page)',
    );
  });
});

/** A relationship manager and a funded, approved client company registered with their CI code. */
async function managerWithClient(holdings: Record<string, string>) {
  const { manager, client: session } = await managerOf(test);
  const info = await call<{ company: { id: string } }>(test, '/api/v1/account/getUserInfo', {}, { session });
  const companyId = info.data.company.id;
  await test.database.db.update(companies).set({ kyc_status: 'kyc_approved' }).where(eq(companies.id, companyId));
  for (const [asset, amount] of Object.entries(holdings))
    await fundedAccount(test.database.db, companyId, asset as 'USDT', amount, test.clock.now());
  return { manager, client: { session, companyId } };
}

const otcRequest = (session: SignedIn, body: Record<string, unknown> = {}) =>
  call<OtcTrade>(
    test,
    '/api/v1/otc/request',
    { from: 'USDT', to: 'USDC', amount: '150000', note: 'Month-end treasury rebalancing', ...body },
    { session, headers: idempotent() },
  );
const desk = (session: SignedIn, body: Record<string, unknown> = {}) =>
  call<{ items: StaffOtcTrade[] }>(test, '/api/v1/admin/otc/list', { page_size: 100, ...body }, { session });
const deskQuote = (session: SignedIn, requestId: string, rate = '0.9995', minutes = 10) =>
  call<StaffOtcTrade>(
    test,
    '/api/v1/admin/otc/quote',
    { request_id: requestId, rate, validity_minutes: minutes, note: 'Tight spread: regular client' },
    { session },
  );
const decide = (session: SignedIn, action: 'accept' | 'decline' | 'cancel', requestId: string) =>
  call<OtcTrade>(
    test,
    `/api/v1/otc/${action}`,
    { request_id: requestId },
    { session, ...(action === 'accept' ? { headers: idempotent() } : {}) },
  );
const mine = async (session: SignedIn) =>
  (await call<{ items: OtcTrade[] }>(test, '/api/v1/otc/list', { page_size: 100 }, { session })).data.items;

describe('OTC', () => {
  it('goes from request to the manager’s quote to a settled trade, told to both inboxes and audited at each step', async () => {
    const { manager, client } = await managerWithClient({ USDT: '200000' });
    const requested = await otcRequest(client.session);
    expect(requested.code, requested.msg).toBe(200);
    expect(requested.data).toMatchObject({ status: 'requested', rate: null, amount: '150000' });
    expect((await inboxKinds(manager, 'support')).map((message) => message.kind)).toEqual(['otc_request_received']);

    const listed = await desk(manager);
    expect(listed.data.items.map((item) => item.request_id)).toEqual([requested.data.request_id]);
    expect(listed.data.items[0]).toMatchObject({ company: { company_id: client.companyId }, status: 'requested' });

    const quoted = await deskQuote(manager, requested.data.request_id);
    expect(quoted.code, quoted.msg).toBe(200);
    expect(quoted.data).toMatchObject({ status: 'quoted', rate: '0.9995', amount_received: '149925' });
    expect((await deskQuote(manager, requested.data.request_id)).code).toBe(codes.illegalState);
    const told = await inboxKinds(client.session);
    expect(told.map((message) => message.kind)).toEqual(['otc_quoted']);
    expect(told[0]?.link).toEqual({ page: 'otc', id: requested.data.request_id });
    // The desk's note is the bank's own.
    expect((await mine(client.session))[0]).not.toHaveProperty('desk_note');

    const accepted = await decide(client.session, 'accept', requested.data.request_id);
    expect(accepted.code, accepted.msg).toBe(200);
    expect(accepted.data.status).toBe('accepted');
    expect(await balances(client)).toMatchObject({ USDT: '50000', USDC: '149925' });
    expect((await decide(client.session, 'decline', requested.data.request_id)).code).toBe(codes.illegalState);
    const line = await call<Transaction>(
      test,
      '/api/v1/transaction/get',
      { transaction_id: accepted.data.transaction_id },
      { session: client.session },
    );
    expect(line.data).toMatchObject({ type: 'otc_trade', amount: '149925', fee: '0', asset: 'USDC' });
    expect((await inboxKinds(client.session)).map((message) => message.kind)).toEqual(['otc_settled', 'otc_quoted']);

    const audits = await test.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.company_id, client.companyId));
    expect(audits.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['otc.requested', 'otc.quoted', 'otc.accepted']),
    );
    await expectLedgerSound();
  });

  it('is declined or cancelled without moving money, and refuses what the state no longer allows', async () => {
    const { manager, client } = await managerWithClient({ USDT: '200000' });
    const first = await otcRequest(client.session);
    await deskQuote(manager, first.data.request_id);
    const declined = await decide(client.session, 'decline', first.data.request_id);
    expect(declined.data.status).toBe('declined');
    expect((await decide(client.session, 'accept', first.data.request_id)).code).toBe(codes.illegalState);

    const second = await otcRequest(client.session);
    expect((await decide(client.session, 'accept', second.data.request_id)).code).toBe(codes.illegalState);
    expect((await decide(client.session, 'cancel', second.data.request_id)).data.status).toBe('cancelled');
    expect((await deskQuote(manager, second.data.request_id)).code).toBe(codes.illegalState);

    const third = await otcRequest(client.session);
    const byDesk = await call<StaffOtcTrade>(
      test,
      '/api/v1/admin/otc/cancel',
      { request_id: third.data.request_id, note: 'Outside the client’s mandate' },
      { session: manager },
    );
    expect(byDesk.data).toMatchObject({ status: 'cancelled', desk_note: 'Outside the client’s mandate' });
    expect(await balances(client)).toMatchObject({ USDT: '200000' });
  });

  it('refuses to settle what the balance cannot pay, keeping the quote open', async () => {
    const { manager, client } = await managerWithClient({ USDT: '120000' });
    const requested = await otcRequest(client.session);
    await deskQuote(manager, requested.data.request_id);
    const refused = await decide(client.session, 'accept', requested.data.request_id);
    expect(refused.code).toBe(codes.insufficient);
    expect((await mine(client.session))[0]?.status).toBe('quoted');
    expect(await balances(client)).toMatchObject({ USDT: '120000' });
    await expectLedgerSound();
  });

  it('expires a quote past its validity: refused at once, then written by the schedule', async () => {
    const { manager, client } = await managerWithClient({ USDT: '200000' });
    const requested = await otcRequest(client.session);
    await deskQuote(manager, requested.data.request_id, '1', 1);
    test.clock.advance(61);
    expect((await mine(client.session))[0]?.status).toBe('expired');
    const refused = await decide(client.session, 'accept', requested.data.request_id);
    expect(refused.code).toBe(codes.expired);
    await test.app.jobs.runSchedule(expireOtcQuotesSchedule);
    const [entry] = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'otc.expired'), eq(auditLog.company_id, client.companyId)));
    expect(entry?.detail).toMatchObject({ request_id: requested.data.request_id });
    expect((await desk(manager, { status: 'closed' })).data.items[0]?.status).toBe('expired');
    expect(await balances(client)).toMatchObject({ USDT: '200000' });
  });

  it('is searched by the server on the desk: the client’s note, the request’s id', async () => {
    const { manager, client } = await managerWithClient({});
    const word = `Wombat${randomUUID().slice(0, 8)}`;
    const requested = await otcRequest(client.session, { note: `Quarter-end ${word} rebalancing` });
    expect(requested.code, requested.msg).toBe(200);
    await otcRequest(client.session, { note: 'Another request' });
    const found = async (search: string) => (await desk(manager, { search })).data.items.map((item) => item.request_id);
    expect(await found(word.toLowerCase())).toEqual([requested.data.request_id]);
    expect(await found(requested.data.request_id)).toEqual([requested.data.request_id]);
    expect(await found(`${word}%`)).toEqual([]);
  });

  it('shows a manager only the companies they manage; a system admin sees all; below the threshold is FX', async () => {
    const first = await managerWithClient({});
    const second = await managerWithClient({});
    const requested = await otcRequest(first.client.session);
    expect((await desk(second.manager)).data.items.map((item) => item.request_id)).not.toContain(
      requested.data.request_id,
    );
    expect((await deskQuote(second.manager, requested.data.request_id)).code).toBe(codes.notFound);
    expect((await desk(admin)).data.items.map((item) => item.request_id)).toContain(requested.data.request_id);
    // Another company cannot decide on it.
    expect((await decide(second.client.session, 'cancel', requested.data.request_id)).code).toBe(codes.notFound);
    // Clients are not the desk, and the desk is not a client.
    expect((await desk(first.client.session)).code).toBe(codes.forbidden);
    expect((await otcRequest(first.manager)).code).toBe(codes.forbidden);

    const small = await otcRequest(first.client.session, { amount: '5000' });
    expect(small.code).toBe(codes.invalid);
    expect((small.data as unknown as { fields: Record<string, string> }).fields.amount).toBe(
      'OTC starts at 100,000 US dollars; below that, convert on the FX page',
    );
  });
});

// Last: it moves the clock past the rates' freshness.
describe('stale rates', () => {
  it('quote nothing and convert nothing', async () => {
    const client = await fundedCompany({ USDT: '1000' });
    test.clock.advance(15 * 60 + 30);
    const refused = await quote(client.session, { from: 'USDT', to: 'BTC', amount: '10' });
    expect(refused.code).toBe(codes.stale);
    expect((await otcRequest(client.session)).code).toBe(codes.stale);
  });
});
