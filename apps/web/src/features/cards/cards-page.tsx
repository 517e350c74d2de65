/**
 * /cards: the company's debit cards (card/refreshData), newest first, filtered by state, each as a
 * tile with its masked number, name, cardholder, level, network, state and stage, available balance
 * and end date. A tile opens the card's drawer (`?card=<id>`): its facts, timeline and the actions
 * the transition table allows.
 */

import type { Card } from '@bank/contract/cards';
import { pathOf } from '@bank/contract/routes';
import { Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { screenPagesOptions } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { CardBadges, MaskedCardNumber } from '../../ui/card-summary.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { CardDetailsDrawer } from './card-details.tsx';
import { cardList, filterOf, filters, statusOf } from './cards-page-data.ts';
import '../../messages/card-money.ts';
import '../../messages/cards.ts';
import '../../messages/documents.ts';

function CardTile({ card, onOpen }: { card: Card; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      w="100%"
      h="100%"
      onClick={onOpen}
      aria-label={t('cards.list.open_label', { last4: card.last4, name: card.name_on_card })}
      data-testid="card-tile"
    >
      <Paper withBorder radius="md" p="md" h="100%">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <MaskedCardNumber last4={card.last4} size="lg" />
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {card.name_on_card}
              </Text>
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                {t('cards.tile.balance')}
              </Text>
              <Amount value={card.available} currency="USD" fw={600} ta="right" />
            </Stack>
          </Group>
          <CardBadges card={card} />
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('cards.tile.holder')}: {card.cardholder_name}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`cards.levels.${card.level}`)} · {t(`cards.networks.${card.network}`)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('cards.tile.expires')}: <DateTime value={card.expires_on} isDateOnly />
          </Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}

export function CardsPage() {
  const { t } = useTranslation();
  // Ordering cards is the company's (card management); a holder sees the cards they hold.
  const mayOrder = useHoldsPermission('card_management') === true;
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = filterOf(searchParams);
  const openCardId = searchParams.get('card');
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearchParams(next, { replace: true });
  };
  const status = statusOf(filter);
  const list = useInfiniteQuery(screenPagesOptions(...cardList(status)));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const openCard = items.find((card) => card.id === openCardId);

  return (
    <PageFrame title={t('pages.cards.title')} description={t('pages.cards.purpose')}>
      <Stack gap="md">
        <Stack gap={6}>
          <Text component="span" id="cards-filter-label" size="sm" fw={500}>
            {t('cards.list.filter_label')}
          </Text>
          <SegmentedControl
            aria-labelledby="cards-filter-label"
            value={filter}
            onChange={(value) => update({ state: value === 'all' ? null : value })}
            data={filters.map((value) => ({ value, label: t(`cards.list.filters.${value}`) }))}
            style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
          />
        </Stack>
        {list.isPending ? (
          <TableSkeleton rows={4} columns={3} />
        ) : list.isError && items.length === 0 ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          filter === 'all' ? (
            <EmptyState
              icon={<IconCreditCard size={26} stroke={1.6} />}
              title={t('cards.list.empty.title')}
              description={t(mayOrder ? 'cards.list.empty.description' : 'cards.list.empty.holder_description')}
              actions={
                mayOrder ? (
                  <Button component={Link} to={pathOf('card_application')} variant="light">
                    {t('cards.list.empty.apply')}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <EmptyState
              icon={<IconCreditCard size={26} stroke={1.6} />}
              title={t('cards.list.empty_filtered.title')}
              description={t('cards.list.empty_filtered.description')}
            />
          )
        ) : (
          <>
            <SimpleGrid
              cols={{ base: 1, sm: 2, xl: 3 }}
              spacing="md"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {items.map((card) => (
                <li key={card.id}>
                  <CardTile card={card} onOpen={() => update({ card: card.id })} />
                </li>
              ))}
            </SimpleGrid>
            <LoadMore query={list} loadMoreLabel={t('cards.list.load_more')} allLoaded={t('cards.list.all_loaded')} />
          </>
        )}
      </Stack>
      <CardDetailsDrawer
        cardId={openCardId}
        last4={openCard?.last4}
        onClose={() => update({ card: null })}
        onOpenCard={(cardId) => update({ card: cardId })}
      />
    </PageFrame>
  );
}
