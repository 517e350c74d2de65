/** A small button that submits a form without fields (a test send, a replay), with its refusal beneath it. */
import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CallForm } from '../../lib/call-form.tsx';

export function CallButton({
  action,
  label,
  icon,
  accessibleName,
  align = 'flex-start',
}: {
  action: Pick<CallForm<Record<string, never>>, 'submit' | 'isSubmitting' | 'formError'>;
  label: string;
  icon: ReactNode;
  accessibleName?: string;
  align?: 'flex-start' | 'flex-end';
}) {
  return (
    <Stack gap={4} align={align}>
      <Button
        variant="default"
        size="xs"
        leftSection={icon}
        loading={action.isSubmitting}
        onClick={() => action.submit()}
        aria-label={accessibleName}
      >
        {label}
      </Button>
      {action.formError ? (
        <Text size="xs" c="red.8" role="alert">
          {action.formError}
        </Text>
      ) : null}
    </Stack>
  );
}
