/**
 * A phone number with its country: a searchable list of every ISO country (the contract's
 * countryCodes) named in the user's language by the browser (Intl.DisplayNames), with its calling
 * code from libphonenumber-js, and the number itself. The contract's phone rule (libphonenumber's
 * isValidPhoneNumber for that country) judges it; this component only collects it.
 *
 * libphonenumber-js and its metadata (the calling codes, 36 KB gzipped) load after the field has been
 * drawn, so that a page's first paint does not wait for them: until then the list names every ISO
 * country without its calling code. With `areCallingCodesOnFocus` (registration, whose first load
 * should carry no more than the drawn form needs) they load on the first focus in the field, or
 * when the page asks (`preparePhoneField`, on the first focus in its form), not with the page.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import { countryCodes } from '@bank/contract/country-codes';
import { Grid, Group, Select, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { CountryCode } from 'libphonenumber-js/min';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n.ts';

type CountryOption = { value: string; label: string; callingCode: string | undefined };

/** What the field needs of libphonenumber-js: which countries it knows, and their calling codes. */
type PhoneRules = Pick<typeof import('libphonenumber-js/min'), 'getCountryCallingCode' | 'isSupportedCountry'>;

let phoneRules: PhoneRules | undefined;
let phoneRulesLoading: Promise<PhoneRules> | undefined;
/** The fields on screen, told when the rules have arrived. */
const rulesListeners = new Set<() => void>();

function loadPhoneRules(): Promise<PhoneRules> {
  phoneRulesLoading ??= import('libphonenumber-js/min').then(
    (module) => {
      phoneRules = module;
      for (const listener of rulesListeners) listener();
      return module;
    },
    (error: unknown) => {
      phoneRulesLoading = undefined; // a dropped connection: the next field to ask tries again
      throw error;
    },
  );
  return phoneRulesLoading;
}

/** Starts loading the calling codes, for a page whose form the user has begun to fill in. */
export function preparePhoneField(): void {
  if (!phoneRules) loadPhoneRules().catch(() => undefined);
}

function subscribeToRules(listener: () => void): () => void {
  rulesListeners.add(listener);
  return () => rulesListeners.delete(listener);
}

/** The phone rules once loaded (none in a page drawn at build time); loading starts after the first render unless deferred. */
function usePhoneRules(isDeferred: boolean): PhoneRules | undefined {
  const rules = useSyncExternalStore(
    subscribeToRules,
    () => phoneRules,
    () => undefined,
  );
  useEffect(() => {
    if (!isDeferred) preparePhoneField();
  }, [isDeferred]);
  return rules;
}

const namedCountriesByLocale = new Map<string, { value: CountryCode; label: string }[]>();

/** Every ISO country named in the locale, in its alphabetical order: worked out once per locale. */
function namedCountries(locale: string) {
  let named = namedCountriesByLocale.get(locale);
  if (!named) {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(locale);
    named = (countryCodes as CountryCode[])
      .map((code) => ({ value: code, label: names.of(code) ?? code }))
      .sort((left, right) => collator.compare(left.label, right.label));
    namedCountriesByLocale.set(locale, named);
  }
  return named;
}

function countryOptions(locale: string, rules: PhoneRules | undefined): CountryOption[] {
  const named = namedCountries(locale);
  if (!rules) return named.map((country) => ({ ...country, callingCode: undefined }));
  return named
    .filter((country) => rules.isSupportedCountry(country.value))
    .map((country) => ({ ...country, callingCode: rules.getCountryCallingCode(country.value) }));
}

const knownCountries = new Set(countryCodes);
let countryOfBrowser: string | null | undefined;

/** The country of the browser's own locale ("en-GB" -> "GB"), when it is one of the list. */
export function browserCountry(): string | null {
  countryOfBrowser ??= findBrowserCountry();
  return countryOfBrowser;
}

function findBrowserCountry(): string | null {
  for (const tag of navigator.languages ?? [navigator.language]) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && knownCountries.has(region)) return region;
    } catch {
      // An unreadable tag: try the next one.
    }
  }
  return null;
}

/** What the fields need of the form they are part of (a @mantine/form form with these two fields). */
type PhoneForm = {
  getInputProps: (path: 'phone_country' | 'phone') => GetInputPropsReturnType;
  getValues: () => { phone_country: string | null };
};

export type PhoneFieldProps = {
  form: PhoneForm;
  isRequired?: boolean;
  idPrefix: string;
  /** The calling codes load on the first focus in the field (or preparePhoneField), not after the first render. */
  areCallingCodesOnFocus?: boolean;
};

export function PhoneField({ form, isRequired = true, idPrefix, areCallingCodesOnFocus = false }: PhoneFieldProps) {
  const country = form.getValues().phone_country;
  const { t } = useTranslation();
  const language = useLanguage();
  const rules = usePhoneRules(areCallingCodesOnFocus);
  const options = useMemo(() => countryOptions(localeOfLanguage[language], rules), [language, rules]);
  const callingCode = options.find((option) => option.value === country)?.callingCode;
  const byValue = useMemo(() => new Map(options.map((option) => [option.value, option])), [options]);

  return (
    <Grid gap="sm" onFocusCapture={preparePhoneField}>
      <Grid.Col span={{ base: 12, xs: 5 }}>
        <Select
          id={`${idPrefix}-country`}
          {...form.getInputProps('phone_country')}
          label={t('auth.fields.phone_country')}
          data={options}
          searchable
          nothingFoundMessage={t('auth.fields.phone_country_empty')}
          allowDeselect={false}
          required={isRequired}
          autoComplete="country"
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={280}
          renderOption={({ option }) => (
            <Group justify="space-between" wrap="nowrap" w="100%" gap="xs">
              <Text size="sm" truncate="end">
                {option.label}
              </Text>
              {byValue.get(option.value)?.callingCode ? (
                <Text size="xs" c="dimmed" className="tabular-figures">
                  +{byValue.get(option.value)?.callingCode}
                </Text>
              ) : null}
            </Group>
          )}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 7 }}>
        <TextInput
          id={`${idPrefix}-number`}
          {...form.getInputProps('phone')}
          label={t('auth.fields.phone_number')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required={isRequired}
          maxLength={32}
          leftSection={
            callingCode ? (
              <Text size="sm" c="dimmed" className="tabular-figures" aria-hidden>
                +{callingCode}
              </Text>
            ) : null
          }
          leftSectionWidth={callingCode ? 30 + callingCode.length * 8 : undefined}
        />
      </Grid.Col>
    </Grid>
  );
}
