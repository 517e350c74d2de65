/**
 * /my_transaction_info?id=…: one transaction as the company's record of it: type, status, amount
 * and fee, asset and network, the on-chain hash with the network explorer's page, the bank
 * transfer behind a fiat deposit (amount sent, rate and its time, reference), what happened when
 * (its steps), and the ledger movements that changed the balance. Another company's id, or an
 * unknown one, reads as not found. While the transaction is still moving the page asks again.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import { pathOf } from '@bank/contract/routes';
import {
  downloadTransactionReceipt,
  getTransactionDetails,
  type LedgerMovement,
  rateOfFiatLeg,
  type TransactionDetails,
  TransactionIdRequest,
} from '@bank/contract/transaction';
import { Anchor, Card, Divider, Grid, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { errorKeyOf } from '../../lib/form-errors.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { CopyableText } from '../../ui/copy-value-button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ExplorerLink, Fact, FactGrid, FactList } from '../../ui/facts.tsx';
import { formatMoney } from '../../ui/format-amount.ts';
import { formatDateTime } from '../../ui/format-date.ts';
import { useLabel } from '../../ui/labels.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { RateText } from '../../ui/rate-text.tsx';
import { ReceiptButton } from '../../ui/receipt-button.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { StepsTimeline } from '../../ui/steps-timeline.tsx';
import { requestOf } from './transaction-detail-page-data.ts';
import { isMoving, signOf } from './transaction-format.ts';
import { ConfirmationsNote, SignedAmount, useRailText, useTypeText } from './transaction-parts.tsx';
import '../../messages/payout-steps.ts';
import '../../messages/transactions.ts';

/**
 * Only a fiat deposit has a notice: the card's code (its documents, the deposits' English and
 * contract) loads for such a transaction alone, beside its own call.
 */
const DepositNoticeCard = lazy(async () => ({
  default: (await import('./deposit-notice-card.tsx')).DepositNoticeCard,
}));

/** How often an open page asks again while the transaction is still moving (a deposit confirming). */
const movingRefreshMs = 5000;

/** A long identifier with its copy button, named by the fact it is. */
function CopyableDetail({ value, field }: { value: string; field: string }) {
  const { t } = useTranslation();
  return (
    <CopyableText
      value={value}
      label={t('transactions.detail.copy', { field })}
      copiedLabel={t('transactions.detail.copied', { field })}
    />
  );
}

