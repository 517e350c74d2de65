/**
 * /audit_log: the company's audit log, for its administrator alone (company_audit_log; the server
 * refuses everyone else): who did what, when and from where, newest first, filtered by user,
 * category and days (in the address), 20 at a time with "Load more", and downloaded as PDF, CSV or
 * XLSX with the same filters. A page of its own rather than a tab of the team page: it covers every
 * user's actions (payouts, cards, settings, sign-ins), not only the team's.
 */
import { downloadCompanyAuditLog, listCompanyAuditLog } from '@bank/contract/audit-log';
import { defaultPageSize } from '@bank/contract/constants';
import { listTeamMembers } from '@bank/contract/team';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useHoldsPermission } from '../../api/user-info.ts';
import { prefetchScreenData, prefetchScreenPages, screenPagesOptions, useScreenQuery } from '../../lib/screen-query.ts';
import { historyValuesOf, useHistoryParams } from '../../ui/history-filter-bar.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import {
  AuditDownloadDialog,
  AuditFilters,
  type AuditFilterValues,
  AuditResults,
  auditFilterKeys,
  auditFilterOf,
} from './audit-entries.tsx';

function requestOf(values: AuditFilterValues) {
  return { page_size: defaultPageSize, ...auditFilterOf(values) };
}

export function AuditLogPage() {
  const { t } = useTranslation();
  const mayRead = useHoldsPermission('company_audit_log');
  if (mayRead === false) return <NoPermissionPage title={t('pages.audit_log.title')} />;
  return <CompanyAuditLog />;
}

function CompanyAuditLog() {
  const { t } = useTranslation();
  const { values, hasFilters, setParam, clearFilters } = useHistoryParams(auditFilterKeys);
  const [isDownloadOpen, download] = useDisclosure(false);
  const audit = useInfiniteQuery({
    ...screenPagesOptions(listCompanyAuditLog, requestOf(values)),
    placeholderData: keepPreviousData,
  });
  const members = useScreenQuery(listTeamMembers, { page_size: 100 });
  const actors = (members.data?.items ?? []).map((member) => member.email);

  return (
    <PageFrame
      title={t('pages.audit_log.title')}
      description={t('pages.audit_log.purpose')}
      actions={
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download.open}>
          {t('account.audit.page.download')}
        </Button>
      }
    >
      <AuditFilters
        values={values}
        actors={actors}
        hasFilters={hasFilters}
        onChange={setParam}
        onClear={() => clearFilters()}
      />
      <AuditResults
        audit={audit}
        label={t('pages.audit_log.title')}
        empty={{ title: t('account.audit.page.empty_title'), description: t('account.audit.page.empty_description') }}
        hasFilters={hasFilters}
        onClear={() => clearFilters()}
        isCompanyShown={false}
      />
      {isDownloadOpen ? (
        <AuditDownloadDialog call={downloadCompanyAuditLog} values={values} onClose={download.close} />
      ) : null}
    </PageFrame>
  );
}

AuditLogPage.loadData = () => {
  // The filter's people, with the list: loaded as the page was first drawn, they drew it again.
  void prefetchScreenData(listTeamMembers, { page_size: 100 });
  void prefetchScreenPages(
    listCompanyAuditLog,
    requestOf(historyValuesOf(new URLSearchParams(window.location.search), auditFilterKeys)),
  );
};
