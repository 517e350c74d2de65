/**
 * Searchable country choosers (one country, or several) with names in the user's language
 * (country-names.ts). The value is the ISO 3166-1 alpha-2 code the contract stores.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import {
  type ComboboxItem,
  type ComboboxParsedItem,
  MultiSelect,
  type MultiSelectProps,
  type OptionsFilter,
  Select,
  type SelectProps,
} from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n.ts';
import { countryOptions, matchesCountry } from './country-names.ts';

const filterCountries: OptionsFilter = ({ options, search }) =>
  (options as ComboboxParsedItem[]).filter(
    (option) => 'value' in option && matchesCountry(option as ComboboxItem, search),
  );

function useCountryData() {
  const locale = localeOfLanguage[useLanguage()];
  return useMemo(() => [...countryOptions(locale)], [locale]);
}

export type CountrySelectProps = Omit<SelectProps, 'data' | 'searchable' | 'filter'>;

export function CountrySelect(props: CountrySelectProps) {
  const { t } = useTranslation();
  const data = useCountryData();
  return (
    <Select
      searchable
      clearable
      limit={300}
      maxDropdownHeight={280}
      placeholder={t('documents.country.placeholder')}
      nothingFoundMessage={t('documents.country.nothing_found')}
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={data}
      filter={filterCountries}
    />
  );
}

export type CountryMultiSelectProps = Omit<MultiSelectProps, 'data' | 'searchable' | 'filter'>;

export function CountryMultiSelect(props: CountryMultiSelectProps) {
  const { t } = useTranslation();
  const data = useCountryData();
  return (
    <MultiSelect
      searchable
      clearable
      hidePickedOptions
      maxDropdownHeight={280}
      placeholder={t('documents.country.placeholder_multiple')}
      nothingFoundMessage={t('documents.country.nothing_found')}
      {...props}
      data={data}
      filter={filterCountries}
    />
  );
}
