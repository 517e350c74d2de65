/**
 * How a card ends, through the calls and the schedules: an expired card's money returns to the
 * company's stable coin it came from, at the coin's rate, with a line on both sides, a message and
 * the ledger's invariants holding; the company cancels a card (fresh second factor, the processor's
 * cancelling stage, then cancelled, the money returned); the processor refuses a replacement; and
 * money reaching an ended card later is swept back.
 */
import { randomUUID } from 'node:crypto';
import type { CardDetails } from '@bank/contract/card-management';
import type { CardTransaction, TopUp } from '@bank/contract/card-money';
import type { Card } from '@bank/contract/cards';
import { errorCatalogue } from '@bank/contract/errors';
import type { InboxMessage } from '@bank/contract/inbox';
import type { Transaction } from '@bank/contract/transaction';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount, roundToAsset } from '../../../platform/money.ts';
import { call, createRunningTestApp, type RunningTestApp, settleEmails } from '../../../platform/test-support.ts';
import { depositOperator } from '../../deposits/test-support.ts';
import {
  accountBalance,
  accountIdOf,
  checkLedgerInvariants,
  conversionRates,
  ensureRates,
  rateOf,
} from '../../ledger/index.ts';
import { colleague, idempotent } from '../../payouts/test-support.ts';
import { cardAccountId } from '../card-view.ts';
import { returnBalancesSchedule } from '../money/balance-return.ts';
import { renewalsSchedule } from '../renewals/renewals.ts';
import { cardFeeTerms } from '../renewals/tables.ts';
import { cards } from '../tables.ts';
import { cardRow, scheduledFeeQuote, shippedCard, syncNow, topUpFeeQuote } from '../test-support.ts';

let test: RunningTestApp;
beforeAll(async () => {
  test = await createRunningTestApp();
  await ensureRates(test.database.db, test.clock.now());
});
afterAll(async () => {
  await test?.close();
});

type Shipped = Awaited<ReturnType<typeof shippedCard>>;
type Asset = 'USDC' | 'USDT';
const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;

/** A shipped card activated through the call (its membership starts, the first annual fee from USDC). */
async function activeCard(): Promise<Shipped> {
  const shipped = await shippedCard(test);
  const answer = await call<Card>(
    test,
    '/api/v1/card/active',
    {
      card_id: shipped.card.id,
      kit_code: shipped.letter.kit_code,
      activation_code: shipped.letter.activation_code,
      fee_quote: await scheduledFeeQuote(test, shipped.card.level, 'annual'),
    },
    { session: shipped.client.session },
  );
  expect(answer.code, answer.msg).toBe(200);
  return shipped;
}

async function coinAvailable(companyId: string, asset: Asset) {
  const db = test.database.db;
  const account = await accountIdOf(db, { kind: 'customer', companyId, asset }, test.clock.now());
  return parseAmount((await accountBalance(db, account))?.available ?? '0');
}

async function cardAvailable(card: Shipped['card']) {
  const db = test.database.db;
  return parseAmount((await accountBalance(db, await cardAccountId(db, card, test.clock.now())))?.available ?? '0');
}

