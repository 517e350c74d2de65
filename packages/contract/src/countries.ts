/** A country field: an ISO 3166-1 alpha-2 code (country-codes.ts), in any case, trimmed. */
import { z } from 'zod';
import { countryCodes } from './country-codes.ts';

export { countryCodes } from './country-codes.ts';

const known = new Set(countryCodes);

export const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => known.has(code), { message: 'validation.invalid_choice' });
