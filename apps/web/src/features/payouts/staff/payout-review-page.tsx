/**
 * /admin/payouts (staff holding `payout_review`): payouts of every company in the bank's review
 * (oldest first), in process at the rail or custody, and decided (newest first; admin/payouts/list).
 * A payout opens in a drawer (admin/payouts/get): its facts, the company, and its full timeline; one
 * in review is approved to the rail or custody, or rejected with a reason (the hold is voided;
 * admin/payouts/decide). As the deposit operations page does for deposits, staff holding
 * `deposit_operations` drive the simulators of a payout in process: the rail or custody completes
 * it, or fails it with a cause (admin/simulator/payoutOutcome; refused in production).
 */
import {
  decidePayoutReview,
  getPayoutForReview,
  listPayoutsForReview,
  payoutFailureCauses,
  payoutQueues,
  type StaffPayout,
  simulatePayoutOutcome,
} from '@bank/contract/payouts';
import {
  Alert,
  Button,
  Card,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight, IconFlask, IconSearch, IconSend } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHoldsPermission } from '../../../api/user-info.ts';
import { useCallForm } from '../../../lib/call-form.tsx';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { showSuccess } from '../../../lib/notify.ts';
import { screenPagesOptions, useScreenQuery } from '../../../lib/screen-query.ts';
import { Amount } from '../../../ui/amount.tsx';
import { DateTime } from '../../../ui/date-time.tsx';
import { Drawer } from '../../../ui/drawer.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Fact, FactGrid } from '../../../ui/facts.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { LoadMore } from '../../../ui/load-more.tsx';
import { NoPermissionPage } from '../../../ui/no-permission-page.tsx';
import { PageFrame } from '../../../ui/page-frame.tsx';
import { QueueSearchInput, useQueueSearch } from '../../../ui/queue-search.tsx';
import { readableErrorColour } from '../../../ui/readable-colour.ts';
import { type ReviewChoice, ReviewDecisionCard } from '../../../ui/review-decision.tsx';
import { TableSkeleton } from '../../../ui/skeletons.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { PayoutFacts, PayoutTimeline } from '../payout-summary.tsx';
import { type Queue, queueOf, queueRequestOf } from './payout-review-page-data.ts';
import '../../../messages/admin.ts';
import '../../../messages/payouts.ts';
import '../../../messages/transactions.ts';

/** The queues change as rails answer: an open page asks again this often. */
const queueRefreshMs = 15_000;

function refreshPayouts(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => /^\/api\/v1\/admin\/(payouts|ledger)\//.test(String(query.queryKey[0])),
  });
}

function QueueList({ queue, search, onOpen }: { queue: Queue; search: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const list = useInfiniteQuery({
    ...screenPagesOptions(listPayoutsForReview, queueRequestOf(queue, search)),
    refetchInterval: queueRefreshMs,
  });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) return <TableSkeleton rows={4} columns={4} />;
  if (list.isError && items.length === 0) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (items.length === 0 && search)
    return (
      <EmptyState
        icon={<IconSearch size={26} stroke={1.6} />}
        title={t('admin.queue_search.none_title')}
        description={t('admin.queue_search.none_description')}
      />
    );
  if (items.length === 0)
    return (
      <EmptyState
        icon={<IconSend size={26} stroke={1.6} />}
        title={t(`payouts.review.empty.${queue}.title`)}
        description={t(`payouts.review.empty.${queue}.description`)}
      />
    );
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((payout) => (
          <li key={payout.payout_id} data-testid="review-payout">
            <UnstyledButton
              w="100%"
              onClick={() => onOpen(payout.payout_id)}
              aria-label={t('payouts.review.open_label', {
                company: payout.company_name,
                name: payout.destination.name,
              })}
            >
              <Paper withBorder p="md" radius="md">
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {payout.company_name}
                      </Text>
                      <StatusBadge list="transaction" value={payout.status} size="sm" />
                    </Group>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t(payout.kind === 'fiat' ? 'payouts.review.to_fiat' : 'payouts.review.to_crypto', {
                        name: payout.destination.name,
                        network: payout.network ?? '',
                      })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <DateTime value={payout.created_at} />
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap" align="flex-start">
                    <Stack gap={0} align="flex-end">
                      <Amount value={payout.total} currency={payout.asset} fw={600} />
                      {payout.fiat ? (
                        <Amount value={payout.fiat.amount} currency={payout.fiat.currency} size="xs" c="dimmed" />
                      ) : null}
                    </Stack>
                    <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0 }} />
                  </Group>
                </Group>
              </Paper>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
      <LoadMore
        query={list}
        loadMoreLabel={t('payouts.load_more')}
        allLoaded={t('payouts.review.all_loaded', { count: items.length })}
      />
    </Stack>
  );
}

