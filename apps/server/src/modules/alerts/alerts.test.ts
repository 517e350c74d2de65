/**
 * Alerts a user sets (issue 33, item 6): each fires once per crossing, to the user's inbox and by
 * email; a user sets only what their role may see, and another user's or company's alert is not
 * found. The last part sends through a real SMTP server (smtp-server), as the mail adapter's test does.
 */
import type { AddressInfo } from 'node:net';
import type { SignedIn, UserInfo } from '@bank/contract/account';
import type { Alert } from '@bank/contract/alerts';
import { errorCatalogue } from '@bank/contract/errors';
import type { InboxMessage } from '@bank/contract/inbox';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import {
  call,
  createRunningTestApp,
  mailboxCount,
  type RunningTestApp,
  readMailbox,
  settleEmails,
  uniqueEmail,
} from '../../platform/test-support.ts';
import { ensureUser } from '../account/index.ts';
import { signIn, strongPassword } from '../account/test-support.ts';
import { activatedCard, topUpFeeQuote } from '../cards/test-support.ts';
import { depositOperator } from '../deposits/test-support.ts';
import { accountIdOf, ensureRates, ledger, watchBalance } from '../ledger/index.ts';
import { clearingAccountOf, fundedAccount, insertCompanies } from '../ledger/test-support.ts';
import { addAddress, colleague, fundedCompany, idempotent, submitCrypto } from '../payouts/test-support.ts';
import { alerts } from './tables.ts';

let test: RunningTestApp;
beforeAll(async () => {
  test = await createRunningTestApp();
  await ensureRates(test.database.db, test.clock.now());
});
afterAll(async () => {
  await test?.close();
});

const codes = {
  ok: 200,
  forbidden: errorCatalogue.forbidden.code,
  notFound: errorCatalogue.not_found.code,
  validation: errorCatalogue.validation.code,
};

const saveAlert = (session: SignedIn, body: Record<string, unknown>) =>
  call<Alert>(test, '/api/v1/alert/save', body, { session, headers: idempotent() });

async function alertMessages(session: SignedIn, kind: string): Promise<InboxMessage[]> {
  await settleEmails(test);
  const page = await call<{ items: InboxMessage[] }>(test, '/api/v1/msg/list', { page_size: 100 }, { session });
  return page.data.items.filter((message) => message.kind === kind);
}

async function emailOf(session: SignedIn): Promise<string> {
  return (await call<UserInfo>(test, '/api/v1/account/getUserInfo', {}, { session })).data.email;
}

async function alertEmails(to: string): Promise<number> {
  await settleEmails(test);
  return (await readMailbox(test, to)).filter((email) => email.subject.startsWith('Alert:')).length;
}

describe('a balance alert', () => {
  it('fires once per crossing: below, still below (no second), back above then below (a second)', async () => {
    const { session, companyId } = await fundedCompany(test, { funds: { USDT: '10000' } });
    const to = await emailOf(session);
    const saved = await saveAlert(session, { kind: 'balance_below', asset: 'USDT', amount: '9000' });
    expect(saved.code, saved.msg).toBe(codes.ok);
    expect(saved.data).toMatchObject({ kind: 'balance_below', asset: 'USDT', amount: '9000' });
    const entry = await addAddress(test, session);

    // 10,000 less 1,001.5 (amount and fee held): 8,998.5, below 9,000.
    expect((await submitCrypto(test, session, entry.address_id, '1000')).code).toBe(codes.ok);
    const first = await alertMessages(session, 'alert_balance_below');
    expect(first).toHaveLength(1);
    expect(first[0]?.params).toEqual({ asset: 'USDT', threshold: '9000', available: '8998.5' });
    expect(await alertEmails(to)).toBe(1);

    // Further down while below: no second alert.
    await submitCrypto(test, session, entry.address_id, '10');
    await submitCrypto(test, session, entry.address_id, '20');
    expect(await alertMessages(session, 'alert_balance_below')).toHaveLength(1);
    expect(await alertEmails(to)).toBe(1);

    // Back above (a credit), then below again: a second alert.
    await fundedAccount(test.database.db, companyId, 'USDT', '5000', test.clock.now());
    expect(await alertMessages(session, 'alert_balance_below')).toHaveLength(1);
    await submitCrypto(test, session, entry.address_id, '5000');
    expect(await alertMessages(session, 'alert_balance_below')).toHaveLength(2);
    expect(await alertEmails(to)).toBe(2);

    // Changed to another asset, then removed: the ledger watches it no more.
    const changed = await saveAlert(session, {
      alert_id: saved.data.alert_id,
      kind: 'balance_below',
      asset: 'USDT',
      amount: '100',
    });
    expect(changed.data.amount).toBe('100');
    const removed = await call(test, '/api/v1/alert/delete', { alert_id: saved.data.alert_id }, { session });
    expect(removed.code, removed.msg).toBe(codes.ok);
    await submitCrypto(test, session, entry.address_id, '8000');
    expect(await alertMessages(session, 'alert_balance_below')).toHaveLength(2);
  });
});

