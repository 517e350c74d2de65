/**
 * Any path that is not a page of SPEC.md section 2: a helpful 404, inside the main layout when
 * signed in (the navigation is the way on) and inside the public card when not.
 */
import { pathOf, publicPaths } from '@bank/contract/routes';
import { Button, Code, Stack, Text, Title } from '@mantine/core';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loadSignedInMessages } from '../lib/i18n.ts';
import { isSignedIn, isStaffSession } from '../lib/session-storage.ts';
import { PublicLayout } from './public-layout.tsx';

const MainLayout = lazy(async () => {
  const [{ SignedInLayout }] = await Promise.all([import('./server-state.tsx'), loadSignedInMessages()]);
  return { default: SignedInLayout };
});

export function NotFoundPage({ isSignedInUser }: { isSignedInUser: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [before, after] = t('shell.not_found.description', { path: '\u0000' }).split('\u0000');
  return (
    <Stack gap="md" align="flex-start" maw={560} py={isSignedInUser ? 'xl' : 0}>
      <title>{`${t('shell.not_found.title')} · ${t('shell.product_name')}`}</title>
      <Text size="sm" fw={600} c="bank.7" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {t('shell.not_found.code')}
      </Text>
      <Title order={1} fz="h2">
        {t('shell.not_found.title')}
      </Title>
      <Text c="dark.5">
        {before}
        <Code style={{ wordBreak: 'break-all' }}>{pathname}</Code>
        {after}
      </Text>
      <Text c="dimmed" size="sm">
        {t('shell.not_found.hint')}
      </Text>
      {isSignedInUser ? (
        <Button component={Link} to={pathOf(isStaffSession() ? 'admin_home' : 'home')} mt="sm">
          {t('shell.buttons.back_home')}
        </Button>
      ) : (
        <Button component={Link} to={publicPaths.login} mt="sm">
          {t('shell.buttons.go_to_login')}
        </Button>
      )}
    </Stack>
  );
}

export function NotFoundRoute() {
  if (isSignedIn()) {
    return (
      <MainLayout>
        <NotFoundPage isSignedInUser />
      </MainLayout>
    );
  }
  return (
    <PublicLayout>
      <NotFoundPage isSignedInUser={false} />
    </PublicLayout>
  );
}
