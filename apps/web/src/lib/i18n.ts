/**
 * i18next set up from the product's catalogues (@bank/i18n), and the one way to change the
 * language: it updates i18next, localStorage `language` and `<html lang>`.
 *
 * English is bundled for the public screens (it is also every other language's fallback); its
 * messages any signed-in screen may show are loaded with the signed-in shell, and each screen's own
 * with its code (src/messages). Chinese and Japanese are loaded whole when chosen, each its own
 * chunk. On start the stored language's catalogue is loaded before the first render, so a Chinese or
 * Japanese user never sees the page flash in English.
 */
import { type Language, type Locale, languages, localeOfLanguage } from '@bank/contract/constants';
import { type Catalogue, enFirstLoad } from '@bank/i18n/catalogue-en';
import i18next, { type InitOptions, type Resource, type TFunction } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readLanguage, rememberLanguageForServer, writeLanguage } from './session-storage.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

const loadCatalogue: Record<Exclude<Locale, 'en'>, () => Promise<Catalogue>> = {
  'zh-CN': async () => (await import('@bank/i18n/catalogue-zh-CN')).zhCN,
  ja: async () => (await import('@bank/i18n/catalogue-ja')).ja,
};

/**
 * i18next copies a bundle it is given (through JSON) unless told not to: a catalogue is a module's
 * constant that nothing changes, and the copy of a whole catalogue was one long task on a slow phone
 * (the signed-in English's 28 ms at full speed, `node bench/profile-page.mjs /alerts --signed-in
 * --cpu 1`, so about 110 ms on Lighthouse's phone).
 */
const withoutCopy = { skipCopy: true } as const;

/** Adds the locale's catalogue to i18next unless it is there already. */
async function ensureCatalogue(locale: Locale): Promise<void> {
  if (locale === 'en' || i18next.hasResourceBundle(locale, 'translation')) return;
  i18next.addResourceBundle(locale, 'translation', await loadCatalogue[locale](), false, false, withoutCopy);
}

/** How i18next runs, in the browser and for the pages drawn at build time (prerender.tsx). */
export const i18nOptions = {
  fallbackLng: 'en',
  supportedLngs: Object.values(localeOfLanguage),
  partialBundledLanguages: true,
  initAsync: false,
  interpolation: { escapeValue: false },
} as const satisfies InitOptions;

function applyToDocument(language: Language): void {
  document.documentElement.lang = localeOfLanguage[language];
}

/**
 * Starts i18next with the stored language, its catalogue loaded first. Should that catalogue fail to
 * load (a dropped connection), the app starts in English rather than not at all.
 */
export function initI18n(): Promise<void> {
  started = startI18n();
  return started;
}

/** Settled once initI18n has (messages can be added only after). */
let started: Promise<void> = Promise.resolve();

/** English added by the modules that show it (src/messages), in the order they were evaluated. */
type EnglishMessages = { [Namespace in keyof Catalogue]?: unknown };

/** What was added before i18next had started (startI18n): it is added once i18next has. */
const englishWaiting: EnglishMessages[] = [];
let isI18nStarted = false;

function addEnglish(messages: EnglishMessages): void {
  i18next.addResourceBundle('en', 'translation', messages, true, true, withoutCopy);
}

/**
 * Adds English messages of the signed-in screens, merged into those already there: called by the
 * module of a namespace (src/messages) as it is evaluated, before the screens that import it draw.
 */
export function addEnglishMessages(messages: EnglishMessages): void {
  if (isI18nStarted) addEnglish(messages);
  else englishWaiting.push(messages);
}

async function startI18n(): Promise<void> {
  let language = readLanguage();
  // English of the public screens; the signed-in screens' comes with the shell (loadSignedInMessages)
  // and with each screen's code (addEnglishMessages).
  const resources: Resource = { en: { translation: enFirstLoad } };
  const locale = localeOfLanguage[language];
  if (locale !== 'en') {
    try {
      resources[locale] = { translation: await loadCatalogue[locale]() };
    } catch {
      language = 'en';
    }
  }
  await i18next.use(initReactI18next).init({ ...i18nOptions, resources, lng: localeOfLanguage[language] });
  isI18nStarted = true;
  for (const messages of englishWaiting.splice(0)) addEnglish(messages);
  applyToDocument(language);
  rememberLanguageForServer(language);
}

let signedInMessages: Promise<void> | undefined;

/**
 * Adds the English messages any signed-in screen may show (errors, the shell's, the states'). The
 * loaders of those screens wait for it (routes.tsx), so that no screen shows a message key; each
 * screen's own namespaces come with its code (src/messages).
 */
export function loadSignedInMessages(): Promise<void> {
  // Loading may start with the app (routes.tsx preloadPage), before i18next has started.
  signedInMessages ??= Promise.all([import('@bank/i18n/catalogue-en-signed-in-common'), started]).then(
    ([{ enSignedInCommon }]) => addEnglish(enSignedInCommon),
    (error: unknown) => {
      signedInMessages = undefined;
      throw error;
    },
  );
  return signedInMessages;
}

/**
 * The messages of a language without switching to it (a preview of what a reader of that language
 * sees): its catalogue loaded, then a translation function fixed to it.
 */
export async function translationFor(language: Language): Promise<TFunction> {
  await ensureCatalogue(localeOfLanguage[language]);
  return i18next.getFixedT(localeOfLanguage[language]);
}

/** Switches once the language's catalogue is in, so that no screen shows half of each language. */
export async function changeLanguage(language: Language): Promise<void> {
  await ensureCatalogue(localeOfLanguage[language]);
  writeLanguage(language);
  applyToDocument(language);
  await i18next.changeLanguage(localeOfLanguage[language]);
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
