/**
 * dashboard/home: the company's balance per digital asset (posted, held, available), each valued
 * in US dollars at the newest rate, and their total. An asset without an account reads as zero.
 */
import type { AssetBalance, BalanceHistoryPoint, DashboardHome } from '@bank/contract/ledger';
import { digitalAssets } from '@bank/contract/money';
import type { DbHandle } from '../../platform/db.ts';
import { formatAmountForWire, Money, type MoneyValue, parseAmount } from '../../platform/money.ts';
import { companyBalances, dailyBalances, dailyRates, latestRates } from './queries.ts';
import { isRateStale } from './rates.ts';

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
