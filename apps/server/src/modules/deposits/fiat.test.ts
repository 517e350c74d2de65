import { randomUUID } from 'node:crypto';
import type { BankCredit, BankDetails, FiatDepositQuote } from '@bank/contract/deposit';
import type { DashboardHome } from '@bank/contract/ledger';
import type { Transaction, TransactionDetails } from '@bank/contract/transaction';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createRunningTestApp, type RunningTestApp } from '../../platform/test-support.ts';
import { checkLedgerInvariants } from '../ledger/index.ts';
import { approvedCompany, type ClientOfCompany, depositOperator } from './test-support.ts';

let test: RunningTestApp;
let operator: Awaited<ReturnType<typeof depositOperator>>;

beforeAll(async () => {
  test = await createRunningTestApp();
  operator = await depositOperator(test);
});
afterAll(async () => {
  await test?.close();
});

const today = () => test.clock.now().toISOString().slice(0, 10);
const idempotent = () => ({ 'idempotency-key': `fiat-test-${randomUUID()}` });

async function referenceOf(client: ClientOfCompany): Promise<string> {
  const details = await call<BankDetails>(test, '/api/v1/deposit/bankDetails', { currency: 'USD' }, client);
  return details.data.reference;
}

function notice(client: ClientOfCompany, body: Record<string, unknown>, headers = idempotent()) {
  return call<{ transaction_id: string }>(
    test,
    '/api/v1/deposit/submit',
    { currency: 'USD', target: 'USDC', expected_date: today(), ...body },
    { session: client.session, headers },
  );
}

function bankTransfer(body: { currency?: string; amount: string; reference: string; sender?: string }) {
  return call<BankCredit>(
    test,
    '/api/v1/admin/simulator/bankCredit',
    { currency: 'USD', sender: 'ACME TRADING LTD', ...body },
    { session: operator },
  );
}

function credit(creditId: string, extra: Record<string, unknown> = {}, headers = idempotent()) {
  return call<BankCredit>(
    test,
    '/api/v1/admin/deposits/credit',
    { credit_id: creditId, ...extra },
    {
      session: operator,
      headers,
    },
  );
}

const transactionOf = (client: ClientOfCompany, id: string) =>
  call<Transaction>(test, '/api/v1/transaction/get', { transaction_id: id }, { session: client.session });

async function balanceOf(client: ClientOfCompany, asset: string): Promise<string | undefined> {
  const home = await call<DashboardHome>(test, '/api/v1/dashboard/home', {}, { session: client.session });
  return home.data.balances.find((line) => line.asset === asset)?.balance;
}

