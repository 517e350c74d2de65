/**
 * /: the dashboard home. A welcome, the company's verification status as the session knows it
 * (with the way to KYC while it is not approved), and its balances per asset with their total in
 * US dollars (balances-card.tsx), the recent transactions and the total balance over 30 or 90 days.
 * Once the company is verified, the two things a treasurer comes to do, Deposit and Send, are buttons
 * at the top, each for a user whose permissions open its page.
 */
import { pathOf } from '@bank/contract/routes';
import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconArrowDownToArc,
  IconArrowRight,
  IconArrowUpRight,
  IconShieldCheck,
  IconShieldHalf,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { isKycApproved, readSession } from '../../lib/session-storage.ts';
import { homeHeading } from '../../ui/home-heading.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { BalanceChartCard } from './balance-chart-card.tsx';
import { BalancesCard } from './balances-card.tsx';
import { RecentTransactionsCard } from './recent-transactions-card.tsx';

function VerificationCard() {
  const { t } = useTranslation();
  const status = readSession().kycStatus;
  const isApproved = isKycApproved();
  return (
    <Card>
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 360px' }}>
          <ThemeIcon size={40} radius="md" variant="light" color={isApproved ? 'teal' : 'orange'} aria-hidden>
            {isApproved ? <IconShieldCheck size={22} stroke={1.7} /> : <IconShieldHalf size={22} stroke={1.7} />}
          </ThemeIcon>
          <Stack gap={4}>
            <Group gap="xs">
              <Text component="h2" fw={600} fz="md" m={0}>
                {t('shell.home.kyc_title')}
              </Text>
              {status ? <StatusBadge list="account_kyc" value={status} size="sm" /> : null}
            </Group>
            <Text size="sm" c="dimmed">
              {isApproved ? t('shell.home.kyc_approved') : t('shell.home.kyc_pending')}
            </Text>
          </Stack>
        </Group>
        {isApproved ? null : (
          <Button component={Link} to={pathOf('kyc')} rightSection={<IconArrowRight size={16} aria-hidden />}>
            {t('shell.buttons.go_to_kyc')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** Deposit and Send, for a verified company's user whose permissions open those pages. */
function QuickActions() {
  const { t } = useTranslation();
  const mayDeposit = useHoldsPermission('deposit') === true;
  const maySend = useHoldsPermission('prepare_payouts') === true;
  if (!isKycApproved() || (!mayDeposit && !maySend)) return null;
  return (
    <Group gap="sm" role="group" aria-label={t('shell.home.quick_actions')}>
      {mayDeposit ? (
        <Button
          component={Link}
          to={pathOf('crypto_deposit')}
          leftSection={<IconArrowDownToArc size={18} aria-hidden />}
        >
          {t('shell.home.quick_deposit')}
        </Button>
      ) : null}
      {maySend ? (
        <Button
          component={Link}
          to={pathOf('fiat_transfer')}
          variant="default"
          leftSection={<IconArrowUpRight size={18} aria-hidden />}
        >
          {t('shell.home.quick_send')}
        </Button>
      ) : null}
    </Group>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const { title, description } = homeHeading(t);
  // A user whose permission group does not show balances sees the welcome and the company's status only.
  const maySeeBalances = useHoldsPermission('view_balances');
  return (
    <PageFrame title={title} description={description} actions={<QuickActions />}>
      <VerificationCard />
      {maySeeBalances === false ? (
        <Card>
          <Text size="sm" c="dimmed">
            {t('shell.no_permission.description')}
          </Text>
        </Card>
      ) : (
        <>
          <BalancesCard />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <BalanceChartCard />
            <RecentTransactionsCard />
          </SimpleGrid>
        </>
      )}
    </PageFrame>
  );
}
