/**
 * The access-denied dialog of the KYC gate: why the page is closed, the company's KYC status, a way
 * to the company KYC page and one back home. The page's title stays visible behind it so that the
 * user knows where they are; its content is not rendered. On opening it reads the user from the
 * server once, quietly, which refreshes the stored `kyc_status`; the gate then looks again.
 */
import { workingDays } from '@bank/contract/constants';
import { type MainPage, pathOf } from '@bank/contract/routes';
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fetchUserInfo } from '../api/user-info.ts';
import { readSession } from '../lib/session-storage.ts';
import { Dialog } from '../ui/dialog.tsx';
import { PageFrame } from '../ui/page-frame.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';

export function KycAccessDenied({ page, onStatusRefreshed }: { page: MainPage; onStatusRefreshed: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per gated page opened
  useEffect(() => {
    let isCurrent = true;
    // Quiet: a failure (even an ended session) is left to the page's next call to report.
    fetchUserInfo(queryClient, { isSilent: true }).then(
      () => isCurrent && onStatusRefreshed(),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [page.id]);
  const status = readSession().kycStatus;
  const isKnownStatus = status !== null && i18n.exists(`states.account_kyc.${status}`);
  const goHome = () => void navigate(pathOf('home'));
  return (
    <>
      <PageFrame title={t(`pages.${page.id}.title`)} description={t(`pages.${page.id}.purpose`)} />
      <Dialog isOpen onClose={goHome} title={t('shell.kyc_gate.title')}>
        <Stack gap="md">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="xl" variant="light" color="orange" aria-hidden>
              <IconLock size={22} stroke={1.7} />
            </ThemeIcon>
            <Text c="dark.6">{t('shell.kyc_gate.description')}</Text>
          </Group>
          {isKnownStatus ? (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('shell.kyc_gate.status_label')}
              </Text>
              <StatusBadge list="account_kyc" value={status} />
            </Group>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('shell.kyc_gate.review_time', { days: workingDays.kycReview })}
          </Text>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={goHome}>
              {t('shell.buttons.back_home')}
            </Button>
            <Button component={Link} to={pathOf('kyc')} data-autofocus>
              {t('shell.buttons.go_to_kyc')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}
