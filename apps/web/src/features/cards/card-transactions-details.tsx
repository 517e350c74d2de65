/**
 * A card transaction's line and its details drawer: the description (merchant or fee), the amount
 * with CR/DR, the status badge (declined with its reason), and in the drawer every fact the
 * processor reported (category, country, the merchant's own currency, authorised, settled or
 * reversed, refunds so far, the processor's reference).
 */
import type { CardTransaction, CardTransactionStatus } from '@bank/contract/card-money';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../ui/amount.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Drawer } from '../../ui/drawer.tsx';
import { LabelledValue } from '../../ui/labelled-value.tsx';
import { colourOfTone, type StateTone } from '../../ui/state-tone.ts';
import { ToneBadge } from '../../ui/tone-badge.tsx';

const toneOfStatus: Readonly<Record<CardTransactionStatus, StateTone>> = {
  unsettled: 'in_progress',
  settled: 'positive',
  reversed: 'neutral',
  declined: 'negative',
};

export function useDescriptionOf(): (line: CardTransaction) => string {
  const { t } = useTranslation();
  return (line) =>
    line.kind === 'fee'
      ? line.fee_kind
        ? t(`cards.money.fee_kinds.${line.fee_kind}` as 'cards.money.fee_kinds.load', { defaultValue: line.fee_kind })
        : t('cards.money.transactions.kinds.fee')
      : line.merchant_name;
}

export function CardTransactionStatusBadge({ line }: { line: CardTransaction }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align="flex-start">
      <ToneBadge colour={colourOfTone[toneOfStatus[line.status]]}>
        {t(`cards.money.transactions.statuses.${line.status}`)}
      </ToneBadge>
      {line.decline_reason ? (
        <Text size="xs" c="dimmed">
          {t(`cards.money.transactions.decline_reasons.${line.decline_reason}`)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The amount with its CR/DR mark; a declined purchase moved nothing and is shown struck through. */
export function SignedAmount({ line, size = 'sm' }: { line: CardTransaction; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const isCredit = line.direction === 'credit';
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <Amount
        value={line.amount}
        currency="USD"
        size={size}
        fw={600}
        c={isCredit ? 'teal.9' : undefined}
        td={line.status === 'declined' || line.status === 'reversed' ? 'line-through' : undefined}
      />
      <Text size="xs" fw={700} c={isCredit ? 'teal.9' : 'dimmed'}>
        {t(isCredit ? 'cards.money.transactions.credit' : 'cards.money.transactions.debit')}
      </Text>
    </Group>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return <LabelledValue label={label}>{children}</LabelledValue>;
}

export function CardTransactionDrawer({ line, onClose }: { line: CardTransaction | null; onClose: () => void }) {
  const { t } = useTranslation();
  const describe = useDescriptionOf();
  const label = (key: Parameters<typeof detailKey>[0]) => t(detailKey(key));
  return (
    <Drawer
      opened={line !== null}
      onClose={onClose}
      position="right"
      title={t('cards.money.transactions.details.title')}
      closeButtonProps={{ 'aria-label': t('cards.money.transactions.details.close') }}
    >
      {line ? (
        <Stack gap="md" data-testid="card-transaction-details">
          <Group justify="space-between" align="flex-start">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {describe(line)}
            </Text>
            <CardTransactionStatusBadge line={line} />
          </Group>
          <SignedAmount line={line} size="md" />
          {line.status === 'unsettled' ? (
            <Text size="sm" c="dimmed">
              {t('cards.money.transactions.details.unsettled_note')}
            </Text>
          ) : null}
          {line.kind !== 'fee' ? (
            <>
              <Fact label={label('merchant')}>{line.merchant_name || '—'}</Fact>
              <Fact label={label('category')}>{line.merchant_category || '—'}</Fact>
              <Fact label={label('country')}>{line.merchant_country || '—'}</Fact>
            </>
          ) : null}
          {line.original_amount && line.original_currency ? (
            <Fact label={label('original')}>
              <Amount value={line.original_amount} currency={line.original_currency} size="sm" />
            </Fact>
          ) : null}
          {line.decline_reason ? (
            <Fact label={label('decline_reason')}>
              {t(`cards.money.transactions.decline_reasons.${line.decline_reason}`)}
            </Fact>
          ) : null}
          <Fact label={label(line.kind === 'purchase' ? 'authorised_at' : 'happened_at')}>
            <DateTime value={line.at} />
          </Fact>
          {line.settled_at && line.kind === 'purchase' ? (
            <Fact label={label('settled_at')}>
              <DateTime value={line.settled_at} />
            </Fact>
          ) : null}
          {line.reversed_at ? (
            <Fact label={label('reversed_at')}>
              <DateTime value={line.reversed_at} />
            </Fact>
          ) : null}
          {line.kind === 'purchase' && line.refunded_amount !== '0.00' ? (
            <Fact label={label('refunded')}>
              <Amount value={line.refunded_amount} currency="USD" size="sm" />
            </Fact>
          ) : null}
          {line.refund_of ? <Text size="sm">{label('refund_of')}</Text> : null}
          <Fact label={label('reference')}>
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {line.processor_reference}
            </Text>
          </Fact>
        </Stack>
      ) : null}
    </Drawer>
  );
}

function detailKey<
  Key extends
    | 'merchant'
    | 'category'
    | 'country'
    | 'original'
    | 'decline_reason'
    | 'authorised_at'
    | 'happened_at'
    | 'settled_at'
    | 'reversed_at'
    | 'refunded'
    | 'refund_of'
    | 'reference',
>(key: Key) {
  return `cards.money.transactions.details.${key}` as const;
}
