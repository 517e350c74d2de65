/**
 * Automatic renewal per card (dashboard/annualSetting): a switch and the stable coin it charges, for
 * each card whose renewal the company may set (the transition table's `renew`).
 */

import { listCards, setAnnualSetting } from '@bank/contract/card-management';
import { type Card, cardFundingAssets } from '@bank/contract/cards';
import { Group, Paper, SegmentedControl, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client.ts';
import { messageOfError } from '../../lib/form-errors.ts';
import { showError, showSuccess } from '../../lib/notify.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { MaskedCardNumber } from '../../ui/card-summary.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { refreshCardData } from './card-parts.tsx';
import { cardsRequest } from './renewals-page-data.ts';

function CardSetting({ card }: { card: Card }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isSaving, setIsSaving] = useState(false);
  const [asset, setAsset] = useState<string>('USDC');
  const save = async (autoRenewal: boolean, chosen: string) => {
    setIsSaving(true);
    try {
      await callApi(setAnnualSetting, {
        card_id: card.id,
        auto_renewal: autoRenewal,
        asset: chosen as (typeof cardFundingAssets)[number],
      });
      showSuccess(
        t('cards.renewals.auto.saved', {
          last4: card.last4,
          state: t(autoRenewal ? 'cards.renewals.auto.on' : 'cards.renewals.auto.off'),
        }),
      );
      await refreshCardData(queryClient);
    } catch (error) {
      const message = messageOfError(error);
      if (message) showError(message);
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" py={6}>
      <Switch
        checked={card.auto_renewal}
        disabled={isSaving}
        onChange={(event) => void save(event.currentTarget.checked, asset)}
        label={
          <Group gap={6} component="span" wrap="nowrap">
            <MaskedCardNumber last4={card.last4} size="sm" />
            <Text component="span" size="sm" c="dimmed">
              {card.name_on_card}
            </Text>
          </Group>
        }
        aria-label={t('cards.renewals.auto.switch_label', { last4: card.last4 })}
      />
      <SegmentedControl
        size="xs"
        value={asset}
        disabled={isSaving}
        aria-label={t('cards.renewals.auto.asset_label', { last4: card.last4 })}
        onChange={(value) => {
          setAsset(value);
          if (card.auto_renewal) void save(true, value);
        }}
        data={cardFundingAssets.map((value) => ({ value, label: value }))}
      />
    </Group>
  );
}

export function AutoRenewalSetting() {
  const { t } = useTranslation();
  const cards = useScreenQuery(listCards, cardsRequest);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg" fw={600}>
          {t('cards.renewals.auto.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('cards.renewals.auto.description')}
        </Text>
        {cards.isPending ? (
          <Skeleton height={40} radius="sm" />
        ) : cards.isError ? (
          <LoadError error={cards.error} onRetry={() => void cards.refetch()} />
        ) : (
          (() => {
            const renewable = cards.data.items.filter((card) => card.allowed_actions.includes('renew'));
            return renewable.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('cards.renewals.auto.none')}
              </Text>
            ) : (
              <Stack gap={0}>
                {renewable.map((card) => (
                  <CardSetting key={card.id} card={card} />
                ))}
              </Stack>
            );
          })()
        )}
      </Stack>
    </Paper>
  );
}
