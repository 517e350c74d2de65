import { randomUUID } from 'node:crypto';
import type { CardTransaction, SimulatorCardMoney, TopUp, TopUpConfig, TopUpQuote } from '@bank/contract/card-money';
import { errorCatalogue } from '@bank/contract/errors';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSimCards } from '../../../adapters/card-processor/simulator-table.ts';
import { pdfText } from '../../../platform/exports/test-support.ts';
import { parseAmount } from '../../../platform/money.ts';
import { call, createRunningTestApp, type RunningTestApp } from '../../../platform/test-support.ts';
import { depositOperator } from '../../deposits/test-support.ts';
import { accountBalance, accountIdOf, checkLedgerInvariants, ensureRates } from '../../ledger/index.ts';
import { colleague, idempotent } from '../../payouts/test-support.ts';
import { cardAccountId } from '../card-view.ts';
import { defaultFeeSchedule, shareFee } from '../fees.ts';
import { activatedCard, cardRow, syncNow } from '../test-support.ts';
import { topUps } from './tables.ts';

let test: RunningTestApp;
let staff: Awaited<ReturnType<typeof depositOperator>>;
beforeAll(async () => {
  test = await createRunningTestApp();
  await ensureRates(test.database.db, test.clock.now());
  staff = await depositOperator(test);
});
afterAll(async () => {
  await test?.close();
});

const codes = {
  ok: 200,
  validation: errorCatalogue.validation.code,
  forbidden: errorCatalogue.forbidden.code,
  notFound: errorCatalogue.not_found.code,
  illegal: errorCatalogue.illegal_state.code,
  insufficient: errorCatalogue.insufficient_balance.code,
  below: errorCatalogue.amount_below_minimum.code,
  above: errorCatalogue.amount_above_maximum.code,
  daily: errorCatalogue.daily_top_up_limit.code,
  status: errorCatalogue.status_error.code,
};

type Active = Awaited<ReturnType<typeof activatedCard>>;

async function coinAvailable(companyId: string, asset: 'USDC' | 'USDT') {
  const db = test.database.db;
  const balance = await accountBalance(
    db,
    await accountIdOf(db, { kind: 'customer', companyId, asset }, test.clock.now()),
  );
  return parseAmount(balance?.available ?? '0');
}

async function cardLedger(active: Active) {
  const db = test.database.db;
  const balance = await accountBalance(db, await cardAccountId(db, active.card, test.clock.now()));
  return { balance: parseAmount(balance?.balance ?? '0'), available: parseAmount(balance?.available ?? '0') };
}

async function processorAvailable(active: Active) {
  const [card] = await test.database.db
    .select({ available: cardSimCards.available })
    .from(cardSimCards)
    .where(eq(cardSimCards.reference, active.card.processor_reference));
  return parseAmount(card?.available ?? '0');
}

/** Nothing is lost: the ledger lets the card spend what the processor does, and every invariant holds. */
async function expectLedgerEqualsProcessor(active: Active) {
  expect((await cardLedger(active)).available.toFixed(2)).toBe((await processorAvailable(active)).toFixed(2));
  expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
}

/** The load fee calc shows for the amount (the premier schedule), carried back by the top-up. */
const loadFeeOf = (amount: string) => shareFee({ kind: 'load', ...defaultFeeSchedule.premier.load }, amount);

const topUpBody = (active: Active, amount: string, asset: 'USDC' | 'USDT' = 'USDC', feeQuote?: string) => ({
  card_id: active.card.id,
  amount,
  asset,
  fee_quote: { amount: feeQuote ?? loadFeeOf(amount), asset: 'USD' },
  source_of_funds: 'business_revenue',
  confirmed: true,
});

async function topUp(active: Active, amount: string, key: string = randomUUID()) {
  return call<TopUp>(test, '/api/v1/card/topUp', topUpBody(active, amount), {
    session: active.client.session,
    headers: idempotent(key),
  });
}

async function loads(active: Active, body: { next_outcome?: string; complete_now?: boolean }) {
  const answer = await call<SimulatorCardMoney>(
    test,
    '/api/v1/admin/simulator/cardLoads',
    { card_id: active.card.id, ...body },
    { session: staff },
  );
  expect(answer.code, answer.msg).toBe(codes.ok);
  return answer.data;
}

async function statusOf(topUpId: string) {
  const [row] = await test.database.db.select().from(topUps).where(eq(topUps.id, topUpId));
  return row?.status;
}

