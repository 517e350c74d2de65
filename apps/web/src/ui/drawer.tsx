import { type DrawerProps, Drawer as MantineDrawer } from '@mantine/core';
import { useOverlayMount } from './use-overlay-mount.ts';

/**
 * Mantine's drawer, drawn from its first opening rather than closed with its page
 * (use-overlay-mount.ts says why). A drawer built of Mantine's parts (`Drawer.Root`) uses the hook.
 */
export function Drawer({ opened, ...props }: DrawerProps) {
  const overlay = useOverlayMount(opened);
  return overlay.isMounted ? <MantineDrawer opened={overlay.isOpened} {...props} /> : null;
}
