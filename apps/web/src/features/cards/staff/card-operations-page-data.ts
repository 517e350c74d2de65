/**
 * What /admin/cards lists and loads first: the cards' search and the list's request, and the page's
 * first loads (every card, unsearched; the card the address opens), started before the page's code
 * has arrived (app/page-data.ts).
 */
import { getStaffCard, listStaffCards } from '@bank/contract/card-management';
import { defaultPageSize } from '@bank/contract/constants';
import type { cardStatuses } from '@bank/contract/states';
import { type PagePlace, prefetchScreenData, prefetchScreenPages } from '../../../lib/screen-query.ts';

const pageSize = defaultPageSize;
export type Search = { company_name: string; last4: string; status: string };
/** The page opens on every card, unsearched. */
export const noSearch: Search = { company_name: '', last4: '', status: '' };

/** The list's request: only what the search sets (a last four digits only once all four are typed). */
export function cardListRequest(search: Search) {
  return {
    page_size: pageSize,
    ...(search.company_name.trim() ? { company_name: search.company_name.trim() } : {}),
    ...(search.last4.length === 4 ? { last4: search.last4 } : {}),
    ...(search.status ? { status: search.status as (typeof cardStatuses)[number] } : {}),
  };
}

export function loadCardOperationsPage({ search }: PagePlace): void {
  void prefetchScreenPages(listStaffCards, cardListRequest(noSearch));
  const cardId = search.get('card');
  if (cardId) void prefetchScreenData(getStaffCard, { card_id: cardId });
}
