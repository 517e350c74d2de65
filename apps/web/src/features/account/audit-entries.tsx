/**
 * The audit log's entries and filters as both its pages show them (the company's, the back
 * office's): a table on a desktop and cards on a phone (ui/history-table.tsx), each action as a
 * sentence in the reader's language, who acted, from where, and the details; the filters by user,
 * category and days live in the address, so a filtered log survives a reload.
 */
import {
  type AuditEntry,
  auditCategories,
  type downloadAuditLog,
  type downloadCompanyAuditLog,
} from '@bank/contract/audit-log';
import { emailMaxLength } from '@bank/contract/constants';
import { Badge, Card, Grid, Group, Stack, Text } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionColour, useActionLabel, useDetailText } from '../../ui/audit-entry-text.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { readerTimeZone, todayIso } from '../../ui/format-date.ts';
import { HistoryChoice, HistoryFilterBar, HistorySearch } from '../../ui/history-filter-bar.tsx';
import { HistoryCards, type HistoryColumn, HistoryResults, HistoryTable } from '../../ui/history-table.tsx';
import { type KeysetPage, LoadMore } from '../../ui/load-more.tsx';
import { PeriodFields } from '../../ui/period-fields.tsx';
import { ExportDialog } from '../../widgets/export-dialog.tsx';
import type { AuditFilterKey, AuditFilterValues } from './audit-filters.ts';

export function AuditFilters({
  values,
  actors,
  hasFilters,
  onChange,
  onClear,
  children,
}: {
  values: AuditFilterValues;
  /** The users one may choose (their emails); null to type one's email (the back office, across companies). */
  actors: readonly string[] | null;
  hasFilters: boolean;
  onChange: (key: AuditFilterKey, value: string) => void;
  onClear: () => void;
  /** A filter the page adds before the others (the back office's company). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <HistoryFilterBar
      label={t('account.audit.page.filters')}
      clearLabel={t('account.audit.page.clear')}
      hasFilters={hasFilters}
      onClear={onClear}
    >
      {children}
      {actors ? (
        <HistoryChoice
          span={{ base: 24, sm: 12, lg: 6 }}
          label={t('account.audit.page.actor')}
          allLabel={t('account.audit.page.all_users')}
          options={actors.map((email) => ({ value: email, label: email }))}
          value={values.actor}
          onChange={(value) => onChange('actor', value)}
        />
      ) : (
        <Grid.Col span={{ base: 24, sm: 12, lg: 6 }}>
          <HistorySearch
            label={t('account.audit.page.actor')}
            placeholder={t('account.audit.page.actor_placeholder')}
            maxLength={emailMaxLength}
            value={values.actor}
            onChange={(value) => onChange('actor', value)}
          />
        </Grid.Col>
      )}
      <HistoryChoice
        span={{ base: 24, sm: 12, lg: 6 }}
        label={t('account.audit.page.category')}
        allLabel={t('account.audit.page.all_categories')}
        options={auditCategories.map((value) => ({ value, label: t(`account.audit.categories.${value}`) }))}
        value={values.category}
        onChange={(value) => onChange('category', value)}
      />
      <PeriodFields
        from={values.from}
        to={values.to}
        labels={{ from: t('account.audit.page.from'), to: t('account.audit.page.to') }}
        span={{ base: 12, lg: 6 }}
        onChange={(field, value) => onChange(field, value)}
      />
    </HistoryFilterBar>
  );
}

/** An action as a coloured dot and its sentence: calmer than a badge in a dense table, and never cut short. */
function ActionSentence({ action }: { action: string }) {
  const actionLabel = useActionLabel();
  return (
    <Group gap={8} wrap="nowrap">
      <Badge
        variant="dot"
        color={actionColour(action)}
        size="sm"
        radius="sm"
        styles={{ root: { textTransform: 'none' } }}
      >
        {actionLabel(action)}
      </Badge>
    </Group>
  );
}

function useAuditColumns(isCompanyShown: boolean): HistoryColumn<AuditEntry>[] {
  const { t } = useTranslation();
  const detailText = useDetailText();
  const dash = t('shell.date_placeholder');
  return [
    {
      key: 'time',
      header: t('account.audit.columns.time'),
      isNoWrap: true,
      cell: (entry) => <DateTime value={entry.at} size="sm" />,
    },
    {
      key: 'action',
      header: t('account.audit.columns.action'),
      cell: (entry) => <ActionSentence action={entry.action} />,
    },
    {
      key: 'actor',
      header: t('account.audit.columns.actor'),
      maxWidth: 240,
      cell: (entry) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.actor_email ?? dash}
        </Text>
      ),
    },
    ...(isCompanyShown
      ? [
          {
            key: 'company',
            header: t('account.audit.columns.company'),
            cell: (entry: AuditEntry) => <Text size="sm">{entry.company_name ?? dash}</Text>,
          },
        ]
      : []),
    {
      key: 'ip',
      header: t('account.audit.columns.ip'),
      isNoWrap: true,
      cell: (entry) => (
        <Text size="sm" className="tabular-figures">
          {entry.ip ?? dash}
        </Text>
      ),
    },
    {
      key: 'detail',
      header: t('account.audit.columns.detail'),
      maxWidth: 340,
      cell: (entry) => (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {detailText(entry.detail)}
        </Text>
      ),
    },
  ];
}

