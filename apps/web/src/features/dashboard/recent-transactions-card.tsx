/**
 * The home page's recent transactions: the five newest lines of the history (transaction/record),
 * each opening its details, with the way to the whole history; an honest empty state before the
 * first deposit. The line is drawn here rather than borrowed from the history feature (features
 * never import each other): type, rail, date, status and the amount signed by its direction.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import { pathOf } from '@bank/contract/routes';
import { listTransactions, type Transaction } from '@bank/contract/transaction';
import { Anchor, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowRight, IconChevronRight, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../lib/i18n.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { isKycApproved } from '../../lib/session-storage.ts';
import { Amount } from '../../ui/amount.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatMoney } from '../../ui/format-amount.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { recentCount, recentRequest } from './home-page-data.ts';

/** How often the card asks again while a line is still moving (coins confirming). */
const movingRefreshMs = 15_000;

function detailPathOf(transactionId: string): string {
  return `${pathOf('transaction_detail')}?${new URLSearchParams({ id: transactionId }).toString()}`;
}

function isZero(amount: string): boolean {
  return /^[+-]?[0.]*$/.test(amount);
}

function RecentAmount({ transaction }: { transaction: Transaction }) {
  const locale = localeOfLanguage[useLanguage()];
  const isCredit = transaction.direction === 'credit';
  // A bank transfer not yet converted has no amount in the asset: what was sent stands in for it.
  if (isZero(transaction.amount) && transaction.status !== 'success') {
    return (
      <Text size="sm" fw={600} c="dimmed" className="tabular-figures" style={{ whiteSpace: 'nowrap' }}>
        {transaction.fiat ? formatMoney(transaction.fiat.amount, transaction.fiat.currency, locale) : '—'}
      </Text>
    );
  }
  const isVoid =
    transaction.status === 'rejected' || transaction.status === 'failed' || transaction.status === 'cancelled';
  return (
    <Text
      component="span"
      size="sm"
      fw={600}
      c={isVoid ? 'dimmed' : isCredit ? 'teal.9' : undefined}
      td={isVoid ? 'line-through' : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {isCredit ? '+' : '\u2212'}
      <Amount value={transaction.amount} currency={transaction.asset} inherit />
    </Text>
  );
}

function RecentLine({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation();
  // The amount names the asset; the network is added where it is not the asset's own chain.
  const rail = transaction.network === transaction.asset ? null : (transaction.network ?? transaction.fiat?.currency);
  return (
    <UnstyledButton
      component={Link}
      to={detailPathOf(transaction.transaction_id)}
      display="block"
      w="100%"
      py="sm"
      px="xs"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {t(`transactions.types.${transaction.type}`)}
          </Text>
          <Text size="xs" c="dimmed">
            {rail ? `${rail} · ` : null}
            <DateTime value={transaction.created_at} />
          </Text>
        </Stack>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <Stack gap={4} align="flex-end">
            <RecentAmount transaction={transaction} />
            <StatusBadge list="transaction" value={transaction.status} size="sm" />
            {transaction.status === 'in_process' && transaction.confirmations ? (
              <Text size="xs" c="dimmed" className="tabular-figures" style={{ whiteSpace: 'nowrap' }}>
                {t('transactions.confirmations', {
                  count: transaction.confirmations.count,
                  required: transaction.confirmations.required,
                })}
              </Text>
            ) : null}
          </Stack>
          <IconChevronRight size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        </Group>
      </Group>
    </UnstyledButton>
  );
}

export function RecentTransactionsCard() {
  const { t } = useTranslation();
  const canDeposit = isKycApproved();
  const recent = useScreenQuery(listTransactions, recentRequest, {
    refetchIntervalMs: (data) =>
      data?.items.some((item) => item.status === 'in_process' || item.status === 'admin_review')
        ? movingRefreshMs
        : false,
  });
  return (
    <Card component="section" aria-labelledby="recent-transactions-title" h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="center">
          <Text component="h2" id="recent-transactions-title" fw={600} fz="md" m={0}>
            {t('transactions.recent.title')}
          </Text>
          <Anchor component={Link} to={pathOf('transactions')} size="sm" fw={500}>
            <Group gap={4} component="span" wrap="nowrap">
              {t('transactions.recent.view_all')}
              <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        </Group>
        <QueryState query={recent} skeleton={<TableSkeleton rows={recentCount} columns={3} />}>
          {(data) =>
            data.items.length === 0 ? (
              <EmptyState
                isBare
                size="sm"
                icon={<IconReceipt size={22} stroke={1.6} />}
                title={t('transactions.recent.empty_title')}
                // Before KYC approval deposits are closed; the verification card above leads to the KYC.
                description={canDeposit ? t('transactions.recent.empty') : t('transactions.empty_kyc_description')}
                actions={
                  canDeposit ? (
                    <Button component={Link} to={pathOf('crypto_deposit')} variant="light" size="xs">
                      {t('transactions.empty_action')}
                    </Button>
                  ) : null
                }
              />
            ) : (
              <Stack
                gap={0}
                component="ul"
                aria-labelledby="recent-transactions-title"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {data.items.map((item, index) => (
                  <li
                    key={item.transaction_id}
                    data-testid="recent-transaction"
                    style={index === 0 ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
                  >
                    <RecentLine transaction={item} />
                  </li>
                ))}
              </Stack>
            )
          }
        </QueryState>
      </Stack>
    </Card>
  );
}
