/**
 * The payout records of one kind (withdraw/fiat/record, withdraw/crypto/record), newest first: the
 * filters (text, period, status, asset) live in the address, so a filtered list survives a reload;
 * 20 at a time with "Load more"; a table on a desktop, cards on a phone; each opens its details.
 * "New payout" starts one, and the records of a period download as PDF, CSV or XLSX.
 */
import { defaultPageSize } from '@bank/contract/constants';
import type { DigitalAsset } from '@bank/contract/money';
import { digitalAssets } from '@bank/contract/money';
import {
  downloadCryptoPayouts,
  downloadFiatPayouts,
  fiatPayoutAssets,
  listCryptoPayouts,
  listFiatPayouts,
  type Payout,
  PayoutFilter,
  type PayoutKind,
} from '@bank/contract/payouts';
import { pathOf } from '@bank/contract/routes';
import { transactionStatuses } from '@bank/contract/states';
import {
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconChevronRight, IconDownload, IconFilterOff, IconPlus, IconSearch, IconSend } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { maxLengthAt } from '../../lib/call-form.tsx';
import { loadScreenData } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { PeriodFields } from '../../ui/period-fields.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { ExportDialog } from '../../widgets/export-dialog.tsx';
import { detailPathOfPayout, isPayoutMoving } from './payout-format.ts';
import { WithdrawSections } from './payout-parts.tsx';

const pageSize = defaultPageSize;
/** While one of the newest payouts is still on its way, the open list asks again this often. */
const movingRefreshMs = 15_000;
const filterKeys = ['text', 'from', 'to', 'status', 'asset'] as const;
type FilterKey = (typeof filterKeys)[number];
const textMaxLength = maxLengthAt(PayoutFilter, 'text');

const callsOf = {
  fiat: { list: listFiatPayouts, download: downloadFiatPayouts, page: 'fiat_transfer', form: 'new_fiat_transfer' },
  crypto: {
    list: listCryptoPayouts,
    download: downloadCryptoPayouts,
    page: 'crypto_transfer',
    form: 'new_crypto_transfer',
  },
} as const;