describe('fiat deposits', () => {
  it('quotes the converted amount, the fee rounded in the bank’s favour, and the minimum first deposit', async () => {
    const client = await approvedCompany(test);
    const quote = await call<FiatDepositQuote>(
      test,
      '/api/v1/deposit/quote',
      { currency: 'USD', amount: '5000', target: 'USDC' },
      { session: client.session },
    );
    expect(quote.code).toBe(200);
    const { gross, fee, net, rate } = quote.data;
    expect(new Decimal(gross).eq(new Decimal('5000').times(rate).toDecimalPlaces(6))).toBe(true);
    expect(new Decimal(fee).eq(new Decimal(gross).times('0.005').toDecimalPlaces(6, Decimal.ROUND_UP))).toBe(true);
    expect(new Decimal(net).eq(new Decimal(gross).minus(fee))).toBe(true);
    expect(quote.data).toMatchObject({ is_first_deposit: true, minimum_amount: '1000.00', are_rates_stale: false });
    const gbp = await call<FiatDepositQuote>(
      test,
      '/api/v1/deposit/quote',
      { currency: 'GBP', amount: '100', target: 'USDT' },
      { session: client.session },
    );
    expect(Number(gbp.data.minimum_amount)).toBeLessThan(1000);
  });

  it('refuses a first notice below the minimum, a day in the past, and a bad amount, each naming its field', async () => {
    const client = await approvedCompany(test);
    const small = await notice(client, { amount: '999.99' });
    expect(small.code).toBe(9422);
    expect((small.data as unknown as { fields: Record<string, string> }).fields.amount).toBe(
      'The minimum first deposit is 1,000 USD, USDT, USDC or equivalent (1000.00 USD)',
    );
    const past = await notice(client, { amount: '5000', expected_date: '2020-01-01' });
    expect((past.data as unknown as { fields: Record<string, string> }).fields.expected_date).toBe(
      'Choose a date from today to 30 days ahead',
    );
    const cents = await notice(client, { amount: '5000.001' });
    expect(Object.keys((cents.data as unknown as { fields: Record<string, string> }).fields)).toEqual(['amount']);
    const record = await call<{ items: Transaction[] }>(test, '/api/v1/transaction/record', {}, client);
    expect(record.data.items).toEqual([]);
  });

  it('matches a bank credit to the company and its notice, and staff credit it at the rate less the fee, once', async () => {
    const client = await approvedCompany(test, 'Meridian Test Treasury');
    const reference = await referenceOf(client);
    const submitted = await notice(client, { amount: '5000' });
    expect(submitted.code).toBe(200);
    const line = await transactionOf(client, submitted.data.transaction_id);
    expect(line.data).toMatchObject({ type: 'fiat_deposit', status: 'in_process', asset: 'USDC' });
    expect(line.data.fiat).toMatchObject({ currency: 'USD', amount: '5000', reference, rate: null });

    // The transfer carries the reference among other words, in lower case.
    const arrived = await bankTransfer({ amount: '5000', reference: `invoice 88 ${reference.toLowerCase()}` });
    expect(arrived.data).toMatchObject({
      status: 'unmatched',
      company: { name: 'Meridian Test Treasury' },
      notice: { transaction_id: submitted.data.transaction_id, amount: '5000', target: 'USDC' },
      is_first_deposit: true,
      is_below_minimum: false,
    });
    expect((await transactionOf(client, submitted.data.transaction_id)).data.status).toBe('admin_review');
    expect(await balanceOf(client, 'USDC')).toBe('0');

    const headers = idempotent();
    const credited = await credit(arrived.data.credit_id, {}, headers);
    expect(credited.code).toBe(200);
    expect(credited.data.status).toBe('credited');
    const { rate, fee, net } = credited.data.credited ?? { rate: '', fee: '', net: '' };
    const gross = new Decimal('5000').times(rate).toDecimalPlaces(6);
    expect(new Decimal(fee).eq(gross.times('0.005').toDecimalPlaces(6, Decimal.ROUND_UP))).toBe(true);
    expect(await balanceOf(client, 'USDC')).toBe(new Decimal(net).toFixed());

    // A replay answers the same; another key finds it already credited.
    const replay = await credit(arrived.data.credit_id, {}, headers);
    expect(replay.data).toEqual(credited.data);
    expect((await credit(arrived.data.credit_id)).code).toBe(9409);
    expect(await balanceOf(client, 'USDC')).toBe(new Decimal(net).toFixed());

    const details = await call<TransactionDetails>(
      test,
      '/api/v1/transaction/details',
      { transaction_id: submitted.data.transaction_id },
      client,
    );
    expect(details.data.transaction).toMatchObject({ status: 'success', amount: new Decimal(net).toFixed(), fee });
    expect(details.data.transaction.fiat).toMatchObject({ rate });
    expect(details.data.transaction.counterparty).toBe('ACME TRADING LTD');
    expect(details.data.steps.map((step) => step.step)).toEqual(['notice_submitted', 'funds_received', 'credited']);
    const deposit = await call<TransactionDetails>(
      test,
      '/api/v1/deposit/get',
      { transaction_id: submitted.data.transaction_id },
      client,
    );
    // The deposit's details are the line's, with the notice behind it.
    expect(deposit.data).toEqual({
      ...details.data,
      notice: expect.objectContaining({ amount: '5000', status: 'credited', proof: null }),
    });
    expect(details.data.movements.map((movement) => [movement.kind, movement.direction, movement.amount])).toEqual([
      ['fiat_deposit', 'credit', gross.toFixed()],
      // The ledger's `fee`, named for the client by what it was for.
      ['conversion_fee', 'debit', new Decimal(fee).toFixed()],
    ]);
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });

  it('matches one notice to one transfer when two of its amount arrive at once', async () => {
    const client = await approvedCompany(test);
    const reference = await referenceOf(client);
    expect((await notice(client, { amount: '4321' })).code).toBe(200);
    const arrived = await Promise.all([1, 2].map(() => bankTransfer({ amount: '4321', reference })));
    expect(arrived.map((answer) => answer.code)).toEqual([200, 200]);
    const withNotice = arrived.filter((answer) => answer.data.notice !== null);
    expect(withNotice).toHaveLength(1);
  });

  it('keeps a credit with an unknown reference for staff to return, and a first deposit below the minimum needs a reason', async () => {
    const stray = await bankTransfer({ amount: '250', reference: 'NO REFERENCE' });
    expect(stray.data.company).toBeNull();
    expect((await credit(stray.data.credit_id)).code).toBe(9409);
    const tooShort = await call(
      test,
      '/api/v1/admin/deposits/return',
      { credit_id: stray.data.credit_id, reason: '' },
      {
        session: operator,
      },
    );
    expect(tooShort.code).toBe(9422);
    const returned = await call<BankCredit>(
      test,
      '/api/v1/admin/deposits/return',
      { credit_id: stray.data.credit_id, reason: 'No company reference: returned to the sender' },
      { session: operator },
    );
    expect(returned.data).toMatchObject({ status: 'returned', reason: 'No company reference: returned to the sender' });

    const client = await approvedCompany(test);
    const small = await bankTransfer({ amount: '300', reference: await referenceOf(client) });
    expect(small.data).toMatchObject({ is_first_deposit: true, is_below_minimum: true, notice: null });
    const [line] = (await call<{ items: Transaction[] }>(test, '/api/v1/transaction/record', {}, client)).data.items;
    expect(line).toMatchObject({ status: 'admin_review', type: 'fiat_deposit' });
    const withoutReason = await credit(small.data.credit_id);
    expect(withoutReason.code).toBe(9422);
    const withReason = await credit(small.data.credit_id, { reason: 'Agreed with the client: first tranche' });
    expect(withReason.data.status).toBe('credited');
    expect((await transactionOf(client, line?.transaction_id ?? '')).data.status).toBe('success');
  });

  it('returns a notice’s transfer: the company’s line says rejected and nothing is credited', async () => {
    const client = await approvedCompany(test);
    const submitted = await notice(client, { amount: '2000' });
    const arrived = await bankTransfer({ amount: '2000', reference: await referenceOf(client) });
    await call(
      test,
      '/api/v1/admin/deposits/return',
      { credit_id: arrived.data.credit_id, reason: 'Sender name mismatch' },
      {
        session: operator,
      },
    );
    expect((await transactionOf(client, submitted.data.transaction_id)).data.status).toBe('rejected');
    expect(await balanceOf(client, 'USDC')).toBe('0');
  });

  it('keeps the back office to staff and each company to its own lines', async () => {
    const client = await approvedCompany(test);
    const other = await approvedCompany(test);
    const submitted = await notice(client, { amount: '5000' });
    expect((await transactionOf(other, submitted.data.transaction_id)).code).toBe(9404);
    for (const path of ['/api/v1/transaction/details', '/api/v1/deposit/get'])
      expect((await call(test, path, { transaction_id: submitted.data.transaction_id }, other)).code).toBe(9404);
    expect((await call(test, '/api/v1/admin/deposits/bankCredits', {}, client)).code).toBe(9403);
    expect(
      (await call(test, '/api/v1/admin/deposits/credit', { credit_id: submitted.data.transaction_id }, client)).code,
    ).toBe(9403);
    const list = await call<{ items: BankCredit[] }>(
      test,
      '/api/v1/admin/deposits/bankCredits',
      { status: 'unmatched' },
      {
        session: operator,
      },
    );
    expect(list.data.items.every((item) => item.status === 'unmatched')).toBe(true);
  });

  it('searches the bank credits on the server: the sender, the reference', async () => {
    const client = await approvedCompany(test);
    const reference = await referenceOf(client);
    const sender = `NUMBAT ${randomUUID().slice(0, 8).toUpperCase()} LTD`;
    const arrived = await bankTransfer({ amount: '4200', reference, sender });
    expect(arrived.code, arrived.msg).toBe(200);
    await bankTransfer({ amount: '4300', reference: 'NO SUCH REFERENCE' });
    const found = async (search: string) =>
      (
        await call<{ items: BankCredit[] }>(
          test,
          '/api/v1/admin/deposits/bankCredits',
          { search, page_size: 100 },
          { session: operator },
        )
      ).data.items.map((item) => item.credit_id);
    expect(await found(sender.toLowerCase())).toEqual([arrived.data.credit_id]);
    expect(await found(reference)).toContain(arrived.data.credit_id);
    expect(await found(`${sender}%`)).toEqual([]);
  });

  // Last: it moves the clock past the rates’ freshness (15 minutes), short of the sessions’ idle limit (16).
  it('converts nothing at a stale rate, and says so', async () => {
    const client = await approvedCompany(test);
    const reference = await referenceOf(client);
    const arrived = await bankTransfer({ amount: '5000', reference });
    test.clock.advance(15 * 60 + 30);
    const refused = await credit(arrived.data.credit_id);
    expect(refused.code).toBe(9461);
    expect(refused.msg).toBe('Exchange rates are being updated. Please try again in a few minutes.');
    expect(await balanceOf(client, 'USDC')).toBe('0');
    // Quoted again (the simulator, outside production), the rates convert.
    const quoted = await call(test, '/api/v1/admin/simulator/rates', {}, { session: operator });
    expect(quoted.code).toBe(200);
    expect((await call(test, '/api/v1/admin/simulator/rates', {}, client)).code).toBe(9403);
    expect((await credit(arrived.data.credit_id)).data.status).toBe('credited');
    // A notice only announces: it is taken, its amount indicative, and converts at the credit's rate.
    const announced = await notice(client, { amount: '5000' });
    expect(announced.code).toBe(200);
  });
});