/** A top-up the processor has not loaded yet. */
async function submitTopUp(active: Shipped, amount: string, asset: Asset) {
  const answer = await call<TopUp>(
    test,
    '/api/v1/card/topUp',
    {
      card_id: active.card.id,
      amount,
      asset,
      source_of_funds: 'business_revenue',
      confirmed: true,
      fee_quote: await topUpFeeQuote(test, active.client.session, { card_id: active.card.id, amount, asset }),
    },
    { session: active.client.session, headers: idempotent(randomUUID()) },
  );
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

/** The processor loads what it was sent, and the sync applies it. */
async function completeLoads(active: Shipped) {
  await test.database.db.transaction((tx) =>
    active.simulator.completeLoads(tx, active.card.processor_reference, test.clock.now()),
  );
  await syncNow(test);
}

/** What `usd` dollars are in the coin at its rate now (half up, as a conversion rounds). */
async function inCoin(usd: string, asset: Asset) {
  const rate = rateOf(await conversionRates(test.database.db, 'USD', asset, test.clock.now()));
  return roundToAsset(parseAmount(usd).times(rate), asset);
}

/** The processor's work a step (a minute) from now, then the sync. */
async function processorStep(active: Shipped) {
  await test.database.db.transaction((tx) =>
    active.simulator.advance(tx, new Date(test.clock.now().getTime() + 61_000)),
  );
  await syncNow(test);
}

async function messagesOf(session: Shipped['client']['session']) {
  await settleEmails(test);
  const page = await call<{ items: InboxMessage[] }>(test, '/api/v1/msg/list', { category: 'cards' }, { session });
  return page.data.items;
}

async function expireNow(cardId: string) {
  const yesterday = new Date(test.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
  await test.database.db.update(cards).set({ expires_on: yesterday }).where(eq(cards.id, cardId));
  await test.app.jobs.runSchedule('ledger__refresh_rates');
  await test.app.jobs.runSchedule(renewalsSchedule);
}

describe('an expired card’s balance', () => {
  it('lands back on the company’s coin it came from at the coin’s rate, with a line on both sides and a message; the invariants hold', async () => {
    const active = await activeCard();
    const { companyId, session } = { companyId: active.client.companyId, session: active.client.session };
    await submitTopUp(active, '300', 'USDT');
    await completeLoads(active);
    expect((await cardAvailable(active.card)).toFixed(2)).toBe('300.00');
    const usdtBefore = await coinAvailable(companyId, 'USDT');
    const usdcBefore = await coinAvailable(companyId, 'USDC');

    // The card's end date passed without a renewal: the daily schedule ends it and returns its money.
    await expireNow(active.card.id);
    const expected = await inCoin('300.00', 'USDT');
    expect(await cardRow(test, active.card.id)).toMatchObject({ status: 'expired', operation_stage: 'cancelled' });
    expect((await cardAvailable(active.card)).toFixed(2)).toBe('0.00');
    expect((await coinAvailable(companyId, 'USDT')).toFixed()).toBe(usdtBefore.plus(expected).toFixed());
    // The coin it came from, and no other.
    expect((await coinAvailable(companyId, 'USDC')).toFixed()).toBe(usdcBefore.toFixed());

    // The card's transactions: the return, off the card.
    const cardLines = await call<{ items: CardTransaction[] }>(
      test,
      '/api/v1/card/transactionDetails',
      { card_id: active.card.id },
      { session },
    );
    expect(cardLines.code, cardLines.msg).toBe(200);
    expect(cardLines.data.items.find((line) => line.kind === 'balance_return')).toMatchObject({
      direction: 'debit',
      amount: '300.00',
      status: 'settled',
    });
    // The company's history: the credit in USDT, with the rate it was converted at.
    const history = await call<{ items: Transaction[] }>(
      test,
      '/api/v1/transaction/record',
      { type: 'card_balance_return' },
      { session },
    );
    const line = history.data.items.find((item) => item.counterparty === `•••• ${active.card.last4}`);
    expect(line).toMatchObject({ direction: 'credit', asset: 'USDT', status: 'success', amount: expected.toFixed() });
    expect(line?.fiat?.currency).toBe('USD');
    expect(parseAmount(line?.fiat?.amount ?? '0').toFixed(2)).toBe('300.00');
    expect(parseAmount(line?.fiat?.rate ?? '0').greaterThan(0)).toBe(true);
    // The timeline and the inbox.
    const details = await call<CardDetails>(test, '/api/v1/card/get', { card_id: active.card.id }, { session });
    expect(details.data.timeline.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['expired', 'balance_returned']),
    );
    const message = (await messagesOf(session)).find((item) => item.kind === 'card_balance_returned');
    expect(message?.params).toMatchObject({
      last4: active.card.last4,
      cause: 'expired',
      amount: '300.00',
      asset: 'USDT',
    });
    expect(message?.link).toEqual({ page: 'transaction_detail', id: line?.transaction_id });

    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
    // Run again: nothing more moves.
    await test.app.jobs.runSchedule(renewalsSchedule);
    await test.app.jobs.runSchedule(returnBalancesSchedule);
    expect((await coinAvailable(companyId, 'USDT')).toFixed()).toBe(usdtBefore.plus(expected).toFixed());
  });

  it('returns later what reaches the card after it ended (a load the processor confirmed late)', async () => {
    const active = await activeCard();
    const companyId = active.client.companyId;
    await submitTopUp(active, '120', 'USDC');
    await expireNow(active.card.id);
    expect((await cardRow(test, active.card.id)).status).toBe('expired');
    const before = await coinAvailable(companyId, 'USDC');
    await completeLoads(active);
    expect((await cardAvailable(active.card)).toFixed(2)).toBe('120.00');

    await test.app.jobs.runSchedule(returnBalancesSchedule);
    expect((await cardAvailable(active.card)).toFixed(2)).toBe('0.00');
    expect((await coinAvailable(companyId, 'USDC')).toFixed()).toBe(
      before.plus(await inCoin('120.00', 'USDC')).toFixed(),
    );
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });
});

describe('cancellation', () => {
  it('needs the company’s administrator and a fresh second factor, waits for loads, then cancelling and cancelled return the balance', async () => {
    const active = await activeCard();
    const { companyId, session } = { companyId: active.client.companyId, session: active.client.session };
    const cancel = (as: Pick<typeof session, 'token' | 'userid'>) =>
      call<Card>(test, '/api/v1/card/cancel', { card_id: active.card.id }, { session: as });

    // A member who uses cards does not end one: the table offers cancel to the administrator only.
    const member = await colleague(test, companyId, ['cards']);
    expect((await cancel(member)).code).toBe(codeOf('forbidden'));

    // A top-up still loading would land on a closed card.
    await submitTopUp(active, '200', 'USDC');
    expect((await cancel(session)).code).toBe(codeOf('illegal_state'));
    await completeLoads(active);

    // The second factor is fresh for 5 minutes after the sign-in.
    test.clock.advance(6 * 60);
    try {
      expect((await cancel(session)).code).toBe(codeOf('fresh_second_factor_required'));
    } finally {
      test.clock.advance(-6 * 60);
    }

    const cancelling = await cancel(session);
    expect(cancelling.code, cancelling.msg).toBe(200);
    expect(cancelling.data).toMatchObject({ status: 'active', operation_stage: 'cancelling', allowed_actions: [] });
    // Nothing more is done with it meanwhile, and its money stays until the processor confirms.
    expect((await cancel(session)).code).toBe(codeOf('status_error'));
    expect((await cardAvailable(active.card)).toFixed(2)).toBe('200.00');

    await test.app.jobs.runSchedule('ledger__refresh_rates');
    const before = await coinAvailable(companyId, 'USDC');
    await processorStep(active);
    const expected = await inCoin('200.00', 'USDC');
    expect(await cardRow(test, active.card.id)).toMatchObject({ status: 'cancelled', operation_stage: 'cancelled' });
    expect((await cardAvailable(active.card)).toFixed(2)).toBe('0.00');
    expect((await coinAvailable(companyId, 'USDC')).toFixed()).toBe(before.plus(expected).toFixed());
    // Its next annual fee will not be asked for.
    const terms = await test.database.db.select().from(cardFeeTerms).where(eq(cardFeeTerms.card_id, active.card.id));
    expect(terms.find((term) => term.sequence === 2)).toMatchObject({
      status: 'discontinued',
      remarks: 'card_cancelled',
    });

    const kinds = (await messagesOf(session)).map((item) => item.kind);
    expect(kinds).toEqual(expect.arrayContaining(['card_cancelled', 'card_balance_returned']));
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });

  it('is refused over the bank’s block, and for a card waiting for its replacement', async () => {
    const active = await activeCard();
    const session = active.client.session;
    await test.database.db
      .update(cards)
      .set({ replacement_status: 'pending_replacement' })
      .where(eq(cards.id, active.card.id));
    const waiting = await call(test, '/api/v1/card/cancel', { card_id: active.card.id }, { session });
    expect(waiting.code).toBe(codeOf('card_pending_replacement'));
    await test.database.db
      .update(cards)
      .set({ replacement_status: 'not_replaced', status: 'blocked', block_type: 'admin' })
      .where(eq(cards.id, active.card.id));
    const blocked = await call(test, '/api/v1/card/cancel', { card_id: active.card.id }, { session });
    expect(blocked.code).toBe(codeOf('card_blocked_by_admin'));
  });
});

describe('a replacement the processor refuses', () => {
  it('leaves the new card rejected and the old card free to be replaced again or cancelled', async () => {
    const active = await activeCard();
    const session = active.client.session;
    // The back office's simulator control: the processor refuses the cardholder's next replacement.
    const staff = await depositOperator(test);
    const control = await call(
      test,
      '/api/v1/admin/cards/simulator/refuseKyc',
      { card_id: active.card.id, part: 'replacement' },
      { session: staff },
    );
    expect(control.code, control.msg).toBe(200);
    const usdcBefore = await coinAvailable(active.client.companyId, 'USDC');
    const replaced = await call<Card>(
      test,
      '/api/v1/dashboard/replace',
      {
        card_id: active.card.id,
        asset: 'USDC',
        fee_quote: await scheduledFeeQuote(test, active.card.level, 'replacement'),
      },
      { session, headers: idempotent(randomUUID()) },
    );
    expect(replaced.code, replaced.msg).toBe(200);
    expect(replaced.data.replacement_status).toBe('pending_replacement');
    const newCardId = replaced.data.replaced_by_card_id ?? '';
    expect((await cardRow(test, newCardId)).operation_stage).toBe('replacement_in_progress');

    await processorStep(active);
    expect(await cardRow(test, newCardId)).toMatchObject({
      status: 'rejected',
      operation_stage: 'replacement_refused',
    });
    expect(await cardRow(test, active.card.id)).toMatchObject({
      status: 'active',
      replacement_status: 'not_replaced',
      replaced_by_card_id: null,
    });
    const old = await call<CardDetails>(test, '/api/v1/card/get', { card_id: active.card.id }, { session });
    expect(old.data.allowed_actions).toEqual(expect.arrayContaining(['replace', 'cancel']));
    expect(old.data.timeline.map((entry) => entry.kind)).toContain('replacement_refused');
    // The fee paid for a card never issued comes back to the coin it was paid from.
    expect((await coinAvailable(active.client.companyId, 'USDC')).toFixed()).toBe(usdcBefore.toFixed());
    // And the card is replaced again, for a fee again.
    const again = await call<Card>(
      test,
      '/api/v1/dashboard/replace',
      {
        card_id: active.card.id,
        asset: 'USDC',
        fee_quote: await scheduledFeeQuote(test, active.card.level, 'replacement'),
      },
      { session, headers: idempotent(randomUUID()) },
    );
    expect(again.code, again.msg).toBe(200);
    expect(again.data.replacement_status).toBe('pending_replacement');
    expect((await coinAvailable(active.client.companyId, 'USDC')).lessThan(usdcBefore)).toBe(true);
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
    const refused = await call<Card>(test, '/api/v1/card/get', { card_id: newCardId }, { session });
    expect(refused.data.allowed_actions).toEqual([]);
    expect((await messagesOf(session)).map((item) => item.kind)).toContain('card_replacement_refused');
    const rejectedCards = await test.database.db
      .select()
      .from(cards)
      .where(and(eq(cards.company_id, active.client.companyId), eq(cards.status, 'rejected')));
    expect(rejectedCards.map((card) => card.id)).toEqual([newCardId]);
  });
});
