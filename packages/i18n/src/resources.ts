/**
 * The message catalogues of the product, one object per locale (catalogue-en.ts, the reference,
 * catalogue-zh-CN.ts and catalogue-ja.ts), and translation for the server. A capability adds its
 * own namespace file in each of locales/en, locales/zh-CN and locales/ja and lists it in the three
 * catalogue modules.
 */
import { type Language, type Locale, localeOfLanguage } from '@bank/contract/constants';
import { type Catalogue, enEmails, enFirstLoad } from './catalogue-en.ts';
import { enSignedIn } from './catalogue-en-signed-in.ts';
import { ja } from './catalogue-ja.ts';
import { zhCN } from './catalogue-zh-CN.ts';

export type { Catalogue };

const en: Catalogue = {
  ...enFirstLoad,
  ...enSignedIn,
  ...enEmails,
  errors: { ...enFirstLoad.errors, ...enSignedIn.errors },
  validation: { ...enFirstLoad.validation, ...enSignedIn.validation },
  shell: {
    ...enFirstLoad.shell,
    ...enSignedIn.shell,
    home: { ...enFirstLoad.shell.home, ...enSignedIn.shell.home },
  },
};

export const catalogues: Record<Locale, Catalogue> = { en, 'zh-CN': zhCN, ja };

export type TranslationParams = Record<string, string | number>;

function lookup(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The units a `relativetime` placeholder may name, as Intl.RelativeTimeFormat knows them. */
const relativeTimeUnits = new Set<string>(['second', 'minute', 'hour', 'day', 'week', 'month', 'year']);

/** "in 42 minutes", "42分钟后", "42 分後": a wait in the reader's language, never raw seconds. */
function formatRelativeTime(locale: Locale, value: number, unit: string): string {
  return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(value, unit as Intl.RelativeTimeFormatUnit);
}

/**
 * Translates a dotted key for a wire language (en, ch, jp), falling back to English and then to the
 * key itself. Placeholders are written `{{name}}`, as i18next writes them in the web app, or
 * `{{name, relativetime(minute)}}`, i18next's own formatter, so one message serves both.
 */
export function translate(language: Language, key: string, params: TranslationParams = {}): string {
  const locale = localeOfLanguage[language];
  const template = lookup(catalogues[locale], key) ?? lookup(catalogues.en, key) ?? key;
  return template.replace(
    /\{\{\s*(\w+)\s*(?:,\s*relativetime\((\w+)\)\s*)?\}\}/g,
    (whole, name: string, unit: string | undefined) => {
      if (!(name in params)) return whole;
      const value = params[name];
      if (unit === undefined) return String(value);
      return typeof value === 'number' && relativeTimeUnits.has(unit) ? formatRelativeTime(locale, value, unit) : whole;
    },
  );
}

export function hasMessage(key: string): boolean {
  return lookup(catalogues.en, key) !== undefined;
}