function requestOf(values: Record<FilterKey, string>) {
  return {
    page_size: pageSize,
    ...(values.text ? { text: values.text } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
    ...(values.status ? { status: values.status as Payout['status'] } : {}),
    ...(values.asset ? { asset: values.asset as DigitalAsset } : {}),
  };
}

function Filters({
  kind,
  values,
  onChange,
  onClear,
}: {
  kind: PayoutKind;
  values: Record<FilterKey, string>;
  onChange: (key: FilterKey, value: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(values.text);
  useEffect(() => {
    setText((current) => (current.trim() === values.text ? current : values.text));
  }, [values.text]);
  const assets = kind === 'fiat' ? fiatPayoutAssets : digitalAssets;
  const hasFilters = filterKeys.some((key) => values[key] !== '');
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      role="search"
      aria-label={t('payouts.history.filters.label')}
      onSubmit={(event) => event.preventDefault()}
    >
      <Grid columns={24} gap="md">
        <Grid.Col span={{ base: 24, lg: 8 }}>
          <TextInput
            label={t('payouts.history.filters.search')}
            placeholder={t(`payouts.history.filters.search_placeholder_${kind}`)}
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            maxLength={textMaxLength}
            value={text}
            onChange={(event) => {
              const typed = event.currentTarget.value;
              setText(typed);
              onChange('text', typed.trim());
            }}
          />
        </Grid.Col>
        <PeriodFields
          from={values.from}
          to={values.to}
          labels={{ from: t('payouts.history.filters.from'), to: t('payouts.history.filters.to') }}
          span={{ base: 12, lg: 4 }}
          onChange={(field, value) => onChange(field, value)}
        />
        <Grid.Col span={{ base: 24, xs: 12, lg: 4 }}>
          <Select
            label={t('payouts.history.filters.status')}
            data={[
              { value: '', label: t('payouts.history.filters.all_statuses') },
              ...transactionStatuses.map((value) => ({ value, label: t(`states.transaction.${value}`) })),
            ]}
            value={values.status}
            allowDeselect={false}
            onChange={(value) => onChange('status', value ?? '')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, xs: 12, lg: 4 }}>
          <Select
            label={t('payouts.history.filters.asset')}
            data={[
              { value: '', label: t('payouts.history.filters.all_assets') },
              ...assets.map((value) => ({ value, label: value })),
            ]}
            value={values.asset}
            allowDeselect={false}
            onChange={(value) => onChange('asset', value ?? '')}
          />
        </Grid.Col>
      </Grid>
      {hasFilters ? (
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" size="xs" leftSection={<IconFilterOff size={14} aria-hidden />} onClick={onClear}>
            {t('payouts.history.filters.clear')}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

function destinationLine(payout: Payout): string {
  const { destination } = payout;
  if (payout.kind === 'crypto' && destination.address)
    return `${destination.address.slice(0, 10)}…${destination.address.slice(-6)}`;
  return [destination.bank_name, destination.account_number ? `•••• ${destination.account_number.slice(-4)}` : null]
    .filter(Boolean)
    .join(' · ');
}

function Received({ payout }: { payout: Payout }) {
  if (!payout.fiat) return null;
  return <Amount value={payout.fiat.amount} currency={payout.fiat.currency} size="xs" c="dimmed" />;
}

function PayoutTable({ kind, items }: { kind: PayoutKind; items: Payout[] }) {
  const { t } = useTranslation();
  return (
    <Card p={0} visibleFrom="sm">
      <Table.ScrollContainer minWidth={800}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t(`pages.${callsOf[kind].page}.title`)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payouts.history.columns.date')}</Table.Th>
              <Table.Th>{t('payouts.history.columns.destination')}</Table.Th>
              <Table.Th>{t('payouts.history.columns.asset')}</Table.Th>
              <Table.Th ta="right">{t('payouts.history.columns.amount')}</Table.Th>
              <Table.Th>{t('payouts.history.columns.status')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('payouts.history.columns.details')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((payout) => (
              <Table.Tr key={payout.payout_id} data-testid="payout-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">
                    <DateTime value={payout.created_at} />
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {payout.destination.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff={kind === 'crypto' ? 'monospace' : undefined}>
                    {destinationLine(payout)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{payout.asset}</Text>
                  {payout.network ? (
                    <Text size="xs" c="dimmed">
                      {payout.network}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">
                  <Stack gap={0} align="flex-end">
                    <Amount value={payout.amount} currency={payout.asset} size="sm" fw={600} />
                    <Received payout={payout} />
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <StatusBadge list="transaction" value={payout.status} />
                </Table.Td>
                <Table.Td ta="right">
                  <Anchor
                    component={Link}
                    to={detailPathOfPayout(kind, payout.payout_id)}
                    size="sm"
                    fw={500}
                    aria-label={t('payouts.history.view_label', { name: payout.destination.name })}
                  >
                    {t('payouts.history.view')}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function PayoutCards({ kind, items }: { kind: PayoutKind; items: Payout[] }) {
  return (
    <Stack gap="sm" hiddenFrom="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((payout) => (
        <li key={payout.payout_id} data-testid="payout-card">
          <Card component={Link} to={detailPathOfPayout(kind, payout.payout_id)} padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={6} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {payout.destination.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[payout.asset, payout.network].filter(Boolean).join(' · ')}
                </Text>
                <Text size="xs" c="dimmed">
                  <DateTime value={payout.created_at} />
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap" align="flex-start">
                <Stack gap={6} align="flex-end">
                  <Amount value={payout.amount} currency={payout.asset} size="sm" fw={600} />
                  <Received payout={payout} />
                  <StatusBadge list="transaction" value={payout.status} size="sm" />
                </Stack>
                <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              </Group>
            </Group>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

function DownloadDialog({ kind, isOpen, onClose }: { kind: PayoutKind; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ExportDialog
      call={callsOf[kind].download}
      isOpen={isOpen}
      onClose={onClose}
      title={t(`payouts.history.download.title_${kind}`)}
      description={t('payouts.history.download.description')}
      filter={{
        field: 'status',
        label: t('payouts.history.filters.status'),
        allLabel: t('payouts.history.filters.all_statuses'),
        options: transactionStatuses.map((value) => ({ value, label: t(`states.transaction.${value}`) })),
      }}
      doneMessage={t('payouts.history.download.done')}
    />
  );
}

export function PayoutHistoryPage({ kind }: { kind: PayoutKind }) {
  const { t } = useTranslation();
  const calls = callsOf[kind];
  const mayPrepare = useHoldsPermission('prepare_payouts');
  const mayExport = useHoldsPermission('exports');
  const [params, setParams] = useSearchParams();
  const [isDownloadOpen, download] = useDisclosure(false);
  const values = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? ''])) as Record<FilterKey, string>;
  const [debouncedText] = useDebouncedValue(values.text, 300);
  const request = requestOf({ ...values, text: debouncedText });
  const hasFilters = filterKeys.some((key) => values[key] !== '');
  const history = useInfiniteQuery({
    queryKey: [calls.list.path, request],
    queryFn: ({ pageParam, signal }) =>
      loadScreenData(calls.list, pageParam ? { ...request, cursor: pageParam } : request, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled: mayPrepare !== false,
    refetchInterval: (query) =>
      query.state.data?.pages.length === 1 &&
      query.state.data.pages[0]?.items.some((item) => isPayoutMoving(item.status))
        ? movingRefreshMs
        : false,
  });
  if (mayPrepare === false) return <NoPermissionPage title={t(`pages.${calls.page}.title`)} />;
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const setFilter = (key: FilterKey, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const clearFilters = () => setParams(new URLSearchParams(), { replace: true });
  const newButton = (
    <Button component={Link} to={pathOf(calls.form)} leftSection={<IconPlus size={16} aria-hidden />}>
      {t('payouts.history.new')}
    </Button>
  );

  return (
    <PageFrame
      title={t(`pages.${calls.page}.title`)}
      description={t(`pages.${calls.page}.purpose`)}
      actions={
        <>
          {mayExport ? (
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download.open}>
              {t('payouts.history.download.open')}
            </Button>
          ) : null}
          {newButton}
        </>
      }
    >
      <WithdrawSections current={calls.page} />
      <Filters kind={kind} values={values} onChange={setFilter} onClear={clearFilters} />
      {history.isPending ? (
        <TableSkeleton rows={6} columns={6} />
      ) : history.isError && items.length === 0 ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconSend size={26} stroke={1.6} />}
          title={hasFilters ? t('payouts.history.empty_filtered_title') : t(`payouts.history.empty_title_${kind}`)}
          description={
            hasFilters
              ? t('payouts.history.empty_filtered_description')
              : t(`payouts.history.empty_description_${kind}`)
          }
          actions={
            hasFilters ? (
              <Button variant="light" onClick={clearFilters}>
                {t('payouts.history.filters.clear')}
              </Button>
            ) : (
              newButton
            )
          }
        />
      ) : (
        <Stack gap="md" aria-busy={history.isPlaceholderData} style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
          <PayoutTable kind={kind} items={items} />
          <PayoutCards kind={kind} items={items} />
          <LoadMore
            query={history}
            loadMoreLabel={t('payouts.load_more')}
            allLoaded={t('payouts.history.all_loaded', { count: items.length })}
          />
        </Stack>
      )}
      <DownloadDialog kind={kind} isOpen={isDownloadOpen} onClose={download.close} />
    </PageFrame>
  );
}
