/**
 * A card's load limits (SPEC.md section 9), from the one table per card level: shown on the card
 * and in the top-up config, enforced by the top-up rule (per top-up, day, month, load capacity), and
 * printed beside the balance on the card statement (PDF and CSV).
 */
import { randomUUID } from 'node:crypto';
import type { CardDetails } from '@bank/contract/card-management';
import { cardLoadLimitsUsd, type TopUp, type TopUpConfig, type TopUpQuote } from '@bank/contract/card-money';
import { errorCatalogue } from '@bank/contract/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText, readWorkbook, rowValues } from '../../../platform/exports/test-support.ts';
import { call, createRunningTestApp, type RunningTestApp } from '../../../platform/test-support.ts';
import { depositOperator } from '../../deposits/test-support.ts';
import { idempotent } from '../../payouts/test-support.ts';
import { activatedCard, topUpFeeQuote } from '../test-support.ts';
import { topUps } from './tables.ts';

let test: RunningTestApp;
let staff: Awaited<ReturnType<typeof depositOperator>>;

beforeAll(async () => {
  test = await createRunningTestApp();
  // The month's rule needs a day of the month before today: on the 1st the test starts on the 2nd,
  // and quotes the rates again (the app's start quoted them a day earlier: stale by then).
  if (test.clock.now().getUTCDate() === 1) {
    test.clock.advance(86_400);
    await test.app.jobs.runSchedule('ledger__refresh_rates');
  }
  staff = await depositOperator(test);
});
afterAll(async () => {
  await test?.close();
});

type Active = Awaited<ReturnType<typeof activatedCard>>;

const quote = (active: Active, amount: string) =>
  call<TopUpQuote>(
    test,
    '/api/v1/card/calc',
    { card_id: active.card.id, amount, asset: 'USDC' },
    { session: active.client.session },
  );

