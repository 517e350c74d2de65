/**
 * Amounts on screen (DECISIONS.md): thousands separators; 2 decimals for fiat and stable coins, up
 * to 8 for BTC and ETH (the contract's displayDecimals). Amounts arrive as decimal strings and are
 * handed to Intl.NumberFormat as strings, which formats them exactly (no floating point number is
 * ever made, so no digit is invented or lost) and rounds half away from zero, the convention of a
 * bank statement. Display needs no decimal library; arithmetic on money happens on the server.
 */
import { displayDecimals } from '@bank/contract/money';

const decimalPattern = /^[+-]?\d+(?:\.\d*)?$/;

export type DecimalPlaces = { min: number; max: number };

/** Whether a value is a plain decimal string (what the wire carries). */
export function isDecimalString(value: string): boolean {
  return decimalPattern.test(value.trim());
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(locale: string, places: DecimalPlaces): Intl.NumberFormat {
  const key = `${locale}|${places.min}|${places.max}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: places.min,
      maximumFractionDigits: places.max,
      roundingMode: 'halfExpand',
      // A value that rounds to zero is shown without a sign.
      signDisplay: 'negative',
      useGrouping: true,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Makes the locale's amount format ahead of need. A browser's first number format loads its number
 * data (about 90 ms on a slow phone, measured at 4x slower CPU), and home's balances asked for it in
 * the same task that drew them; the signed-in shell asks for it in a task of its own once drawn.
 */
export function prepareAmountFormat(locale: string): void {
  formatterOf(locale, displayDecimals('USD'));
}

/**
 * Formats a decimal string with the given decimal places: rounded to `max`, trailing zeros dropped
 * down to `min`. A value that is not a decimal string is returned unchanged, so that a wrong value is
 * visible rather than hidden behind a made-up number.
 */
export function formatDecimal(value: string, places: DecimalPlaces, locale = 'en'): string {
  const trimmed = value.trim();
  if (!decimalPattern.test(trimmed)) return value;
  const plain = trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
  return formatterOf(locale, places).format(plain as Intl.StringNumericLiteral);
}

/** The number part of an amount in a currency: "1234.5" USD -> "1,234.50"; "0.123456789" BTC -> "0.12345679". */
export function formatAmount(value: string, currency: string, locale = 'en'): string {
  return formatDecimal(value, displayDecimals(currency), locale);
}

/** An amount with its currency beside it, as text: "1,234.50 USDT". */
export function formatMoney(value: string, currency: string, locale = 'en'): string {
  return `${formatAmount(value, currency, locale)} ${currency}`;
}