describe('payout, card purchase and new device alerts', () => {
  it('a payout above the amount tells once, at its submission; one below does not', async () => {
    const { session, companyId } = await fundedCompany(test, { funds: { USDT: '50000' } });
    const watcher = await colleague(test, companyId, ['approve_payouts']);
    expect((await saveAlert(watcher, { kind: 'payout_above', asset: 'USDT', amount: '500' })).code).toBe(codes.ok);
    // Another asset's alert is not met by a USDT payout.
    expect((await saveAlert(watcher, { kind: 'payout_above', asset: 'USDC', amount: '1' })).code).toBe(codes.ok);
    const entry = await addAddress(test, session);
    const large = await submitCrypto(test, session, entry.address_id, '1000');
    await submitCrypto(test, session, entry.address_id, '500');
    const staff = await depositOperator(test);
    await call(
      test,
      '/api/v1/admin/payouts/decide',
      { payout_id: large.data.payout_id, decision: 'approve', reason: '', note: '' },
      { session: staff },
    );
    const told = await alertMessages(watcher, 'alert_payout_above');
    expect(told).toHaveLength(1);
    expect(told[0]?.params).toMatchObject({ amount: '1000', threshold: '500', asset: 'USDT' });
    expect(told[0]?.link).toMatchObject({ page: 'transaction_detail' });
    // The maker set no alert: nothing for them.
    expect(await alertMessages(session, 'alert_payout_above')).toHaveLength(0);
  });

  it('a card purchase above the amount tells the users who reach the card', async () => {
    const active = await activatedCard(test);
    const { session } = active.client;
    expect((await saveAlert(session, { kind: 'card_purchase_above', asset: 'USD', amount: '300' })).code).toBe(
      codes.ok,
    );
    const fee = await topUpFeeQuote(test, session, { card_id: active.card.id, amount: '1000', asset: 'USDC' });
    const topUp = await call(
      test,
      '/api/v1/card/topUp',
      {
        card_id: active.card.id,
        amount: '1000',
        asset: 'USDC',
        fee_quote: fee,
        source_of_funds: 'business_revenue',
        confirmed: true,
      },
      { session, headers: idempotent() },
    );
    expect(topUp.code, topUp.msg).toBe(codes.ok);
    const staff = await depositOperator(test);
    await call(
      test,
      '/api/v1/admin/simulator/cardLoads',
      { card_id: active.card.id, complete_now: true },
      { session: staff },
    );
    for (const [amount, merchant] of [
      ['420.00', 'Skyline Airways'],
      ['64.25', 'Harbour Café'],
    ] as const) {
      const bought = await call(
        test,
        '/api/v1/admin/simulator/cardPurchase',
        { card_id: active.card.id, amount, merchant_name: merchant },
        { session: staff },
      );
      expect(bought.code, bought.msg).toBe(codes.ok);
    }
    await call(test, '/api/v1/admin/simulator/cardLoads', { card_id: active.card.id }, { session: staff });
    const told = await alertMessages(session, 'alert_card_purchase_above');
    expect(told).toHaveLength(1);
    expect(told[0]?.params).toMatchObject({ amount: '420.00', threshold: '300.00', merchant: 'Skyline Airways' });
  });

  it('a sign-in from a device not used before tells its user; the same device again does not', async () => {
    const { session } = await fundedCompany(test);
    const email = await emailOf(session);
    expect((await saveAlert(session, { kind: 'new_device_sign_in', asset: '', amount: '' })).code).toBe(codes.ok);
    const firefox = {
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    };
    await signIn(test, { email, password: strongPassword }, { headers: firefox });
    await signIn(test, { email, password: strongPassword }, { headers: firefox });
    const told = await alertMessages(session, 'alert_new_device_sign_in');
    expect(told).toHaveLength(1);
    expect(told[0]?.params.device).toBe('Firefox on Windows');
  });
});

