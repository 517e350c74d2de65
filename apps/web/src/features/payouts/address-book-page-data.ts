/**
 * What /blockchain_w/m_m_addr_list loads first: the first page of the company's address book;
 * started before the page's code has arrived (app/page-data.ts).
 */
import { defaultPageSize } from '@bank/contract/constants';
import { listAddresses } from '@bank/contract/payouts';
import { prefetchScreenPages } from '../../lib/screen-query.ts';

const pageSize = defaultPageSize;
export const addressesRequest = { page_size: pageSize };

export function loadAddressBookPage(): void {
  void prefetchScreenPages(listAddresses, addressesRequest);
}
