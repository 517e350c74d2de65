/**
 * Conversion between two units (an asset and a fiat currency, or two assets) at the rates kept in
 * `exchange_rates`: the one rule that fiat deposits, fiat payouts and FX share. A rate is the units
 * of the target per unit of the source (each unit's USD rate divided by the other's, 8 decimals);
 * the converted amount is rounded half up to the target's scale, a fee rounded up (the bank's
 * favour, stated), and a rate older than rateStaleAfterMinutes converts nothing.
 */
import type { Asset } from '@bank/contract/money';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { type MoneyValue, parseAmount, roundToAsset } from '../../platform/money.ts';
import { latestRates } from './queries.ts';
import { isRateStale } from './rates.ts';

export type ConversionRates = { usdPerUnit: MoneyValue; usdPerTarget: MoneyValue; rateAt: Date; isStale: boolean };

export type Conversion = { rate: MoneyValue; rateAt: Date; gross: MoneyValue; fee: MoneyValue; net: MoneyValue };

/** The USD rates of a source and a target unit, with the older quote's time; `rates_stale` when either has none. */
export async function conversionRates(handle: DbHandle, from: Asset, to: Asset, now: Date): Promise<ConversionRates> {
  const rates = await latestRates(handle);
  const source = rates.get(from);
  const target = rates.get(to);
  if (!source || !target) throw new AppError('rates_stale', { detail: `no rate for ${from} or ${to}` });
  const rateAt = source.quotedAt < target.quotedAt ? source.quotedAt : target.quotedAt;
  return {
    usdPerUnit: parseAmount(source.usdRate),
    usdPerTarget: parseAmount(target.usdRate),
    rateAt,
    isStale: isRateStale({ quotedAt: rateAt }, now),
  };
}

/** Units of the target per unit of the source, to 8 decimals. */
export function rateOf(rates: Pick<ConversionRates, 'usdPerUnit' | 'usdPerTarget'>): MoneyValue {
  return rates.usdPerUnit.dividedBy(rates.usdPerTarget).toDecimalPlaces(8);
}

/** `amount` of the source in the target, less `feeRate` of the converted amount (rounded up). */
export function convert(
  amount: MoneyValue,
  target: Asset,
  rates: Pick<ConversionRates, 'usdPerUnit' | 'usdPerTarget' | 'rateAt'>,
  feeRate: string,
): Conversion {
  const rate = rateOf(rates);
  const gross = roundToAsset(amount.times(rate), target);
  const fee = roundToAsset(gross.times(feeRate), target, 'fee');
  return { rate, rateAt: rates.rateAt, gross, fee, net: gross.minus(fee) };
}
