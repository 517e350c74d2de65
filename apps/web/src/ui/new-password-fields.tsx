/**
 * Choosing a password, in every form that does it (registration, reset, change): the new password,
 * the live checklist of the rule, and the confirmation.
 */
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from './password-checklist.tsx';
import { PasswordField } from './password-field.tsx';

/** What the fields need of the form they are part of (a @mantine/form form with these two fields). */
type NewPasswordForm = {
  getInputProps: (path: 'new_password' | 'confirm_password') => GetInputPropsReturnType;
  getValues: () => { new_password: string };
};

export type NewPasswordFieldsProps = {
  /** Prefix of the inputs' ids, unique in the page. */
  idPrefix: string;
  form: NewPasswordForm;
  /** i18n keys of the two labels. */
  labels: { password: string; confirmation: string };
};

export function NewPasswordFields({ idPrefix, form, labels }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        {...form.getInputProps('new_password')}
        label={t(labels.password as never)}
        autoComplete="new-password"
        required
      />
      <PasswordChecklist id={`${idPrefix}-password-rule`} password={form.getValues().new_password} />
      <PasswordField
        id={`${idPrefix}-confirm-password`}
        {...form.getInputProps('confirm_password')}
        label={t(labels.confirmation as never)}
        autoComplete="new-password"
        required
      />
    </>
  );
}
