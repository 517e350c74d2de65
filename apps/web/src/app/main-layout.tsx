/**
 * The signed-in frame (Mantine AppShell): a header with the product's name, the language switch and
 * the user menu; the grouped sidebar, which on a phone-sized screen is a drawer opened by a burger
 * button; the content area. Also hosts the inactivity dialog, so it runs on every signed-in route.
 * Keyboard: a skip link first, landmarks (banner, navigation, main), focus moved to the content
 * after each navigation so that screen readers start at the new page.
 */
import { pathOf } from '@bank/contract/routes';
import { AppShell, Box, Burger, Group, ScrollArea, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useHoldsPermission } from '../api/user-info.ts';
import { InboxBell } from '../features/inbox/inbox-bell.tsx';
import { useLanguage } from '../lib/i18n.ts';
import { isKycApproved, isStaffSession } from '../lib/session-storage.ts';
import { lazyOverlay } from '../ui/lazy-overlay.tsx';
import { prepareFormats } from '../ui/prepare-formats.ts';
import { Brand } from './brand.tsx';
import { PageLoading } from './first-view.tsx';
import { InactivityDialog } from './inactivity-dialog.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { NavigationLinks, VersionNote } from './navigation-links.tsx';
import { shellHeaderHeight, shellNavbarWidth } from './shell-metrics.ts';
import { UserMenu } from './user-menu.tsx';

/** Its own chunk: only users who approve payouts load it (and the payouts contract it asks with). */
const ApprovalsBadge = lazy(() => import('../features/payouts/approvals-badge.tsx'));

/** The phone's navigation drawer (navigation-drawer.tsx), loaded when it first opens. */
const NavigationDrawer = lazyOverlay(() => import('./navigation-drawer.tsx'));

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

export function MainLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [isDrawerOpen, drawer] = useDisclosure(false);
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
                onPointerDown={NavigationDrawer.preload}
                onFocus={NavigationDrawer.preload}
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

      <NavigationDrawer isOpen={isDrawerOpen} onClose={drawer.close} />

      <InactivityDialog />
    </>
  );
}
