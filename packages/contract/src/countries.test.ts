import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import { CountryCode, countryCodes } from './countries.ts';

describe('country codes', () => {
  it('are exactly the alpha-2 codes i18n-iso-countries knows, sorted', () => {
    expect(countryCodes).toEqual(Object.keys(countries.getAlpha2Codes()).sort());
    expect(countryCodes).toContain('GB');
    expect(countryCodes).toContain('CN');
  });

  it('accept a known code in any case and refuse an unknown one', () => {
    expect(CountryCode.parse(' gb ')).toBe('GB');
    expect(CountryCode.safeParse('XX').success).toBe(false);
    expect(CountryCode.safeParse('GBR').success).toBe(false);
  });
});
