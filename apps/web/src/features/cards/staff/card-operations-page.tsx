/**
 * /admin/cards (staff holding `card_operations`): cards of every company found by company name, last
 * 4 digits and state (admin/cards/list); a card opens in a drawer (admin/cards/get) with its facts
 * and timeline (staff named), the bank's own block and its lifting, each with a reason, and the card
 * processor simulator's controls (ship now, the letter, an anomaly, a refused KYC review; refused in
 * production). A second tab keeps the fee schedule of each level (admin/cards/feeSchedule, setFeeSchedule),
 * a third the processor simulator's failures (no answer or a malformed one, for the next requests).
 */
import {
  adminBlockCard,
  adminUnblockCard,
  getFeeSchedule,
  getStaffCard,
  listStaffCards,
  type StaffCard,
  type StaffCardDetails,
  setFeeSchedule,
  simulateCardAnomaly,
  simulateCardLetter,
  simulateRefuseKyc,
  simulateShipCard,
} from '@bank/contract/card-management';
import type { CardFee, CardLevel } from '@bank/contract/cards';
import { cardLevels } from '@bank/contract/constants';
import { cardAnomalyCauses, cardStatuses } from '@bank/contract/states';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCreditCard, IconFlask, IconMail, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHoldsPermission } from '../../../api/user-info.ts';
import { callApi } from '../../../lib/api-client.ts';
import { useCallForm } from '../../../lib/call-form.tsx';
import { messageOfError } from '../../../lib/form-errors.ts';
import { showError, showSuccess } from '../../../lib/notify.ts';
import { screenPagesOptions, useScreenQuery } from '../../../lib/screen-query.ts';
import { Amount } from '../../../ui/amount.tsx';
import { CardBadges, CardFacts, CardTimeline, MaskedCardNumber } from '../../../ui/card-summary.tsx';
import { Drawer } from '../../../ui/drawer.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { LoadMore } from '../../../ui/load-more.tsx';
import { NoPermissionPage } from '../../../ui/no-permission-page.tsx';
import { PageFrame } from '../../../ui/page-frame.tsx';
import { readableErrorColour } from '../../../ui/readable-colour.ts';
import { PageSkeleton, TableSkeleton } from '../../../ui/skeletons.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { CardMoneySimulator } from './card-money-simulator.tsx';
import { cardListRequest, noSearch, type Search } from './card-operations-page-data.ts';
import { CardProcessorFaultPanel } from './card-processor-fault.tsx';
import '../../../messages/admin.ts';
import '../../../messages/card-money.ts';
import '../../../messages/cards.ts';

function refreshStaffCards(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith('/api/v1/admin/cards/'),
  });
}

function SearchForm({ onSearch }: { onSearch: (search: Search) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Search>(noSearch);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(values);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('cards.admin.search.title')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          id="card-search-company"
          label={t('cards.admin.search.company')}
          value={values.company_name}
          onChange={(event) => setValues({ ...values, company_name: event.currentTarget.value })}
          maxLength={100}
          style={{ flex: '1 1 220px' }}
        />
        <TextInput
          id="card-search-last4"
          label={t('cards.admin.search.last4')}
          value={values.last4}
          inputMode="numeric"
          onChange={(event) =>
            setValues({ ...values, last4: event.currentTarget.value.replace(/\D/g, '').slice(0, 4) })
          }
          w={140}
        />
        <Select
          id="card-search-status"
          label={t('cards.admin.search.status')}
          value={values.status}
          onChange={(value) => setValues({ ...values, status: value ?? '' })}
          data={[
            { value: '', label: t('cards.admin.search.any_status') },
            ...cardStatuses.map((status) => ({ value: status, label: t(`states.card.${status}`) })),
          ]}
          allowDeselect={false}
          w={200}
        />
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          {t('cards.admin.search.submit')}
        </Button>
      </Group>
    </form>
  );
}

