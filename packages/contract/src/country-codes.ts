/**
 * ISO 3166-1 alpha-2 country codes from i18n-iso-countries's code table (its codes.json only: the
 * package's entry point would also load, on the server, or bundle, in the browser, its names in
 * every language; names are drawn in the user's language by the browser's Intl.DisplayNames).
 * Apart from countries.ts (the schema) so that a country list can be drawn without zod.
 */
import isoCodes from 'i18n-iso-countries/codes.json' with { type: 'json' };

/** Each row of the table: alpha-2, alpha-3, numeric, ISO 3166-2 reference. */
const alpha2Column = 0;

export const countryCodes: readonly string[] = (isoCodes as readonly (readonly string[])[])
  .map((row) => row[alpha2Column])
  .filter((code): code is string => typeof code === 'string')
  .sort();
