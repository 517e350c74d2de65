/**
 * What /cards lists and loads first: the state the address asks for (`?state=`), the list's request,
 * and the page's first loads, which start before the page's code has arrived (app/page-data.ts).
 */
import { getCard, listCards } from '@bank/contract/card-management';
import { defaultPageSize } from '@bank/contract/constants';
import type { CardStatus } from '@bank/contract/states';
import { type PagePlace, prefetchScreenData, prefetchScreenPages } from '../../lib/screen-query.ts';
import { addressChoiceOf } from '../../ui/history-values.ts';

export const filters = ['all', 'active', 'approved', 'blocked', 'expired'] as const;
export type Filter = (typeof filters)[number];

/** The state the list shows (`?state=`), all when none is given. */
export function filterOf(search: URLSearchParams): Filter {
  return addressChoiceOf(search, 'state', filters);
}

export const statusOf = (filter: Filter): CardStatus | undefined => (filter === 'all' ? undefined : filter);

/** The cards listed, of one state or all: the request, and the list's key in the cache. */
export function cardList(status: CardStatus | undefined) {
  return [listCards, { page_size: defaultPageSize, ...(status ? { status } : {}) }, { status }] as const;
}

/** Starts the load of a card the address opens (`?card=`) before the page renders. */
export function prefetchCardDetails(cardId: string) {
  return prefetchScreenData(getCard, { card_id: cardId });
}

export function loadCardsPage({ search }: PagePlace): void {
  void prefetchScreenPages(...cardList(statusOf(filterOf(search))));
  const cardId = search.get('card');
  if (cardId) void prefetchCardDetails(cardId);
}
