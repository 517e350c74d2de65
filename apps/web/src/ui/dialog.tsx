/**
 * A modal dialog whose accessible name is its visible title. Built from Mantine's compound parts so
 * that no <header> element is added (axe would count it as a second banner landmark beside the
 * app's header).
 */
import { Modal, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useOverlayMount } from './use-overlay-mount.ts';

export type DialogProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** A decision the user must take: Escape and a click outside do not close it. */
  isBlocking?: boolean;
  size?: 'sm' | 'md' | 'lg';
};

export function Dialog({ isOpen, onClose, title, children, isBlocking = false, size = 'md' }: DialogProps) {
  const overlay = useOverlayMount(isOpen);
  if (!overlay.isMounted) return null;
  return (
    <Modal.Root
      opened={overlay.isOpened}
      onClose={onClose}
      centered
      size={size}
      closeOnClickOutside={!isBlocking}
      closeOnEscape={!isBlocking}
    >
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content aria-label={title} radius="md">
        <Modal.Body p="lg">
          <Title order={2} fz="lg" fw={600} mb="sm">
            {title}
          </Title>
          {children}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
