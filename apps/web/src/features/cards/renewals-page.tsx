/**
 * /renew: the membership fee records of the company's cards (dashboard/renewList), latest due first,
 * filtered by payment state (and by card, `?card=<id>`), each with its state as a coloured badge; a
 * term open for renewal is paid in a dialog (fee, stable coin, confirmation), and automatic renewal
 * is set per card.
 */

import { type FeeTerm, listRenewals } from '@bank/contract/card-management';
import { Anchor, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarRepeat } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLanguage } from '../../lib/i18n.ts';
import { screenPagesOptions } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { MaskedCardNumber } from '../../ui/card-summary.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDate } from '../../ui/format-date.ts';
import { LabelledValue } from '../../ui/labelled-value.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { CardManagementOnly } from './card-management-gate.tsx';
import { AutoRenewalSetting } from './renewal-auto-setting.tsx';
import { RenewalDialog } from './renewal-dialog.tsx';
import { filterOf, filters, requestOf } from './renewals-page-data.ts';
import '../../messages/admin.ts';
import '../../messages/card-money.ts';
import '../../messages/cards.ts';

function TermRow({ term, onRenew }: { term: FeeTerm; onRenew: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isOpen = ['pending', 'overdue', 'unpaid'].includes(term.status);
  return (
    <Paper withBorder radius="md" p="md" data-testid="fee-term">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2}>
            <Group gap="xs" wrap="wrap">
              <MaskedCardNumber last4={term.last4} />
              <Text size="sm" c="dimmed">
                {t('cards.renewals.term', { sequence: term.sequence })}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {term.name_on_card}
            </Text>
          </Stack>
          <Group gap="sm" wrap="wrap" justify="flex-end">
            <StatusBadge list="fee_payment" value={term.status} />
            <Amount value={term.amount} currency="USD" fw={600} ta="right" />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="xs">
          <LabelledValue label={t('cards.renewals.period')}>
            {formatDate(term.starts_on, language)} – {formatDate(term.ends_on, language)}
          </LabelledValue>
          <LabelledValue label={t('cards.renewals.due')}>{formatDate(term.due_on, language)}</LabelledValue>
          <LabelledValue label={t('cards.renewals.renewal_status')}>
            {t(`cards.renewals.renewal_statuses.${term.renewal_status}`)}
          </LabelledValue>
          <LabelledValue label={t('cards.renewals.card_ends')}>
            {formatDate(term.card_expires_on, language)}
          </LabelledValue>
          {term.paid_at ? (
            <LabelledValue label={t('cards.renewals.paid_on')}>
              <DateTime value={term.paid_at} />
            </LabelledValue>
          ) : null}
          {term.paid_asset && term.paid_amount ? (
            <LabelledValue label={t('cards.renewals.paid_with')}>
              <Amount value={term.paid_amount} currency={term.paid_asset} />
            </LabelledValue>
          ) : null}
          {term.deduction_mode ? (
            <LabelledValue label={t('cards.renewals.deduction')}>
              {t(`cards.renewals.deduction_modes.${term.deduction_mode}`)}
            </LabelledValue>
          ) : null}
          <LabelledValue label={t('cards.renewals.ends_after')}>
            {formatDate(term.yearly_expires_on, language)}
          </LabelledValue>
        </SimpleGrid>
        {term.remarks ? (
          <Text size="xs" c="dimmed">
            {t(`cards.remarks.${term.remarks}`)}
          </Text>
        ) : null}
        {isOpen ? (
          <Group justify="flex-end" gap="sm" wrap="wrap">
            {term.can_renew ? (
              <Button
                onClick={onRenew}
                leftSection={<IconCalendarRepeat size={16} aria-hidden />}
                aria-label={t('cards.renewals.renew_label', { last4: term.last4, sequence: term.sequence })}
              >
                {t('cards.renewals.renew')}
              </Button>
            ) : (
              <Text size="xs" c="dimmed">
                {t('cards.renewals.previous_first')}
              </Text>
            )}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function RenewalsPage() {
  const { t } = useTranslation();
  return (
    <CardManagementOnly title={t('pages.renewals.title')}>
      <RenewalsContent />
    </CardManagementOnly>
  );
}

function RenewalsContent() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [renewing, setRenewing] = useState<FeeTerm | null>(null);
  const filter = filterOf(searchParams);
  const setFilter = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'all') next.delete('state');
    else next.set('state', value);
    setSearchParams(next, { replace: true });
  };
  const list = useInfiniteQuery(screenPagesOptions(listRenewals, requestOf(searchParams)));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <PageFrame title={t('pages.renewals.title')} description={t('pages.renewals.purpose')}>
      <Stack gap="lg">
        <AutoRenewalSetting />
        <Stack gap={6}>
          <Text component="span" id="renewals-filter-label" size="sm" fw={500}>
            {t('cards.renewals.filter_label')}
          </Text>
          <Group gap="sm" wrap="wrap">
            <SegmentedControl
              aria-labelledby="renewals-filter-label"
              value={filter}
              onChange={setFilter}
              data={filters.map((value) => ({ value, label: t(`cards.renewals.filters.${value}`) }))}
              style={{ maxWidth: '100%', overflowX: 'auto' }}
            />
            {searchParams.get('card') ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  const next = new URLSearchParams(searchParams);
                  next.delete('card');
                  setSearchParams(next, { replace: true });
                }}
              >
                {t('cards.renewals.filters.all')}
              </Anchor>
            ) : null}
          </Group>
        </Stack>
        {list.isPending ? (
          <TableSkeleton rows={4} columns={4} />
        ) : list.isError && items.length === 0 ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<IconCalendarRepeat size={26} stroke={1.6} />}
            title={t(filter === 'all' ? 'cards.renewals.empty.title' : 'cards.renewals.empty_filtered.title')}
            description={t(
              filter === 'all' ? 'cards.renewals.empty.description' : 'cards.renewals.empty_filtered.description',
            )}
          />
        ) : (
          <>
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {items.map((term) => (
                <li key={term.term_id}>
                  <TermRow term={term} onRenew={() => setRenewing(term)} />
                </li>
              ))}
            </Stack>
            <LoadMore
              query={list}
              loadMoreLabel={t('cards.renewals.load_more')}
              allLoaded={t('cards.renewals.all_loaded')}
            />
          </>
        )}
      </Stack>
      <RenewalDialog term={renewing} onClose={() => setRenewing(null)} />
    </PageFrame>
  );
}

RenewalsPage.isDrawnWhole = true as const;
