/**
 * The company's recent deposits under its deposit address (deposit/record): when each was seen,
 * asset and network, amount, confirmations counting up while the network confirms it, and its
 * state. The list loads again on its own (every few seconds while one is in process, else every
 * 15 s), so a new deposit and its confirmations show without a reload. On a phone each deposit is a
 * card of its own (a six-column table would scroll sideways and hide the state).
 */
import { type Deposit, listDeposits } from '@bank/contract/deposit';
import { Card, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDateTime } from '../../ui/format-date.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { shortenMiddle } from '../../ui/short-text.ts';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';

/** How often an open page asks again: often while a deposit is being confirmed, else for new ones. */
const confirmingRefreshMs = 4000;
const watchingRefreshMs = 15_000;

function Confirmations({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const label = t('deposits.recent.confirmations_of', {
    count: deposit.confirmations,
    required: deposit.confirmations_required,
  });
  return (
    <Stack gap={4} miw={120}>
      <Text size="sm" className="tabular-figures">
        {label}
      </Text>
      {deposit.status === 'in_process' ? (
        <Progress value={(100 * deposit.confirmations) / deposit.confirmations_required} size="sm" aria-label={label} />
      ) : null}
    </Stack>
  );
}

/** One deposit on a phone: asset, amount and state first, then when, confirmations and hash. */
function DepositCard({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="deposit-row">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500}>
              {deposit.asset}
            </Text>
            <Text size="xs" c="dimmed">
              {deposit.network}
            </Text>
          </Group>
          <Amount value={deposit.amount} currency={deposit.asset} size="sm" fw={600} />
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {formatDateTime(deposit.seen_at, language)}
          </Text>
          <StatusBadge list="transaction" value={deposit.status} />
        </Group>
        <Confirmations deposit={deposit} />
        <Text size="xs" c="dimmed" ff="monospace" title={deposit.tx_hash} aria-label={t('deposits.recent.hash')}>
          {shortenMiddle(deposit.tx_hash)}
        </Text>
      </Stack>
    </Paper>
  );
}

export function RecentDeposits() {
  const { t } = useTranslation();
  const language = useLanguage();
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const record = useScreenQuery(
    listDeposits,
    {},
    {
      refetchIntervalMs: (data) =>
        data?.items.some((deposit) => deposit.status === 'in_process') ? confirmingRefreshMs : watchingRefreshMs,
    },
  );
  return (
    <Card component="section" aria-labelledby="recent-deposits-title">
      <Stack gap="md">
        <Text component="h2" id="recent-deposits-title" fw={600} fz="md" m={0}>
          {t('deposits.recent.title')}
        </Text>
        <QueryState isReasonHidden query={record} skeleton={<TableSkeleton rows={3} columns={5} />}>
          {(data) =>
            data.items.length === 0 ? (
              <EmptyState
                isBare
                size="sm"
                icon={<IconInbox size={22} stroke={1.6} />}
                title={t('deposits.recent.empty_title')}
                description={t('deposits.recent.empty')}
              />
            ) : isPhone ? (
              <Stack gap="sm" aria-labelledby="recent-deposits-title">
                {data.items.map((deposit) => (
                  <DepositCard key={deposit.deposit_id} deposit={deposit} />
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={680}>
                <Table verticalSpacing="sm" aria-labelledby="recent-deposits-title">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('deposits.recent.seen_at')}</Table.Th>
                      <Table.Th>{t('deposits.recent.asset')}</Table.Th>
                      <Table.Th style={{ textAlign: 'right' }}>{t('deposits.recent.amount')}</Table.Th>
                      <Table.Th>{t('deposits.recent.confirmations')}</Table.Th>
                      <Table.Th>{t('deposits.recent.status')}</Table.Th>
                      <Table.Th>{t('deposits.recent.hash')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((deposit) => (
                      <Table.Tr key={deposit.deposit_id} data-testid="deposit-row">
                        <Table.Td>
                          <Text size="sm">{formatDateTime(deposit.seen_at, language)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <Text size="sm" fw={500}>
                              {deposit.asset}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {deposit.network}
                            </Text>
                          </Group>
                        </Table.Td>
                        <Table.Td style={{ textAlign: 'right' }}>
                          <Amount value={deposit.amount} currency={deposit.asset} size="sm" />
                        </Table.Td>
                        <Table.Td>
                          <Confirmations deposit={deposit} />
                        </Table.Td>
                        <Table.Td>
                          <StatusBadge list="transaction" value={deposit.status} />
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" ff="monospace" title={deposit.tx_hash}>
                            {shortenMiddle(deposit.tx_hash)}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryState>
      </Stack>
    </Card>
  );
}