describe('top-up limits: one rule for calc and topUp', () => {
  it('refuses below the minimum, above the maximum, over the daily cap and beyond the balance, each with its message', async () => {
    const active = await activatedCard(test, { funds: { USDC: '25000', USDT: '100' } });
    const session = active.client.session;
    const quote = (amount: string, asset = 'USDC') =>
      call<TopUpQuote>(test, '/api/v1/card/calc', { card_id: active.card.id, amount, asset }, { session });

    const below = await quote('9.99');
    expect(below.code).toBe(codes.below);
    expect(below.msg).toBe('The minimum top-up is 10.00 USD.');
    expect((below.data as unknown as { fields: Record<string, string> }).fields.amount).toBe(below.msg);
    expect((await topUp(active, '9.99')).code).toBe(codes.below);

    const above = await call(
      test,
      '/api/v1/card/calc',
      { card_id: active.card.id, amount: '10000.01', asset: 'USDC' },
      { session, language: 'jp' },
    );
    expect(above.code).toBe(codes.above);
    expect(above.msg).toBe('チャージの上限額は 10000.00 USD です。');
    expect((await topUp(active, '10000.01')).code).toBe(codes.above);

    const poor = await quote('500', 'USDT');
    expect(poor.code).toBe(codes.insufficient);

    // The fee and the coin amounts: 1% of the amount rounded up, at least 1 USD, paid in USDC at its rate.
    const fine = await quote('1234.56');
    expect(fine.code, fine.msg).toBe(codes.ok);
    expect(fine.data).toMatchObject({ amount: '1234.56', fee: '12.35', asset: 'USDC' });
    const rate = parseAmount(fine.data.rate);
    expect(parseAmount(fine.data.debit_amount).toFixed()).toBe(
      parseAmount('1234.56').times(rate).toDecimalPlaces(6, 0).toFixed(),
    );
    expect(parseAmount(fine.data.debit_total).toFixed()).toBe(
      parseAmount(fine.data.debit_amount).plus(fine.data.debit_fee).toFixed(),
    );

    // Daily cap 20,000 USD: two of 10,000 fill it, whatever the state they are in.
    expect((await topUp(active, '10000')).code).toBe(codes.ok);
    const second = await topUp(active, '9990');
    expect(second.code, second.msg).toBe(codes.ok);
    const over = await quote('10.01');
    expect(over.code).toBe(codes.daily);
    expect(over.msg).toBe('This card can take 10.00 USD more today (daily top-up limit).');
    expect((await topUp(active, '10.01')).code).toBe(codes.daily);
    const config = await call<TopUpConfig>(
      test,
      '/api/v1/card/getTopUpConfig',
      { card_id: active.card.id },
      { session },
    );
    expect(config.data).toMatchObject({ loaded_today: '19990.00', remaining_today: '10.00', minimum: '10.00' });

    // A returned top-up no longer counts towards the cap (the first load ends returned, the other succeeds).
    await loads(active, { next_outcome: 'returned', complete_now: true });
    const statuses = [await statusOf(second.data.top_up_id)];
    expect(statuses[0] === 'success' || statuses[0] === 'returned').toBe(true);
    const after = await call<TopUpConfig>(
      test,
      '/api/v1/card/getTopUpConfig',
      { card_id: active.card.id },
      { session },
    );
    expect(after.data.loaded_today).toBe(statuses[0] === 'success' ? '9990.00' : '10000.00');
    expect((await quote('10.01')).code).toBe(codes.ok);
  });

  it('needs the confirmation tick and a source of funds', async () => {
    const active = await activatedCard(test);
    const answer = await call(
      test,
      '/api/v1/card/topUp',
      { card_id: active.card.id, amount: '100', asset: 'USDC', confirmed: false },
      { session: active.client.session, headers: idempotent() },
    );
    expect(answer.code).toBe(codes.validation);
    expect(Object.keys((answer.data as { fields: object }).fields).sort()).toEqual([
      'confirmed',
      'fee_quote',
      'source_of_funds',
    ]);
  });
});

