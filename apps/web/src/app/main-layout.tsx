/**
 * The signed-in frame (Mantine AppShell): a header with the product's name, the language switch and
 * the user menu; the grouped sidebar, which on a phone-sized screen is a drawer opened by a burger
 * button; the content area. Also hosts the inactivity dialog, so it runs on every signed-in route.
 * Keyboard: a skip link first, landmarks (banner, navigation, main), focus moved to the content
 * after each navigation so that screen readers start at the new page.
 */
import { appVersion } from '@bank/contract/constants';
import { isKycGatedPage, pathOf } from '@bank/contract/routes';
import {
  AppShell,
  Box,
  Burger,
  CloseButton,
  Drawer,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useHoldsPermission, useUserInfo } from '../api/user-info.ts';
import { InboxBell } from '../features/inbox/inbox-bell.tsx';
import { useLanguage } from '../lib/i18n.ts';
import { isKycApproved, isStaffSession } from '../lib/session-storage.ts';
import { prepareFormats } from '../ui/prepare-formats.ts';
import { useOverlayMount } from '../ui/use-overlay-mount.ts';
import { Brand } from './brand.tsx';
import { PageLoading } from './first-view.tsx';
import { InactivityDialog } from './inactivity-dialog.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import {
  clientNavigation,
  isCurrentItem,
  type NavigationGroup,
  navigationFor,
  pathOfItem,
  staffNavigation,
} from './navigation.ts';
import { shellHeaderHeight, shellNavbarWidth } from './shell-metrics.ts';
import { UserMenu } from './user-menu.tsx';

/** Its own chunk: only users who approve payouts load it (and the payouts contract it asks with). */
const ApprovalsBadge = lazy(() => import('../features/payouts/approvals-badge.tsx'));

/** The approvals count beside the bell, for a company user holding `approve_payouts`. */
function ApprovalsHeaderButton() {
  const mayApprove = useHoldsPermission('approve_payouts');
  if (mayApprove !== true || isStaffSession() || !isKycApproved()) return null;
  return (
    <Suspense fallback={null}>
      <ApprovalsBadge />
    </Suspense>
  );
}

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
function NavigationLinks({ onNavigate }: { onNavigate?: (() => void) | undefined }) {
  const permissions = useUserInfo().data?.permissions;
  const navigation = isStaffSession() ? staffNavigation : clientNavigation;
  return <NavigationGroups navigation={navigationFor(navigation, permissions)} onNavigate={onNavigate} />;
}

function VersionNote() {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" px="sm">
      {t('shell.version', { version: appVersion })}
    </Text>
  );
}

export function MainLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const navigationDrawer = useOverlayMount(isDrawerOpen);
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const isFirstPage = useRef(true);
  // The sidebar is drawn on larger screens only: a phone, where it would be hidden, does not build
  // its links on every page load (the drawer builds its own when opened).
  const isSidebarShown =
    useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`, undefined, {
      getInitialValueInEffect: false,
    }) ?? false;

  // Amounts and times are on most signed-in pages: their formats are made in tasks of their own once
  // the shell is drawn and on each change of language (a page opened first has them made earlier,
  // while its first answers travel: server-state.tsx `loadFirstData`).
  const language = useLanguage();
  useEffect(() => prepareFormats(language), [language]);

  // After a navigation: close the drawer, start at the top, and move focus to the new content.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page
  useEffect(() => {
    drawer.close();
    if (isFirstPage.current) {
      isFirstPage.current = false;
      return;
    }
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <a href="#main-content" className="skip-link">
        {t('shell.skip_to_content')}
      </a>
      <AppShell
        header={{ height: shellHeaderHeight }}
        navbar={{ width: shellNavbarWidth, breakpoint: 'sm', collapsed: { mobile: true } }}
        padding={0}
      >
        <AppShell.Header>
          <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Burger
                hiddenFrom="sm"
                size="sm"
                opened={isDrawerOpen}
                onClick={drawer.toggle}
                aria-label={t(isDrawerOpen ? 'shell.navigation.close' : 'shell.navigation.open')}
                aria-expanded={isDrawerOpen}
              />
              <Link
                to={pathOf(isStaffSession() ? 'admin_home' : 'home')}
                style={{ textDecoration: 'none' }}
                aria-label={t('shell.product_name')}
              >
                <Brand />
              </Link>
            </Group>
            <Group gap={4} wrap="nowrap">
              <LanguageSwitch />
              <ApprovalsHeaderButton />
              <InboxBell />
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>

        {isSidebarShown ? (
          <AppShell.Navbar aria-label={t('shell.navigation.label')} visibleFrom="sm">
            <AppShell.Section grow component={ScrollArea} px="sm" py="md">
              <NavigationLinks />
              <Box mt="xl" mb="xs">
                <VersionNote />
              </Box>
            </AppShell.Section>
          </AppShell.Navbar>
        ) : null}

        <AppShell.Main id="main-content" ref={mainRef} tabIndex={-1} bg="gray.0">
          <Box px={{ base: 'md', sm: 'xl' }} py={{ base: 'lg', sm: 32 }} maw={1280} mx="auto">
            <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
          </Box>
        </AppShell.Main>
      </AppShell>

      {/* Compound parts: no <header> inside the drawer, which axe would count as a second banner. */}
      {navigationDrawer.isMounted && (
        <Drawer.Root opened={navigationDrawer.isOpened} onClose={drawer.close} hiddenFrom="sm" size={300}>
          <Drawer.Overlay backgroundOpacity={0.45} />
          <Drawer.Content aria-label={t('shell.navigation.label')}>
            <Drawer.Body p="md">
              <Group justify="space-between" wrap="nowrap" mb="lg">
                <Brand />
                <CloseButton onClick={drawer.close} aria-label={t('shell.navigation.close')} size="lg" />
              </Group>
              <Box component="nav" aria-label={t('shell.navigation.label')}>
                <NavigationLinks onNavigate={drawer.close} />
                <Box mt="xl">
                  <VersionNote />
                </Box>
              </Box>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Root>
      )}

      <InactivityDialog />
    </>
  );
}
