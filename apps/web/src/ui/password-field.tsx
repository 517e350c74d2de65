/**
 * Every password input of the product: a show/hide toggle reachable from the keyboard, with a
 * translated label, and the length bound the contract accepts.
 */
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The contract's bound for a password being typed (account.ts ExistingPassword). */
const maxPasswordLength = 256;

export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('auth.fields.show_password') }}
      maxLength={maxPasswordLength}
      {...props}
    />
  );
}
