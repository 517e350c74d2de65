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
import { IconDownload, IconFileSearch } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useHoldsPermission } from '../../api/user-info.ts';
import { prefetchScreenPages, screenPagesOptions, useScreenQuery } from '../../lib/screen-query.ts';
import { todayIso } from '../../ui/date-field.tsx';
import { readerTimeZone } from '../../ui/format-date.ts';
import { historyValuesOf, useHistoryParams } from '../../ui/history-filter-bar.tsx';
import { HistoryResults } from '../../ui/history-table.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { ExportDialog } from '../../widgets/export-dialog.tsx';
import {
  AuditEntries,
  AuditFilters,
  type AuditFilterValues,
  auditFilterKeys,
  auditFilterOf,
} from './audit-entries.tsx';

function requestOf(values: AuditFilterValues) {
  return { page_size: defaultPageSize, ...auditFilterOf(values) };
}

/** The filters but the period, which the download dialog asks for (opening on the list's), and the reader's zone. */
function fixedFiltersOf(values: AuditFilterValues): Record<string, string> {
  return {
    ...(values.actor ? { actor_email: values.actor } : {}),
    ...(values.category ? { category: values.category } : {}),
    time_zone: readerTimeZone(),
  };
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
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];
  const period = values.from || values.to ? { from: values.from || values.to, to: values.to || todayIso() } : undefined;

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
      <HistoryResults
        query={audit}
        itemCount={entries.length}
        skeleton={{ rows: 8, columns: 5 }}
        empty={{
          icon: <IconFileSearch size={26} stroke={1.6} />,
          title: t('account.audit.page.empty_title'),
          description: t('account.audit.page.empty_description'),
        }}
        filteredEmpty={{
          isShown: hasFilters,
          title: t('account.audit.page.filtered_empty_title'),
          description: t('account.audit.page.filtered_empty_description'),
          clearLabel: t('account.audit.page.clear'),
          onClear: () => clearFilters(),
        }}
      >
        <AuditEntries label={t('pages.audit_log.title')} entries={entries} isCompanyShown={false} />
        <LoadMore
          query={audit}
          loadMoreLabel={t('account.audit.page.load_more')}
          allLoaded={t('account.audit.page.all_loaded')}
        />
      </HistoryResults>
      {isDownloadOpen ? (
        <ExportDialog
          call={downloadCompanyAuditLog}
          isOpen={isDownloadOpen}
          onClose={download.close}
          title={t('account.audit.page.download')}
          description={t('account.audit.page.period_hint')}
          fixedBody={fixedFiltersOf(values)}
          period={period}
          doneMessage={t('account.audit.page.downloaded')}
        />
      ) : null}
    </PageFrame>
  );
}

AuditLogPage.loadData = () => {
  void prefetchScreenPages(
    listCompanyAuditLog,
    requestOf(historyValuesOf(new URLSearchParams(window.location.search), auditFilterKeys)),
  );
};
