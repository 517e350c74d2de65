/**
 * /programme/cards: the company's printed programme cards (programme/cards/list), by stage group,
 * print batch and last 4 digits or holder, each with its stage badge and holder. Holders of
 * programme_bind bind a card to a KYC-approved cardholder (a dialog with a searchable list, and a
 * way to enrol a new applicant through a card application) and unbind it until its holder
 * activates it.
 */
import type { StockCard } from '@bank/contract/programme';
import {
  bindProgrammeCard,
  listBindableCardholders,
  listProgrammeCards,
  unbindProgrammeCard,
} from '@bank/contract/programme-cards';
import { pathOf } from '@bank/contract/routes';
import {
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCards, IconLink, IconLinkOff, IconSearch } from '@tabler/icons-react';
import { type QueryClient, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { callApi } from '../../lib/api-client.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { messageOfError } from '../../lib/form-errors.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { showError, showSuccess } from '../../lib/notify.ts';
import { screenPagesOptions, useScreenQuery } from '../../lib/screen-query.ts';
import { MaskedCardNumber } from '../../ui/card-summary.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatDate } from '../../ui/format-date.ts';
import { LabelledValue } from '../../ui/labelled-value.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { groupFilters, groupOf, listRequestOf } from './printed-cards-page-data.ts';
import '../../messages/card-money.ts';
import '../../messages/cards.ts';
import '../../messages/programme.ts';

/** Everything a binding moves: the printed cards, the bindable holders, the membership fees. */
export function refreshProgrammeData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => /^\/api\/v1\/(programme|card)\//.test(String(query.queryKey[0])),
  });
}

type CardActions = { mayBind: boolean; onBind: (card: StockCard) => void; onUnbind: (card: StockCard) => void };

function ActionButtons({ card, mayBind, onBind, onUnbind }: { card: StockCard } & CardActions) {
  const { t } = useTranslation();
  if (!mayBind || card.allowed_actions.length === 0) return null;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {card.allowed_actions.includes('bind') ? (
        <Button
          size="xs"
          leftSection={<IconLink size={14} aria-hidden />}
          onClick={() => onBind(card)}
          aria-label={t('programme.cards.bind_label', { last4: card.last4 })}
        >
          {t('programme.cards.bind')}
        </Button>
      ) : null}
      {card.allowed_actions.includes('unbind') ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconLinkOff size={14} aria-hidden />}
          onClick={() => onUnbind(card)}
          aria-label={t('programme.cards.unbind_label', { last4: card.last4 })}
        >
          {t('programme.cards.unbind')}
        </Button>
      ) : null}
    </Group>
  );
}

function HolderText({ card }: { card: StockCard }) {
  const { t } = useTranslation();
  return card.cardholder_name ? (
    <Text size="sm">{card.cardholder_name}</Text>
  ) : (
    <Text size="sm" c="dimmed">
      {t('programme.cards.no_holder')}
    </Text>
  );
}

