/**
 * What /admin/kyc/:companyId loads first: the review of the company the path names, started before
 * the page's code has arrived (app/page-data.ts).
 */
import { getKycReview } from '@bank/contract/kyc';
import { type PagePlace, prefetchScreenData } from '../../../lib/screen-query.ts';

/** The company the path names (`/admin/kyc/:companyId`). */
export function reviewRequestOf(params: PagePlace['params']) {
  return { company_id: params.companyId ?? '' };
}

export function loadKycReviewDetailPage({ params }: PagePlace): void {
  void prefetchScreenData(getKycReview, reviewRequestOf(params));
}
