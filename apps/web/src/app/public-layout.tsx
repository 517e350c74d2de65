/**
 * The frame of the public pages (login, registration, password recovery, phone upload) and of the
 * 404 page when signed out: a centred card with the product's name, the page (ready to hold a
 * form) and the language switch.
 */
import { appVersion } from '@bank/contract/constants';
import { Box, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Brand } from './brand.tsx';
import { LanguageLinks } from './language-links.tsx';
import { PublicPageSkeleton } from './public-page-skeleton.tsx';

/**
 * A page the server sent drawn (main.tsx hydrates it) arrives inert; once React has taken the page
 * over, with its form's code, it can be used. Rendered beside the page, inside its Suspense
 * boundary, so that this runs when the page itself is in place.
 */
function DrawingTakenOver() {
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('inert');
  }, []);
  return null;
}

export function PublicLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main-content" className="skip-link">
        {t('shell.skip_to_content')}
      </a>
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        px="md"
        py={{ base: 24, sm: 64 }}
        style={{ flex: 1, display: 'flex', alignItems: 'flex-start', justifyContent: 'center' }}
      >
        <Stack w="100%" maw={460} gap="md" mt={{ base: 0, sm: '4vh' }}>
          <Paper withBorder shadow="xs" radius="lg" p={{ base: 'lg', sm: 36 }}>
            <Box component="header" mb={32}>
              <Brand />
            </Box>
            <Suspense fallback={<PublicPageSkeleton />}>
              {children ?? <Outlet />}
              <DrawingTakenOver />
            </Suspense>
            <Divider my="xl" color="gray.2" />
            <LanguageLinks />
          </Paper>
          <Group component="footer" justify="center" gap={6} c="dimmed">
            <IconLock size={14} aria-hidden />
            <Text size="xs">{t('shell.public.secure_note')}</Text>
            <Text size="xs" aria-hidden>
              ·
            </Text>
            <Text size="xs">{t('shell.version', { version: appVersion })}</Text>
          </Group>
        </Stack>
      </Box>
    </Box>
  );
}
