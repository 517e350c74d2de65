/**
 * Country choices from the contract's ISO 3166-1 list (countries.ts), named in the user's language
 * by the browser (Intl.DisplayNames) and sorted as that language sorts. Searching matches the name
 * or the two-letter code, so "GB", "United Kingdom" and "英国" all find the same country.
 */
import { countryCodes } from '@bank/contract/country-codes';

export type CountryOption = { value: string; label: string };

const cache = new Map<string, readonly CountryOption[]>();

/** Every country as a choice, named and sorted for the locale (en, zh-CN, ja). */
export function countryOptions(locale: string): readonly CountryOption[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  const options = countryCodes
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((left, right) => collator.compare(left.label, right.label));
  cache.set(locale, options);
  return options;
}

/** A country's name in the locale, or the code itself for one the browser does not know. */
export function countryName(code: string | null | undefined, locale: string): string {
  if (!code) return '';
  return countryOptions(locale).find((option) => option.value === code)?.label ?? code;
}

/** Whether a country matches what the user typed: by name (anywhere in it) or by its code. */
export function matchesCountry(option: CountryOption, search: string): boolean {
  const query = search.trim().toLocaleLowerCase();
  if (!query) return true;
  return option.label.toLocaleLowerCase().includes(query) || option.value.toLowerCase() === query;
}