function CardList({ search, onOpen }: { search: Search; onOpen: (card: StaffCard) => void }) {
  const { t } = useTranslation();
  const list = useInfiniteQuery(screenPagesOptions(listStaffCards, cardListRequest(search)));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) return <TableSkeleton rows={4} columns={4} />;
  if (list.isError && items.length === 0) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (items.length === 0)
    return (
      <EmptyState
        icon={<IconCreditCard size={26} stroke={1.6} />}
        title={t('cards.admin.empty.title')}
        description={t('cards.admin.empty.description')}
      />
    );
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((card) => (
          <li key={card.id} data-testid="staff-card">
            <UnstyledButton
              w="100%"
              onClick={() => onOpen(card)}
              aria-label={t('cards.admin.open_label', { last4: card.last4, company: card.company_name })}
            >
              <Paper withBorder p="md" radius="md">
                <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
                  <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap="xs" wrap="wrap">
                      <MaskedCardNumber last4={card.last4} />
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {card.company_name}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {card.name_on_card} · {card.cardholder_name} · {t(`cards.levels.${card.level}`)}
                    </Text>
                    <CardBadges card={card} />
                  </Stack>
                  <Amount value={card.available} currency="USD" ta="right" />
                </Group>
              </Paper>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
      <LoadMore query={list} loadMoreLabel={t('cards.admin.load_more')} allLoaded={t('cards.admin.all_loaded')} />
    </Stack>
  );
}

