/**
 * What the FX and OTC pages share: the pair of assets and the amount (with the company's available
 * balance when the user may see balances), a line of a quote, and a countdown to an expiry told by
 * the server (counted from the server's time in the answer, not the browser's clock).
 */
import { localeOfLanguage } from '@bank/contract/constants';
import { otcThresholdUsd } from '@bank/contract/exchange';
import { getDashboardHome } from '@bank/contract/ledger';
import { type DigitalAsset, digitalAssets } from '@bank/contract/money';
import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowsLeftRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoldsPermission } from '../../api/user-info.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import { formatAmount } from '../../ui/format-amount.ts';

export type PairValues = { from: DigitalAsset; to: DigitalAsset; amount: string };

/** The threshold as a reader of the locale writes it: "100,000". */
export function useOtcThresholdText(): string {
  return new Intl.NumberFormat(localeOfLanguage[useLanguage()]).format(Number(otcThresholdUsd));
}

/** The company's available balance of each asset, when the user may see balances. */
function useAvailable(): Partial<Record<DigitalAsset, string>> {
  const maySeeBalances = useHoldsPermission('view_balances');
  const home = useScreenQuery(getDashboardHome, {}, { enabled: maySeeBalances === true, staleTimeMs: 10_000 });
  return Object.fromEntries((home.data?.balances ?? []).map((line) => [line.asset, line.available]));
}

export function PairFields<Values extends PairValues>({
  form,
  idPrefix,
}: {
  form: UseFormReturnType<Values>;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  const available = useAvailable();
  const values = form.getValues();
  const assetOptions = digitalAssets.map((asset) => ({ value: asset, label: asset }));
  const availableOfFrom = available[values.from];
  return (
    <>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          id={`${idPrefix}-from`}
          label={t('exchange.pair.from')}
          data={assetOptions}
          allowDeselect={false}
          withAsterisk
          style={{ flex: 1 }}
          {...form.getInputProps('from')}
        />
        <Tooltip label={t('exchange.pair.swap')}>
          <ActionIcon
            variant="default"
            size={36}
            aria-label={t('exchange.pair.swap')}
            onClick={() => form.setValues({ from: values.to, to: values.from } as Partial<Values>)}
          >
            <IconArrowsLeftRight size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Select
          id={`${idPrefix}-to`}
          label={t('exchange.pair.to')}
          data={assetOptions}
          allowDeselect={false}
          withAsterisk
          style={{ flex: 1 }}
          {...form.getInputProps('to')}
        />
      </Group>
      <AmountInput
        id={`${idPrefix}-amount`}
        label={t('exchange.pair.amount')}
        description={
          availableOfFrom !== undefined
            ? t('exchange.pair.available', {
                amount: `${formatAmount(availableOfFrom, values.from, locale)} ${values.from}`,
              })
            : undefined
        }
        currency={values.from}
        withAsterisk
        {...form.getInputProps('amount')}
      />
    </>
  );
}

/**
 * Seconds left until `expiresAt`, counted from the server's time when it answered (`serverTime`),
 * so that a browser whose clock is off still counts the quote's real validity. Null without an expiry.
 */
export function useSecondsLeft(expiresAt: string | null | undefined, serverTime: string | undefined): number | null {
  const [offsetMs] = useState(() => (serverTime ? Date.parse(serverTime) - Date.now() : 0));
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(expiresAt, offsetMs));
  useEffect(() => {
    setSecondsLeft(secondsUntil(expiresAt, offsetMs));
    if (!expiresAt) return;
    const timer = window.setInterval(() => setSecondsLeft(secondsUntil(expiresAt, offsetMs)), 250);
    return () => window.clearInterval(timer);
  }, [expiresAt, offsetMs]);
  return secondsLeft;
}

function secondsUntil(expiresAt: string | null | undefined, offsetMs: number): number | null {
  return expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - (Date.now() + offsetMs)) / 1000)) : null;
}
