import { countryCodes } from '@bank/contract/countries';
import { describe, expect, it } from 'vitest';
import { countryName, countryOptions, matchesCountry } from './country-names.ts';

describe('country choices', () => {
  it('offers every ISO 3166 country of the contract, named in the user’s language', () => {
    expect(countryOptions('en')).toHaveLength(countryCodes.length);
    expect(countryName('SG', 'en')).toBe('Singapore');
    expect(countryName('JP', 'ja')).toBe('日本');
    expect(countryName('CN', 'zh-CN')).toBe('中国');
  });

  it('sorts by the name in that language, not by code', () => {
    const labels = countryOptions('en').map((option) => option.label);
    expect(labels.indexOf('Germany')).toBeLessThan(labels.indexOf('Japan'));
    expect(labels[0]).toBe('Afghanistan');
  });

  it('finds a country by part of its name or by its exact code', () => {
    const kingdom = { value: 'GB', label: 'United Kingdom' };
    expect(matchesCountry(kingdom, 'kingdom')).toBe(true);
    expect(matchesCountry(kingdom, 'gb')).toBe(true);
    expect(matchesCountry(kingdom, 'france')).toBe(false);
  });
});
