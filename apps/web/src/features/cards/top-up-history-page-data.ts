/**
 * What /top_up_history lists and loads first: the filters the address holds (card, status, period),
 * the list's request, and the page's first loads (the cards to choose from, the list's first page),
 * started before the page's code has arrived (app/page-data.ts).
 */
import { listTopUps, type TopUp } from '@bank/contract/card-money';
import { defaultPageSize } from '@bank/contract/constants';
import { type PagePlace, prefetchScreenPages } from '../../lib/screen-query.ts';
import { historyValuesOf } from '../../ui/history-values.ts';
import { prefetchMoneyCards } from './card-queries.ts';

const pageSize = defaultPageSize;
export const filterKeys = ['card_id', 'status', 'from', 'to'] as const;
export type FilterKey = (typeof filterKeys)[number];

export function requestOf(values: Record<FilterKey, string>) {
  return {
    page_size: pageSize,
    ...(values.card_id ? { card_id: values.card_id } : {}),
    ...(values.status ? { status: values.status as TopUp['status'] } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
  };
}

export function loadTopUpHistoryPage({ search }: PagePlace): void {
  void prefetchMoneyCards();
  void prefetchScreenPages(listTopUps, requestOf(historyValuesOf(search, filterKeys)));
}
