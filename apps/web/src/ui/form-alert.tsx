/**
 * A form's failure as a whole (a refused sign-in, a lock, "too many attempts"): announced at once
 * (role="alert") and shown above the fields. Nothing when there is no message.
 */
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
      {message}
    </Alert>
  );
}
