/**
 * The choice of the stable coin a fee is paid from (a card fee, a membership fee): one radio per
 * coin with what the fee costs in it at the current rate and what the company holds of it. In ui/
 * because the cards and programme features both charge fees this way.
 */
import type { FeeCost } from '@bank/contract/card-management';
import { localeOfLanguage } from '@bank/contract/constants';
import { Radio, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n.ts';
import { Amount } from './amount.tsx';
import { formatAmount } from './format-amount.ts';

/** One radio per stable coin: what the fee costs in it now and what the company holds of it. */
export function FeeAssetPicker({
  id,
  label,
  costs,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  costs: readonly FeeCost[];
  value?: string;
  onChange: (asset: string) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  return (
    <Radio.Group id={id} label={label} value={value} onChange={onChange} error={error} required>
      <Stack gap="xs" mt={6}>
        {costs.map((cost) => (
          <Radio
            key={cost.asset}
            value={cost.asset}
            label={
              <Stack gap={0} component="span">
                <Text component="span" size="sm" fw={500}>
                  {cost.asset}
                  {' · '}
                  <Amount value={cost.amount} currency={cost.asset} isCurrencyHidden size="sm" />
                </Text>
                <Text component="span" size="xs" c="dimmed">
                  {t('cards.block.available', {
                    amount: formatAmount(cost.available, cost.asset, locale),
                    asset: cost.asset,
                  })}
                </Text>
              </Stack>
            }
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