describe('who may set which alert', () => {
  it('a balance alert needs view_balances; another user’s or company’s alert is not found', async () => {
    const { session, companyId } = await fundedCompany(test);
    const preparer = await colleague(test, companyId, ['prepare_payouts']);
    expect((await saveAlert(preparer, { kind: 'balance_below', asset: 'USDT', amount: '1' })).code).toBe(
      codes.forbidden,
    );
    expect((await saveAlert(preparer, { kind: 'card_purchase_above', asset: 'USD', amount: '1' })).code).toBe(
      codes.forbidden,
    );
    const own = await saveAlert(preparer, { kind: 'payout_above', asset: 'USDT', amount: '1' });
    expect(own.code).toBe(codes.ok);
    // Checked like a payout's amount: the asset's scale, a positive amount.
    const badAmount = await saveAlert(session, { kind: 'balance_below', asset: 'BTC', amount: '0.123456789' });
    expect(badAmount.code).toBe(codes.validation);
    expect((await saveAlert(session, { kind: 'balance_below', asset: 'GBP', amount: '1' })).code).toBe(
      codes.validation,
    );

    // The administrator of the same company: not theirs to change or remove.
    const byAdministrator = await saveAlert(session, {
      alert_id: own.data.alert_id,
      kind: 'payout_above',
      asset: 'USDT',
      amount: '2',
    });
    expect(byAdministrator.code).toBe(codes.notFound);
    expect((await call(test, '/api/v1/alert/delete', { alert_id: own.data.alert_id }, { session })).code).toBe(
      codes.notFound,
    );
    const other = await fundedCompany(test);
    expect(
      (await call(test, '/api/v1/alert/delete', { alert_id: own.data.alert_id }, { session: other.session })).code,
    ).toBe(codes.notFound);
    const listed = await call<{ items: Alert[] }>(test, '/api/v1/alert/list', {}, { session });
    expect(listed.data.items).toHaveLength(0);
    const theirs = await call<{ items: Alert[] }>(test, '/api/v1/alert/list', {}, { session: preparer });
    expect(theirs.data.items.map((alert) => alert.alert_id)).toEqual([own.data.alert_id]);
    // Staff have no company: no alerts.
    const staff = await depositOperator(test);
    expect((await call(test, '/api/v1/alert/list', {}, { session: staff })).code).toBe(codes.forbidden);
    expect(await mailboxCount(test, uniqueEmail('nobody'))).toBe(0);
  });
});

describe('alert emails over SMTP', () => {
  type Received = { to: string[]; raw: string };
  const received: Received[] = [];
  let server: SMTPServer;
  let smtpTest: RunningTestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    smtpTest = await createRunningTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Bank Test <no-reply@bank.test>' },
    });
  });
  afterAll(async () => {
    await smtpTest?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the balance alert once per crossing, in the user’s language', async () => {
    const db = smtpTest.database.db;
    const now = smtpTest.clock.now();
    const email = uniqueEmail('alerts-smtp');
    const [companyId] = await insertCompanies(db, 1, now);
    if (!companyId) throw new Error('no company');
    const userId = await ensureUser(
      db,
      { email, password: strongPassword, fullName: 'Grace Hopper', role: 'administrator', companyId },
      now,
    );
    const alertId = newId(now.getTime());
    await db.insert(alerts).values({
      id: alertId,
      company_id: companyId,
      user_id: userId,
      kind: 'balance_below',
      asset: 'USDC',
      amount: '1000',
      created_at: now,
      updated_at: now,
    });
    await watchBalance(db, { id: alertId, companyId, asset: 'USDC', threshold: '1000', userId, now });
    await fundedAccount(db, companyId, 'USDC', '1500', now);
    const account = await accountIdOf(db, { kind: 'customer', companyId, asset: 'USDC' }, now);
    const clearing = await clearingAccountOf(db, 'USDC', now);
    const spend = (amount: string) =>
      ledger.transfer(
        db,
        [
          {
            idempotencyKey: `alert-smtp-${newId(Date.now())}`,
            kind: 'payout',
            asset: 'USDC',
            debitAccountId: account,
            creditAccountId: clearing,
            amount,
            reference: { type: 'test', id: alertId },
          },
        ],
        smtpTest.clock.now(),
      );
    await spend('600');
    await spend('100');
    await settleEmails(smtpTest);
    const deadline = Date.now() + 15_000;
    while (!received.some((entry) => entry.to.includes(email)) && Date.now() < deadline)
      await new Promise((wake) => setTimeout(wake, 50));
    await settleEmails(smtpTest);
    const mine = received.filter((entry) => entry.to.includes(email));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.raw).toContain('900.00 USDC');
    expect(mine[0]?.raw).toContain('1,000.00 USDC');
  });
});
