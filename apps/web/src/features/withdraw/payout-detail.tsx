/**
 * /blockchain_w/fiat_t_h_info?id=… and /blockchain_w/digital_t_h_info?id=…: one payout as the
 * company's record of it: its status, amounts, what arrived, destination, purpose, the hash with the
 * network explorer and confirmations (crypto), why it failed or was rejected, and the timeline of
 * who did what and when. A colleague who may approve it (not its maker) approves or rejects it here.
 * While the payout is on its way the page asks again.
 */
import { getCryptoPayout, getFiatPayout, type PayoutDetails, type PayoutKind } from '@bank/contract/payouts';
import { pathOf } from '@bank/contract/routes';
import { Alert, Anchor, Card, Divider, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconReceipt, IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useUserInfo } from '../../api/user-info.ts';
import { errorKeyOf } from '../../lib/form-errors.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { PayoutFacts, PayoutTimeline } from '../../ui/payout-summary.tsx';
import { readableAlertStyles } from '../../ui/readable-colour.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { useNamed } from '../../ui/steps-timeline.tsx';
import { isPayoutMoving } from './payout-format.ts';
import { DecisionButtons, DecisionDialog } from './withdraw-parts.tsx';

const movingRefreshMs = 5000;

const pagesOf = {
  fiat: { detail: 'fiat_transfer_detail', list: 'fiat_transfer', call: getFiatPayout },
  crypto: { detail: 'crypto_transfer_detail', list: 'crypto_transfer', call: getCryptoPayout },
} as const;

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" aria-busy="true" aria-label={t('shell.loading')}>
      <Skeleton height={260} radius="md" />
      <Skeleton height={180} radius="md" />
    </Stack>
  );
}

/** Why a payout did not go through, said where the reader looks first; the amount is back in the balance. */
function OutcomeNote({ payout }: { payout: PayoutDetails }) {
  const { t } = useTranslation();
  const causeName = useNamed('payouts.failure_causes');
  const isFailed = payout.status === 'failed';
  return (
    <Alert
      color={isFailed ? 'orange' : 'red'}
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t(isFailed ? 'withdraw.detail.failed_title' : 'withdraw.detail.rejected_title')}
      styles={readableAlertStyles(isFailed ? 'orange' : 'red')}
    >
      <Stack gap={4}>
        <Text size="sm" c="var(--mantine-color-text)" style={{ overflowWrap: 'anywhere' }}>
          {payout.failure_cause ? causeName(payout.failure_cause) : payout.rejection_reason}
        </Text>
        <Text size="sm" c="var(--mantine-color-text)">
          {t('withdraw.detail.released')}
        </Text>
      </Stack>
    </Alert>
  );
}

function Summary({ payout }: { payout: PayoutDetails }) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="payout-summary">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={6}>
            <Text component="h2" id="payout-summary" fw={600} fz="lg" m={0}>
              {t(payout.kind === 'fiat' ? 'withdraw.detail.title_fiat' : 'withdraw.detail.title_crypto', {
                name: payout.destination.name,
              })}
            </Text>
            <Group gap="xs">
              <StatusBadge list="transaction" value={payout.status} data-testid="payout-status" />
              <Text size="sm" c="dimmed">
                {[payout.asset, payout.network].filter(Boolean).join(' · ')}
              </Text>
            </Group>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Amount value={payout.total} currency={payout.asset} fz={28} fw={700} />
            {payout.fiat ? (
              <Text size="sm" c="dimmed">
                {t('withdraw.detail.arrives')}{' '}
                <Amount value={payout.fiat.amount} currency={payout.fiat.currency} inherit />
              </Text>
            ) : null}
          </Stack>
        </Group>
        {payout.rejection_reason || payout.failure_cause ? <OutcomeNote payout={payout} /> : null}
        <Divider />
        <PayoutFacts payout={payout} />
        <Divider />
        <Anchor
          component={Link}
          to={`${pathOf('transaction_detail')}?id=${encodeURIComponent(payout.transaction_id)}`}
          size="sm"
        >
          <Group gap={4} component="span" wrap="nowrap">
            <IconReceipt size={14} aria-hidden />
            {t('withdraw.detail.history_line')}
          </Group>
        </Anchor>
      </Stack>
    </Card>
  );
}

export function PayoutDetailPage({ kind }: { kind: PayoutKind }) {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  const [params] = useSearchParams();
  const pages = pagesOf[kind];
  const id = params.get('id') ?? '';
  // An id the contract could never accept is not found without asking the server.
  const isWellFormed = pages.call.request.safeParse({ payout_id: id }).success;
  const [deciding, setDeciding] = useState<Parameters<typeof DecisionDialog>[0]['pending']>(null);
  const details = useScreenQuery(
    pages.call,
    { payout_id: id },
    {
      enabled: isWellFormed,
      refetchIntervalMs: (data) => (data && isPayoutMoving(data.status) ? movingRefreshMs : false),
    },
  );
  const isNotFound = !isWellFormed || (details.isError && errorKeyOf(details.error) === 'not_found');

  return (
    <PageFrame title={t(`pages.${pages.detail}.title`)} description={t(`pages.${pages.detail}.purpose`)}>
      <Anchor component={Link} to={pathOf(pages.list)} size="sm" fw={500} style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {t(`withdraw.detail.back_${kind}`)}
        </Group>
      </Anchor>
      {isNotFound ? (
        <EmptyState
          icon={<IconSearch size={26} stroke={1.6} />}
          title={t('withdraw.detail.not_found_title')}
          description={t('withdraw.detail.not_found')}
        />
      ) : details.isPending ? (
        <DetailSkeleton />
      ) : details.isError ? (
        <LoadError error={details.error} onRetry={() => void details.refetch()} />
      ) : (
        <Stack gap="lg">
          {details.data.may_approve ? (
            <Alert color="bank" variant="light" icon={<IconUsers size={18} aria-hidden />}>
              <Stack gap="sm">
                <Title order={2} fz="sm" fw={600}>
                  {t('withdraw.detail.approval_title')}
                </Title>
                <Text size="sm" c="var(--mantine-color-text)">
                  {t('withdraw.detail.approval_body', { name: details.data.created_by.name })}
                </Text>
                <DecisionButtons payout={details.data} onDecide={setDeciding} />
              </Stack>
            </Alert>
          ) : details.data.status === 'pending_approval' ? (
            <Alert color="bank" variant="light" icon={<IconUsers size={18} aria-hidden />}>
              <Text size="sm" c="var(--mantine-color-text)">
                {t('withdraw.detail.waiting_for_approval')}
              </Text>
            </Alert>
          ) : null}
          <Grid gap="lg" align="flex-start">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Summary payout={details.data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Card component="section" aria-labelledby="payout-steps">
                <Stack gap="md">
                  <Text component="h2" id="payout-steps" fw={600} fz="md" m={0}>
                    {t('withdraw.detail.steps_title')}
                  </Text>
                  <PayoutTimeline steps={details.data.timeline} />
                </Stack>
              </Card>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
      <DecisionDialog pending={deciding} user={user} onClose={() => setDeciding(null)} />
    </PageFrame>
  );
}
