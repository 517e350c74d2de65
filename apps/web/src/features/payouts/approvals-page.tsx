/**
 * /blockchain_w/approvals: maker-checker. Payouts prepared by colleagues that wait for a second
 * user's approval (withdraw/approval/list, oldest first), each approved or rejected with a reason
 * (withdraw/approval/decide, with a fresh second factor) by a user holding `approve_payouts` who is
 * not its maker. Users holding `team` also set the company's approval policy here: every payout, or
 * those above a threshold per asset (withdraw/policy/set, with a fresh second factor).
 */

import type { UserInfo } from '@bank/contract/account';
import { digitalAssets } from '@bank/contract/money';
import {
  type ApprovalPolicy,
  getApprovalPolicy,
  listPendingApprovals,
  type Payout,
  setApprovalPolicy,
} from '@bank/contract/payouts';
import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHoldsPermission, useUserInfo } from '../../api/user-info.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { showSuccess } from '../../lib/notify.ts';
import { screenPagesOptions, useScreenQuery } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { AmountInput } from '../../ui/amount-input.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { useNamed } from '../../ui/steps-timeline.tsx';
import { useStepUpForm } from '../../widgets/step-up-dialog.tsx';
import { pendingApprovalsRequest } from './approvals-page-data.ts';
import { detailPathOfPayout, refreshPayoutData } from './payout-format.ts';
import { DecisionButtons, DecisionDialog, WithdrawSections } from './payout-parts.tsx';
import { PayoutFacts } from './payout-summary.tsx';
import '../../messages/admin.ts';
import '../../messages/payouts.ts';
import '../../messages/transactions.ts';

