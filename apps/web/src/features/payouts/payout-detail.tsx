/**
 * /blockchain_w/fiat_t_h_info?id=… and /blockchain_w/digital_t_h_info?id=…: one payout as the
 * company's record of it: its status, amounts, what arrived, destination, purpose, the hash with the
 * network explorer and confirmations (crypto), why it failed or was rejected, and the timeline of
 * who did what and when. A colleague who may approve it (not its maker) approves or rejects it here;
 * an approver who does not prepare payouts reads it through withdraw/approval/get. Its maker or the
 * administrator cancels it while it waits for approval. While the payout is on its way the page asks again.
 */
import type { UserInfo } from '@bank/contract/account';
import { localeOfLanguage } from '@bank/contract/constants';
import {
  cancelPayout,
  downloadCryptoPayoutReceipt,
  downloadFiatPayoutReceipt,
  getPayoutForApproval,
  type PayoutDetails,
  type PayoutKind,
} from '@bank/contract/payouts';
import { pathOf } from '@bank/contract/routes';
import { Alert, Anchor, Button, Card, Divider, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconBan, IconReceipt, IconSearch, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useHoldsPermission, useUserInfo } from '../../api/user-info.ts';
import { callApi } from '../../lib/api-client.ts';
import { errorKeyOf } from '../../lib/form-errors.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { showSuccess } from '../../lib/notify.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatMoney } from '../../ui/format-amount.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { readableAlertStyles } from '../../ui/readable-colour.ts';
import { ReceiptButton } from '../../ui/receipt-button.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { useNamed } from '../../ui/steps-timeline.tsx';
import { useStepUpAction } from '../../widgets/step-up-dialog.tsx';
import { isPayoutMoving, refreshPayoutData } from './payout-format.ts';
import { DecisionButtons, DecisionDialog } from './payout-parts.tsx';
import { detailPagesOf, detailRequestOf } from './payout-queries.ts';
import { PayoutFacts, PayoutTimeline } from './payout-summary.tsx';

const movingRefreshMs = 5000;

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={t('shell.loading')}>
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
      title={t(isFailed ? 'payouts.detail.failed_title' : 'payouts.detail.rejected_title')}
      styles={readableAlertStyles(isFailed ? 'orange' : 'red')}
    >
      <Stack gap={4}>
        <Text size="sm" c="var(--mantine-color-text)" style={{ overflowWrap: 'anywhere' }}>
          {payout.failure_cause ? causeName(payout.failure_cause) : payout.rejection_reason}
        </Text>
        <Text size="sm" c="var(--mantine-color-text)">
          {t('payouts.detail.released')}
        </Text>
      </Stack>
    </Alert>
  );
}

/**
 * Cancelling a payout that waits for approval (its maker or the administrator): asked once, then
 * withdraw/approval/cancel with the step-up dialog when the server wants a fresh second factor.
 */
