/**
 * What /renew lists and loads first: the payment state and card the address asks for (`?state=`,
 * `?card=`), the list's request, the cards whose automatic renewal is set (renewal-auto-setting.tsx),
 * and the page's first loads, started before the page's code has arrived (app/page-data.ts).
 */
import { listCards, listRenewals } from '@bank/contract/card-management';
import { defaultPageSize } from '@bank/contract/constants';
import type { FeePaymentStatus } from '@bank/contract/states';
import { type PagePlace, prefetchScreenData, prefetchScreenPages } from '../../lib/screen-query.ts';
import { addressChoiceOf } from '../../ui/history-values.ts';

const pageSize = defaultPageSize;
export const filters = ['all', 'pending', 'overdue', 'unpaid', 'upcoming', 'paid'] as const;
export type Filter = (typeof filters)[number];

/** The payment state the list shows (`?state=`), all when none is given. */
export function filterOf(search: URLSearchParams): Filter {
  return addressChoiceOf(search, 'state', filters);
}

/** The terms listed: of one payment state or all, of one card (`?card=`) or all. */
export function requestOf(search: URLSearchParams) {
  const filter = filterOf(search);
  const status: FeePaymentStatus | undefined = filter === 'all' ? undefined : filter;
  const cardId = search.get('card');
  return { page_size: pageSize, ...(status ? { status } : {}), ...(cardId ? { card_id: cardId } : {}) };
}

/** Every card of the company, each with its setting. */
export const cardsRequest = { page_size: 100 };

/** Starts the cards' load before the code of the page that shows the setting has arrived. */
export function prefetchAutoRenewalCards() {
  return prefetchScreenData(listCards, cardsRequest);
}

export function loadRenewalsPage({ search }: PagePlace): void {
  void prefetchAutoRenewalCards();
  void prefetchScreenPages(listRenewals, requestOf(search));
}
