/**
 * The pieces of the batch payouts page: a batch with its totals per asset and its rows (errors
 * beside each, fixed in a dialog), its confirmation, its approval and the retry of failed rows, and
 * the list of recent batches (or, for an approver, those waiting).
 */
import {
  cancelPayoutBatch,
  decidePayoutBatch,
  type PayoutBatch,
  type PayoutBatchRow,
  quotePayoutBatch,
  removePayoutBatchRow,
  retryPayoutBatchRows,
  submitPayoutBatch,
} from '@bank/contract/payout-batches';
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../api/user-info.ts';
import { callApi, newIdempotencyKey } from '../../lib/api-client.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { queryKeyOf, screenPagesOptions, useScreenQuery } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDateTime } from '../../ui/format-date.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { useStepUpAction } from '../../widgets/step-up-dialog.tsx';
import { batchQueryCall, recentBatchesList } from './batch-payouts-page-data.ts';
import { BatchRowDialog, BatchRowsTable, keyboardScrollable } from './batch-rows.tsx';
import { refreshPayoutData } from './payout-format.ts';

const statusColour: Record<PayoutBatch['status'], string> = {
  draft: 'gray',
  pending_approval: 'orange',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

function TotalsTable({ batch }: { batch: PayoutBatch }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={420} scrollAreaProps={keyboardScrollable}>
      <Table aria-label={t('payouts.batch.totals')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payouts.batch.columns.asset')}</Table.Th>
            <Table.Th ta="right">{t('payouts.batch.columns.sends')}</Table.Th>
            <Table.Th ta="right">{t('payouts.batch.columns.fee')}</Table.Th>
            <Table.Th ta="right">{t('payouts.batch.columns.total')}</Table.Th>
            <Table.Th ta="right">{t('payouts.batch.columns.available')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batch.totals.map((total) => (
            <Table.Tr key={total.asset}>
              <Table.Td>{total.asset}</Table.Td>
              <Table.Td ta="right">
                <Amount value={total.amount} currency={total.asset} isCurrencyHidden />
              </Table.Td>
              <Table.Td ta="right">
                <Amount value={total.fee} currency={total.asset} isCurrencyHidden />
              </Table.Td>
              <Table.Td ta="right">
                <Amount value={total.total} currency={total.asset} fw={600} isCurrencyHidden />
              </Table.Td>
              <Table.Td ta="right">
                <Amount value={total.available} currency={total.asset} isCurrencyHidden />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type Pending = { kind: 'confirm' } | { kind: 'approve' } | { kind: 'reject' } | { kind: 'cancel' } | null;

/** The batch's actions by its state: review and submit (a draft), approve or reject, retry failed rows. */
function useBatchActions(batch: PayoutBatch, mayPrepare: boolean) {
  const queryClient = useQueryClient();
  const user = useUserInfo().data;
  const { run, dialog } = useStepUpAction(user);
  const key = useRef(newIdempotencyKey());
  const show = async (answer: PayoutBatch) => {
    queryClient.setQueryData(queryKeyOf(batchQueryCall(mayPrepare), { batch_id: answer.batch_id }), answer);
    await refreshPayoutData(queryClient);
  };
  return {
    dialog,
    quote: () => run(async () => show(await callApi(quotePayoutBatch, { batch_id: batch.batch_id }))),
    submit: (onDone: () => void) =>
      run(async () => {
        await show(await callApi(submitPayoutBatch, { batch_id: batch.batch_id }, { idempotencyKey: key.current }));
        key.current = newIdempotencyKey();
        onDone();
      }),
    cancel: (onDone: () => void) =>
      run(async () => {
        await show(await callApi(cancelPayoutBatch, { batch_id: batch.batch_id }));
        onDone();
      }),
    decide: (decision: 'approve' | 'reject', reason: string, onDone: () => void) =>
      run(async () => {
        await show(await callApi(decidePayoutBatch, { batch_id: batch.batch_id, decision, reason }));
        onDone();
      }),
    retry: () =>
      run(async () => {
        const lines = batch.rows.filter((row) => row.is_retryable).map((row) => row.line);
        await show(
          await callApi(
            retryPayoutBatchRows,
            { batch_id: batch.batch_id, lines },
            { idempotencyKey: newIdempotencyKey() },
          ),
        );
      }),
    remove: (row: PayoutBatchRow) =>
      run(async () => show(await callApi(removePayoutBatchRow, { batch_id: batch.batch_id, line: row.line }))),
  };
}

// Long: the batch's heading, its notices, totals, rows and the dialogs of its actions read as one page.
function BatchView({ batch, mayPrepare, onBack }: { batch: PayoutBatch; mayPrepare: boolean; onBack: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const actions = useBatchActions(batch, mayPrepare);
  const [pending, setPending] = useState<Pending>(null);
  const [editing, setEditing] = useState<PayoutBatchRow | null>(null);
  const isDraft = batch.status === 'draft';
  return (
    <Stack gap="md" component="section" aria-labelledby="batch-title">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Title order={2} fz="lg" id="batch-title" style={{ overflowWrap: 'anywhere' }}>
            {batch.file_name || t('payouts.batch.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('payouts.batch.created', {
              name: batch.created_by.name,
              time: formatDateTime(batch.created_at, language),
            })}
          </Text>
        </Stack>
        <ToneBadge colour={statusColour[batch.status]}>{t(`payouts.batch.statuses.${batch.status}`)}</ToneBadge>
      </Group>
      <Text fw={500}>{t('payouts.batch.summary', { rows: batch.row_count, bad: batch.invalid_count })}</Text>
      {isDraft ? (
        <Alert color={batch.invalid_count > 0 ? 'red' : 'green'} variant="light">
          {t(batch.invalid_count > 0 ? 'payouts.batch.fix_rows' : 'payouts.batch.all_good')}
        </Alert>
      ) : null}
      {batch.decided_by ? (
        <Text size="sm">
          {t('payouts.batch.decided', {
            name: batch.decided_by.name,
            time: formatDateTime(batch.decided_by.at, language),
          })}
          {batch.decided_by.reason ? ` · ${batch.decided_by.reason}` : ''}
        </Text>
      ) : null}
      <Title order={3} fz="md">
        {t('payouts.batch.totals')}
      </Title>
      <TotalsTable batch={batch} />
      <Group gap="sm" wrap="wrap">
        <Button variant="default" onClick={onBack}>
          {t(mayPrepare ? 'payouts.batch.new_file' : 'payouts.batch.all_batches')}
        </Button>
        {isDraft && mayPrepare ? (
          <Button
            disabled={batch.invalid_count > 0 || batch.row_count === 0}
            onClick={() => void actions.quote().then(() => setPending({ kind: 'confirm' }))}
          >
            {t('payouts.batch.review')}
          </Button>
        ) : null}
        {batch.may_approve ? (
          <>
            <Button onClick={() => setPending({ kind: 'approve' })}>{t('payouts.batch.approve')}</Button>
            <Button variant="default" onClick={() => setPending({ kind: 'reject' })}>
              {t('payouts.batch.reject')}
            </Button>
          </>
        ) : null}
        {batch.may_cancel ? (
          <Button variant="default" color="red" onClick={() => setPending({ kind: 'cancel' })}>
            {t('payouts.batch.cancel')}
          </Button>
        ) : null}
        {mayPrepare && batch.rows.some((row) => row.is_retryable) ? (
          <Button onClick={() => void actions.retry()}>{t('payouts.batch.retry_failed')}</Button>
        ) : null}
      </Group>
      <BatchRowsTable
        batch={batch}
        isEditable={isDraft && mayPrepare}
        onEdit={setEditing}
        onRemove={(row) => void actions.remove(row)}
      />
      <BatchRowDialog batch={batch} row={editing} mayPrepare={mayPrepare} onClose={() => setEditing(null)} />
      <BatchDecisionDialog batch={batch} pending={pending} actions={actions} onClose={() => setPending(null)} />
      {actions.dialog}
    </Stack>
  );
}

function BatchDecisionDialog({
  batch,
  pending,
  actions,
  onClose,
}: {
  batch: PayoutBatch;
  pending: Pending;
  actions: ReturnType<typeof useBatchActions>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [reason, setReason] = useState('');
  const kind = pending?.kind ?? 'approve';
  const title = ({ confirm: 'confirm_title', reject: 'reject', approve: 'approve', cancel: 'cancel_title' } as const)[
    kind
  ];
  const action = ({ confirm: 'submit', reject: 'reject', approve: 'approve', cancel: 'cancel' } as const)[kind];
  const isDestructive = kind === 'reject' || kind === 'cancel';
  const act = () => {
    if (kind === 'confirm') return actions.submit(onClose);
    if (kind === 'cancel') return actions.cancel(onClose);
    return actions.decide(kind, reason, onClose);
  };
  return (
    <Dialog isOpen={pending !== null} onClose={onClose} title={t(`payouts.batch.${title}`)}>
      <Stack gap="md">
        <Text size="sm">
          {kind === 'cancel'
            ? t('payouts.batch.cancel_text')
            : t('payouts.batch.confirm_text', { rows: batch.row_count })}
        </Text>
        <TotalsTable batch={batch} />
        {kind === 'confirm' && batch.quote_expires_at ? (
          <Text size="sm" c="dimmed">
            {t('payouts.batch.quote_valid', { time: formatDateTime(batch.quote_expires_at, language) })}
          </Text>
        ) : null}
        {kind === 'confirm' && !batch.has_other_approver ? (
          <Alert color="orange" variant="light">
            {t('payouts.batch.no_approver')}
          </Alert>
        ) : null}
        {kind === 'reject' ? (
          <textarea
            aria-label={t('payouts.batch.reject_reason')}
            placeholder={t('payouts.batch.reject_reason')}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.currentTarget.value)}
            rows={3}
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button
            color={isDestructive ? 'red' : undefined}
            disabled={kind === 'reject' && reason.trim().length === 0}
            onClick={() => void act()}
          >
            {t(`payouts.batch.${action}`)}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

export function BatchDetail({
  batchId,
  mayPrepare,
  onBack,
}: {
  batchId: string;
  mayPrepare: boolean;
  onBack: () => void;
}) {
  const batch = useScreenQuery(batchQueryCall(mayPrepare), { batch_id: batchId });
  return (
    <QueryState query={batch} skeleton={<TableSkeleton rows={6} columns={5} />}>
      {(data) => <BatchView batch={data} mayPrepare={mayPrepare} onBack={onBack} />}
    </QueryState>
  );
}

export function RecentBatches({ isApprover, onOpen }: { isApprover: boolean; onOpen: (batchId: string) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useInfiniteQuery(screenPagesOptions(...recentBatchesList(isApprover)));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="batch-history">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="batch-history">
          {t(isApprover ? 'payouts.batch.waiting_approvals' : 'payouts.batch.history')}
        </Title>
        {list.isPending ? (
          <TableSkeleton rows={3} columns={4} />
        ) : items.length === 0 ? (
          <EmptyState icon={<IconFileSpreadsheet size={28} aria-hidden />} title={t('payouts.batch.empty')} />
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <Group key={item.batch_id} component="li" justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={0} miw={0}>
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {item.file_name || t('payouts.batch.title')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('payouts.batch.summary', { rows: item.row_count, bad: item.invalid_count })} ·{' '}
                    {formatDateTime(item.created_at, language)}
                  </Text>
                </Stack>
                <Group gap="sm">
                  <ToneBadge colour={statusColour[item.status]}>{t(`payouts.batch.statuses.${item.status}`)}</ToneBadge>
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => onOpen(item.batch_id)}
                    aria-label={`${t('payouts.batch.open')} ${item.file_name}`}
                  >
                    {t('payouts.batch.open')}
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
