/**
 * Every money event reaches the company's webhook once, signed (issue 33, item 3): a deposit
 * credited, each payout state (waiting for approval, approved, sent, completed, failed, rejected,
 * cancelled), an FX conversion and an OTC trade settled, and the balance crossing the company's
 * threshold, once per crossing. Each is driven through the product's own calls, as a client and
 * the bank's staff make them, and verified with the standardwebhooks library as a receiver would.
 */
import type { SignedIn } from '@bank/contract/account';
import type { DepositAddress } from '@bank/contract/deposit';
import type { Payout } from '@bank/contract/payouts';
import { type WebhookSettings, webhookEventTypes, webhookPayloadTypeOf } from '@bank/contract/webhooks';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createRunningTestApp, type RunningTestApp, settleEmails } from '../../platform/test-support.ts';
import { companies } from '../account/index.ts';
import { managerWithClient } from '../contact-requests/test-support.ts';
import { depositOperator } from '../deposits/test-support.ts';
import { ensureRates } from '../ledger/index.ts';
import { fundedAccount } from '../ledger/test-support.ts';
import { addAddress, colleague, fundedCompany, idempotent, submitCrypto } from '../payouts/test-support.ts';
import { type ReceivedWebhook, type Receiver, startReceiver, webhookHeaders } from './test-support.ts';

let test: RunningTestApp;
let receiver: Receiver;

beforeAll(async () => {
  test = await createRunningTestApp({ config: { webhooksAllowPrivateTargets: true } });
  await ensureRates(test.database.db, test.clock.now());
  receiver = await startReceiver();
});
afterAll(async () => {
  await test?.close();
  await receiver?.close();
});

/** Every notification type on, to `url`, and the company's USDT threshold. */
function everyType(url: string, usdtThreshold = '') {
  const fields: Record<string, string | boolean> = { balance_threshold_usdt: usdtThreshold };
  for (const type of webhookEventTypes) {
    fields[`${type}_url`] = url;
    fields[`${type}_enabled`] = true;
  }
  return fields;
}

async function configure(session: SignedIn, body: Record<string, unknown>) {
  const saved = await call<{ settings: WebhookSettings; secret: string | null }>(
    test,
    '/api/v1/webhook/settings/save',
    body,
    { session },
  );
  expect(saved.code, saved.msg).toBe(200);
  return saved.data;
}

type Delivered = { type: string; data: Record<string, unknown>; received: ReceivedWebhook };

/** What reached the receiver for the company, each verified against its signing secret. */
async function deliveredTo(companyId: string, secret: string): Promise<Delivered[]> {
  await settleEmails(test);
  // The first attempt runs from the job queue after the consumer's commit: wait for the sender.
  const deadline = Date.now() + 10_000;
  let count = -1;
  while (Date.now() < deadline) {
    await settleEmails(test);
    if (receiver.received.length === count) break;
    count = receiver.received.length;
    await new Promise((wake) => setTimeout(wake, 300));
  }
  const verifier = new Webhook(secret);
  return receiver.received
    .map((received) => ({
      received,
      body: JSON.parse(received.body) as { type: string; data: Record<string, unknown> },
    }))
    .filter(({ body }) => body.data.company_id === companyId)
    .map(({ received, body }) => {
      // Throws on a wrong signature: every delivery is signed with the company's secret.
      verifier.verify(received.body, webhookHeaders(received));
      return { type: body.type, data: body.data, received };
    });
}

const outcome = async (payoutId: string, result: 'complete' | 'fail') =>
  call(
    test,
    '/api/v1/admin/simulator/payoutOutcome',
    { payout_id: payoutId, outcome: result, ...(result === 'fail' ? { cause: 'chain_rejected' } : {}) },
    { session: await depositOperator(test) },
  );
const review = async (payoutId: string, decision: 'approve' | 'reject') =>
  call<Payout>(
    test,
    '/api/v1/admin/payouts/decide',
    { payout_id: payoutId, decision, reason: decision === 'reject' ? 'Documents missing' : '', note: '' },
    { session: await depositOperator(test) },
  );
const approval = (session: SignedIn, payoutId: string, decision: 'approve' | 'reject') =>
  call<Payout>(
    test,
    '/api/v1/withdraw/approval/decide',
    { payout_id: payoutId, decision, ...(decision === 'reject' ? { reason: 'Wrong supplier' } : {}) },
    { session },
  );

