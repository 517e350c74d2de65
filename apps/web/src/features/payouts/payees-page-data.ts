/**
 * What /blockchain_w/m_m_payee_list loads first: the first page of the company's payees; started
 * before the page's code has arrived (app/page-data.ts).
 */
import { defaultPageSize } from '@bank/contract/constants';
import { listPayees } from '@bank/contract/payouts';
import { prefetchScreenPages } from '../../lib/screen-query.ts';

const pageSize = defaultPageSize;

export const payeesRequest = { page_size: pageSize };

export function loadPayeesPage(): void {
  void prefetchScreenPages(listPayees, payeesRequest);
}