function ReviewDecision({ payout }: { payout: StaffPayout }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<ReviewChoice | null>(null);
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: decidePayoutReview,
    initialValues: { reason: '', note: '' },
    toRequest: (values) => ({
      payout_id: payout.payout_id,
      decision: decision ?? 'approve',
      reason: values.reason,
      note: values.note,
    }),
    onSuccess: async () => {
      showSuccess(t(decision === 'reject' ? 'payouts.review.rejected_notice' : 'payouts.review.approved_notice'));
      setDecision(null);
      await refreshPayouts(queryClient);
    },
  });
  return (
    <ReviewDecisionCard
      headingId="review-decision"
      title={t('payouts.review.decision_title')}
      hint={t('payouts.review.decision_hint')}
      approveLabel={t('payouts.review.approve')}
      rejectLabel={t('payouts.review.reject')}
      decision={decision}
      onDecide={setDecision}
    >
      {/* The contract's schema refuses a rejection without a reason, on the reason's field. */}
      <form noValidate onSubmit={submit} style={readableErrorColour}>
        <Stack gap="sm">
          <FormAlert message={formError} />
          <Text size="sm">
            {t(decision === 'approve' ? 'payouts.review.approve_body' : 'payouts.review.reject_body')}
          </Text>
          {/* Two texts, each saying who reads it: the company reads the reason, only staff the note. */}
          <Textarea
            id="review-reason"
            label={t(decision === 'approve' ? 'payouts.review.reason_optional' : 'payouts.review.reason')}
            description={t('payouts.review.reason_hint')}
            required={decision === 'reject'}
            autosize
            minRows={2}
            maxRows={6}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Textarea
            id="review-note"
            label={t('payouts.review.note')}
            description={t('payouts.review.note_hint')}
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('note')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDecision(null)} disabled={isSubmitting}>
              {t('payouts.review.cancel')}
            </Button>
            <Button type="submit" color={decision === 'reject' ? 'red' : undefined} loading={isSubmitting}>
              {t(decision === 'approve' ? 'payouts.review.approve_submit' : 'payouts.review.reject_submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ReviewDecisionCard>
  );
}