function PendingPayout({
  payout,
  user,
  onDecide,
}: {
  payout: Payout;
  user: UserInfo | undefined;
  onDecide: Parameters<typeof DecisionButtons>[0]['onDecide'];
}) {
  const { t } = useTranslation();
  const purposeName = useNamed('payouts.purposes');
  const isOwn = user !== undefined && payout.created_by.user_id === user.user_id;
  const titleId = `approval-${payout.payout_id}`;
  const factsId = `approval-facts-${payout.payout_id}`;
  // Approvers who do not prepare payouts cannot open the payout's page: its facts unfold here.
  const mayOpen = useHoldsPermission('prepare_payouts') === true;
  const [isUnfolded, setIsUnfolded] = useState(false);
  return (
    <Paper withBorder p="md" component="li" aria-labelledby={titleId} data-testid="approval-item">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} miw={0}>
            <Title order={3} fz="md" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {payout.destination.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t(payout.kind === 'fiat' ? 'payouts.approvals.kind_fiat' : 'payouts.approvals.kind_crypto')} ·{' '}
              {purposeName(payout.purpose)}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Amount value={payout.total} currency={payout.asset} fw={700} size="lg" />
            {payout.fiat ? (
              <Amount value={payout.fiat.amount} currency={payout.fiat.currency} size="sm" c="dimmed" />
            ) : null}
          </Stack>
        </Group>
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed">
            {t('payouts.approvals.made_by', { name: payout.created_by.name })} · <DateTime value={payout.created_at} />
          </Text>
          <Group gap="sm" wrap="wrap">
            <Button
              variant="subtle"
              size="compact-sm"
              aria-expanded={isUnfolded}
              aria-controls={factsId}
              onClick={() => setIsUnfolded((current) => !current)}
            >
              {t(isUnfolded ? 'payouts.approvals.hide_facts' : 'payouts.approvals.show_facts')}
            </Button>
            {mayOpen ? (
              <Anchor component={Link} to={detailPathOfPayout(payout.kind, payout.payout_id)} size="sm" fw={500}>
                {t('payouts.approvals.view')}
              </Anchor>
            ) : null}
            {isOwn ? (
              <Text size="sm" c="dimmed">
                {t('payouts.approvals.own')}
              </Text>
            ) : (
              <DecisionButtons payout={payout} onDecide={onDecide} />
            )}
          </Group>
        </Group>
        {isUnfolded ? (
          <Box id={factsId} pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <PayoutFacts payout={payout} />
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** `mayLoad`: the user may approve (known); until their permissions are known, a skeleton. */
function PendingList({ user, mayLoad }: { user: UserInfo | undefined; mayLoad: boolean }) {
  const { t } = useTranslation();
  const [deciding, setDeciding] = useState<Parameters<typeof DecisionDialog>[0]['pending']>(null);
  const pending = useInfiniteQuery({
    ...screenPagesOptions(listPendingApprovals, pendingApprovalsRequest),
    enabled: mayLoad,
  });
  const items = pending.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md" component="section" aria-labelledby="approvals-pending">
      <Title order={2} fz="lg" id="approvals-pending">
        {t('payouts.approvals.pending_title')}
      </Title>
      {pending.isPending ? (
        <TableSkeleton rows={3} columns={3} />
      ) : pending.isError && items.length === 0 ? (
        <LoadError error={pending.error} onRetry={() => void pending.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconChecks size={26} stroke={1.6} />}
          title={t('payouts.approvals.empty_title')}
          description={t('payouts.approvals.empty_description')}
        />
      ) : (
        <Stack gap="sm">
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((payout) => (
              <PendingPayout key={payout.payout_id} payout={payout} user={user} onDecide={setDeciding} />
            ))}
          </Stack>
          <LoadMore
            query={pending}
            loadMoreLabel={t('payouts.load_more')}
            allLoaded={t('payouts.approvals.all_loaded', { count: items.length })}
          />
        </Stack>
      )}
      <DecisionDialog pending={deciding} user={user} onClose={() => setDeciding(null)} />
    </Stack>
  );
}

type PolicyValues = { approve_all: boolean; thresholds: { asset: (typeof digitalAssets)[number]; amount: string }[] };

function valuesOfPolicy(policy: ApprovalPolicy): PolicyValues {
  return {
    approve_all: policy.approve_all,
    thresholds: digitalAssets.map((asset) => ({
      asset,
      amount: policy.thresholds.find((threshold) => threshold.asset === asset)?.amount ?? '',
    })),
  };
}

function PolicyForm({ policy, user }: { policy: ApprovalPolicy; user: UserInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { stepUpOptions, stepUpDialog } = useStepUpForm('payout');
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: setApprovalPolicy,
    initialValues: valuesOfPolicy(policy),
    toRequest: (values) => ({
      approve_all: values.approve_all,
      thresholds: values.thresholds.map((threshold) => ({
        asset: threshold.asset,
        amount: threshold.amount.trim() === '' ? null : threshold.amount.trim(),
      })),
    }),
    ...stepUpOptions,
    onSuccess: async () => {
      showSuccess(t('payouts.policy.saved_notice'));
      await refreshPayoutData(queryClient);
    },
  });
  const values = form.getValues();
  return (
    <>
      <form noValidate onSubmit={submit} style={readableErrorColour}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <Switch
            id="policy-approve-all"
            label={t('payouts.policy.approve_all')}
            description={t('payouts.policy.approve_all_hint')}
            {...form.getInputProps('approve_all', { type: 'checkbox' })}
          />
          <Stack gap="xs">
            <Text size="sm" fw={500} c={values.approve_all ? 'dimmed' : undefined}>
              {t('payouts.policy.thresholds')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('payouts.policy.thresholds_hint')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              {values.thresholds.map((threshold, index) => (
                <AmountInput
                  key={threshold.asset}
                  id={`policy-threshold-${threshold.asset}`}
                  currency={threshold.asset}
                  label={t('payouts.policy.threshold_of', { asset: threshold.asset })}
                  placeholder={t('payouts.policy.no_threshold')}
                  disabled={values.approve_all}
                  {...form.getInputProps(`thresholds.${index}.amount`)}
                />
              ))}
            </SimpleGrid>
          </Stack>
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              {t('payouts.policy.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {stepUpDialog(user, submit)}
    </>
  );
}

/** `mayLoad`: the user manages the team (known); until their permissions are known, a skeleton. */
function PolicyCard({ user, mayLoad }: { user: UserInfo | undefined; mayLoad: boolean }) {
  const { t } = useTranslation();
  const policy = useScreenQuery(getApprovalPolicy, {}, { enabled: mayLoad });
  return (
    <Card component="section" aria-labelledby="approval-policy">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="approval-policy">
            {t('payouts.policy.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('payouts.policy.description')}
          </Text>
        </Stack>
        {policy.isPending || !user ? (
          <Stack gap="sm">
            <Skeleton height={24} width="50%" />
            <Skeleton height={60} />
          </Stack>
        ) : policy.isError ? (
          <LoadError error={policy.error} onRetry={() => void policy.refetch()} />
        ) : (
          <PolicyForm policy={policy.data} user={user} />
        )}
      </Stack>
    </Card>
  );
}

export function PayoutApprovalsPage() {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  const mayApprove = useHoldsPermission('approve_payouts');
  const mayManageTeam = useHoldsPermission('team');
  if (mayApprove === false && mayManageTeam === false)
    return <NoPermissionPage title={t('pages.payout_approvals.title')} />;
  return (
    <PageFrame title={t('pages.payout_approvals.title')} description={t('pages.payout_approvals.purpose')}>
      <WithdrawSections current="payout_approvals" />
      {/* Until the user's permissions are known (the outline drawn at build time), both sections are
          drawn over their skeletons; each loads once the user is known to hold its permission. */}
      {mayApprove !== false ? <PendingList user={user} mayLoad={mayApprove === true} /> : null}
      {mayManageTeam !== false ? <PolicyCard user={user} mayLoad={mayManageTeam === true} /> : null}
    </PageFrame>
  );
}

PayoutApprovalsPage.isDrawnWhole = true as const;
