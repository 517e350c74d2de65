/**
 * What /admin/audit loads first: the log's first page, of every company or the one the address
 * names, filtered as the address says; started before the page's code has arrived (app/page-data.ts).
 */
import { listAuditLog } from '@bank/contract/audit-log';
import { defaultPageSize } from '@bank/contract/constants';
import { prefetchScreenPages } from '../../../lib/screen-query.ts';
import { historyValuesOf } from '../../../ui/history-values.ts';
import { type AuditFilterValues, auditFilterKeys, auditFilterOf } from '../audit-filters.ts';

export const staffFilterKeys = [...auditFilterKeys, 'company'] as const;
type StaffFilterValues = AuditFilterValues & { company: string };

/** The log's request: a page, with the filters that are set, of one company when one is chosen. */
export function requestOf(values: StaffFilterValues) {
  return {
    page_size: defaultPageSize,
    ...auditFilterOf(values),
    ...(values.company ? { company_id: values.company } : {}),
  };
}

export function loadStaffAuditLogPage(): void {
  const values = historyValuesOf(new URLSearchParams(window.location.search), staffFilterKeys);
  void prefetchScreenPages(listAuditLog, requestOf(values));
}