function AuditCard({ entry, isCompanyShown }: { entry: AuditEntry; isCompanyShown: boolean }) {
  const detailText = useDetailText();
  return (
    <Card padding="md">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <ActionSentence action={entry.action} />
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <DateTime value={entry.at} />
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {[entry.actor_email, isCompanyShown ? entry.company_name : null].filter(Boolean).join(' · ')}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[entry.ip, detailText(entry.detail)].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    </Card>
  );
}

function AuditEntries({
  label,
  entries,
  isCompanyShown,
}: {
  label: string;
  entries: AuditEntry[];
  isCompanyShown: boolean;
}) {
  const columns = useAuditColumns(isCompanyShown);
  return (
    <>
      <HistoryTable
        label={label}
        minWidth={isCompanyShown ? 1040 : 880}
        columns={columns}
        rows={entries}
        rowKey={(entry) => entry.id}
        rowTestId="audit-row"
      />
      <HistoryCards
        rows={entries}
        rowKey={(entry) => entry.id}
        cardTestId="audit-card"
        card={(entry) => <AuditCard entry={entry} isCompanyShown={isCompanyShown} />}
      />
    </>
  );
}

/** The entries' states (loading, error, empty, filtered to nothing) around the list and its "Load more". */
export function AuditResults({
  audit,
  label,
  empty,
  hasFilters,
  onClear,
  isCompanyShown,
}: {
  audit: UseInfiniteQueryResult<InfiniteData<KeysetPage<AuditEntry>>>;
  label: string;
  empty: { title: string; description: string };
  hasFilters: boolean;
  onClear: () => void;
  isCompanyShown: boolean;
}) {
  const { t } = useTranslation();
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <HistoryResults
      query={audit}
      itemCount={entries.length}
      skeleton={{ rows: 8, columns: isCompanyShown ? 6 : 5 }}
      empty={{ icon: <IconFileSearch size={26} stroke={1.6} />, ...empty }}
      filteredEmpty={{
        isShown: hasFilters,
        title: t('account.audit.page.filtered_empty_title'),
        description: t('account.audit.page.filtered_empty_description'),
        clearLabel: t('account.audit.page.clear'),
        onClear,
      }}
    >
      <AuditEntries label={label} entries={entries} isCompanyShown={isCompanyShown} />
      <LoadMore
        query={audit}
        loadMoreLabel={t('account.audit.page.load_more')}
        allLoaded={t('account.audit.page.all_loaded')}
      />
    </HistoryResults>
  );
}

/**
 * The download of what the list shows: the dialog asks for the period (opening on the list's, else
 * this month) and the format; the other filters and the reader's zone go with it.
 */
export function AuditDownloadDialog({
  call,
  values,
  fixedBody = {},
  onClose,
}: {
  call: typeof downloadCompanyAuditLog | typeof downloadAuditLog;
  values: AuditFilterValues;
  fixedBody?: Readonly<Record<string, string>>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const period = values.from || values.to ? { from: values.from || values.to, to: values.to || todayIso() } : undefined;
  return (
    <ExportDialog
      call={call}
      isOpen
      onClose={onClose}
      title={t('account.audit.page.download')}
      description={t('account.audit.page.period_hint')}
      fixedBody={{
        ...fixedBody,
        ...(values.actor ? { actor_email: values.actor } : {}),
        ...(values.category ? { category: values.category } : {}),
        time_zone: readerTimeZone(),
      }}
      period={period}
      doneMessage={t('account.audit.page.downloaded')}
    />
  );
}
