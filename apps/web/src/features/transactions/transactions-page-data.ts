/**
 * What /my_transaction loads first: the history's first page, filtered as the address says; started
 * before the page's code has arrived (app/page-data.ts).
 */
import { listTransactions } from '@bank/contract/transaction';
import { type PagePlace, prefetchScreenPages } from '../../lib/screen-query.ts';
import { historyValuesOf } from '../../ui/history-values.ts';
import { historyFilterKeys, historyRequestOf } from './transaction-format.ts';

export function loadTransactionsPage({ search }: PagePlace): void {
  void prefetchScreenPages(listTransactions, historyRequestOf(historyValuesOf(search, historyFilterKeys)));
}
