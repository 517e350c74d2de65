/**
 * /admin (Overview): the back office's front page for the bank's staff: who is signed in, and the
 * work areas their role opens, with what each is for. The KYC review queue is filled by the KYC
 * capability. System admins and compliance officers also find the reset of a user's lost
 * authenticator here: the account domain's card, which app/ hands in (`userSupport`) because the
 * shell imports no domain's feature.
 */
import { holdsPermission, type StaffPermission } from '@bank/contract/permissions';
import { pathOf } from '@bank/contract/routes';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  type Icon,
  IconArrowRight,
  IconBook2,
  IconBuildingBank,
  IconChartCandle,
  IconChecklist,
  IconCreditCard,
  IconFileSearch,
  IconIdBadge2,
  IconMessageCircle,
  IconPhoneCall,
  IconSend,
  IconSpeakerphone,
  IconStack2,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserInfo } from '../../api/user-info.ts';
import { badgeTextStyle } from '../../ui/badge-text.ts';
import { PageFrame } from '../../ui/page-frame.tsx';

type WorkArea = {
  key:
    | 'kyc_review'
    | 'deposit_operations'
    | 'payout_review'
    | 'ledger_explorer'
    | 'audit_log'
    | 'announcements'
    | 'feedback'
    | 'contact_requests'
    | 'otc_desk'
    | 'card_review'
    | 'card_operations'
    | 'card_programme';
  path: string;
  icon: Icon;
  /** Shown only to staff whose role holds it. */
  permission?: StaffPermission;
  /** Its name and purpose when they live outside the admin catalogue (the payouts' own namespace). */
  texts?: { title: 'payouts.navigation.payout_review'; description: 'payouts.review.home_description' };
};

const workAreas: readonly WorkArea[] = [
  { key: 'kyc_review', path: pathOf('admin_kyc'), icon: IconChecklist, permission: 'kyc_review' },
  {
    key: 'deposit_operations',
    path: pathOf('admin_deposits'),
    icon: IconBuildingBank,
    permission: 'deposit_operations',
  },
  {
    key: 'payout_review',
    path: pathOf('admin_payouts'),
    icon: IconSend,
    permission: 'payout_review',
    texts: { title: 'payouts.navigation.payout_review', description: 'payouts.review.home_description' },
  },
  {
    key: 'card_review',
    path: pathOf('admin_card_applications'),
    icon: IconIdBadge2,
    permission: 'card_review',
  },
  { key: 'card_operations', path: pathOf('admin_cards'), icon: IconCreditCard, permission: 'card_operations' },
  { key: 'card_programme', path: pathOf('admin_programme'), icon: IconStack2, permission: 'programme_desk' },
  { key: 'ledger_explorer', path: pathOf('admin_ledger'), icon: IconBook2, permission: 'ledger_explorer' },
  { key: 'audit_log', path: pathOf('admin_audit'), icon: IconFileSearch, permission: 'audit_log' },
  { key: 'announcements', path: pathOf('announcements_admin'), icon: IconSpeakerphone, permission: 'announcements' },
  { key: 'feedback', path: pathOf('admin_feedback'), icon: IconMessageCircle, permission: 'feedback' },
  {
    key: 'contact_requests',
    path: pathOf('admin_contact_requests'),
    icon: IconPhoneCall,
    permission: 'contact_requests',
  },
  { key: 'otc_desk', path: pathOf('admin_otc'), icon: IconChartCandle, permission: 'otc_desk' },
];

export function BackOfficeHomePage({ userSupport }: { userSupport: ReactNode }) {
  const { t } = useTranslation();
  const userInfo = useUserInfo();
  const user = userInfo.data;
  const shownAreas = workAreas.filter(
    (area) => !area.permission || (user !== undefined && holdsPermission(user.permissions, area.permission)),
  );
  return (
    <PageFrame title={t('pages.admin_home.title')} description={t('pages.admin_home.purpose')}>
      {user ? (
        <Group gap="sm">
          <Text size="sm" c="dark.6">
            {t('admin.home.greeting', { name: user.full_name })}
          </Text>
          <Badge color="bank" tt="none" style={badgeTextStyle('bank')}>
            {t(`account.roles.${user.role}`)}
          </Badge>
        </Group>
      ) : null}
      <Stack gap="sm">
        <Title order={2} fz="md" c="dark.6">
          {t('admin.home.sections')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {shownAreas.map((area) => {
            const title = area.texts
              ? t(area.texts.title)
              : t(`admin.navigation.items.${area.key as Exclude<WorkArea['key'], 'payout_review'>}`);
            const description = area.texts
              ? t(area.texts.description)
              : t(`admin.home.${area.key as Exclude<WorkArea['key'], 'payout_review'>}`);
            return (
              <Paper key={area.key} withBorder p="lg" component="section" aria-labelledby={`area-${area.key}`}>
                <Stack gap="sm" h="100%">
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
                      <area.icon size={20} stroke={1.6} />
                    </ThemeIcon>
                    <Title order={3} fz="md" id={`area-${area.key}`}>
                      {title}
                    </Title>
                  </Group>
                  <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                    {description}
                  </Text>
                  <Group>
                    <Button
                      component={Link}
                      to={area.path}
                      variant="light"
                      rightSection={<IconArrowRight size={16} aria-hidden />}
                      aria-label={`${t('admin.home.open')}: ${title}`}
                    >
                      {t('admin.home.open')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      </Stack>
      {user && holdsPermission(user.permissions, 'user_support') ? userSupport : null}
    </PageFrame>
  );
}
