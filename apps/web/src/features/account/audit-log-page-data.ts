/**
 * What /audit_log loads first: the people its filter offers and the log's first page, filtered as
 * the address says; started before the page's code has arrived (app/page-data.ts).
 */
import { listCompanyAuditLog } from '@bank/contract/audit-log';
import { defaultPageSize } from '@bank/contract/constants';
import { listTeamMembers } from '@bank/contract/team';
import { prefetchScreenData, prefetchScreenPages } from '../../lib/screen-query.ts';
import { historyValuesOf } from '../../ui/history-values.ts';
import { type AuditFilterValues, auditFilterKeys, auditFilterOf } from './audit-filters.ts';

/** The log's request: a page, with the filters that are set. */
export function requestOf(values: AuditFilterValues) {
  return { page_size: defaultPageSize, ...auditFilterOf(values) };
}

export function loadAuditLogPage(): void {
  // The filter's people, with the list: loaded as the page was first drawn, they drew it again.
  void prefetchScreenData(listTeamMembers, { page_size: 100 });
  void prefetchScreenPages(
    listCompanyAuditLog,
    requestOf(historyValuesOf(new URLSearchParams(window.location.search), auditFilterKeys)),
  );
}
