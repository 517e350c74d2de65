/**
 * Amounts on screen (DECISIONS.md): thousands separators; 2 decimals for fiat and stable coins, up
 * to 8 for BTC and ETH. Amounts arrive as decimal strings and are formatted by string arithmetic,
 * never through a floating point number, so that no digit is ever invented or lost. Rounding is
 * half away from zero, the convention of a bank statement.
 */
import { displayDecimals } from '@bank/contract/constants';

const decimalPattern = /^([+-]?)(\d+)(?:\.(\d*))?$/;

export type DecimalPlaces = { min: number; max: number };

/** Adds one to a string of digits ("0999" -> "1000"), growing it when the carry runs off the left. */
function incrementDigits(digits: string): string {
  const result = digits.split('');
  for (let index = result.length - 1; index >= 0; index -= 1) {
    if (result[index] === '9') {
      result[index] = '0';
    } else {
      result[index] = String(Number(result[index]) + 1);
      return result.join('');
    }
  }
  return `1${result.join('')}`;
}

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Whether a value is a plain decimal string (what the wire carries). */
export function isDecimalString(value: string): boolean {
  return decimalPattern.test(value.trim());
}

/**
 * Formats a decimal string with the given decimal places: rounded to `max`, trailing zeros dropped
 * down to `min`. A value that is not a decimal string is returned unchanged, so that a wrong value is
 * visible rather than hidden behind a made-up number.
 */
export function formatDecimal(value: string, places: DecimalPlaces): string {
  const match = decimalPattern.exec(value.trim());
  if (!match) return value;
  const [, sign = '', rawInteger = '0', rawFraction = ''] = match;
  let integer = rawInteger.replace(/^0+(?=\d)/, '');
  let fraction = rawFraction;
  if (fraction.length > places.max) {
    const roundingDigit = fraction[places.max] ?? '0';
    fraction = fraction.slice(0, places.max);
    if (roundingDigit >= '5') {
      const incremented = incrementDigits(integer + fraction);
      integer = incremented.slice(0, incremented.length - places.max) || '0';
      fraction = places.max === 0 ? '' : incremented.slice(incremented.length - places.max);
    }
  }
  while (fraction.length > places.min && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  fraction = fraction.padEnd(places.min, '0');
  const isZero = /^0*$/.test(integer + fraction);
  const shownSign = sign === '-' && !isZero ? '-' : '';
  return `${shownSign}${groupThousands(integer)}${fraction ? `.${fraction}` : ''}`;
}

/** The number part of an amount in a currency: "1234.5" USD -> "1,234.50"; "0.123456789" BTC -> "0.12345679". */
export function formatAmount(value: string, currency: string): string {
  return formatDecimal(value, displayDecimals(currency));
}

/** An amount with its currency beside it, as text: "1,234.50 USDT". */
export function formatMoney(value: string, currency: string): string {
  return `${formatAmount(value, currency)} ${currency}`;
}