function Summary({ details }: { details: TransactionDetails }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const typeText = useTypeText();
  const railText = useRailText();
  const { transaction } = details;
  const fiat = transaction.fiat;
  const rate = rateOfFiatLeg(transaction);
  return (
    <Card component="section" aria-labelledby="transaction-summary">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={6}>
            <Text component="h2" id="transaction-summary" fw={600} fz="lg" m={0}>
              {typeText(transaction)}
            </Text>
            <Group gap="xs">
              <StatusBadge list="transaction" value={transaction.status} />
              <Text size="sm" c="dimmed">
                {[transaction.asset, railText(transaction)].filter(Boolean).join(' · ')}
              </Text>
              <ConfirmationsNote transaction={transaction} />
            </Group>
          </Stack>
          <Stack gap="sm" align="flex-end">
            <SignedAmount transaction={transaction} isFeeShown={false} fz={28} />
            <ReceiptButton
              call={downloadTransactionReceipt}
              request={{ transaction_id: transaction.transaction_id }}
              label={t('transactions.detail.download_receipt')}
              doneMessage={t('transactions.detail.receipt_downloaded')}
            />
          </Stack>
        </Group>
        <Divider />
        <FactGrid>
          <Fact label={t('transactions.detail.amount')}>
            <Amount value={transaction.amount} currency={transaction.asset} />
          </Fact>
          <Fact label={t('transactions.detail.fee')}>
            <Amount value={transaction.fee} currency={transaction.asset} />
          </Fact>
          <Fact label={t('transactions.detail.asset')}>{transaction.asset}</Fact>
          <Fact label={t('transactions.detail.network')}>
            {transaction.network ?? t('transactions.detail.off_chain')}
          </Fact>
          <Fact label={t('transactions.detail.date')}>
            <DateTime value={transaction.created_at} />
          </Fact>
          <Fact label={t('transactions.detail.updated')}>
            <DateTime value={transaction.updated_at} />
          </Fact>
          {transaction.counterparty ? (
            <Fact
              label={t(
                transaction.direction === 'credit'
                  ? 'transactions.detail.counterparty_from'
                  : 'transactions.detail.counterparty_to',
              )}
            >
              {transaction.counterparty}
            </Fact>
          ) : null}
        </FactGrid>
        <Divider />
        <FactList>
          <Fact label={t('transactions.detail.id')}>
            <CopyableDetail value={transaction.transaction_id} field={t('transactions.detail.id')} />
          </Fact>
          {transaction.tx_hash ? (
            <Fact label={t('transactions.detail.hash')}>
              <Stack gap={6} component="span">
                <CopyableDetail value={transaction.tx_hash} field={t('transactions.detail.hash')} />
                {transaction.explorer_url ? (
                  <ExplorerLink
                    href={transaction.explorer_url}
                    label={t('transactions.detail.explorer')}
                    newTabLabel={t('transactions.detail.new_tab')}
                  />
                ) : null}
              </Stack>
            </Fact>
          ) : null}
          {transaction.payout_id ? (
            <Anchor
              component={Link}
              size="sm"
              to={`${pathOf(transaction.type === 'fiat_payout' ? 'fiat_transfer_detail' : 'crypto_transfer_detail')}?${new URLSearchParams({ id: transaction.payout_id }).toString()}`}
            >
              {t('transactions.detail.payout_link')}
            </Anchor>
          ) : null}
        </FactList>
        {fiat ? (
          <>
            <Divider />
            <Stack gap="md">
              <Text component="h3" fw={600} fz="sm" m={0}>
                {t('transactions.detail.fiat_title')}
              </Text>
              <FactGrid>
                <Fact label={t('transactions.detail.fiat_amount')}>
                  <Amount value={fiat.amount} currency={fiat.currency} />
                </Fact>
                <Fact label={t('transactions.detail.rate')}>
                  {rate ? (
                    <Stack gap={2} component="span">
                      <RateText pair={rate} />
                      {fiat.rate_at ? (
                        <Text component="span" size="xs" c="dimmed">
                          {t('transactions.detail.rate_at', { time: formatDateTime(fiat.rate_at, language) })}
                        </Text>
                      ) : null}
                    </Stack>
                  ) : (
                    <Text component="span" size="sm" c="dimmed">
                      {t('transactions.detail.rate_pending')}
                    </Text>
                  )}
                </Fact>
                <Fact label={t('transactions.detail.reference')}>
                  <CopyableDetail value={fiat.reference} field={t('transactions.detail.reference')} />
                </Fact>
              </FactGrid>
            </Stack>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

function Steps({ details }: { details: TransactionDetails }) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="transaction-steps">
      <Stack gap="md">
        <Text component="h2" id="transaction-steps" fw={600} fz="md" m={0}>
          {t('transactions.detail.steps_title')}
        </Text>
        {details.steps.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('transactions.detail.steps_empty')}
          </Text>
        ) : (
          <StepsTimeline steps={details.steps} bulletSize={20} />
        )}
      </Stack>
    </Card>
  );
}

