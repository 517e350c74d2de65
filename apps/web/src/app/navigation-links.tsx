/**
 * The signed-in menu's links, grouped, as the user's permissions open them (a staff role's, or a
 * client's group's), and the app's version: drawn by the sidebar (main-layout.tsx) and by the phone's
 * navigation drawer (navigation-drawer.tsx).
 */
import { appVersion } from '@bank/contract/constants';
import { isKycGatedPage } from '@bank/contract/routes';
import { Box, NavLink, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useUserInfo } from '../api/user-info.ts';
import { isKycApproved, isStaffSession } from '../lib/session-storage.ts';
import {
  clientNavigation,
  isCurrentItem,
  type NavigationGroup,
  navigationFor,
  pathOfItem,
  staffNavigation,
} from './navigation.ts';
import '../messages/admin.ts';
import '../messages/payout-navigation.ts';

function NavigationGroups({
  navigation,
  onNavigate,
}: {
  navigation: readonly NavigationGroup[];
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const idPrefix = useId();
  return (
    <Stack gap="md">
      {navigation.map((group) => {
        const labelId = `${idPrefix}-${group.key}`;
        return (
          <Box key={group.key} role="group" aria-labelledby={labelId}>
            <Text
              id={labelId}
              size="xs"
              fw={600}
              c="dimmed"
              tt="uppercase"
              px="sm"
              mb={4}
              style={{ letterSpacing: '0.06em' }}
            >
              {t(group.label)}
            </Text>
            <Stack gap={1}>
              {group.items.map((item) => {
                const isCurrent = isCurrentItem(item, pathname);
                // A page that opens only after KYC approval says so, rather than failing when opened.
                const isLocked = typeof item.page === 'string' && !isKycApproved() && isKycGatedPage(item.page);
                return (
                  <NavLink
                    key={item.key}
                    component={Link}
                    to={pathOfItem(item)}
                    label={t(item.label)}
                    description={isLocked ? t('shell.navigation.locked') : undefined}
                    leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
                    rightSection={isLocked ? <IconLock size={14} stroke={1.6} aria-hidden /> : undefined}
                    active={isCurrent}
                    aria-current={isCurrent ? 'page' : undefined}
                    onClick={onNavigate}
                    styles={{
                      root: { borderRadius: 'var(--mantine-radius-md)', paddingBlock: 6 },
                      label: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: isCurrent ? 600 : 500 },
                    }}
                  />
                );
              })}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

/** The items the user's permissions open (from getUserInfo): a staff role's, or a client's group's. */
export function NavigationLinks({ onNavigate }: { onNavigate?: (() => void) | undefined }) {
  const permissions = useUserInfo().data?.permissions;
  const navigation = isStaffSession() ? staffNavigation : clientNavigation;
  return <NavigationGroups navigation={navigationFor(navigation, permissions)} onNavigate={onNavigate} />;
}

export function VersionNote() {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" px="sm">
      {t('shell.version', { version: appVersion })}
    </Text>
  );
}
