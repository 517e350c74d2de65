/** A calm, explicit "nothing here": an icon, what is (not) here and why, and what the user can do. */
import { EmptyState as MantineEmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

export type EmptyStateProps = {
  icon: ReactNode;
  title: string;
  description?: string;
  actions?: ReactNode;
  /** Without its own bordered panel, inside a card that already has one. */
  isBare?: boolean;
  size?: 'sm' | 'md';
};

export function EmptyState({ icon, title, description, actions, isBare = false, size = 'md' }: EmptyStateProps) {
  const content = (
    <MantineEmptyState
      icon={icon}
      variant="light"
      color="bank"
      title={title}
      description={description}
      size={size}
      // The icon's size; its circle is twice as wide.
      vars={() => ({ root: { '--empty-state-indicator-size': size === 'sm' ? '22px' : '28px' } })}
      styles={{ title: { fontWeight: 600 }, description: { maxWidth: 440 } }}
    >
      {actions ? <MantineEmptyState.Actions>{actions}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
  if (isBare) return content;
  return (
    <Paper withBorder px="lg" py={56}>
      {content}
    </Paper>
  );
}
