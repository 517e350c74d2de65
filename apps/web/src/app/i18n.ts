/**
 * i18next set up from the product's catalogues (@bank/i18n), and the one way to change the
 * language: it updates i18next, localStorage `language`, the dayjs locale and `<html lang>`.
 */
import { type Language, languages, localeOfLanguage } from '@bank/contract/constants';
import { type Catalogue, catalogues } from '@bank/i18n/resources';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readLanguage, writeLanguage } from './session-storage.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

const dayjsLocaleOf: Record<Language, string> = { en: 'en', ch: 'zh-cn', jp: 'ja' };

function applyToDocument(language: Language): void {
  dayjs.locale(dayjsLocaleOf[language]);
  document.documentElement.lang = localeOfLanguage[language];
}

/** Initialises i18next synchronously with the stored language (resources are bundled). */
export function initI18n(): void {
  const language = readLanguage();
  void i18next.use(initReactI18next).init({
    resources: {
      en: { translation: catalogues.en },
      'zh-CN': { translation: catalogues['zh-CN'] },
      ja: { translation: catalogues.ja },
    },
    lng: localeOfLanguage[language],
    fallbackLng: 'en',
    supportedLngs: Object.values(localeOfLanguage),
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  applyToDocument(language);
}

export function changeLanguage(language: Language): void {
  writeLanguage(language);
  applyToDocument(language);
  void i18next.changeLanguage(localeOfLanguage[language]);
}

export function languageOfLocale(locale: string | undefined): Language {
  return languages.find((language) => localeOfLanguage[language] === locale) ?? 'en';
}

/** The current wire language (en, ch, jp), for headers and formatters. */
export function currentLanguage(): Language {
  return languageOfLocale(i18next.resolvedLanguage ?? i18next.language);
}

/** The current language, re-rendering on change. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return languageOfLocale(i18n.resolvedLanguage ?? i18n.language);
}
