/**
 * What /my_transaction_info loads first: the transaction the address names (`?id=`) and, for a fiat
 * deposit, the notice the company sent; started before the page's code has arrived (app/page-data.ts).
 */
import { getDeposit } from '@bank/contract/deposit';
import { getTransactionDetails, TransactionIdRequest } from '@bank/contract/transaction';
import { type PagePlace, prefetchScreenData } from '../../lib/screen-query.ts';

/** The details' request: the transaction the address names. */
export function requestOf(search: URLSearchParams) {
  return { transaction_id: search.get('id') ?? '' };
}

export function loadTransactionDetailPage({ search }: PagePlace): void {
  const request = requestOf(search);
  if (!TransactionIdRequest.safeParse(request).success) return;
  void prefetchScreenData(getTransactionDetails, request).then((details) => {
    // A fiat deposit also shows the notice the company sent (deposit-notice-card.tsx, the same call).
    if (details?.transaction.type === 'fiat_deposit')
      void prefetchScreenData(getDeposit, { transaction_id: details.transaction.transaction_id });
  });
}