describe('money events as webhooks', () => {
  it('sends each payout state, a deposit, an FX conversion and the balance crossing once, signed', async () => {
    const { session, companyId } = await fundedCompany(test, { funds: { USDT: '10000' } });
    const { secret } = await configure(session, everyType(receiver.url, '9000'));
    expect(secret).toBeTruthy();
    const approver = await colleague(test, companyId, ['approve_payouts']);
    const policy = await call(test, '/api/v1/withdraw/policy/set', { approve_all: true, thresholds: [] }, { session });
    expect(policy.code, policy.msg).toBe(200);
    const entry = await addAddress(test, session);

    // Waiting, approved, sent, completed. 1,001.5 USDT leaves: 8,998.5 is below 9,000 (the crossing).
    const paid = await submitCrypto(test, session, entry.address_id, '1000');
    expect(paid.data.status).toBe('pending_approval');
    expect((await approval(approver, paid.data.payout_id, 'approve')).data.status).toBe('admin_review');
    expect((await review(paid.data.payout_id, 'approve')).data.status).toBe('in_process');
    expect((await outcome(paid.data.payout_id, 'complete')).code).toBe(200);
    // Rejected by the approver; cancelled by its maker; failed at custody. Still below: no second crossing.
    const rejected = await submitCrypto(test, session, entry.address_id, '10');
    expect((await approval(approver, rejected.data.payout_id, 'reject')).data.status).toBe('rejected');
    const cancelled = await submitCrypto(test, session, entry.address_id, '20');
    const withdrawn = await call<Payout>(
      test,
      '/api/v1/withdraw/approval/cancel',
      { payout_id: cancelled.data.payout_id },
      { session },
    );
    expect(withdrawn.data.status).toBe('cancelled');
    const failed = await submitCrypto(test, session, entry.address_id, '30');
    await approval(approver, failed.data.payout_id, 'approve');
    await review(failed.data.payout_id, 'approve');
    expect((await outcome(failed.data.payout_id, 'fail')).code).toBe(200);

    // A coin deposit credited at its confirmations: back above 9,000 (no event going up).
    const operator = await depositOperator(test);
    const address = (
      await call<DepositAddress>(test, '/api/v1/deposit/details', { asset: 'USDT', network: 'TRC20' }, { session })
    ).data.address;
    const incoming = await call(
      test,
      '/api/v1/admin/simulator/incomingDeposit',
      { address, asset: 'USDT', network: 'TRC20', amount: '2500' },
      { session: operator },
    );
    expect(incoming.code, incoming.msg).toBe(200);
    await call(test, '/api/v1/admin/simulator/blocks', { blocks: 25 }, { session: operator });

    // An FX conversion of 2,000 USDT: from 11,498.5 to 9,498.5 stays above; a second one crosses again.
    const convert = async (amount: string) => {
      const quoted = await call<{ quote_id: string }>(
        test,
        '/api/v1/fx/quote',
        { from: 'USDT', to: 'USDC', amount },
        { session },
      );
      expect(quoted.code, quoted.msg).toBe(200);
      const accepted = await call(
        test,
        '/api/v1/fx/accept',
        { quote_id: quoted.data.quote_id },
        { session, headers: idempotent() },
      );
      expect(accepted.code, accepted.msg).toBe(200);
    };
    await convert('2000');
    await convert('1000');

    const delivered = await deliveredTo(companyId, secret ?? '');
    const types = delivered.map((delivery) => delivery.type);
    const count = (type: string) => types.filter((candidate) => candidate === type).length;
    expect(count('payout.waiting_for_approval')).toBe(4);
    expect(count('payout.approved')).toBe(2);
    expect(count('payout.sent')).toBe(2);
    expect(count('payout.completed')).toBe(1);
    expect(count('payout.rejected')).toBe(1);
    expect(count('payout.cancelled')).toBe(1);
    expect(count('payout.failed')).toBe(1);
    expect(count('deposit.credited')).toBe(1);
    expect(count('fx.settled')).toBe(2);
    // Down at the first payout, up with the deposit, down again at the second conversion: twice.
    expect(count('balance.below_threshold')).toBe(2);
    // Every delivery once: one webhook-id each.
    const ids = delivered.map((delivery) => String(delivery.received.headers['webhook-id']));
    expect(new Set(ids).size).toBe(ids.length);

    const completed = delivered.find((delivery) => delivery.type === 'payout.completed');
    expect(completed?.data).toMatchObject({
      status: 'success',
      previous_status: 'in_process',
      asset: 'USDT',
      amount: '1000',
    });
    expect(completed?.data).not.toHaveProperty('maker_user_id');
    const crossings = delivered.filter((delivery) => delivery.type === 'balance.below_threshold');
    expect(crossings[0]?.data).toMatchObject({ asset: 'USDT', threshold: '9000', available: '8998.5' });
    expect(crossings[0]?.data).not.toHaveProperty('watcher_user_id');
  });

  it('sends an OTC trade settled once, signed', async () => {
    const { manager, client } = await managerWithClient(test);
    const info = await call<{ company: { id: string } }>(test, '/api/v1/account/getUserInfo', {}, { session: client });
    const companyId = info.data.company.id;
    await test.database.db.update(companies).set({ kyc_status: 'kyc_approved' }).where(eq(companies.id, companyId));
    await fundedAccount(test.database.db, companyId, 'USDT', '200000', test.clock.now());
    const { secret } = await configure(client, everyType(receiver.url));
    const requested = await call<{ request_id: string }>(
      test,
      '/api/v1/otc/request',
      { from: 'USDT', to: 'USDC', amount: '150000', note: 'Month-end rebalancing' },
      { session: client, headers: idempotent() },
    );
    expect(requested.code, requested.msg).toBe(200);
    const quoted = await call(
      test,
      '/api/v1/admin/otc/quote',
      { request_id: requested.data.request_id, rate: '0.9995', validity_minutes: 10, note: '' },
      { session: manager },
    );
    expect(quoted.code, quoted.msg).toBe(200);
    const accepted = await call(
      test,
      '/api/v1/otc/accept',
      { request_id: requested.data.request_id },
      { session: client, headers: idempotent() },
    );
    expect(accepted.code, accepted.msg).toBe(200);
    const delivered = await deliveredTo(companyId, secret ?? '');
    expect(delivered.filter((delivery) => delivery.type === 'otc.settled')).toHaveLength(1);
    expect(delivered.find((delivery) => delivery.type === 'otc.settled')?.data).toMatchObject({
      source: 'otc',
      from_currency: 'USDT',
      to_asset: 'USDC',
    });
  });

  it('keeps the money types and thresholds when a save names only the four of SPEC.md, and refuses a bad threshold', async () => {
    const { session, companyId } = await fundedCompany(test);
    await configure(session, everyType(receiver.url, '500.25'));
    const four: Record<string, string | boolean> = {};
    for (const type of webhookEventTypes.slice(0, 4)) {
      four[`${type}_url`] = '';
      four[`${type}_enabled`] = false;
    }
    const saved = await configure(session, four);
    expect(saved.settings.endpoints.payout_completed).toEqual({ url: receiver.url, is_enabled: true });
    expect(saved.settings.balance_thresholds).toEqual({ USDT: '500.25', USDC: null, BTC: null, ETH: null });
    const cleared = await configure(session, { ...four, balance_threshold_usdt: '' });
    expect(cleared.settings.balance_thresholds.USDT).toBeNull();
    const refused = await call(
      test,
      '/api/v1/webhook/settings/save',
      { ...four, balance_threshold_btc: '1.123456789' },
      { session },
    );
    expect(refused.code).toBe(9422);
    expect(JSON.stringify(refused.data)).toContain('balance_threshold_btc');
    // Another company never sees these settings.
    const other = await fundedCompany(test);
    const theirs = await call<WebhookSettings>(test, '/api/v1/webhook/settings/get', {}, { session: other.session });
    expect(theirs.data.balance_thresholds.USDT).toBeNull();
    expect(companyId).not.toBe(other.companyId);
  });

  it('names every type with its payload type', () => {
    for (const type of webhookEventTypes) expect(webhookPayloadTypeOf[type]).toMatch(/^[a-z_]+\.[a-z_]+$/);
  });
});
