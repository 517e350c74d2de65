/** A labelled value's word in a reader's language, on the server (exports, emails): labels.ts' table, translated. */
import type { Language, Locale } from '@bank/contract/constants';
import { type LabelledSet, type LabelledValue, labelKeyOf, unknownValueKey } from './labels.ts';
import { catalogues, translate } from './resources.ts';

/** A value's word in the reader's language: what exports and messages write for it, never its code. */
export function labelOf<Set extends LabelledSet>(
  language: Language,
  set: Set,
  value: LabelledValue<Set> | (string & {}),
): string {
  return translate(language, labelKeyOf(set, value));
}

function wordIn(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A value's word in one locale's own catalogue, without falling back to English (for the catalogues' test). */
export function ownWordOf(locale: Locale, set: LabelledSet, value: string): string | undefined {
  const key = labelKeyOf(set, value);
  return key === unknownValueKey ? undefined : wordIn(catalogues[locale], key);
}
