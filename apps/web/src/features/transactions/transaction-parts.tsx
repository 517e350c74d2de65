/**
 * What the history and a transaction's details show alike: a transaction's type in words, where
 * the money travelled (asset and network, or the bank rail), and its amount signed by direction
 * with the fee and how final the amount is.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import type { Transaction } from '@bank/contract/transaction';
import { Stack, Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n.ts';
import { Amount } from '../../ui/amount.tsx';
import { formatMoney } from '../../ui/format-amount.ts';
import { useLabel } from '../../ui/labels.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { amountStateOf, hasFee, signOf } from './transaction-format.ts';

/** "7/19 confirmations" while coins confirm on their network; nothing otherwise. */
export function ConfirmationsNote({ transaction }: { transaction: Pick<Transaction, 'status' | 'confirmations'> }) {
  const { t } = useTranslation();
  const confirmations = transaction.confirmations;
  if (!confirmations || transaction.status !== 'in_process') return null;
  return (
    <Text
      component="span"
      size="xs"
      c="dimmed"
      className="tabular-figures"
      style={{ whiteSpace: 'nowrap' }}
      data-testid="transaction-confirmations"
    >
      {t('transactions.confirmations', { count: confirmations.count, required: confirmations.required })}
    </Text>
  );
}

/** The status badge, with the confirmations beneath while coins confirm ("In process", "7/19 confirmations"). */
export function StatusWithConfirmations({
  transaction,
  align = 'flex-start',
  size,
}: {
  transaction: Pick<Transaction, 'status' | 'confirmations'>;
  align?: 'flex-start' | 'flex-end';
  size?: 'sm';
}) {
  return (
    <Stack gap={4} align={align}>
      <StatusBadge list="transaction" value={transaction.status} {...(size ? { size } : {})} />
      <ConfirmationsNote transaction={transaction} />
    </Stack>
  );
}

/** "Crypto deposit", "Fiat deposit". */
export function useTypeText(): (transaction: Pick<Transaction, 'type'>) => string {
  const typeName = useLabel('transaction_type');
  return (transaction) => typeName(transaction.type);
}

/**
 * The rail the money travelled on: the network for tokens (TRC20), "Bank transfer · USD" for fiat;
 * nothing for a coin on its own chain (BTC on BTC), where it would only repeat the asset.
 */
export function useRailText(): (transaction: Pick<Transaction, 'asset' | 'network' | 'fiat'>) => string {
  const { t } = useTranslation();
  return (transaction) => {
    if (transaction.network) return transaction.network === transaction.asset ? '' : transaction.network;
    if (transaction.fiat) return t('transactions.bank_rail', { currency: transaction.fiat.currency });
    return '';
  };
}

/** The asset in bold with its rail beneath. */
export function AssetAndRail({ transaction }: { transaction: Transaction }) {
  const railText = useRailText();
  const rail = railText(transaction);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {transaction.asset}
      </Text>
      {rail ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {rail}
        </Text>
      ) : null}
    </Stack>
  );
}

export type SignedAmountProps = {
  transaction: Transaction;
  /** The fee on its own line beneath (off where a field of its own shows it). */
  isFeeShown?: boolean;
  align?: 'flex-start' | 'flex-end';
  fz?: TextProps['fz'];
};

/**
 * The amount with + for money in and − for money out, in the asset's decimals. Until it is final
 * the line beneath says so: indicative (a conversion not yet made), not known yet (what was sent is
 * shown instead), or never credited.
 */
export function SignedAmount({ transaction, isFeeShown = true, align = 'flex-end', fz = 'sm' }: SignedAmountProps) {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  const state = amountStateOf(transaction);
  const isCredit = transaction.direction === 'credit';
  const note =
    state === 'indicative'
      ? t('transactions.amount_state.indicative')
      : state === 'void'
        ? t(isCredit ? 'transactions.amount_state.not_credited' : 'transactions.amount_state.not_debited')
        : null;
  if (state === 'pending') {
    return (
      <Stack gap={0} align={align}>
        <Text component="span" fz={fz} fw={600} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {transaction.fiat
            ? t('transactions.amount_state.sent', {
                amount: formatMoney(transaction.fiat.amount, transaction.fiat.currency, locale),
              })
            : '—'}
        </Text>
        <Text size="xs" c="dimmed">
          {t('transactions.amount_state.pending', { asset: transaction.asset })}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={0} align={align}>
      <Text
        component="span"
        fz={fz}
        fw={600}
        c={state === 'void' ? 'dimmed' : isCredit ? 'teal.9' : undefined}
        td={state === 'void' ? 'line-through' : undefined}
        style={{ whiteSpace: 'nowrap' }}
      >
        {signOf(transaction.direction)}
        <Amount value={transaction.amount} currency={transaction.asset} inherit />
      </Text>
      {isFeeShown && hasFee(transaction) ? (
        <Text size="xs" c="dimmed" className="tabular-figures" style={{ whiteSpace: 'nowrap' }}>
          {t('transactions.fee_line', { fee: formatMoney(transaction.fee, transaction.asset, locale) })}
        </Text>
      ) : null}
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}
