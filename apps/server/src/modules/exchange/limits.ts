/**
 * Where FX ends and OTC begins (contract otcThresholdUsd): an amount worth the threshold or more in
 * US dollars at the current rate is OTC's; below it, FX's. And a conversion must give something.
 */
import { otcThresholdUsd } from '@bank/contract/exchange';
import { AppError } from '../../platform/errors.ts';
import { Money, type MoneyValue } from '../../platform/money.ts';

const threshold = new Money(otcThresholdUsd);
/** The threshold as the messages show it: "100,000". */
const thresholdText = new Intl.NumberFormat('en-US').format(Number(otcThresholdUsd));

export function usdValueOf(amount: MoneyValue, usdPerUnit: MoneyValue): MoneyValue {
  return amount.times(usdPerUnit);
}

export function assertBelowOtcThreshold(amount: MoneyValue, usdPerUnit: MoneyValue): void {
  if (usdValueOf(amount, usdPerUnit).greaterThanOrEqualTo(threshold))
    throw new AppError('validation', {
      fields: { amount: { key: 'validation.fx_above_otc_threshold', params: { amount: thresholdText } } },
    });
}

export function assertAtLeastOtcThreshold(amount: MoneyValue, usdPerUnit: MoneyValue): void {
  if (usdValueOf(amount, usdPerUnit).lessThan(threshold))
    throw new AppError('validation', {
      fields: { amount: { key: 'validation.otc_below_threshold', params: { amount: thresholdText } } },
    });
}

export function assertConvertsToSomething(received: MoneyValue): void {
  if (!received.greaterThan(0))
    throw new AppError('validation', { fields: { amount: { key: 'validation.exchange_amount_too_small' } } });
}
