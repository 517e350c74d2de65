/**
 * The back office's audit log (listAuditLog): every company's entries, or one company's, newest
 * first, filtered by user, category and days (in the address), with keyset "Load more"; one
 * company's log downloads as PDF, CSV or XLSX with the same filters (downloadAuditLog). Staff only
 * (the staff gate and, for every call, the server).
 */
import { downloadAuditLog, listAuditCompanies, listAuditLog } from '@bank/contract/audit-log';
import { Button, Grid, Select, Tooltip } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoldsPermission } from '../../../api/user-info.ts';
import { screenPagesOptions, useScreenQuery } from '../../../lib/screen-query.ts';
import { useHistoryParams } from '../../../ui/history-filter-bar.tsx';
import { NoPermissionPage } from '../../../ui/no-permission-page.tsx';
import { PageFrame } from '../../../ui/page-frame.tsx';
import { AuditDownloadDialog, AuditFilters, AuditResults } from '../audit-entries.tsx';
import { requestOf, staffFilterKeys } from './audit-log-page-data.ts';
import '../../../messages/account.ts';
import '../../../messages/admin.ts';
import '../../../messages/kyc.ts';
import '../../../messages/team.ts';
import '../../../messages/transactions.ts';

/**
 * A company chosen by a search of its name or its administrator's email (a company has no name
 * before its KYC); the chosen one keeps its label while others are searched.
 */
function CompanyChoice({ companyId, onChange }: { companyId: string; onChange: (companyId: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const found = useScreenQuery(listAuditCompanies, debouncedSearch ? { search: debouncedSearch } : {});
  const chosen = useScreenQuery(listAuditCompanies, { company_id: companyId }, { enabled: companyId !== '' });
  const options = new Map<string, string>();
  for (const company of [...(chosen.data?.items ?? []), ...(found.data?.items ?? [])])
    options.set(
      company.company_id,
      company.name
        ? `${company.name} (${company.administrator_email})`
        : t('account.audit.page.unnamed_company', { email: company.administrator_email }),
    );
  return (
    <Grid.Col span={{ base: 24, lg: 12 }}>
      <Select
        label={t('account.audit.page.company')}
        placeholder={t('account.audit.page.company_placeholder')}
        data={[...options].map(([value, label]) => ({ value, label }))}
        value={companyId || null}
        onChange={(value) => onChange(value ?? '')}
        searchable
        clearable
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage={t('account.audit.page.no_company')}
        comboboxProps={{ withinPortal: true }}
      />
    </Grid.Col>
  );
}

export function AuditLogPage() {
  const { t } = useTranslation();
  const mayRead = useHoldsPermission('audit_log');
  if (mayRead === false) return <NoPermissionPage title={t('account.staff.audit.title')} />;
  return <AuditLog />;
}

function AuditLog() {
  const { t } = useTranslation();
  const { values, hasFilters, setParam, clearFilters } = useHistoryParams(staffFilterKeys);
  const [isDownloadOpen, download] = useDisclosure(false);
  const [debouncedActor] = useDebouncedValue(values.actor, 300);
  const request = requestOf({ ...values, actor: debouncedActor });
  const audit = useInfiniteQuery({ ...screenPagesOptions(listAuditLog, request), placeholderData: keepPreviousData });
  const downloadButton = (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={download.open}
      disabled={!values.company}
    >
      {t('account.audit.page.download')}
    </Button>
  );

  return (
    <PageFrame
      title={t('account.staff.audit.title')}
      description={t('account.staff.audit.purpose')}
      actions={
        values.company ? (
          downloadButton
        ) : (
          <Tooltip label={t('account.audit.page.choose_company')}>
            <span>{downloadButton}</span>
          </Tooltip>
        )
      }
    >
      <AuditFilters
        values={values}
        actors={null}
        hasFilters={hasFilters}
        onChange={setParam}
        onClear={() => clearFilters()}
      >
        <CompanyChoice companyId={values.company} onChange={(companyId) => setParam('company', companyId)} />
      </AuditFilters>
      <AuditResults
        audit={audit}
        label={t('account.staff.audit.title')}
        empty={{ title: t('account.staff.audit.empty_title'), description: t('account.staff.audit.empty_description') }}
        hasFilters={hasFilters}
        onClear={() => clearFilters()}
        isCompanyShown={!values.company}
      />
      {isDownloadOpen && values.company ? (
        <AuditDownloadDialog
          call={downloadAuditLog}
          values={values}
          fixedBody={{ company_id: values.company }}
          onClose={download.close}
        />
      ) : null}
    </PageFrame>
  );
}
