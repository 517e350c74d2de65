/**
 * The minimum first deposit (DECISIONS.md "Money", SPEC.md section 9): the first credit of a
 * company, coins or fiat alike, must be worth at least 1,000 USD. A first fiat notice below it is
 * refused (fiat.ts); a first incoming credit below it is not credited but waits for the back office,
 * which credits it (with a reason) or returns it: a bank transfer (fiat.ts) as much as coins
 * (incoming.ts). Without the hold on coins a tiny coin deposit would become the first deposit and
 * lift the minimum for every fiat deposit after it. Whether a company has had a credit yet is
 * queries.ts's isFirstDeposit.
 */
import { minimumFirstDepositUsd } from '@bank/contract/deposit';
import { type DigitalAsset, stablecoins } from '@bank/contract/money';
import type { DbHandle } from '../../platform/db.ts';
import { Money, type MoneyValue, parseAmount } from '../../platform/money.ts';
import { latestRates } from '../ledger/index.ts';

/**
 * Coins worth less than the minimum: stable coins count one for one against US dollars (SPEC.md:
 * "1,000 USD (USDT/USDC) or equivalent"); BTC and ETH at their last quoted USD rate. Without any
 * rate their worth is unknown, so they count as below: staff decide, the rule is never skipped.
 */
export async function isCoinAmountBelowMinimum(
  handle: DbHandle,
  asset: DigitalAsset,
  amount: MoneyValue,
): Promise<boolean> {
  const minimum = new Money(minimumFirstDepositUsd);
  if ((stablecoins as readonly string[]).includes(asset)) return amount.lessThan(minimum);
  const rate = (await latestRates(handle)).get(asset);
  if (!rate) return true;
  return amount.times(parseAmount(rate.usdRate)).lessThan(minimum);
}
