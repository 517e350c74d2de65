/**
 * Money in server code: decimal.js, never a JavaScript number. Contract amounts (decimal strings
 * checked against their asset's scale) are parsed into Decimal, computed with, rounded to the
 * asset's scale with a stated rule, and written back as plain decimal strings (no exponent).
 */
import { type Asset, scaleOfAsset } from '@bank/contract/money';
import Decimal from 'decimal.js';

/** One configuration for all money: enough precision for NUMERIC(38, 18), never exponent notation. */
export const Money = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -60, toExpPos: 60 });
export type MoneyValue = InstanceType<typeof Money>;

/**
 * How a computed amount is brought to its asset's scale:
 * - `half_up` for what the client receives (a converted amount): the usual commercial rounding;
 * - `fee` for what the client pays (a fee): up, in the bank's favour, as DECISIONS.md states.
 */
export type RoundingRule = 'half_up' | 'fee';

export function parseAmount(value: string): MoneyValue {
  return new Money(value);
}

export function roundToAsset(value: MoneyValue, asset: Asset, rule: RoundingRule = 'half_up'): MoneyValue {
  return value.toDecimalPlaces(scaleOfAsset[asset], rule === 'fee' ? Decimal.ROUND_UP : Decimal.ROUND_HALF_UP);
}

/** The wire form: a plain decimal string at most the asset's scale, trailing zeros dropped. */
export function formatAmountForWire(value: MoneyValue, asset: Asset, rule: RoundingRule = 'half_up'): string {
  return roundToAsset(value, asset, rule).toFixed();
}
