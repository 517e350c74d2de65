import type { UserInfo } from '@bank/contract/account';
import type { DashboardHome } from '@bank/contract/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createRunningTestApp, type RunningTestApp } from '../../platform/test-support.ts';
import { registerUser, signIn } from '../account/test-support.ts';
import { ledger } from './ledger.ts';
import { refreshRatesSchedule } from './rates.ts';
import { exchangeRates } from './tables.ts';
import { clearingAccountOf, fundedAccount } from './test-support.ts';

let test: RunningTestApp;

beforeAll(async () => {
  test = await createRunningTestApp();
});
afterAll(async () => {
  await test?.close();
});

async function newCompany() {
  const session = await signIn(test, await registerUser(test));
  const info = await call<UserInfo>(test, '/api/v1/account/getUserInfo', {}, { session });
  return { session, companyId: info.data.company?.id ?? '' };
}

describe('dashboard/home', () => {
  it('shows a new company every asset at zero, valued at the rates quoted at start', async () => {
    const { session } = await newCompany();
    const home = await call<DashboardHome>(test, '/api/v1/dashboard/home', {}, { session });
    expect(home.code).toBe(200);
    expect(home.data.balances.map((line) => [line.asset, line.balance, line.available, line.usd_value])).toEqual([
      ['USDT', '0', '0', '0'],
      ['USDC', '0', '0', '0'],
      ['BTC', '0', '0', '0'],
      ['ETH', '0', '0', '0'],
    ]);
    expect(home.data.total_usd).toBe('0');
    expect(home.data.are_rates_stale).toBe(false);
  });

  it("values each of the company's balances at its rate, and keeps held money apart", async () => {
    const { session, companyId } = await newCompany();
    const now = test.clock.now();
    await fundedAccount(test.database.db, companyId, 'USDC', '1500.25', now);
    await fundedAccount(test.database.db, companyId, 'BTC', '0.5', now);
    const usdc = await fundedAccount(test.database.db, companyId, 'USDC', '0', now);
    const clearing = await clearingAccountOf(test.database.db, 'USDC', now);
    await ledger.transfer(
      test.database.db,
      [
        {
          idempotencyKey: 'dashboard-hold',
          kind: 'payout',
          asset: 'USDC',
          debitAccountId: usdc,
          creditAccountId: clearing,
          amount: '500',
          reference: { type: 'test', id: 'hold' },
          isPending: true,
        },
      ],
      now,
    );
    await test.database.db.insert(exchangeRates).values([
      { asset: 'USDC', usd_rate: '0.9999', source: 'test', quoted_at: now },
      { asset: 'BTC', usd_rate: '100000.01', source: 'test', quoted_at: now },
    ]);
    const home = await call<DashboardHome>(test, '/api/v1/dashboard/home', {}, { session });
    const line = (asset: string) => home.data.balances.find((balance) => balance.asset === asset);
    expect(line('USDC')).toMatchObject({
      balance: '1500.25',
      held: '500',
      available: '1000.25',
      usd_value: '1500.1',
      rate: '0.9999',
    });
    expect(line('BTC')).toMatchObject({ balance: '0.5', usd_value: '50000.01' });
    expect(home.data.total_usd).toBe('51500.11');
  });

  it('says when the rates are stale, and the schedule quotes new ones', async () => {
    // Sessions end after 15 idle minutes too: sign in once the rates have aged.
    test.clock.advance(16 * 60);
    const { session } = await newCompany();
    const stale = await call<DashboardHome>(test, '/api/v1/dashboard/home', {}, { session });
    expect(stale.data.are_rates_stale).toBe(true);
    await test.app.jobs.runSchedule(refreshRatesSchedule);
    const fresh = await call<DashboardHome>(test, '/api/v1/dashboard/home', {}, { session });
    expect(fresh.data.are_rates_stale).toBe(false);
    expect(test.clock.now().getTime() - new Date(fresh.data.rates_at ?? 0).getTime()).toBeLessThan(5_000);
  });

  it('answers 9400 without a session', async () => {
    expect((await call(test, '/api/v1/dashboard/home', {})).code).toBe(9400);
  });
});

describe('dashboard/balanceHistory', () => {
  it('gives the total at the end of each day, valued at that day’s rates, and follows what changed', async () => {
    const { session, companyId } = await newCompany();
    const now = test.clock.now();
    const history = (days: number) =>
      call<{ points: { date: string; total_usd: string }[] }>(
        test,
        '/api/v1/dashboard/balanceHistory',
        { days },
        { session },
      );
    const before = await history(30);
    expect(before.code).toBe(200);
    expect(before.data.points).toHaveLength(30);
    expect(before.data.points.at(-1)?.date).toBe(now.toISOString().slice(0, 10));
    expect(before.data.points.every((point) => point.total_usd === '0')).toBe(true);

    // Yesterday's deposit counts from yesterday on; today's only today.
    const yesterday = new Date(now.getTime() - 86_400_000);
    await fundedAccount(test.database.db, companyId, 'USDC', '1000', yesterday);
    await fundedAccount(test.database.db, companyId, 'USDC', '500', now);
    const after = (await history(90)).data.points;
    expect(after).toHaveLength(90);
    const home = await call<DashboardHome>(test, '/api/v1/dashboard/home', {}, { session });
    expect(after.at(-1)?.total_usd).toBe(home.data.total_usd);
    expect(Number(after.at(-2)?.total_usd)).toBeCloseTo(1000, 0);
    expect(after.at(-3)?.total_usd).toBe('0');
    expect((await history(45)).code).toBe(9422);
  });
});
