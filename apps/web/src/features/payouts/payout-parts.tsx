/**
 * Pieces the payout pages share: the payout configuration (withdraw/details), the cooling-period
 * badge, the searchable purpose choice, and the approve / reject decision of a payout waiting for a
 * second user (withdraw/approval/decide, with the step-up dialog when the server asks for it).
 */
import type { UserInfo } from '@bank/contract/account';
import { getDashboardHome } from '@bank/contract/ledger';
import { decidePayoutApproval, getPayoutConfig, type Payout, payoutPurposes } from '@bank/contract/payouts';
import { pathOf } from '@bank/contract/routes';
import { Button, Group, Select, type SelectProps, Stack, Text } from '@mantine/core';
import { IconCheck, IconClockHour4, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import { showSuccess } from '../../lib/notify.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatDateTime } from '../../ui/format-date.ts';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { Textarea } from '../../ui/textarea.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { useStepUpForm } from '../../widgets/step-up-dialog.tsx';
import { isCooling, refreshPayoutData } from './payout-format.ts';

/** The payout configuration changes rarely: a minute's answer is fresh enough. */
const configStaleMs = 60_000;

export function usePayoutConfig() {
  return useScreenQuery(getPayoutConfig, {}, { staleTimeMs: configStaleMs });
}

/** "Can be paid from 27/11/2026 10:15am" while the bank's cooling period after a change runs. */
export function CoolingBadge({
  entry,
  verb = 'paid',
}: {
  entry: { usable_from: string; updated_at: string };
  verb?: 'paid' | 'used';
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!isCooling(entry)) return null;
  const time = formatDateTime(entry.usable_from, language);
  return (
    <ToneBadge colour="orange">
      <Group gap={4} wrap="nowrap" component="span">
        <IconClockHour4 size={12} aria-hidden />
        {verb === 'paid' ? t('payouts.cooling.paid_from', { time }) : t('payouts.cooling.used_from', { time })}
      </Group>
    </ToneBadge>
  );
}

/** Every purpose of the contract, in the reader's language, searchable. */
export function PurposeSelect(props: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  const data = useMemo(() => payoutPurposes.map((value) => ({ value, label: t(`payouts.purposes.${value}`) })), [t]);
  return (
    <Select
      label={t('payouts.form.purpose')}
      placeholder={t('payouts.form.purpose_placeholder')}
      nothingFoundMessage={t('payouts.form.purpose_nothing_found')}
      searchable
      maxDropdownHeight={280}
      required
      {...props}
      data={data}
    />
  );
}

type Decision = 'approve' | 'reject';

function DecisionForm({
  payout,
  decision,
  user,
  onDone,
}: {
  payout: Payout;
  decision: Decision;
  user: UserInfo;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { stepUpOptions, stepUpDialog } = useStepUpForm('payout');
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: decidePayoutApproval,
    initialValues: { reason: '' },
    toRequest: (values) => ({ payout_id: payout.payout_id, decision, reason: values.reason }),
    ...stepUpOptions,
    onSuccess: async () => {
      showSuccess(t(decision === 'approve' ? 'payouts.approval.approved_notice' : 'payouts.approval.rejected_notice'));
      onDone();
      await refreshPayoutData(queryClient);
    },
  });
  return (
    <>
      <form noValidate onSubmit={submit} style={readableErrorColour}>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">{payout.destination.name}</Text>
            <Amount value={payout.total} currency={payout.asset} fw={600} />
          </Group>
          <Text size="sm" c="dimmed">
            {t(decision === 'approve' ? 'payouts.approval.approve_body' : 'payouts.approval.reject_body', {
              name: payout.created_by.name,
            })}
          </Text>
          <FormAlert message={formError} />
          {decision === 'reject' ? (
            <Textarea
              id="approval-reason"
              label={t('payouts.approval.reason')}
              description={t('payouts.approval.reason_hint')}
              required
              autosize
              minRows={2}
              maxRows={6}
              data-autofocus
              {...form.getInputProps('reason')}
            />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone} disabled={isSubmitting}>
              {t('payouts.approval.cancel')}
            </Button>
            <Button
              type="submit"
              color={decision === 'reject' ? 'red' : undefined}
              loading={isSubmitting}
              leftSection={
                decision === 'reject' ? <IconX size={16} aria-hidden /> : <IconCheck size={16} aria-hidden />
              }
              data-autofocus={decision === 'approve' ? true : undefined}
            >
              {t(decision === 'approve' ? 'payouts.approval.approve_submit' : 'payouts.approval.reject_submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {stepUpDialog(user, submit)}
    </>
  );
}

/** The approve / reject dialog of one payout (closed while `pending` is null). */
export function DecisionDialog({
  pending,
  user,
  onClose,
}: {
  pending: { payout: Payout; decision: Decision } | null;
  user: UserInfo | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = pending
    ? t(pending.decision === 'approve' ? 'payouts.approval.approve_title' : 'payouts.approval.reject_title')
    : '';
  return (
    <Dialog isOpen={pending !== null && user !== undefined} onClose={onClose} title={title}>
      {pending && user ? (
        <DecisionForm payout={pending.payout} decision={pending.decision} user={user} onDone={onClose} />
      ) : null}
    </Dialog>
  );
}

/** Approve and Reject, side by side, for a payout the user may decide on. */
export function DecisionButtons({
  payout,
  onDecide,
  size = 'sm',
}: {
  payout: Payout;
  onDecide: (pending: { payout: Payout; decision: Decision }) => void;
  size?: 'sm' | 'xs';
}) {
  const { t } = useTranslation();
  const what = payout.destination.name;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size={size}
        leftSection={<IconCheck size={16} aria-hidden />}
        onClick={() => onDecide({ payout, decision: 'approve' })}
        aria-label={t('payouts.approval.approve_label', { name: what })}
      >
        {t('payouts.approval.approve')}
      </Button>
      <Button
        size={size}
        variant="default"
        leftSection={<IconX size={16} aria-hidden />}
        onClick={() => onDecide({ payout, decision: 'reject' })}
        aria-label={t('payouts.approval.reject_label', { name: what })}
      >
        {t('payouts.approval.reject')}
      </Button>
    </Group>
  );
}

type SectionLink = {
  page: 'fiat_transfer' | 'crypto_transfer' | 'payees' | 'address_book' | 'payout_batches' | 'payout_approvals';
  label: 'fiat' | 'crypto' | 'payees' | 'addresses' | 'batches' | 'approvals';
};

const sectionLinks: readonly SectionLink[] = [
  { page: 'fiat_transfer', label: 'fiat' },
  { page: 'crypto_transfer', label: 'crypto' },
  { page: 'payees', label: 'payees' },
  { page: 'address_book', label: 'addresses' },
  { page: 'payout_batches', label: 'batches' },
  { page: 'payout_approvals', label: 'approvals' },
];

/** The payout pages' own links (records of both kinds, payees, address book, approvals), the current one marked. */
export function WithdrawSections({ current }: { current: SectionLink['page'] }) {
  const { t } = useTranslation();
  const mayApprove = useHoldsPermission('approve_payouts');
  const mayManageTeam = useHoldsPermission('team');
  const mayPrepare = useHoldsPermission('prepare_payouts');
  // Only the tabs the user can use: an approver who does not prepare payouts sees the approvals alone.
  const links = sectionLinks.filter((link) =>
    link.page === 'payout_approvals' ? mayApprove === true || mayManageTeam === true : mayPrepare === true,
  );
  if (mayApprove === undefined || mayManageTeam === undefined || mayPrepare === undefined)
    // Until the user's permissions are known, the space of every tab, unseen (and so out of reach of
    // assistive technology and the keyboard): the page below does not move down when they arrive.
    return (
      <Group gap={4} wrap="wrap" style={{ visibility: 'hidden' }}>
        {sectionLinks.map((link) => (
          <Button key={link.page} variant="subtle" size="sm" style={{ flexShrink: 0 }}>
            {t(`payouts.sections.${link.label}`)}
          </Button>
        ))}
      </Group>
    );
  return (
    <Group gap={4} wrap="wrap" component="nav" aria-label={t('payouts.sections.label')}>
      {links.map((link) => {
        const isCurrent = link.page === current;
        return (
          <Button
            key={link.page}
            component={Link}
            to={pathOf(link.page)}
            variant={isCurrent ? 'light' : 'subtle'}
            color={isCurrent ? 'bank' : 'gray'}
            size="sm"
            aria-current={isCurrent ? 'page' : undefined}
            style={{ flexShrink: 0 }}
          >
            {t(`payouts.sections.${link.label}`)}
          </Button>
        );
      })}
    </Group>
  );
}

/** "Available: 24,945.00 USDT": what the asset chosen can pay, for users who may read balances. */
export function AvailableBalance({ asset }: { asset: string }) {
  const { t } = useTranslation();
  const mayRead = useHoldsPermission('view_balances');
  const home = useScreenQuery(getDashboardHome, {}, { enabled: mayRead === true, staleTimeMs: 30_000 });
  const line = home.data?.balances.find((balance) => balance.asset === asset);
  if (!line) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="available-balance">
      {t('payouts.form.available')}{' '}
      <Amount value={line.available} currency={asset} c="var(--mantine-color-text)" fw={600} />
    </Text>
  );
}