function MovementRow({ movement }: { movement: LedgerMovement }) {
  const { t } = useTranslation();
  const kindName = useLabel('ledger_movement');
  return (
    <Table.Tr data-testid="ledger-movement">
      <Table.Td>
        <Text size="sm">{kindName(movement.kind)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t(`transactions.detail.directions.${movement.direction}`)}</Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" component="span" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {signOf(movement.direction)}
          <Amount value={movement.amount} currency={movement.asset} inherit />
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Amount value={movement.balance_after} currency={movement.asset} size="sm" />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">
          <DateTime value={movement.at} />
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** Movements carry no id of their own; what they are and when tells them apart. */
function movementKeyOf(movement: LedgerMovement): string {
  return `${movement.at}-${movement.kind}-${movement.asset}-${movement.direction}-${movement.amount}`;
}

/** A movement on a phone: the table's five columns as two lines. */
function MovementItem({ movement }: { movement: LedgerMovement }) {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  const kindName = useLabel('ledger_movement');
  return (
    <Stack component="li" gap={2} py="xs" data-testid="ledger-movement-item">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={500}>
          {kindName(movement.kind)}
        </Text>
        <Text size="sm" component="span" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {signOf(movement.direction)}
          <Amount value={movement.amount} currency={movement.asset} inherit />
        </Text>
      </Group>
      <Group justify="space-between" wrap="wrap" gap={4}>
        <Text size="xs" c="dimmed">
          {t(`transactions.detail.directions.${movement.direction}`)} · <DateTime value={movement.at} />
        </Text>
        <Text size="xs" c="dimmed" className="tabular-figures">
          {t('transactions.detail.balance_after', {
            amount: formatMoney(movement.balance_after, movement.asset, locale),
          })}
        </Text>
      </Group>
    </Stack>
  );
}

function Movements({ details }: { details: TransactionDetails }) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="transaction-movements">
      <Stack gap="md">
        <Stack gap={2}>
          <Text component="h2" id="transaction-movements" fw={600} fz="md" m={0}>
            {t('transactions.detail.movements_title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('transactions.detail.movements_description')}
          </Text>
        </Stack>
        {details.movements.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('transactions.detail.movements_empty')}
          </Text>
        ) : (
          <>
            <Stack
              component="ul"
              gap={0}
              hiddenFrom="sm"
              aria-labelledby="transaction-movements"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {details.movements.map((movement) => (
                <MovementItem key={movementKeyOf(movement)} movement={movement} />
              ))}
            </Stack>
            <Table.ScrollContainer minWidth={560} visibleFrom="sm">
              <Table verticalSpacing="xs" aria-labelledby="transaction-movements">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('transactions.detail.movement_columns.kind')}</Table.Th>
                    <Table.Th>{t('transactions.detail.movement_columns.direction')}</Table.Th>
                    <Table.Th ta="right">{t('transactions.detail.movement_columns.amount')}</Table.Th>
                    <Table.Th ta="right">{t('transactions.detail.movement_columns.balance')}</Table.Th>
                    <Table.Th>{t('transactions.detail.movement_columns.time')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {details.movements.map((movement) => (
                    <MovementRow key={movementKeyOf(movement)} movement={movement} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Card>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={t('shell.loading')}>
      <Card>
        <Stack gap="md">
          <Group justify="space-between">
            <Stack gap={8}>
              <Skeleton height={20} width={180} radius="sm" />
              <Skeleton height={18} width={120} radius="xl" />
            </Stack>
            <Skeleton height={30} width={200} radius="sm" />
          </Group>
          <SimpleGrid cols={{ base: 2, md: 3 }} spacing="lg">
            {[0, 1, 2, 3, 4, 5].map((field) => (
              <Stack key={field} gap={6}>
                <Skeleton height={10} width="40%" radius="sm" />
                <Skeleton height={14} width="70%" radius="sm" />
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Skeleton height={180} radius="md" />
        <Skeleton height={180} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

/** The line the address names (`?id=`). */
export function TransactionDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const request = requestOf(params);
  // An id the contract could never accept is not found without asking the server.
  const isWellFormed = TransactionIdRequest.safeParse(request).success;
  const details = useScreenQuery(getTransactionDetails, request, {
    enabled: isWellFormed,
    refetchIntervalMs: (data) => (data && isMoving(data.transaction) ? movingRefreshMs : false),
  });
  const isNotFound = !isWellFormed || (details.isError && errorKeyOf(details.error) === 'not_found');
  const historySearch = (location.state as { historySearch?: unknown } | null)?.historySearch;
  const backPath = `${pathOf('transactions')}${typeof historySearch === 'string' && historySearch ? `?${historySearch}` : ''}`;

  return (
    <PageFrame title={t('pages.transaction_detail.title')} description={t('pages.transaction_detail.purpose')}>
      <Anchor component={Link} to={backPath} size="sm" fw={500} style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {t('transactions.detail.back')}
        </Group>
      </Anchor>
      {isNotFound ? (
        <EmptyState
          icon={<IconSearch size={26} stroke={1.6} />}
          title={t('transactions.detail.not_found_title')}
          description={t('transactions.detail.not_found')}
        />
      ) : details.isPending ? (
        <DetailSkeleton />
      ) : details.isError ? (
        <LoadError error={details.error} onRetry={() => void details.refetch()} />
      ) : (
        <Stack gap="lg">
          <Summary details={details.data} />
          {details.data.transaction.type === 'fiat_deposit' ? (
            <Suspense fallback={null}>
              <DepositNoticeCard transactionId={details.data.transaction.transaction_id} />
            </Suspense>
          ) : null}
          <Grid gap="lg" align="flex-start">
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Steps details={details.data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Movements details={details.data} />
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </PageFrame>
  );
}
