/**
 * ISO 3166-1 alpha-2 country codes from i18n-iso-countries (its code table only; names are drawn
 * in the user's language by the browser's Intl.DisplayNames).
 */
import countries from 'i18n-iso-countries';
import { z } from 'zod';

export const countryCodes: readonly string[] = Object.keys(countries.getAlpha2Codes()).sort();
const known = new Set(countryCodes);

export const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => known.has(code), { message: 'validation.invalid_choice' });
