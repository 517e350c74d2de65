/**
 * Makes the formats a signed-in page draws with (its amounts, its local times) ahead of need, each in
 * a task of its own: a browser's first number format and first local time each load data (some 50
 * to 90 ms on a slow phone, measured at 4x slower CPU), and made in the drawing of a page they
 * lengthened the task that held the phone's main thread. Answers a function that cancels what has
 * not run yet.
 */
import { type Language, localeOfLanguage } from '@bank/contract/constants';
import { prepareAmountFormat } from './format-amount.ts';
import { prepareLocalTime } from './format-date.ts';

export function prepareFormats(language: Language): () => void {
  const handles = [
    window.setTimeout(() => prepareAmountFormat(localeOfLanguage[language]), 0),
    window.setTimeout(prepareLocalTime, 0),
  ];
  return () => {
    for (const handle of handles) window.clearTimeout(handle);
  };
}
