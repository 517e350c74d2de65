/**
 * The company's cards as the money screens choose them (card/refreshData), the card choice
 * itself, and the card's balance line.
 */
import { listCards } from '@bank/contract/card-management';
import type { Card } from '@bank/contract/cards';
import { Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { moneyCardsRequest } from './card-queries.ts';

/** The company's cards to choose from (the first page of card/refreshData: up to 100, newest first). */
export function useMoneyCards(options: { enabled?: boolean } = {}) {
  return useScreenQuery(listCards, moneyCardsRequest, { enabled: options.enabled ?? true });
}

export function CardPicker({
  cards,
  value,
  onChange,
  label,
  allLabel,
  description,
  error,
}: {
  cards: readonly Card[];
  value: string;
  onChange: (cardId: string) => void;
  label?: string;
  /** Offers "all cards" as the empty choice (a filter). */
  allLabel?: string;
  description?: string;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const options = cards.map((card) => ({
    value: card.id,
    label: t('cards.money.card_option', { last4: card.last4, holder: card.cardholder_name }),
  }));
  return (
    <Select
      label={label ?? t('cards.money.choose_card')}
      description={description}
      data={allLabel ? [{ value: '', label: allLabel }, ...options] : options}
      value={value}
      allowDeselect={false}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Balance, held and available of a card, as the card transactions page shows them. */
export function CardBalance({ balance, held, available }: { balance: string; held: string; available: string }) {
  const { t } = useTranslation();
  const figures = [
    { key: 'balance', value: balance },
    { key: 'held', value: held },
    { key: 'available', value: available },
  ] as const;
  return (
    <Paper withBorder p="md" component="section" aria-label={t('cards.money.balance.label')}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        {figures.map((figure) => (
          <Stack key={figure.key} gap={2}>
            <Text size="xs" c="dimmed">
              {t(`cards.money.balance.${figure.key}`)}
            </Text>
            <Group gap={4}>
              <Amount value={figure.value} currency="USD" fw={600} size="lg" data-testid={`card-${figure.key}`} />
            </Group>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