function CancelPayout({ payout, user }: { payout: PayoutDetails; user: UserInfo | undefined }) {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  const queryClient = useQueryClient();
  const [isAsking, setIsAsking] = useState(false);
  const [isWorking, setIsWorking] = useState(false);
  const { run, dialog } = useStepUpAction(user);
  const confirm = () =>
    void run(async () => {
      setIsWorking(true);
      try {
        await callApi(cancelPayout, { payout_id: payout.payout_id });
        setIsAsking(false);
        showSuccess(t('payouts.cancel.done'));
        await refreshPayoutData(queryClient);
      } finally {
        setIsWorking(false);
      }
    });
  return (
    <>
      <Button
        variant="default"
        color="red"
        size="sm"
        leftSection={<IconBan size={16} aria-hidden />}
        onClick={() => setIsAsking(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('payouts.cancel.button')}
      </Button>
      <ConfirmDialog
        isOpen={isAsking}
        title={t('payouts.cancel.title')}
        message={t('payouts.cancel.message', { total: formatMoney(payout.total, payout.asset, locale) })}
        confirmLabel={t('payouts.cancel.confirm')}
        isWorking={isWorking}
        onConfirm={confirm}
        onClose={() => setIsAsking(false)}
      />
      {dialog}
    </>
  );
}

/** Who the payout waits for, and what its maker can do about it. */
function WaitingForApproval({ payout, user }: { payout: PayoutDetails; user: UserInfo | undefined }) {
  const { t } = useTranslation();
  return (
    <Alert color="bank" variant="light" icon={<IconUsers size={18} aria-hidden />}>
      <Stack gap="sm">
        <Text size="sm" c="var(--mantine-color-text)">
          {t('payouts.detail.waiting_for_approval')}
        </Text>
        {payout.may_cancel ? (
          <>
            <Text size="sm" c="var(--mantine-color-text)">
              {t('payouts.cancel.hint')}
            </Text>
            <CancelPayout payout={payout} user={user} />
          </>
        ) : null}
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
              {t(payout.kind === 'fiat' ? 'payouts.detail.title_fiat' : 'payouts.detail.title_crypto', {
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
                {t('payouts.detail.arrives')}{' '}
                <Amount value={payout.fiat.amount} currency={payout.fiat.currency} inherit />
              </Text>
            ) : null}
          </Stack>
        </Group>
        {payout.rejection_reason || payout.failure_cause ? <OutcomeNote payout={payout} /> : null}
        <Divider />
        <PayoutFacts payout={payout} />
        <Divider />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Anchor
            component={Link}
            to={`${pathOf('transaction_detail')}?id=${encodeURIComponent(payout.transaction_id)}`}
            size="sm"
          >
            <Group gap={4} component="span" wrap="nowrap">
              <IconReceipt size={14} aria-hidden />
              {t('payouts.detail.history_line')}
            </Group>
          </Anchor>
          <ReceiptButton
            call={payout.kind === 'fiat' ? downloadFiatPayoutReceipt : downloadCryptoPayoutReceipt}
            request={{ payout_id: payout.payout_id }}
            label={t('payouts.detail.download_receipt')}
            doneMessage={t('payouts.detail.receipt_downloaded')}
          />
        </Group>
      </Stack>
    </Card>
  );
}

export function PayoutDetailPage({ kind }: { kind: PayoutKind }) {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  const [params] = useSearchParams();
  const pages = detailPagesOf[kind];
  // An approver who does not prepare payouts reads the payouts they decide through their own call.
  const isApproverOnly = useHoldsPermission('prepare_payouts') === false;
  const detailsCall = isApproverOnly ? getPayoutForApproval : pages.call;
  const backPage = isApproverOnly ? 'payout_approvals' : pages.list;
  const request = detailRequestOf(params);
  // An id the contract could never accept is not found without asking the server.
  const isWellFormed = pages.call.request.safeParse(request).success;
  const [deciding, setDeciding] = useState<Parameters<typeof DecisionDialog>[0]['pending']>(null);
  const details = useScreenQuery(detailsCall, request, {
    enabled: isWellFormed,
    refetchIntervalMs: (data) => (data && isPayoutMoving(data.status) ? movingRefreshMs : false),
  });
  const isNotFound = !isWellFormed || (details.isError && errorKeyOf(details.error) === 'not_found');

  return (
    <PageFrame title={t(`pages.${pages.detail}.title`)} description={t(`pages.${pages.detail}.purpose`)}>
      <Anchor component={Link} to={pathOf(backPage)} size="sm" fw={500} style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {t(isApproverOnly ? 'payouts.detail.back_approvals' : `payouts.detail.back_${kind}`)}
        </Group>
      </Anchor>
      {isNotFound ? (
        <EmptyState
          icon={<IconSearch size={26} stroke={1.6} />}
          title={t('payouts.detail.not_found_title')}
          description={t('payouts.detail.not_found')}
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
                  {t('payouts.detail.approval_title')}
                </Title>
                <Text size="sm" c="var(--mantine-color-text)">
                  {t('payouts.detail.approval_body', { name: details.data.created_by.name })}
                </Text>
                <DecisionButtons payout={details.data} onDecide={setDeciding} />
              </Stack>
            </Alert>
          ) : details.data.status === 'pending_approval' ? (
            <WaitingForApproval payout={details.data} user={user} />
          ) : null}
          <Grid gap="lg" align="flex-start">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Summary payout={details.data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Card component="section" aria-labelledby="payout-steps">
                <Stack gap="md">
                  <Text component="h2" id="payout-steps" fw={600} fz="md" m={0}>
                    {t('payouts.detail.steps_title')}
                  </Text>
                  <PayoutTimeline steps={details.data.timeline} status={details.data.status} />
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
