/**
 * /programme/fees: the membership fee records of the company's programme cards
 * (programme/fees/list) with every field SPEC.md section 3 names, by payment status and contract;
 * overdue terms stand out. Holders of programme_fees pay a term, or select several and pay them
 * together (one stable coin, all or nothing), and set each contract's deduction mode.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import { type MembershipFeeRecord, programmeLimits } from '@bank/contract/programme';
import {
  listFeeContracts,
  listMembershipFees,
  payMembershipFees,
  quoteMembershipFees,
  setFeeDeductionMode,
} from '@bank/contract/programme-cards';
import type { FeePaymentStatus } from '@bank/contract/states';
import type { programme } from '@bank/i18n/locales/en/programme';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconReceiptTax, IconWallet } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { callApi } from '../../lib/api-client.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { messageOfError } from '../../lib/form-errors.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { showError, showSuccess } from '../../lib/notify.ts';
import { screenPagesOptions, useScreenQuery } from '../../lib/screen-query.ts';
import { Amount, useAmountText } from '../../ui/amount.tsx';
import { MaskedCardNumber } from '../../ui/card-summary.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FeeAssetPicker } from '../../ui/fee-asset-picker.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatAmount } from '../../ui/format-amount.ts';
import { formatDate } from '../../ui/format-date.ts';
import { LabelledValue } from '../../ui/labelled-value.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { totalUsdOf } from './fee-total.ts';
import { filterOf, filters, listRequestOf } from './membership-fees-page-data.ts';
import { MembershipRemarks } from './membership-remarks.tsx';
import { refreshProgrammeData } from './printed-cards-page.tsx';
import '../../messages/card-money.ts';
import '../../messages/cards.ts';
import '../../messages/programme.ts';

const payableStatuses: readonly FeePaymentStatus[] = ['pending', 'overdue', 'upcoming'];
type FeeColumn = keyof typeof programme.fees.columns;
const isPayable = (record: MembershipFeeRecord) => payableStatuses.includes(record.payment_status);

/** Each contract's deduction mode: a switch for holders of programme_fees. */
function DeductionModes({ mayPay }: { mayPay: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const contracts = useScreenQuery(listFeeContracts, {});
  const change = useMutation({
    mutationFn: (change: { contract_id: string; mode: 'manual' | 'automatic' }) => callApi(setFeeDeductionMode, change),
    onSuccess: async (contract) => {
      showSuccess(
        t('programme.fees.mode_setting.saved', {
          contract: contract.contract_number,
          mode: t(`programme.fees.modes.${contract.fee_deduction_mode}`),
        }),
      );
      await queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/v1/programme/fees/'),
      });
    },
    onError: (error) => {
      const message = messageOfError(error);
      if (message) showError(message);
    },
  });
  if (contracts.data?.items.length === 0) return null;
  // What the two modes mean, once above every contract's switch: fixed text, drawn before the contracts arrive.
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" maw={720}>
        {t('programme.fees.mode_setting.description', { days: programmeLimits.membershipGraceDays })}
      </Text>
      {contracts.isPending ? (
        <Skeleton height={56} radius="md" />
      ) : contracts.isError ? (
        <LoadError error={contracts.error} onRetry={() => void contracts.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {contracts.data.items.map((contract) => (
            <Paper key={contract.id} withBorder radius="md" p="md">
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Title order={2} fz="sm" fw={600}>
                  {t('programme.fees.mode_setting.title', { contract: contract.contract_number })}
                </Title>
                {mayPay ? (
                  <Switch
                    label={t('programme.fees.mode_setting.automatic')}
                    checked={contract.fee_deduction_mode === 'automatic'}
                    disabled={change.isPending}
                    onChange={(event) =>
                      change.mutate({
                        contract_id: contract.id,
                        mode: event.currentTarget.checked ? 'automatic' : 'manual',
                      })
                    }
                  />
                ) : (
                  <Text size="sm" fw={500}>
                    {t(`programme.fees.modes.${contract.fee_deduction_mode}`)}
                  </Text>
                )}
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

type RowControls = {
  mayPay: boolean;
  selected: ReadonlySet<string>;
  onToggle: (record: MembershipFeeRecord) => void;
  onPay: (records: MembershipFeeRecord[]) => void;
};

function PayButton({ record, onPay }: { record: MembershipFeeRecord; onPay: RowControls['onPay'] }) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      onClick={() => onPay([record])}
      aria-label={t('programme.fees.pay_label', { last4: record.last4 })}
    >
      {t('programme.fees.pay')}
    </Button>
  );
}

function FeesTable({ records, mayPay, selected, onToggle, onPay }: { records: MembershipFeeRecord[] } & RowControls) {
  const { t } = useTranslation();
  const language = useLanguage();
  const payable = records.filter(isPayable);
  const isAllSelected = payable.length > 0 && payable.every((record) => selected.has(record.id));
  const column = (key: FeeColumn) => t(`programme.fees.columns.${key}`);
  return (
    <Table.ScrollContainer minWidth={1060} visibleFrom="lg">
      <Table verticalSpacing="sm" data-testid="membership-fees">
        <Table.Thead>
          <Table.Tr>
            {mayPay ? (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('programme.fees.select_all')}
                  checked={isAllSelected}
                  disabled={payable.length === 0}
                  onChange={() => {
                    for (const record of payable) if (selected.has(record.id) === isAllSelected) onToggle(record);
                  }}
                />
              </Table.Th>
            ) : null}
            <Table.Th>
              {column('card')} / {column('expiry')}
            </Table.Th>
            <Table.Th>
              {column('term')} / {column('months')}
            </Table.Th>
            <Table.Th>{column('due')}</Table.Th>
            <Table.Th ta="right">{column('fee')}</Table.Th>
            <Table.Th>{column('status')}</Table.Th>
            <Table.Th>{column('paid_on')}</Table.Th>
            <Table.Th>{column('renewal')}</Table.Th>
            <Table.Th>{column('mode')}</Table.Th>
            <Table.Th>{column('remarks')}</Table.Th>
            {mayPay ? <Table.Th ta="right">{column('actions')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => {
            const isOverdue = record.payment_status === 'overdue';
            return (
              <Table.Tr
                key={record.id}
                bg={isOverdue ? 'var(--mantine-color-red-light)' : undefined}
                data-overdue={isOverdue || undefined}
              >
                {mayPay ? (
                  <Table.Td>
                    {isPayable(record) ? (
                      <Checkbox
                        aria-label={t('programme.fees.select_row', { last4: record.last4 })}
                        checked={selected.has(record.id)}
                        onChange={() => onToggle(record)}
                      />
                    ) : null}
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <Stack gap={2}>
                    <MaskedCardNumber last4={record.last4} size="sm" />
                    <Text size="xs" c="dimmed">
                      {record.cardholder_name ?? record.contract_number}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(record.expires_on, language)}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(record.term_starts_on, language)} – {formatDate(record.term_ends_on, language)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('programme.fees.months', { count: record.term_months })}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(record.due_on, language)}</Table.Td>
                <Table.Td>
                  <Amount value={record.fee_due} currency="USD" ta="right" fw={500} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge list="fee_payment" value={record.payment_status} />
                </Table.Td>
                <Table.Td>{record.paid_at ? <DateTime value={record.paid_at} size="sm" /> : '—'}</Table.Td>
                <Table.Td>{t(`programme.fees.renewal_statuses.${record.renewal_status}`)}</Table.Td>
                <Table.Td>{t(`programme.fees.modes.${record.deduction_mode}`)}</Table.Td>
                <Table.Td>
                  <MembershipRemarks remarks={record.remarks} />
                </Table.Td>
                {mayPay ? (
                  <Table.Td ta="right">
                    {isPayable(record) ? <PayButton record={record} onPay={onPay} /> : null}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones and narrow windows: one panel per term, every field labelled. */
function FeesList({ records, mayPay, selected, onToggle, onPay }: { records: MembershipFeeRecord[] } & RowControls) {
  const { t } = useTranslation();
  const language = useLanguage();
  const column = (key: FeeColumn) => t(`programme.fees.columns.${key}`);
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} hiddenFrom="lg">
      {records.map((record) => (
        <li key={record.id}>
          <Paper
            withBorder
            radius="md"
            p="md"
            bg={record.payment_status === 'overdue' ? 'var(--mantine-color-red-light)' : undefined}
          >
            <Stack gap="sm">
              <Group justify="space-between" gap="sm" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  {mayPay && isPayable(record) ? (
                    <Checkbox
                      aria-label={t('programme.fees.select_row', { last4: record.last4 })}
                      checked={selected.has(record.id)}
                      onChange={() => onToggle(record)}
                    />
                  ) : null}
                  <MaskedCardNumber last4={record.last4} size="sm" />
                </Group>
                <StatusBadge list="fee_payment" value={record.payment_status} />
              </Group>
              <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                <LabelledValue label={column('fee')}>
                  <Amount value={record.fee_due} currency="USD" fw={600} />
                </LabelledValue>
                <LabelledValue label={column('due')}>{formatDate(record.due_on, language)}</LabelledValue>
                <LabelledValue label={column('term')}>
                  {formatDate(record.term_starts_on, language)} – {formatDate(record.term_ends_on, language)}
                </LabelledValue>
                <LabelledValue label={column('months')}>
                  {t('programme.fees.months', { count: record.term_months })}
                </LabelledValue>
                <LabelledValue label={column('expiry')}>{formatDate(record.expires_on, language)}</LabelledValue>
                <LabelledValue label={column('paid_on')}>
                  {record.paid_at ? <DateTime value={record.paid_at} size="sm" /> : '—'}
                </LabelledValue>
                <LabelledValue label={column('renewal')}>
                  {t(`programme.fees.renewal_statuses.${record.renewal_status}`)}
                </LabelledValue>
                <LabelledValue label={column('mode')}>
                  {t(`programme.fees.modes.${record.deduction_mode}`)}
                </LabelledValue>
              </SimpleGrid>
              {record.remarks ? <MembershipRemarks remarks={record.remarks} /> : null}
              {mayPay && isPayable(record) ? (
                <Group justify="flex-end">
                  <PayButton record={record} onPay={onPay} />
                </Group>
              ) : null}
            </Stack>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}

function PayForm({ records, onDone }: { records: MembershipFeeRecord[]; onDone: () => void }) {
  const amountText = useAmountText();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feeIds = records.map((record) => record.id);
  const quote = useScreenQuery(quoteMembershipFees, { fee_ids: feeIds });
  const total = totalUsdOf(records);
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: payMembershipFees,
    initialValues: { asset: 'USDC' as 'USDC' | 'USDT' },
    // The total the quote showed comes back with the payment: the server charges it or refuses.
    toRequest: (values) => ({
      fee_ids: feeIds,
      ...values,
      fee_quote: { amount: quote.data?.total_usd ?? total, asset: 'USD' as const },
    }),
    onSuccess: async (answer) => {
      showSuccess(
        t('programme.fees.pay_dialog.done', {
          count: answer.items.length,
          amount: amountText(answer.total_usd, 'USD'),
        }),
      );
      onDone();
      await refreshProgrammeData(queryClient);
    },
  });
  // The first stable coin that covers the total, once the quote tells, unless the user chose one.
  const covering = quote.data?.costs.find((cost) => Number(cost.available) >= Number(cost.amount))?.asset;
  const { isDirty, setFieldValue } = form;
  useEffect(() => {
    if (covering && !isDirty('asset')) setFieldValue('asset', covering);
  }, [covering, isDirty, setFieldValue]);
  return (
    <form noValidate onSubmit={submit} style={readableErrorColour}>
      <Stack gap="md">
        <Text size="sm">{t('programme.fees.pay_dialog.description')}</Text>
        <FormAlert message={formError} />
        <SimpleGrid cols={2} spacing="md">
          <LabelledValue label={t('programme.fees.pay_dialog.total')}>
            <Amount value={total} currency="USD" fw={600} />
          </LabelledValue>
          <LabelledValue label={t('programme.fees.pay_dialog.terms')}>
            {records.map((record) => `•••• ${record.last4}`).join(', ')}
          </LabelledValue>
        </SimpleGrid>
        {quote.isPending ? (
          <Skeleton height={72} radius="sm" />
        ) : quote.isError ? (
          <LoadError error={quote.error} onRetry={() => void quote.refetch()} />
        ) : (
          <FeeAssetPicker
            id="membership-fee-asset"
            label={t('programme.fees.pay_dialog.asset')}
            costs={quote.data.costs}
            {...form.getInputProps('asset')}
          />
        )}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            {t('programme.fees.pay_dialog.cancel')}
          </Button>
          <Button
            type="submit"
            loading={isSubmitting}
            disabled={!quote.data}
            leftSection={<IconWallet size={16} aria-hidden />}
          >
            {t('programme.fees.pay_dialog.submit', { amount: amountText(total, 'USD') })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function MembershipFeesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const mayPay = useHoldsPermission('programme_fees') === true;
  const [searchParams, setSearchParams] = useSearchParams();
  const [selectedRecords, setSelectedRecords] = useState<ReadonlyMap<string, MembershipFeeRecord>>(new Map());
  const [paying, setPaying] = useState<MembershipFeeRecord[] | null>(null);
  const contracts = useScreenQuery(listFeeContracts, {});
  const filter = filterOf(searchParams);
  const contractId = searchParams.get('contract') ?? undefined;
  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value === null || value === 'all') next.delete(name);
    else next.set(name, value);
    setSearchParams(next, { replace: true });
    setSelectedRecords(new Map());
  };
  const list = useInfiniteQuery(screenPagesOptions(listMembershipFees, listRequestOf(searchParams)));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const selected = [...selectedRecords.values()].filter((record) =>
    items.some((item) => item.id === record.id && isPayable(item)),
  );
  const toggle = (record: MembershipFeeRecord) =>
    setSelectedRecords((current) => {
      const next = new Map(current);
      if (next.has(record.id)) next.delete(record.id);
      else if (next.size < programmeLimits.maxBulkPayment) next.set(record.id, record);
      return next;
    });
  const controls: RowControls = {
    mayPay,
    selected: new Set(selected.map((record) => record.id)),
    onToggle: toggle,
    onPay: setPaying,
  };
  const isFiltered = filter !== 'all' || contractId !== undefined;
  return (
    <PageFrame title={t('pages.programme_fees.title')} description={t('pages.programme_fees.purpose')}>
      <Stack gap="lg">
        <DeductionModes mayPay={mayPay} />
        <Group gap="md" align="flex-end" wrap="wrap">
          <Stack gap={6} style={{ maxWidth: '100%' }}>
            <Text component="span" id="membership-fees-filter-label" size="sm" fw={500}>
              {t('programme.fees.filter_label')}
            </Text>
            <SegmentedControl
              aria-labelledby="membership-fees-filter-label"
              value={filter}
              onChange={(value) => setParam('state', value)}
              data={filters.map((value) => ({ value, label: t(`programme.fees.filters.${value}`) }))}
              style={{ maxWidth: '100%', overflowX: 'auto' }}
            />
          </Stack>
          {(contracts.data?.items.length ?? 0) > 1 ? (
            <Select
              label={t('programme.fees.contract_label')}
              value={contractId ?? 'all'}
              onChange={(value) => setParam('contract', value)}
              allowDeselect={false}
              data={[
                { value: 'all', label: t('programme.fees.all_contracts') },
                ...(contracts.data?.items ?? []).map((contract) => ({
                  value: contract.id,
                  label: contract.contract_number,
                })),
              ]}
              w={220}
            />
          ) : null}
        </Group>
        {mayPay && selected.length > 0 ? (
          <Paper withBorder radius="md" p="sm" pos="sticky" top={0} style={{ zIndex: 2 }}>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm" fw={500} aria-live="polite">
                {t('programme.fees.selected', {
                  count: selected.length,
                  amount: formatAmount(totalUsdOf(selected), 'USD', localeOfLanguage[language]),
                })}
              </Text>
              <Button leftSection={<IconWallet size={16} aria-hidden />} onClick={() => setPaying(selected)}>
                {t('programme.fees.pay_selected')}
              </Button>
            </Group>
          </Paper>
        ) : null}
        {list.isPending ? (
          <TableSkeleton rows={5} columns={8} />
        ) : list.isError && items.length === 0 ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<IconReceiptTax size={26} stroke={1.6} />}
            title={t(isFiltered ? 'programme.fees.empty_filtered.title' : 'programme.fees.empty.title')}
            description={t(
              isFiltered ? 'programme.fees.empty_filtered.description' : 'programme.fees.empty.description',
            )}
          />
        ) : (
          <>
            <FeesTable records={items} {...controls} />
            <FeesList records={items} {...controls} />
            <LoadMore
              query={list}
              loadMoreLabel={t('programme.fees.load_more')}
              allLoaded={t('programme.fees.all_loaded')}
            />
          </>
        )}
      </Stack>
      <Dialog
        isOpen={paying !== null}
        onClose={() => setPaying(null)}
        title={
          paying?.length === 1
            ? t('programme.fees.pay_dialog.title_one', { last4: paying[0]?.last4 ?? '' })
            : t('programme.fees.pay_dialog.title_many', { count: paying?.length ?? 0 })
        }
      >
        {paying ? (
          <PayForm
            records={paying}
            onDone={() => {
              setPaying(null);
              setSelectedRecords(new Map());
            }}
          />
        ) : null}
      </Dialog>
    </PageFrame>
  );
}

MembershipFeesPage.isDrawnWhole = true as const;
