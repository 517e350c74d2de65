/**
 * dashboard/home: the company's balance per digital asset (posted, held, available), each valued
 * in US dollars at the newest rate, and their total. An asset without an account reads as zero.
 */
import type { AssetBalance, BalanceHistoryPoint, DashboardHome } from '@bank/contract/ledger';
import { digitalAssets } from '@bank/contract/money';
import { sql } from 'drizzle-orm';
import { type DbHandle, executeRows } from '../../platform/db.ts';
import { formatAmountForWire, Money, type MoneyValue, parseAmount } from '../../platform/money.ts';
import { companyBalances } from './accounts.ts';
import { dailyBalances } from './entries.ts';
import { isRateStale, latestRates } from './rates.ts';

export async function dashboardHome(handle: DbHandle, companyId: string, now: Date): Promise<DashboardHome> {
  const [accounts, rates] = await Promise.all([companyBalances(handle, companyId), latestRates(handle)]);
  const balances: AssetBalance[] = digitalAssets.map((asset) => {
    const account = accounts.find((row) => row.asset === asset);
    const rate = rates.get(asset);
    const balance = parseAmount(account?.balance ?? '0');
    return {
      asset,
      balance: formatAmountForWire(balance, asset),
      held: formatAmountForWire(parseAmount(account?.held ?? '0'), asset),
      available: formatAmountForWire(parseAmount(account?.available ?? '0'), asset),
      usd_value: rate ? formatAmountForWire(balance.times(rate.usdRate), 'USD') : null,
      rate: rate?.usdRate ?? null,
    };
  });
  const isEveryRateKnown = balances.every((line) => line.usd_value !== null);
  const total = balances.reduce((sum, line) => sum.plus(line.usd_value ?? 0), new Money(0));
  const quotedTimes = [...rates.values()].map((rate) => rate.quotedAt.getTime());
  const oldest = quotedTimes.length > 0 ? new Date(Math.min(...quotedTimes)) : null;
  return {
    balances,
    total_usd: isEveryRateKnown ? formatAmountForWire(total, 'USD') : null,
    rates_at: oldest?.toISOString() ?? null,
    are_rates_stale: oldest === null || isRateStale({ quotedAt: oldest }, now),
  };
}

/**
 * dashboard/balanceHistory: the company's total in US dollars at the end of each day, each asset
 * valued at the last rate quoted before that day ended (the oldest known rate for days before the
 * first quote, so that a young bank's chart starts flat rather than at zero).
 */
export async function balanceHistory(
  handle: DbHandle,
  companyId: string,
  days: number,
  now: Date,
): Promise<BalanceHistoryPoint[]> {
  const [balances, dayRates] = await Promise.all([
    dailyBalances(handle, companyId, days, now),
    dailyRates(handle, days, now),
  ]);
  const totals = new Map<string, MoneyValue>();
  for (const day of dayRates.keys()) totals.set(day, new Money(0));
  for (const line of balances) {
    const rate = dayRates.get(line.date)?.get(line.asset);
    if (rate === undefined) continue;
    totals.set(line.date, (totals.get(line.date) ?? new Money(0)).plus(line.balance.times(rate)));
  }
  return [...totals].map(([date, total]) => ({ date, total_usd: formatAmountForWire(total, 'USD') }));
}

async function dailyRates(handle: DbHandle, days: number, now: Date): Promise<Map<string, Map<string, string>>> {
  const rows = await executeRows<{ day: string; asset: string; usd_rate: string | null; first_rate: string | null }>(
    handle,
    sql`select to_char(d.day at time zone 'UTC', 'YYYY-MM-DD') as day, x.asset,
          (select r.usd_rate::text from exchange_rates r
            where r.asset = x.asset and r.quoted_at < d.day + interval '1 day'
            order by r.quoted_at desc limit 1) as usd_rate,
          (select r.usd_rate::text from exchange_rates r where r.asset = x.asset
            order by r.quoted_at limit 1) as first_rate
        from generate_series(
          date_trunc('day', ${now.toISOString()}::timestamptz, 'UTC') - ${days - 1} * interval '1 day',
          date_trunc('day', ${now.toISOString()}::timestamptz, 'UTC'),
          interval '1 day') as d(day)
        cross join unnest(${sql.raw(`array[${digitalAssets.map((asset) => `'${asset}'`).join(', ')}]`)}::text[]) as x(asset)
        order by d.day`,
  );
  const rates = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const day = rates.get(row.day) ?? new Map<string, string>();
    const rate = row.usd_rate ?? row.first_rate;
    if (rate !== null) day.set(row.asset, rate);
    rates.set(row.day, day);
  }
  return rates;
}