describe('load outcomes post or void exactly', () => {
  it('holds at submission, credits the card on success, and voids on returned and cancelled', async () => {
    const active = await activatedCard(test);
    // A load fee other than the one calc showed holds nothing.
    const altered = await call(test, '/api/v1/card/topUp', topUpBody(active, '500', 'USDC', '0.01'), {
      session: active.client.session,
      headers: idempotent(),
    });
    expect(altered.code).toBe(errorCatalogue.fee_changed.code);
    expect(await test.database.db.select().from(topUps).where(eq(topUps.card_id, active.card.id))).toEqual([]);
    const companyId = active.client.companyId;
    const before = await coinAvailable(companyId, 'USDC');

    const submitted = await topUp(active, '500');
    expect(submitted.code, submitted.msg).toBe(codes.ok);
    expect(submitted.data).toMatchObject({
      status: 'processing',
      amount: '500.00',
      fee: '5.00',
      last4: active.card.last4,
    });
    const total = parseAmount(submitted.data.debit_total);
    expect((await coinAvailable(companyId, 'USDC')).toFixed()).toBe(before.minus(total).toFixed());
    expect((await cardLedger(active)).balance.toFixed(2)).toBe('0.00');
    await expectLedgerEqualsProcessor(active);

    // retry keeps the holds; the retried load then succeeds.
    await loads(active, { next_outcome: 'retry' });
    await test.database.db.transaction((tx) =>
      active.simulator.advance(tx, new Date(test.clock.now().getTime() + 61_000)),
    );
    await syncNow(test);
    expect(await statusOf(submitted.data.top_up_id)).toBe('retry');
    expect((await coinAvailable(companyId, 'USDC')).toFixed()).toBe(before.minus(total).toFixed());
    await loads(active, { complete_now: true });
    expect(await statusOf(submitted.data.top_up_id)).toBe('success');
    expect((await cardLedger(active)).balance.toFixed(2)).toBe('500.00');
    await expectLedgerEqualsProcessor(active);

    for (const outcome of ['returned', 'cancelled'] as const) {
      const held = await coinAvailable(companyId, 'USDC');
      const failed = await topUp(active, '100');
      expect(failed.code, failed.msg).toBe(codes.ok);
      const state = await loads(active, { next_outcome: outcome, complete_now: true });
      expect(state.loads_under_way).toBe(0);
      expect(await statusOf(failed.data.top_up_id)).toBe(outcome);
      expect((await coinAvailable(companyId, 'USDC')).toFixed()).toBe(held.toFixed());
      expect((await cardLedger(active)).balance.toFixed(2)).toBe('500.00');
      await expectLedgerEqualsProcessor(active);
    }

    // The history: newest first, filtered by status, with keyset pages.
    const session = active.client.session;
    const all = await call<{ items: TopUp[]; next_cursor: string | null }>(
      test,
      '/api/v1/card/topRecord',
      { card_id: active.card.id, page_size: 2 },
      { session },
    );
    expect(all.data.items.map((item) => item.status)).toEqual(['cancelled', 'returned']);
    const next = await call<{ items: TopUp[] }>(
      test,
      '/api/v1/card/topRecord',
      { card_id: active.card.id, page_size: 2, cursor: all.data.next_cursor ?? '' },
      { session },
    );
    expect(next.data.items.map((item) => item.status)).toEqual(['success']);
    // The company's transactions say the same word for each top-up as its own history.
    const lines = await call<{ items: Array<{ type: string; status: string }> }>(
      test,
      '/api/v1/transaction/record',
      { type: 'card_top_up', page_size: 3 },
      { session },
    );
    expect(lines.data.items.map((item) => item.status)).toEqual(['cancelled', 'returned', 'success']);
    const succeeded = await call<{ items: TopUp[] }>(
      test,
      '/api/v1/card/topRecord',
      { status: 'success' },
      { session },
    );
    expect(succeeded.data.items.map((item) => item.top_up_id)).toEqual([submitted.data.top_up_id]);
  });

  it('makes one top-up of one Idempotency-Key, replayed', async () => {
    const active = await activatedCard(test);
    const key = randomUUID();
    const first = await topUp(active, '250', key);
    const again = await topUp(active, '250', key);
    expect(again.data.top_up_id).toBe(first.data.top_up_id);
    const rows = await test.database.db.select().from(topUps).where(eq(topUps.card_id, active.card.id));
    expect(rows).toHaveLength(1);
    expect((await topUp(active, '251', key)).code).toBe(errorCatalogue.idempotency_conflict.code);
  });
});

