/**
 * A yes-or-no question before an action that cannot be undone (logging a session out, accepting a
 * quote that moves money). Focus lands on Cancel, so that Enter alone never confirms; Escape cancels,
 * except while the action runs (its outcome is then shown where the action was asked for).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog.tsx';

export type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  isWorking: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** What the question depends on, below it (such as how long a quote still holds). */
  children?: ReactNode;
  /** Red for an ending (a logout, a refusal), the brand colour for an action the user asked for. */
  confirmColour?: 'red' | 'bank';
};

export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmLabel,
  isWorking,
  onConfirm,
  onClose,
  children,
  confirmColour = 'red',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} size="sm" isBlocking={isWorking}>
      <Stack gap="lg">
        <Text size="sm">{message}</Text>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isWorking} data-autofocus>
            {t('shell.buttons.cancel')}
          </Button>
          <Button color={confirmColour} onClick={onConfirm} loading={isWorking}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
