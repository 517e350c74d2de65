/**
 * What /programme/fees lists and loads first: the payment state and contract the address asks for
 * (`?state=`, `?contract=`), the list's request, and the page's first loads (the contracts' deduction
 * modes, the list's first page), started before the page's code has arrived (app/page-data.ts).
 */
import { listFeeContracts, listMembershipFees } from '@bank/contract/programme-cards';
import { type PagePlace, prefetchScreenData, prefetchScreenPages } from '../../lib/screen-query.ts';
import { addressChoiceOf } from '../../ui/history-values.ts';

const pageSize = 50;
export const filters = ['all', 'overdue', 'pending', 'upcoming', 'paid', 'free', 'discontinued'] as const;
export type Filter = (typeof filters)[number];

/** The payment state the list shows (`?state=`), all when none is given. */
export function filterOf(search: URLSearchParams): Filter {
  return addressChoiceOf(search, 'state', filters);
}

/** The terms listed: of one payment state or all, of one contract (`?contract=`) or all. */
export function listRequestOf(search: URLSearchParams) {
  const filter = filterOf(search);
  const contractId = search.get('contract');
  return {
    page_size: pageSize,
    ...(filter === 'all' ? {} : { payment_status: filter }),
    ...(contractId ? { contract_id: contractId } : {}),
  };
}

export function loadMembershipFeesPage({ search }: PagePlace): void {
  void prefetchScreenData(listFeeContracts, {});
  void prefetchScreenPages(listMembershipFees, listRequestOf(search));
}
