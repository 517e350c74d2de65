/** The back office's KYC queue: its filters as the contract's listKycReviews request. */
import { defaultPageSize } from '@bank/contract/constants';
import type { AccountKycStatus } from '@bank/contract/states';

export type StatusFilter = AccountKycStatus | 'all';

export type QueueFilters = { status: StatusFilter; from: string; to: string; search: string };

/** Only the filters that are set: the request schema is strict and refuses empty dates. */
export function queueRequestOf(filters: QueueFilters) {
  const search = filters.search.trim();
  return {
    page_size: defaultPageSize,
    ...(filters.status === 'all' ? {} : { status: filters.status }),
    ...(filters.from ? { submitted_from: filters.from } : {}),
    ...(filters.to ? { submitted_to: filters.to } : {}),
    ...(search ? { search: search.slice(0, 100) } : {}),
  };
}
