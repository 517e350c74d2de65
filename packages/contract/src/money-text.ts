/**
 * Money as people read it, one way for every page, export, email, inbox message and webhook text
 * (DECISIONS.md "amounts on screen"): amounts with thousands separators at the asset's
 * display decimals, and a rate always as "1 BASE = rate QUOTE", base asset first.
 *
 * Amounts arrive as decimal strings and are handed to Intl.NumberFormat as strings, which formats
 * them exactly (no floating point number is ever made, so no digit is invented or lost) and rounds
 * half away from zero, the convention of a bank statement. Display needs no decimal library.
 */
import { displayDecimals } from './money.ts';

const decimalPattern = /^[+-]?\d+(?:\.\d*)?$/;

export type DecimalPlaces = { min: number; max: number };

const formatters = new Map<string, Intl.NumberFormat>();

/** The number format of a locale and decimal places, made once. */
export function numberFormatOf(locale: string, places: DecimalPlaces): Intl.NumberFormat {
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

/** Whether a value is a plain decimal string (what the wire carries). */
export function isDecimalString(value: string): boolean {
  return decimalPattern.test(value.trim());
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
  return numberFormatOf(locale, places).format(plain as Intl.StringNumericLiteral);
}

/** The number part of an amount in a currency: "1234.5" USD -> "1,234.50"; "0.123456789" BTC -> "0.12345679". */
export function formatAmount(value: string, currency: string, locale = 'en'): string {
  return formatDecimal(value, displayDecimals(currency), locale);
}

/** An amount with its currency beside it, as text: "1,234.50 USDT". */
export function formatMoney(value: string, currency: string, locale = 'en'): string {
  return `${formatAmount(value, currency, locale)} ${currency}`;
}

/**
 * A rate as a pair: one `base` is worth `rate` of `quote`. Which side is the base is the
 * conversion's, decided once where the rate is made (rateOfPayout, rateOfFiatLeg...), never by the
 * page that shows it.
 */
export type RatePair = { base: string; quote: string; rate: string };

/** A rate's digits: as many as it carries, up to 8, at least 2, with the locale's separators. */
const rateDecimalPlaces: DecimalPlaces = { min: 2, max: 8 };

/** The one way a rate is written, base first: "1 USDT = 0.78682434 GBP". */
export function formatRate(pair: RatePair, locale = 'en'): string {
  return `1 ${pair.base} = ${formatDecimal(pair.rate, rateDecimalPlaces, locale)} ${pair.quote}`;
}

/**
 * A fiat payout (or its quote) converts its asset to the payee's currency, so the asset is the base:
 * "1 USDT = 0.78682434 GBP" (the rate is units of the currency per unit of the asset).
 */
export function rateOfPayout(payout: { asset: string; currency: string; rate: string }): RatePair {
  return { base: payout.asset, quote: payout.currency, rate: payout.rate };
}

/** A fiat deposit converts the currency sent to the asset credited, so the currency is the base: "1 USD = 0.9985 USDC". */
export function rateOfFiatDeposit(deposit: { currency: string; asset: string; rate: string }): RatePair {
  return { base: deposit.currency, quote: deposit.asset, rate: deposit.rate };
}
