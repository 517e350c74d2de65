/**
 * The header's approvals button for users holding `approve_payouts`: how many payouts wait for a
 * second user's approval (withdraw/approval/count, asked again every minute), leading to the
 * approvals page. Loaded on its own (the main layout imports it lazily, for those users only), so
 * that no other page's first load carries the payouts contract.
 */
import { countPendingApprovals } from '@bank/contract/payout-approvals-count';
import { pathOf } from '@bank/contract/routes';
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useScreenQuery } from '../../lib/screen-query.ts';
import '../../messages/payouts.ts';

const countRefreshMs = 60_000;

export default function ApprovalsBadge() {
  const { t } = useTranslation();
  const count = useScreenQuery(countPendingApprovals, {}, { refetchIntervalMs: () => countRefreshMs });
  const waiting = count.data?.count ?? 0;
  const label = waiting > 0 ? t('payouts.approvals.badge_waiting', { count: waiting }) : t('payouts.approvals.badge');
  return (
    <Tooltip label={label} withArrow>
      <Indicator
        label={waiting > 99 ? '99+' : waiting}
        disabled={waiting === 0}
        size={16}
        offset={7}
        color="orange.8"
        withBorder
        data-testid="approvals-waiting"
      >
        <ActionIcon
          component={Link}
          to={pathOf('payout_approvals')}
          variant="subtle"
          color="gray"
          size="lg"
          radius="md"
          aria-label={label}
        >
          <IconChecklist size={20} aria-hidden />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
