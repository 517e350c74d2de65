/**
 * A list's filters as its address holds them: read by its page (history-filter-bar.tsx, the lists'
 * state choices) and by the page's first loads, which start before the page's code has arrived
 * (app/page-data.ts), so that both ask for the same list.
 */

/** The filters of a history as a query string holds them ('' for one not set). */
export function historyValuesOf<Key extends string>(
  search: URLSearchParams,
  filterKeys: readonly Key[],
): Record<Key, string> {
  return Object.fromEntries(filterKeys.map((key) => [key, search.get(key) ?? ''])) as Record<Key, string>;
}

/** A list's choice as its address holds it (`?<key>=`): one of `choices`, else the first (all). */
export function addressChoiceOf<Choice extends string>(
  search: URLSearchParams,
  key: string,
  choices: readonly [Choice, ...Choice[]],
): Choice {
  const value = search.get(key) ?? '';
  return (choices as readonly string[]).includes(value) ? (value as Choice) : choices[0];
}