function ReasonForm({ card, kind }: { card: StaffCardDetails; kind: 'block' | 'unblock' }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: kind === 'block' ? adminBlockCard : adminUnblockCard,
    initialValues: { reason: '' },
    toRequest: (values) => ({ card_id: card.id, ...values }),
    onSuccess: async () => {
      showSuccess(t(`cards.admin.${kind}.done`, { last4: card.last4 }));
      form.reset();
      await refreshStaffCards(queryClient);
    },
  });
  return (
    <form noValidate onSubmit={submit} style={readableErrorColour}>
      <Stack gap="sm">
        <Title order={3} fz="md" fw={600}>
          {t(`cards.admin.${kind}.title`)}
        </Title>
        {kind === 'block' ? (
          <Text size="sm" c="dimmed">
            {t('cards.admin.block.description')}
          </Text>
        ) : null}
        <FormAlert message={formError} />
        <Textarea
          id={`admin-card-${kind}-reason`}
          label={t(`cards.admin.${kind}.reason`)}
          autosize
          minRows={2}
          required
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} color={kind === 'block' ? 'red' : undefined}>
            {t(`cards.admin.${kind}.submit`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The card's letter as the processor would post it: the codes a cardholder activates the card with. */
function SimulatorLetter({ letter }: { letter: { kit_code: string; activation_code: string } }) {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="bank" title={t('cards.admin.simulator.letter_title')} data-testid="card-letter">
      <Stack gap={6}>
        <Text size="xs" c="var(--mantine-color-text)">
          {t('cards.admin.simulator.letter_note')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Stack gap={0}>
            <Text size="xs" c="var(--mantine-color-text)">
              {t('cards.admin.simulator.kit_code')}
            </Text>
            <Text fw={600} className="tabular-figures" data-testid="letter-kit-code">
              {letter.kit_code}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="var(--mantine-color-text)">
              {t('cards.admin.simulator.activation_code')}
            </Text>
            <Text fw={600} className="tabular-figures" data-testid="letter-activation-code">
              {letter.activation_code}
            </Text>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Alert>
  );
}

/** The processor simulator's controls of one card (outside production). */
function SimulatorPanel({ card }: { card: StaffCardDetails }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [letter, setLetter] = useState<{ kit_code: string; activation_code: string } | null>(null);
  const [cause, setCause] = useState<string>('delivery_problem');
  const [part, setPart] = useState<'id' | 'address' | 'replacement'>('address');
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (name: string, action: () => Promise<void>) => {
    setBusy(name);
    try {
      await action();
      await refreshStaffCards(queryClient);
    } catch (error) {
      const message = messageOfError(error);
      if (message) showError(message);
    } finally {
      setBusy(null);
    }
  };
  const isOrdered = card.status === 'approved' && card.operation_stage !== 'awaiting_activation';
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
      <Stack gap="md">
        <Group gap="xs">
          <IconFlask size={18} aria-hidden />
          <Title order={3} fz="md" fw={600}>
            {t('cards.admin.simulator.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('cards.admin.simulator.description')}
        </Text>
        <Group gap="sm" wrap="wrap">
          {isOrdered ? (
            <Button
              variant="default"
              loading={busy === 'ship'}
              onClick={() =>
                void run('ship', async () => {
                  await callApi(simulateShipCard, { card_id: card.id });
                  showSuccess(t('cards.admin.simulator.shipped', { last4: card.last4 }));
                })
              }
            >
              {t('cards.admin.simulator.ship')}
            </Button>
          ) : null}
          <Button
            variant="default"
            leftSection={<IconMail size={16} aria-hidden />}
            loading={busy === 'letter'}
            onClick={() =>
              letter
                ? setLetter(null)
                : void run('letter', async () => {
                    setLetter(await callApi(simulateCardLetter, { card_id: card.id }));
                  })
            }
          >
            {t(letter ? 'cards.admin.simulator.hide_letter' : 'cards.admin.simulator.letter')}
          </Button>
        </Group>
        {letter ? <SimulatorLetter letter={letter} /> : null}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            id="simulator-anomaly-cause"
            label={t('cards.admin.simulator.cause')}
            value={cause}
            onChange={(value) => setCause(value ?? 'delivery_problem')}
            data={cardAnomalyCauses.map((value) => ({ value, label: t(`states.card_anomaly.${value}`) }))}
            allowDeselect={false}
            w={240}
          />
          <Button
            variant="default"
            loading={busy === 'anomaly'}
            onClick={() =>
              void run('anomaly', async () => {
                await callApi(simulateCardAnomaly, {
                  card_id: card.id,
                  cause: cause as (typeof cardAnomalyCauses)[number],
                });
                showSuccess(t('cards.admin.simulator.raised'));
              })
            }
          >
            {t('cards.admin.simulator.raise')}
          </Button>
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            id="simulator-kyc-part"
            label={t('cards.admin.simulator.part')}
            value={part}
            onChange={(value) => setPart(value === 'id' || value === 'replacement' ? value : 'address')}
            data={(['id', 'address', 'replacement'] as const).map((value) => ({
              value,
              label: t(`cards.admin.simulator.parts.${value}`),
            }))}
            allowDeselect={false}
            w={240}
          />
          <Button
            variant="default"
            loading={busy === 'kyc'}
            onClick={() =>
              void run('kyc', async () => {
                await callApi(simulateRefuseKyc, { card_id: card.id, part });
                showSuccess(
                  t(
                    part === 'replacement'
                      ? 'cards.admin.simulator.refused_replacement'
                      : 'cards.admin.simulator.refused',
                  ),
                );
              })
            }
          >
            {t('cards.admin.simulator.refuse')}
          </Button>
        </Group>
        <CardMoneySimulator cardId={card.id} />
      </Stack>
    </Paper>
  );
}

function StaffCardPanel({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const details = useScreenQuery(getStaffCard, { card_id: cardId });
  if (details.isPending) return <PageSkeleton />;
  if (details.isError) return <LoadError error={details.error} onRetry={() => void details.refetch()} />;
  const card = details.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <MaskedCardNumber last4={card.last4} size="lg" />
        <Text size="sm">
          {t('cards.admin.company')}: {card.company_name}
        </Text>
        <CardBadges card={card} />
      </Stack>
      {card.allowed_actions.includes('unblock') ? <ReasonForm card={card} kind="unblock" /> : null}
      {card.allowed_actions.includes('block') ? <ReasonForm card={card} kind="block" /> : null}
      <SimulatorPanel card={card} />
      <CardFacts
        card={card}
        cardLink={(otherId) => (
          <Text component="span" size="sm" className="tabular-figures">
            {otherId}
          </Text>
        )}
      />
      <CardTimeline lines={card.timeline} />
    </Stack>
  );
}

function FeeScheduleEditor() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [level, setLevel] = useState<CardLevel>('premier');
  const schedule = useScreenQuery(getFeeSchedule, { level });
  const [edits, setEdits] = useState<Record<string, { amount: string; rate: string }>>({});
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shownFee = (fee: CardFee) => edits[`${level}:${fee.kind}`] ?? { amount: fee.amount, rate: fee.rate ?? '' };
  const edit = (fee: CardFee, change: Partial<{ amount: string; rate: string }>) =>
    setEdits({ ...edits, [`${level}:${fee.kind}`]: { ...shownFee(fee), ...change } });
  const save = async (fees: CardFee[]) => {
    setIsSaving(true);
    setError(null);
    try {
      await callApi(setFeeSchedule, {
        level,
        fees: fees.map((fee) => {
          const value = shownFee(fee);
          return {
            kind: fee.kind,
            amount: value.amount.trim(),
            rate: value.rate.trim() === '' ? null : value.rate.trim(),
          };
        }),
      });
      setEdits({});
      showSuccess(t('cards.admin.fees.saved', { level: t(`cards.levels.${level}`) }));
      await queryClient.invalidateQueries({ queryKey: [getFeeSchedule.path] });
    } catch (failure) {
      setError(messageOfError(failure));
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('cards.admin.fees.description')}
      </Text>
      <Stack gap={6}>
        <Text component="span" id="fee-level-label" size="sm" fw={500}>
          {t('cards.admin.fees.level')}
        </Text>
        <SegmentedControl
          aria-labelledby="fee-level-label"
          value={level}
          onChange={(value) => setLevel(value as CardLevel)}
          data={cardLevels.map((value) => ({ value, label: t(`cards.levels.${value}`) }))}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      <FormAlert message={error} />
      {schedule.isPending ? (
        <TableSkeleton rows={6} columns={3} />
      ) : schedule.isError ? (
        <LoadError error={schedule.error} onRetry={() => void schedule.refetch()} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('cards.admin.fees.kind')}</Table.Th>
                  <Table.Th ta="right">{t('cards.admin.fees.amount')}</Table.Th>
                  <Table.Th ta="right">{t('cards.admin.fees.rate')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {schedule.data.fees.map((fee) => {
                  const name = t(`cards.admin.fees.kinds.${fee.kind}`);
                  return (
                    <Table.Tr key={fee.kind}>
                      <Table.Td>{name}</Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('cards.admin.fees.amount_of', { fee: name })}
                          value={shownFee(fee).amount}
                          inputMode="decimal"
                          maxLength={15}
                          onChange={(event) => edit(fee, { amount: event.currentTarget.value })}
                          styles={{ input: { textAlign: 'right' } }}
                          classNames={{ input: 'tabular-figures' }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('cards.admin.fees.rate_of', { fee: name })}
                          value={shownFee(fee).rate}
                          inputMode="decimal"
                          maxLength={8}
                          onChange={(event) => edit(fee, { rate: event.currentTarget.value })}
                          styles={{ input: { textAlign: 'right' } }}
                          classNames={{ input: 'tabular-figures' }}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed">
            {t('cards.admin.fees.rate_hint')}
          </Text>
          <Group justify="flex-end">
            <Button loading={isSaving} onClick={() => void save(schedule.data.fees)}>
              {t('cards.admin.fees.save')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

export function CardOperationsPage() {
  const { t } = useTranslation();
  const mayOperate = useHoldsPermission('card_operations');
  const isPhone = useMediaQuery('(max-width: 36em)');
  const [search, setSearch] = useState<Search>(noSearch);
  // The open card is in the address (`?card=<id>`), so that a card's panel can be linked to.
  const [params, setParams] = useSearchParams();
  const openId = params.get('card');
  const [openLast4, setOpenLast4] = useState<string | null>(null);
  const open = (card: StaffCard) => {
    setOpenLast4(card.last4);
    setParams({ card: card.id });
  };
  if (mayOperate === false) return <NoPermissionPage title={t('pages.admin_cards.title')} />;
  return (
    <PageFrame title={t('pages.admin_cards.title')} description={t('pages.admin_cards.purpose')}>
      <Tabs defaultValue="cards" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="cards">{t('cards.admin.tabs.cards')}</Tabs.Tab>
          <Tabs.Tab value="fees">{t('cards.admin.tabs.fees')}</Tabs.Tab>
          <Tabs.Tab value="processor">{t('cards.admin.tabs.processor')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="cards" pt="md">
          <Stack gap="md">
            <SearchForm onSearch={setSearch} />
            <CardList search={search} onOpen={open} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="fees" pt="md">
          <FeeScheduleEditor />
        </Tabs.Panel>
        <Tabs.Panel value="processor" pt="md">
          <CardProcessorFaultPanel />
        </Tabs.Panel>
      </Tabs>
      <Drawer
        opened={openId !== null}
        onClose={() => {
          setOpenLast4(null);
          setParams({});
        }}
        position="right"
        size={isPhone ? '100%' : 'lg'}
        title={openLast4 ? t('cards.details.title', { last4: openLast4 }) : t('pages.admin_cards.title')}
        closeButtonProps={{ 'aria-label': t('cards.details.close') }}
      >
        {openId ? <StaffCardPanel cardId={openId} /> : null}
      </Drawer>
    </PageFrame>
  );
}
