/**
 * /admin/deposits, "Coins confirming": every company's crypto deposits still counting confirmations,
 * and the decision on a first deposit below the minimum that is held.
 */
import type { ResponseOf } from '@bank/contract/calls';
import { creditHeldDeposit, listDepositsInFlight, returnHeldDeposit } from '@bank/contract/deposit';
import { Box, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../../lib/call-form.tsx';
import { showSuccess } from '../../../lib/notify.ts';
import { screenPagesOptions } from '../../../lib/screen-query.ts';
import { Amount, useAmountText } from '../../../ui/amount.tsx';
import { CopyValueButton } from '../../../ui/copy-value-button.tsx';
import { DateTime } from '../../../ui/date-time.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { LoadMore } from '../../../ui/load-more.tsx';
import { readableErrorColour } from '../../../ui/readable-colour.ts';
import { submitRequiringReason } from '../../../ui/review-decision.tsx';
import { shortenMiddle } from '../../../ui/short-text.ts';
import { TableSkeleton } from '../../../ui/skeletons.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { inFlightRequest } from './deposit-operations-page-data.ts';
import { DeskList, HistoryButton, PhoneLines, refreshBackOffice } from './deposit-operations-parts.tsx';

type DepositInFlight = ResponseOf<typeof listDepositsInFlight>['items'][number];

/** Coins confirming are asked for again this often while their tab is open. */
const inFlightRefreshMs = 10_000;

type HeldDecision = { kind: 'credit' | 'return'; deposit: DepositInFlight };

/**
 * A first deposit below the minimum, confirmed and held (DECISIONS.md: the back office credits it,
 * saying why, or returns it): its decision, with the reason the audit log keeps.
 */
function HeldDepositForm({ decision, onClose }: { decision: HeldDecision; onClose: () => void }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const queryClient = useQueryClient();
  const { deposit, kind } = decision;
  const what = `${amountText(deposit.amount, deposit.asset)} ${deposit.asset} · ${deposit.company.name}`;
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: kind === 'credit' ? creditHeldDeposit : returnHeldDeposit,
    initialValues: { reason: '' },
    toRequest: (values) => ({ deposit_id: deposit.deposit_id, reason: values.reason.trim() }),
    onSuccess: async () => {
      showSuccess(t(`deposits.staff.held.${kind}_done`, { what }));
      onClose();
      await refreshBackOffice(queryClient);
    },
  });
  // The schema's minimum length would misread an empty reason.
  const onSubmit = submitRequiringReason({ form, submit });
  return (
    <form noValidate onSubmit={onSubmit} style={readableErrorColour}>
      <Stack gap="md">
        <Text fw={600}>{what}</Text>
        <FormAlert message={formError} />
        <Text size="sm">{t(`deposits.staff.held.${kind}_what_happens`)}</Text>
        <Textarea
          label={t('deposits.staff.held.reason')}
          description={t('deposits.staff.held.reason_hint')}
          required
          autosize
          minRows={2}
          maxRows={6}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            {t('deposits.staff.held.cancel')}
          </Button>
          <Button type="submit" color={kind === 'return' ? 'red' : undefined} loading={isSubmitting}>
            {t(`deposits.staff.held.${kind}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function HeldActions({ deposit, onDecide }: { deposit: DepositInFlight; onDecide: (decision: HeldDecision) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" onClick={() => onDecide({ kind: 'credit', deposit })}>
        {t('deposits.staff.held.credit')}
      </Button>
      <Button size="xs" variant="default" onClick={() => onDecide({ kind: 'return', deposit })}>
        {t('deposits.staff.held.return')}
      </Button>
    </Group>
  );
}

function Confirmations({ deposit }: { deposit: DepositInFlight }) {
  const { t } = useTranslation();
  if (deposit.status === 'admin_review')
    return (
      <Text size="sm" c="orange.9" miw={130}>
        {t('deposits.staff.held.status')}
      </Text>
    );
  const label = t('deposits.staff.in_flight.confirmations_of', {
    count: deposit.confirmations,
    required: deposit.confirmations_required,
  });
  const percent = Math.min(100, (100 * deposit.confirmations) / Math.max(1, deposit.confirmations_required));
  return (
    <Stack gap={4} miw={130}>
      <Text size="sm" className="tabular-figures">
        {label}
      </Text>
      <Progress
        value={percent}
        size="sm"
        aria-label={`${t('deposits.staff.in_flight.columns.confirmations')}: ${label}`}
      />
    </Stack>
  );
}

function TransactionHash({ hash }: { hash: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" ff="monospace" title={hash}>
        {shortenMiddle(hash)}
      </Text>
      <CopyValueButton
        value={hash}
        label={t('deposits.staff.in_flight.copy_hash')}
        copiedLabel={t('deposits.staff.in_flight.copied')}
      />
    </Group>
  );
}

/** The coins confirming on a phone: one line per deposit instead of the table's row. */
function InFlightLines({
  items,
  what,
  onDecide,
}: {
  items: readonly DepositInFlight[];
  what: (deposit: DepositInFlight) => string;
  onDecide: (decision: HeldDecision) => void;
}) {
  return (
    <PhoneLines
      items={items}
      itemKey={(deposit) => deposit.deposit_id}
      line={(deposit) => ({
        head: (
          <Stack gap={0}>
            <Amount value={deposit.amount} currency={deposit.asset} fw={600} />
            {deposit.network === deposit.asset ? null : (
              <Text size="xs" c="dimmed">
                {deposit.network}
              </Text>
            )}
          </Stack>
        ),
        aside: (
          <Text size="sm" ta="right">
            {deposit.company.name}
          </Text>
        ),
        body: (
          <>
            <Box mt="xs">
              <Confirmations deposit={deposit} />
            </Box>
            <Group justify="space-between" gap="xs" mt="xs" wrap="nowrap">
              <DateTime value={deposit.seen_at} size="xs" c="dimmed" />
              <TransactionHash hash={deposit.tx_hash} />
            </Group>
          </>
        ),
        actions: (
          <>
            {deposit.status === 'admin_review' ? <HeldActions deposit={deposit} onDecide={onDecide} /> : null}
            <HistoryButton id={deposit.deposit_id} what={what(deposit)} />
          </>
        ),
      })}
    />
  );
}

export function InFlightPanel() {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const inFlightWhat = (deposit: DepositInFlight) =>
    `${amountText(deposit.amount, deposit.asset)} ${deposit.asset} ${deposit.network} · ${deposit.company.name}`;
  const deposits = useInfiniteQuery({
    ...screenPagesOptions(listDepositsInFlight, inFlightRequest),
    refetchInterval: inFlightRefreshMs,
  });
  const [held, setHeld] = useState<HeldDecision | null>(null);
  const items = deposits.data?.pages.flatMap((page) => page.items) ?? [];
  if (deposits.isPending) return <TableSkeleton rows={4} columns={6} />;
  if (deposits.isError) return <LoadError error={deposits.error} onRetry={() => void deposits.refetch()} />;
  if (items.length === 0)
    return (
      <EmptyState
        icon={<IconCoins size={26} stroke={1.6} />}
        title={t('deposits.staff.in_flight.empty_title')}
        description={t('deposits.staff.in_flight.empty')}
      />
    );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('deposits.staff.in_flight.refresh_note')}
      </Text>
      <DeskList
        minWidth={900}
        headers={[
          { label: t('deposits.staff.in_flight.columns.company') },
          { label: t('deposits.staff.in_flight.columns.asset') },
          { label: t('deposits.staff.in_flight.columns.amount'), isRightAligned: true },
          { label: t('deposits.staff.in_flight.columns.confirmations') },
          { label: t('deposits.staff.in_flight.columns.seen_at') },
          { label: t('deposits.staff.in_flight.columns.hash') },
        ]}
        rows={items.map((deposit) => (
          <Table.Tr key={deposit.deposit_id} data-testid="deposit-in-flight">
            <Table.Td fz="sm">{deposit.company.name}</Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={500}>
                  {deposit.asset}
                </Text>
                {deposit.network === deposit.asset ? null : (
                  <Text size="xs" c="dimmed">
                    {deposit.network}
                  </Text>
                )}
              </Group>
            </Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>
              <Amount value={deposit.amount} currency={deposit.asset} size="sm" />
            </Table.Td>
            <Table.Td>
              <Confirmations deposit={deposit} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <DateTime value={deposit.seen_at} size="sm" />
            </Table.Td>
            <Table.Td>
              <TransactionHash hash={deposit.tx_hash} />
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {deposit.status === 'admin_review' ? <HeldActions deposit={deposit} onDecide={setHeld} /> : null}
                <HistoryButton id={deposit.deposit_id} what={inFlightWhat(deposit)} />
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
        lines={<InFlightLines items={items} what={inFlightWhat} onDecide={setHeld} />}
      />
      <LoadMore
        loadMoreLabel={t('deposits.staff.load_more')}
        query={deposits}
        allLoaded={t('deposits.staff.all_loaded')}
      />
      <Dialog
        isOpen={held !== null}
        onClose={() => setHeld(null)}
        title={t(held?.kind === 'return' ? 'deposits.staff.held.return_title' : 'deposits.staff.held.credit_title')}
        size="lg"
      >
        {held ? (
          <HeldDepositForm
            key={`${held.kind}-${held.deposit.deposit_id}`}
            decision={held}
            onClose={() => setHeld(null)}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}
