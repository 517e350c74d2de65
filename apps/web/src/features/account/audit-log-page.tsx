/**
 * /audit_log: the company's audit log, for its administrator alone (company_audit_log; the server
 * refuses everyone else): who did what, when and from where, newest first, filtered by user,
 * category and days (in the address), 20 at a time with "Load more", and downloaded as PDF, CSV or
 * XLSX with the same filters. A page of its own rather than a tab of the team page: it covers every
 * user's actions (payouts, cards, settings, sign-ins), not only the team's.
 */
import { downloadCompanyAuditLog, listCompanyAuditLog } from '@bank/contract/audit-log';
import { listTeamMembers } from '@bank/contract/team';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useHoldsPermission } from '../../api/user-info.ts';
import { screenPagesOptions, useScreenQuery } from '../../lib/screen-query.ts';
import { useHistoryParams } from '../../ui/history-filter-bar.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { AuditDownloadDialog, AuditFilters, AuditResults } from './audit-entries.tsx';
import { auditFilterKeys } from './audit-filters.ts';
import { requestOf } from './audit-log-page-data.ts';
import '../../messages/account.ts';
import '../../messages/admin.ts';
import '../../messages/kyc.ts';
import '../../messages/team.ts';
import '../../messages/transactions.ts';

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