async function topUp(active: Active, amount: string) {
  const answer = await call<TopUp>(
    test,
    '/api/v1/card/topUp',
    {
      card_id: active.card.id,
      amount,
      asset: 'USDC',
      source_of_funds: 'business_revenue',
      confirmed: true,
      fee_quote: await topUpFeeQuote(test, active.client.session, { card_id: active.card.id, amount, asset: 'USDC' }),
    },
    { session: active.client.session, headers: idempotent(randomUUID()) },
  );
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

const topUpConfig = async (active: Active) =>
  (
    await call<TopUpConfig>(
      test,
      '/api/v1/card/getTopUpConfig',
      { card_id: active.card.id },
      { session: active.client.session },
    )
  ).data;

function monthStart(): Date {
  const now = test.clock.now();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

describe('the load limits of a card level', () => {
  it('are the level’s table on the card and in the top-up config, with the load capacity left', async () => {
    const active = await activatedCard(test, { funds: { USDC: '60000' }, level: 'premier' });
    const premier = cardLoadLimitsUsd.premier;
    const card = await call<CardDetails>(
      test,
      '/api/v1/card/get',
      { card_id: active.card.id },
      {
        session: active.client.session,
      },
    );
    expect(card.data.load_limits).toEqual({
      per_transaction: premier.perTransaction,
      daily: premier.daily,
      monthly: premier.monthly,
      maximum_balance: premier.maximumBalance,
      load_capacity: '25000.00',
    });
    const before = await topUpConfig(active);
    expect(before).toMatchObject({
      maximum: premier.perTransaction,
      daily_cap: premier.daily,
      limits: card.data.load_limits,
      loaded_this_month: '0.00',
      remaining_this_month: premier.monthly,
    });

    // A load on its way counts against the capacity before it reaches the balance.
    await topUp(active, '10000');
    const after = await topUpConfig(active);
    expect(after.limits.load_capacity).toBe('15000.00');
    expect(after).toMatchObject({ loaded_this_month: '10000.00', remaining_this_month: '40000.00' });
  });

  it('refuses a top-up beyond the load capacity, then beyond the month’s limit, each saying which', async () => {
    const active = await activatedCard(test, { funds: { USDC: '60000' }, level: 'premier' });
    await topUp(active, '10000');
    await topUp(active, '10000');
    // Both loads, still on their way, moved to the month's first day: today's cap is free again.
    await test.database.db.update(topUps).set({ created_at: monthStart() }).where(eq(topUps.card_id, active.card.id));

    const beyondCapacity = await quote(active, '5000.01');
    expect(beyondCapacity.code).toBe(errorCatalogue.amount_above_maximum.code);
    expect(beyondCapacity.msg).toBe('This card can hold 5000.00 USD more (its load capacity).');
    expect((await quote(active, '5000.00')).code).toBe(200);

    // The month's loads as if 49,990 USD had reached the card earlier in the month and been spent:
    // nothing on its way, an empty balance, and 10 USD left of the monthly limit.
    const [first] = await test.database.db.select().from(topUps).where(eq(topUps.card_id, active.card.id));
    await test.database.db.update(topUps).set({ status: 'success' }).where(eq(topUps.card_id, active.card.id));
    await test.database.db
      .update(topUps)
      .set({ amount: '39990.00' })
      .where(eq(topUps.id, first?.id ?? ''));
    const beyondMonth = await quote(active, '10.01');
    expect(beyondMonth.code).toBe(errorCatalogue.amount_above_maximum.code);
    expect(beyondMonth.msg).toBe('This card can take 10.00 USD more this month (monthly top-up limit).');
    expect((await quote(active, '10.00')).code).toBe(200);
  });
});

describe('the card statement', () => {
  it('shows the load capacity beside the closing balance and the level’s limits, in PDF and CSV', async () => {
    const active = await activatedCard(test, { funds: { USDC: '5000' }, level: 'premier' });
    await topUp(active, '1000');
    const loaded = await call(
      test,
      '/api/v1/admin/simulator/cardLoads',
      { card_id: active.card.id, next_outcome: 'success', complete_now: true },
      { session: staff },
    );
    expect(loaded.code, loaded.msg).toBe(200);

    const today = test.clock.now().toISOString().slice(0, 10);
    const statement = (format: 'pdf' | 'csv' | 'xlsx', language: 'en' | 'jp') =>
      test.app.inject({
        method: 'POST',
        url: '/api/v1/card/transactionStatement',
        payload: { card_id: active.card.id, format, from: today, to: today },
        headers: {
          'content-type': 'application/json',
          token: active.client.session.token,
          userid: active.client.session.userid,
          language,
        },
      });

    const pdf = await pdfText((await statement('pdf', 'en')).rawPayload);
    // pdf.js reads each drawn string as an item, spaces between them as items of their own.
    const lines = pdf.text.split('\n').filter((item) => item.trim() !== '');
    const valueAfter = (label: string) => lines[lines.indexOf(label) + 1];
    expect(lines).toContain('Load capacity and limits');
    expect(valueAfter('Load capacity')).toBe('24,000.00 USD');
    expect(valueAfter('Maximum card balance')).toBe('25,000.00 USD');
    expect(valueAfter('Per top-up limit')).toBe('10,000.00 USD');
    expect(valueAfter('Daily top-up limit')).toBe('20,000.00 USD');
    expect(valueAfter('Monthly top-up limit')).toBe('50,000.00 USD');

    const japanese = await pdfText((await statement('pdf', 'jp')).rawPayload);
    expect(japanese.text).toContain('チャージ可能額と上限');
    expect(japanese.text).toContain('1か月のチャージ上限');

    // The CSV is the lines alone (one table for an import); the summary and the limits are the XLSX's too.
    const rows: unknown[][] = [];
    (await readWorkbook((await statement('xlsx', 'en')).rawPayload)).worksheets[0]?.eachRow((row) => {
      rows.push(rowValues(row));
    });
    expect(rows.find((row) => row[0] === 'USD')?.at(-1)).toBe('1000.00');
    expect(rows).toContainEqual(['Load capacity', '24000.00', 'USD']);
    expect(rows).toContainEqual(['Monthly top-up limit', '50000.00', 'USD']);
  });
});
