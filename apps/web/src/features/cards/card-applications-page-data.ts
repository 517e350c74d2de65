/**
 * What /kycManage loads first: the first page of both tabs' lists (the card applications, the
 * cardholders' KYC) and the cardholder the address opens (`?cardholder=`), started before the page's
 * code has arrived (app/page-data.ts).
 */
import { getCardholderKyc, listCardApplications, listCardholderKyc } from '@bank/contract/card-applications';
import { defaultPageSize } from '@bank/contract/constants';
import { type PagePlace, prefetchScreenData, prefetchScreenPages } from '../../lib/screen-query.ts';

const pageSize = defaultPageSize;

/** Both tabs' lists load with the page, whichever tab is open: the first page of each. */
export const pagedRequest = { page_size: pageSize };

/** Starts the load of a cardholder the address opens (`?cardholder=`) before the page's code has arrived. */
export function prefetchCardholderKyc(cardholderId: string) {
  return prefetchScreenData(getCardholderKyc, { cardholder_id: cardholderId });
}

export function loadCardApplicationsPage({ search }: PagePlace): void {
  void prefetchScreenPages(listCardApplications, pagedRequest);
  void prefetchScreenPages(listCardholderKyc, pagedRequest);
  const cardholderId = search.get('cardholder');
  if (cardholderId) void prefetchCardholderKyc(cardholderId);
}