describe('card transactions keep the ledger equal to the processor', () => {
  it('authorises, settles, reverses, refunds, declines and charges fees; the statement adds up', async () => {
    const active = await activatedCard(test);
    expect((await topUp(active, '1000')).code).toBe(codes.ok);
    await loads(active, { complete_now: true });
    await expectLedgerEqualsProcessor(active);

    const purchase = async (amount: string, merchant: string) => {
      const answer = await call<CardTransaction>(
        test,
        '/api/v1/admin/simulator/cardPurchase',
        { card_id: active.card.id, amount, merchant_name: merchant },
        { session: staff },
      );
      expect(answer.code, answer.msg).toBe(codes.ok);
      await expectLedgerEqualsProcessor(active);
      return answer.data;
    };
    const settle = async (transactionId: string, action: string, amount?: string) => {
      const answer = await call<CardTransaction>(
        test,
        '/api/v1/admin/simulator/cardSettle',
        { transaction_id: transactionId, action, ...(amount ? { amount } : {}) },
        { session: staff },
      );
      await expectLedgerEqualsProcessor(active);
      return answer;
    };

    const flight = await purchase('420.00', 'Skyline Airways');
    expect(flight).toMatchObject({ kind: 'purchase', status: 'unsettled', direction: 'debit', amount: '420.00' });
    expect((await cardLedger(active)).balance.toFixed(2)).toBe('1000.00');
    expect((await settle(flight.transaction_id, 'settle')).data.status).toBe('settled');
    expect((await settle(flight.transaction_id, 'settle')).code).toBe(codes.illegal);
    const refund = await settle(flight.transaction_id, 'refund', '20.00');
    expect(refund.data.refunded_amount).toBe('20.00');
    expect((await settle(flight.transaction_id, 'refund', '400.01')).code).toBe(codes.illegal);

    const dinner = await purchase('80.00', 'Harbour Café');
    expect((await settle(dinner.transaction_id, 'reverse')).data.status).toBe('reversed');
    const coffee = await purchase('12.50', 'Corner Coffee');
    const declined = await purchase('5000.00', 'Grand Hotel');
    expect(declined).toMatchObject({ status: 'declined', decline_reason: 'insufficient_funds' });

    const fee = await call<CardTransaction>(
      test,
      '/api/v1/admin/simulator/cardFee',
      { card_id: active.card.id, fee_kind: 'atm_withdrawal' },
      { session: staff },
    );
    expect(fee.data).toMatchObject({ kind: 'fee', amount: '2.50', status: 'settled' });
    await expectLedgerEqualsProcessor(active);

    // 1000 − 420 + 20 − 2.50 posted; 12.50 held by the coffee.
    const ledgerNow = await cardLedger(active);
    expect(ledgerNow.balance.toFixed(2)).toBe('597.50');
    expect(ledgerNow.available.toFixed(2)).toBe('585.00');

    const session = active.client.session;
    const listed = await call<{ items: CardTransaction[]; balance: string; available: string }>(
      test,
      '/api/v1/card/transactionDetails',
      { card_id: active.card.id },
      { session },
    );
    expect(listed.data).toMatchObject({ balance: '597.50', available: '585.00' });
    expect(listed.data.items.map((item) => [item.kind, item.status])).toEqual([
      ['fee', 'settled'],
      ['purchase', 'declined'],
      ['purchase', 'unsettled'],
      ['purchase', 'reversed'],
      ['refund', 'settled'],
      ['purchase', 'settled'],
    ]);
    const unsettled = await call<{ items: CardTransaction[] }>(
      test,
      '/api/v1/card/transactionDetails',
      { card_id: active.card.id, status: 'unsettled' },
      { session },
    );
    expect(unsettled.data.items.map((item) => item.transaction_id)).toEqual([coffee.transaction_id]);
    const one = await call<{ items: CardTransaction[] }>(
      test,
      '/api/v1/card/transactionDetails',
      { card_id: active.card.id, transaction_id: flight.transaction_id },
      { session },
    );
    expect(one.data.items).toHaveLength(1);
    expect(one.data.items[0]).toMatchObject({ merchant_name: 'Skyline Airways', refunded_amount: '20.00' });

    // The statement: opening + credits − purchases − fees = closing = the card's ledger balance.
    const today = test.clock.now().toISOString().slice(0, 10);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/card/transactionStatement',
      payload: { card_id: active.card.id, format: 'csv', from: today, to: today },
      headers: { 'content-type': 'application/json', token: session.token, userid: session.userid },
    });
    expect(response.headers['content-type']).toContain('text/csv');
    // One table for an import; the summary is the PDF's and the XLSX's.
    const [header, ...lines] = parse(response.rawPayload, { bom: true }) as string[][];
    expect(header).toEqual(['Date (UTC)', 'Asset', 'Description', 'Reference', 'Credit', 'Debit', 'Balance', 'Status']);
    expect(lines.map((row) => [row[2], row[4], row[5], row[6], row[7]])).toEqual([
      ['Card top-up', '1000.00', '', '1000.00', 'Settled'],
      ['Card purchase · Skyline Airways', '', '420.00', '580.00', 'Settled'],
      ['Card refund · Skyline Airways', '20.00', '', '600.00', 'Settled'],
      ['Fee · ATM withdrawal fee', '', '2.50', '597.50', 'Settled'],
      ['Card purchase · Corner Coffee', '', '12.50', '597.50', 'Pending'],
    ]);
    // A card line's reference is the one its card transaction shows.
    expect(lines.at(-1)?.[3]).toBe(coffee.processor_reference);

    const pdf = await test.app.inject({
      method: 'POST',
      url: '/api/v1/card/transactionStatement',
      payload: { card_id: active.card.id, format: 'pdf', from: today, to: today },
      headers: { 'content-type': 'application/json', token: session.token, userid: session.userid, language: 'jp' },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The description wraps onto a second line rather than losing the merchant's name or the pending mark.
    const text = (await pdfText(pdf.rawPayload)).text.replaceAll('\n', '');
    expect(text).toContain('カード利用 · Corner Coffee（未決済）');
    expect(text).toContain(`•••• ${active.card.last4}`);
    expect(text).toContain('期末残高');

    const csv = await test.app.inject({
      method: 'POST',
      url: '/api/v1/card/transactionDownload',
      payload: { card_id: active.card.id, format: 'xlsx', from: today, to: today },
      headers: { 'content-type': 'application/json', token: session.token, userid: session.userid },
    });
    expect(csv.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('another company and permissions', () => {
  it('answers not found for another company’s card on every call', async () => {
    const mine = await activatedCard(test);
    const theirs = await activatedCard(test);
    const session = mine.client.session;
    const cardId = theirs.card.id;
    const today = test.clock.now().toISOString().slice(0, 10);
    const bodies: [string, object][] = [
      ['/api/v1/card/getTopUpConfig', { card_id: cardId }],
      ['/api/v1/card/calc', { card_id: cardId, amount: '100', asset: 'USDC' }],
      ['/api/v1/card/topRecord', { card_id: cardId }],
      ['/api/v1/card/transactionDetails', { card_id: cardId }],
    ];
    for (const [path, body] of bodies)
      expect((await call(test, path, body, { session })).code, path).toBe(codes.notFound);
    expect((await topUp({ ...mine, card: theirs.card }, '100')).code).toBe(codes.notFound);
    for (const path of [
      '/api/v1/card/transactionStatement',
      '/api/v1/card/transactionDownload',
      '/api/v1/card/download',
    ])
      expect(
        (await call(test, path, { card_id: cardId, format: 'csv', from: today, to: today }, { session })).code,
        path,
      ).toBe(codes.notFound);
    const cards = await call<{ items: { id: string }[] }>(test, '/api/v1/card/refreshData', {}, { session });
    expect(cards.data.items.map((card) => card.id)).toEqual([mine.card.id]);
  });

  it('keeps card calls to holders of cards, simulator controls to staff, and refuses blocked cards', async () => {
    const active = await activatedCard(test);
    const viewer = await colleague(test, active.client.companyId, ['view_balances']);
    expect(
      (
        await call(
          test,
          '/api/v1/card/calc',
          { card_id: active.card.id, amount: '100', asset: 'USDC' },
          { session: viewer },
        )
      ).code,
    ).toBe(codes.forbidden);
    expect((await call(test, '/api/v1/card/refreshData', {}, { session: viewer })).code).toBe(codes.forbidden);
    expect(
      (
        await call(
          test,
          '/api/v1/admin/simulator/cardPurchase',
          { card_id: active.card.id, amount: '1', merchant_name: 'X' },
          { session: active.client.session },
        )
      ).code,
    ).toBe(codes.forbidden);
    // Staff may not top a card up: the transition table says so.
    await test.database.db.transaction(async (tx) => {
      const { cards } = await import('../tables.ts');
      await tx.update(cards).set({ status: 'blocked', block_type: 'admin' }).where(eq(cards.id, active.card.id));
    });
    const blocked = await call(
      test,
      '/api/v1/card/calc',
      { card_id: active.card.id, amount: '100', asset: 'USDC' },
      { session: active.client.session },
    );
    expect(blocked.code).toBe(errorCatalogue.card_blocked_by_admin.code);
    expect((await cardRow(test, active.card.id)).status).toBe('blocked');
  });
});