function CardsTable({ cards, ...actions }: { cards: readonly StockCard[] } & CardActions) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Table.ScrollContainer minWidth={760} visibleFrom="sm">
      <Table verticalSpacing="sm" highlightOnHover data-testid="printed-cards">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('programme.cards.columns.card')}</Table.Th>
            <Table.Th>{t('programme.cards.columns.batch')}</Table.Th>
            <Table.Th>{t('programme.cards.columns.product')}</Table.Th>
            <Table.Th>{t('programme.cards.columns.stage')}</Table.Th>
            <Table.Th>{t('programme.cards.columns.holder')}</Table.Th>
            <Table.Th ta="right">{t('programme.cards.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cards.map((card) => (
            <Table.Tr key={card.id}>
              <Table.Td>
                <Stack gap={2}>
                  <MaskedCardNumber last4={card.last4} size="sm" />
                  <Text size="xs" c="dimmed">
                    {card.company_abbreviation} ·{' '}
                    {t('programme.cards.expires', { date: formatDate(card.expires_on, language) })}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm" ff="monospace">
                    {card.batch_number}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('programme.cards.order', { order: card.order_number, contract: card.contract_number })}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {t(`cards.levels.${card.level}`)} / {t(`cards.networks.${card.network}`)}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge list="card_operation" value={card.operation_stage} />
              </Table.Td>
              <Table.Td>
                <HolderText card={card} />
              </Table.Td>
              <Table.Td>
                <ActionButtons card={card} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The phone's layout: one panel per card. */
function CardsList({ cards, ...actions }: { cards: readonly StockCard[] } & CardActions) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} hiddenFrom="sm">
      {cards.map((card) => (
        <li key={card.id}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Group justify="space-between" gap="sm">
                <MaskedCardNumber last4={card.last4} size="sm" />
                <StatusBadge list="card_operation" value={card.operation_stage} />
              </Group>
              <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                <LabelledValue label={t('programme.cards.columns.batch')}>{card.batch_number}</LabelledValue>
                <LabelledValue label={t('programme.cards.columns.product')}>
                  {t(`cards.levels.${card.level}`)} / {t(`cards.networks.${card.network}`)}
                </LabelledValue>
                <LabelledValue label={t('programme.cards.columns.holder')}>
                  <HolderText card={card} />
                </LabelledValue>
              </SimpleGrid>
              <ActionButtons card={card} {...actions} />
            </Stack>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}

function BindForm({ card, onDone }: { card: StockCard; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const holders = useScreenQuery(listBindableCardholders, {});
  const nameOf = (id: string) => holders.data?.items.find((holder) => holder.id === id)?.name ?? '';
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: bindProgrammeCard,
    initialValues: { cardholder_id: '' },
    toRequest: (values) => ({ stock_card_id: card.id, ...values }),
    onSuccess: async (_answer, body) => {
      showSuccess(t('programme.cards.bind_dialog.done', { last4: card.last4, name: nameOf(body.cardholder_id) }));
      onDone();
      await refreshProgrammeData(queryClient);
    },
  });
  return (
    <form noValidate onSubmit={submit} style={readableErrorColour}>
      <Stack gap="md">
        <Text size="sm">{t('programme.cards.bind_dialog.description')}</Text>
        {card.operation_stage === 'unbound' ? (
          <Text size="sm" c="dimmed">
            {t('programme.cards.bind_dialog.rebind_note')}
          </Text>
        ) : null}
        <FormAlert message={formError} />
        {holders.isError ? (
          <LoadError error={holders.error} onRetry={() => void holders.refetch()} />
        ) : (
          <Select
            label={t('programme.cards.bind_dialog.holder')}
            placeholder={t('programme.cards.bind_dialog.holder_placeholder')}
            data={(holders.data?.items ?? []).map((holder) => ({
              value: holder.id,
              label: `${holder.name} · ${holder.email}`,
            }))}
            searchable
            required
            disabled={holders.isPending}
            nothingFoundMessage={t('programme.cards.bind_dialog.no_holders')}
            leftSection={<IconSearch size={16} aria-hidden />}
            data-autofocus
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('cardholder_id')}
          />
        )}
        <Anchor component={Link} to={pathOf('card_application')} size="sm">
          {t('programme.cards.bind_dialog.new_applicant')}
        </Anchor>
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            {t('programme.cards.bind_dialog.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} leftSection={<IconLink size={16} aria-hidden />}>
            {t('programme.cards.bind_dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PrintedCardsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayBind = useHoldsPermission('programme_bind') === true;
  const [searchParams, setSearchParams] = useSearchParams();
  const [batch, setBatch] = useState(searchParams.get('batch') ?? '');
  const [search, setSearch] = useState('');
  const [debouncedBatch] = useDebouncedValue(batch.trim(), 300);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [binding, setBinding] = useState<StockCard | null>(null);
  const [unbinding, setUnbinding] = useState<StockCard | null>(null);
  const group = groupOf(searchParams);
  const setGroup = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'all') next.delete('stage');
    else next.set('stage', value);
    setSearchParams(next, { replace: true });
  };
  const list = useInfiniteQuery(
    screenPagesOptions(listProgrammeCards, listRequestOf(group, debouncedBatch, debouncedSearch)),
  );
  const unbind = useMutation({
    mutationFn: (card: StockCard) => callApi(unbindProgrammeCard, { stock_card_id: card.id }),
    onSuccess: async (card) => {
      showSuccess(t('programme.cards.unbind_dialog.done', { last4: card.last4 }));
      setUnbinding(null);
      await refreshProgrammeData(queryClient);
    },
    onError: (error) => {
      const message = messageOfError(error);
      if (message) showError(message);
    },
  });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const isFiltered = group !== 'all' || debouncedBatch !== '' || debouncedSearch !== '';
  const actions: CardActions = { mayBind, onBind: setBinding, onUnbind: setUnbinding };
  return (
    <PageFrame title={t('pages.programme_cards.title')} description={t('pages.programme_cards.purpose')}>
      <Stack gap="lg">
        <Stack gap="sm">
          <Stack gap={6}>
            <Text component="span" id="printed-cards-filter-label" size="sm" fw={500}>
              {t('programme.cards.filter_label')}
            </Text>
            <SegmentedControl
              aria-labelledby="printed-cards-filter-label"
              value={group}
              onChange={setGroup}
              data={groupFilters.map((value) => ({ value, label: t(`programme.cards.groups.${value}`) }))}
              style={{ maxWidth: '100%', overflowX: 'auto', alignSelf: 'flex-start' }}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={640}>
            <TextInput
              label={t('programme.cards.batch_label')}
              placeholder={t('programme.cards.batch_placeholder')}
              value={batch}
              maxLength={40}
              onChange={(event) => setBatch(event.currentTarget.value)}
            />
            <TextInput
              label={t('programme.cards.search_label')}
              placeholder={t('programme.cards.search_placeholder')}
              value={search}
              maxLength={60}
              leftSection={<IconSearch size={16} aria-hidden />}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
          </SimpleGrid>
        </Stack>
        {list.isPending ? (
          <TableSkeleton rows={5} columns={6} />
        ) : list.isError && items.length === 0 ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<IconCards size={26} stroke={1.6} />}
            title={t(isFiltered ? 'programme.cards.empty_filtered.title' : 'programme.cards.empty.title')}
            description={t(
              isFiltered ? 'programme.cards.empty_filtered.description' : 'programme.cards.empty.description',
            )}
          />
        ) : (
          <>
            <CardsTable cards={items} {...actions} />
            <CardsList cards={items} {...actions} />
            <LoadMore
              query={list}
              loadMoreLabel={t('programme.cards.load_more')}
              allLoaded={t('programme.cards.all_loaded')}
            />
          </>
        )}
      </Stack>
      <Dialog
        isOpen={binding !== null}
        onClose={() => setBinding(null)}
        title={binding ? t('programme.cards.bind_dialog.title', { last4: binding.last4 }) : ''}
      >
        {binding ? <BindForm card={binding} onDone={() => setBinding(null)} /> : null}
      </Dialog>
      <ConfirmDialog
        isOpen={unbinding !== null}
        title={unbinding ? t('programme.cards.unbind_dialog.title', { last4: unbinding.last4 }) : ''}
        message={
          unbinding
            ? t('programme.cards.unbind_dialog.message', {
                last4: unbinding.last4,
                name: unbinding.cardholder_name ?? '',
              })
            : ''
        }
        confirmLabel={t('programme.cards.unbind_dialog.confirm')}
        isWorking={unbind.isPending}
        onConfirm={() => unbinding && unbind.mutate(unbinding)}
        onClose={() => setUnbinding(null)}
      />
    </PageFrame>
  );
}
