/**
 * The company's cards as the money screens choose them (card/refreshData): the request of their
 * list (useMoneyCards, top-up-cards.tsx), and its load started by the first loads of the pages that
 * choose among them, before the page's code has arrived (app/page-data.ts).
 */
import { listCards } from '@bank/contract/card-management';
import { maxPageSize } from '@bank/contract/constants';
import { prefetchScreenData } from '../../lib/screen-query.ts';

export const moneyCardsRequest = { page_size: maxPageSize };

/** Starts the cards' load before the code of a page that chooses among them has arrived, answering them. */
export function prefetchMoneyCards() {
  return prefetchScreenData(listCards, moneyCardsRequest);
}