function OutcomeSimulator({ payout }: { payout: StaffPayout }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<'complete' | 'fail'>('complete');
  // Read by the submission in the same click that chose it, before the page has drawn again.
  const outcomeRef = useRef<'complete' | 'fail'>('complete');
  const choose = (chosen: 'complete' | 'fail') => {
    outcomeRef.current = chosen;
    setOutcome(chosen);
  };
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: simulatePayoutOutcome,
    initialValues: { cause: '' },
    toRequest: (values) => ({
      payout_id: payout.payout_id,
      outcome: outcomeRef.current,
      ...(outcomeRef.current === 'fail' && values.cause
        ? { cause: values.cause as (typeof payoutFailureCauses)[number] }
        : {}),
    }),
    onSuccess: async () => {
      showSuccess(t(outcome === 'complete' ? 'payouts.review.simulator.completed' : 'payouts.review.simulator.failed'));
      await refreshPayouts(queryClient);
    },
  });
  return (
    <Card withBorder component="section" aria-labelledby="review-simulator" bg="gray.0">
      <form noValidate onSubmit={submit} style={readableErrorColour}>
        <Stack gap="sm">
          <Group gap={6}>
            <IconFlask size={16} aria-hidden />
            <Title order={3} fz="sm" id="review-simulator">
              {t('payouts.review.simulator.title')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t(payout.kind === 'fiat' ? 'payouts.review.simulator.hint_fiat' : 'payouts.review.simulator.hint_crypto')}
          </Text>
          <FormAlert message={formError} />
          <Select
            id="simulator-cause"
            label={t('payouts.review.simulator.cause')}
            placeholder={t('payouts.review.simulator.cause_placeholder')}
            data={payoutFailureCauses.map((cause) => ({ value: cause, label: t(`payouts.failure_causes.${cause}`) }))}
            {...form.getInputProps('cause')}
            onChange={(value) => form.setFieldValue('cause', value ?? '')}
          />
          <Group gap="sm" justify="flex-end">
            <Button
              type="submit"
              variant="default"
              color="red"
              loading={isSubmitting && outcome === 'fail'}
              onClick={() => choose('fail')}
            >
              {t('payouts.review.simulator.fail')}
            </Button>
            <Button type="submit" loading={isSubmitting && outcome === 'complete'} onClick={() => choose('complete')}>
              {t('payouts.review.simulator.complete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PayoutReview({ payoutId }: { payoutId: string }) {
  const { t } = useTranslation();
  const mayReview = useHoldsPermission('payout_review');
  const maySimulate = useHoldsPermission('deposit_operations');
  const details = useScreenQuery(getPayoutForReview, { payout_id: payoutId });
  if (details.isPending)
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('shell.loading')}>
        <Skeleton height={120} />
        <Skeleton height={200} />
      </Stack>
    );
  if (details.isError)
    return errorKeyOf(details.error) === 'not_found' ? (
      <EmptyState
        icon={<IconSearch size={26} stroke={1.6} />}
        title={t('payouts.detail.not_found_title')}
        description={t('payouts.detail.not_found')}
        isBare
      />
    ) : (
      <LoadError error={details.error} onRetry={() => void details.refetch()} />
    );
  const payout = details.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <StatusBadge list="transaction" value={payout.status} />
          <Text size="sm" c="dimmed">
            {[payout.asset, payout.network].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <Amount value={payout.total} currency={payout.asset} fz={24} fw={700} />
      </Group>
      {payout.status === 'admin_review' && mayReview ? <ReviewDecision payout={payout} /> : null}
      {payout.status === 'in_process' && maySimulate ? <OutcomeSimulator payout={payout} /> : null}
      {payout.status === 'in_process' && !maySimulate ? (
        <Alert color="bank" variant="light">
          <Text size="sm" c="var(--mantine-color-text)">
            {t('payouts.review.in_process_note')}
          </Text>
        </Alert>
      ) : null}
      <Card withBorder component="section" aria-labelledby="review-company">
        <Stack gap="sm">
          <Title order={3} fz="sm" id="review-company">
            {t('payouts.review.company')}
          </Title>
          <FactGrid>
            <Fact label={t('payouts.review.company_name')}>{payout.company_name}</Fact>
            <Fact label={t('payouts.review.payout_id')}>
              <Text component="span" size="sm" ff="monospace">
                {payout.payout_id}
              </Text>
            </Fact>
            <Fact label={t('payouts.review.needs_approval')}>
              {t(payout.needs_approval ? 'payouts.review.yes' : 'payouts.review.no')}
            </Fact>
          </FactGrid>
        </Stack>
      </Card>
      <Card withBorder component="section" aria-labelledby="review-facts">
        <Stack gap="sm">
          <Title order={3} fz="sm" id="review-facts">
            {t('payouts.review.facts')}
          </Title>
          <PayoutFacts payout={payout} />
        </Stack>
      </Card>
      <Card withBorder component="section" aria-labelledby="review-steps">
        <Stack gap="sm">
          <Title order={3} fz="sm" id="review-steps">
            {t('payouts.detail.steps_title')}
          </Title>
          <PayoutTimeline steps={payout.timeline} status={payout.status} />
        </Stack>
      </Card>
    </Stack>
  );
}

export function PayoutReviewPage() {
  const { t } = useTranslation();
  const mayReview = useHoldsPermission('payout_review');
  const isPhone = useMediaQuery('(max-width: 40em)') ?? false;
  const [searchParams, setSearchParams] = useSearchParams();
  const queue = queueOf(searchParams);
  const payoutId = searchParams.get('payout');
  const { text, setText, search } = useQueueSearch();
  const setPayout = (id: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('payout', id);
      else next.delete('payout');
      return next;
    });

  if (mayReview === false) return <NoPermissionPage title={t('pages.admin_payouts.title')} />;

  return (
    <PageFrame title={t('pages.admin_payouts.title')} description={t('pages.admin_payouts.purpose')}>
      <Tabs
        value={queue}
        onChange={(value) =>
          setSearchParams(value && value !== 'admin_review' ? { queue: value } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <QueueSearchInput text={text} onChange={setText} />
        <Tabs.List mb="lg" mt="md">
          {payoutQueues.map((value) => (
            <Tabs.Tab key={value} value={value} fw={500}>
              {t(`payouts.review.queues.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {payoutQueues.map((value) => (
          <Tabs.Panel key={value} value={value}>
            <QueueList queue={value} search={search} onOpen={setPayout} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <Drawer
        opened={payoutId !== null}
        onClose={() => setPayout(null)}
        position="right"
        size={isPhone ? '100%' : 'xl'}
        title={t('payouts.review.drawer_title')}
        closeButtonProps={{ 'aria-label': t('payouts.review.close') }}
        styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {payoutId ? <PayoutReview payoutId={payoutId} /> : null}
      </Drawer>
    </PageFrame>
  );
}
