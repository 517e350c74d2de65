/**
 * The signed-in menu on a phone-sized screen: a drawer from the left, opened by the header's burger
 * (main-layout.tsx), which loads it when it first opens.
 */
import { Box, CloseButton, Drawer, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOverlayMount } from '../ui/use-overlay-mount.ts';
import { Brand } from './brand.tsx';
import { NavigationLinks, VersionNote } from './navigation-links.tsx';

export default function NavigationDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const overlay = useOverlayMount(isOpen);
  if (!overlay.isMounted) return null;
  // Compound parts: no <header> inside the drawer, which axe would count as a second banner.
  return (
    <Drawer.Root opened={overlay.isOpened} onClose={onClose} hiddenFrom="sm" size={300}>
      <Drawer.Overlay backgroundOpacity={0.45} />
      <Drawer.Content aria-label={t('shell.navigation.label')}>
        <Drawer.Body p="md">
          <Group justify="space-between" wrap="nowrap" mb="lg">
            <Brand />
            <CloseButton onClick={onClose} aria-label={t('shell.navigation.close')} size="lg" />
          </Group>
          <Box component="nav" aria-label={t('shell.navigation.label')}>
            <NavigationLinks onNavigate={onClose} />
            <Box mt="xl">
              <VersionNote />
            </Box>
          </Box>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
