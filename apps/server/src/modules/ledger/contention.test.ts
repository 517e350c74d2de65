/**
 * Money paths of one company run at once: every pair of them, many times over, with no deadlock
 * and no 500. Each path takes its locks in the one order of platform/tenant.ts (the company, then
 * ledger accounts by id, then the rest); what PostgreSQL still reports as a deadlock or a
 * serialisation failure is retried inside the server. The embedded database runs one transaction
 * at a time and cannot deadlock, so CI runs this file on PostgreSQL too, where the defect was found.
 */
import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import { errorCatalogue } from '@bank/contract/errors';
import type { FxQuote } from '@bank/contract/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createRunningTestApp, type Envelope, type RunningTestApp } from '../../platform/test-support.ts';
import { activatedCard, topUpFeeQuote } from '../cards/test-support.ts';
import { depositOperator } from '../deposits/test-support.ts';
import { addAddress, idempotent, submitCrypto } from '../payouts/test-support.ts';
import { checkLedgerInvariants } from './index.ts';

let test: RunningTestApp;
let staff: SignedIn;

beforeAll(async () => {
  test = await createRunningTestApp();
  staff = await depositOperator(test);
});
afterAll(async () => {
  await test?.close();
});

/** A funded company with an active card and a saved address, ready for every money call. */
async function readyCompany() {
  const company = await activatedCard(test, { funds: { USDT: '1000000', USDC: '1000000' } });
  const address = await addAddress(test, company.client.session);
  return { ...company, addressId: address.address_id };
}
type Company = Awaited<ReturnType<typeof readyCompany>>;
type MoneyCall = (company: Company) => Promise<Envelope>;

/** The answers a money call may give when another call of its company got there first. */
const acceptableCodes = new Set([
  200,
  errorCatalogue.insufficient_balance.code,
  errorCatalogue.amount_above_maximum.code,
  errorCatalogue.daily_top_up_limit.code,
]);

async function fxConversion(company: Company): Promise<Envelope> {
  const session: SignedIn = company.client.session;
  const quote = await call<FxQuote>(test, '/api/v1/fx/quote', { from: 'USDT', to: 'BTC', amount: '150' }, { session });
  if (quote.code !== 200) return quote;
  return call(test, '/api/v1/fx/accept', { quote_id: quote.data.quote_id }, { session, headers: idempotent() });
}

async function cryptoPayout(company: Company): Promise<Envelope> {
  return submitCrypto(test, company.client.session, company.addressId, '120', randomUUID());
}

async function cardTopUp(company: Company): Promise<Envelope> {
  const session = company.client.session;
  const request = { card_id: company.card.id, amount: '100', asset: 'USDT' as const };
  return call(
    test,
    '/api/v1/card/topUp',
    {
      ...request,
      fee_quote: await topUpFeeQuote(test, session, request),
      source_of_funds: 'business_revenue',
      confirmed: true,
    },
    { session, headers: idempotent() },
  );
}

/** A payout through the bank's review and custody to completed: the staff's and the provider's paths. */
async function paidPayout(company: Company): Promise<Envelope> {
  const submitted = await cryptoPayout(company);
  if (submitted.code !== 200) return submitted;
  const payoutId = (submitted.data as { payout_id: string }).payout_id;
  const decide = { payout_id: payoutId, decision: 'approve', reason: '', note: '' };
  const approved = await call(test, '/api/v1/admin/payouts/decide', decide, { session: staff });
  if (approved.code !== 200) return approved;
  const outcome = { payout_id: payoutId, outcome: 'complete' };
  return call(test, '/api/v1/admin/simulator/payoutOutcome', outcome, { session: staff });
}

/** A top-up the card processor then loads: its notice applied by the sync, as the schedule does. */
async function loadedTopUp(company: Company): Promise<Envelope> {
  const submitted = await cardTopUp(company);
  if (submitted.code !== 200) return submitted;
  const loads = { card_id: company.card.id, complete_now: true };
  return call(test, '/api/v1/admin/simulator/cardLoads', loads, { session: staff });
}

const moneyCalls: Record<string, MoneyCall> = {
  'FX conversion': fxConversion,
  'crypto payout': cryptoPayout,
  'card top-up': cardTopUp,
  'payout reviewed and completed by the bank': paidPayout,
  'top-up loaded by the processor': loadedTopUp,
};

const names = Object.keys(moneyCalls);
const pairs = names.flatMap((first, index) => names.slice(index).map((second) => [first, second] as const));

describe('money paths of one company at once', () => {
  it.each(pairs)('%s beside %s: no deadlock, no 500, the ledger whole', async (first, second) => {
    const company = await readyCompany();
    const firstCall = moneyCalls[first];
    const secondCall = moneyCalls[second];
    if (!firstCall || !secondCall) throw new Error(`no money call ${first} or ${second}`);
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, index) => (index % 2 === 0 ? firstCall : secondCall)(company)),
      );
      const unexpected = answers.filter((answer) => !acceptableCodes.has(answer.code));
      expect(unexpected.map((answer) => `${answer.code} ${answer.msg}`)).toEqual([]);
    }
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
    // What PostgreSQL rolled back was run again and committed; nothing lost every try.
    expect(test.database.contention.exhausted).toBe(0);
  });
});
