/**
 * Choosing a password, in every form that does it (registration, reset, change): the new password,
 * the live checklist of the rule, and the confirmation.
 */
import { useTranslation } from 'react-i18next';
import { type FieldErrors, fieldProps, useErrorText } from '../lib/form-errors.ts';
import { PasswordChecklist } from './password-checklist.tsx';
import { PasswordField } from './password-field.tsx';

type NewPasswordValues = { new_password: string; confirm_password: string };

export type NewPasswordFieldsProps = {
  /** Prefix of the inputs' ids, unique in the page. */
  idPrefix: string;
  values: NewPasswordValues;
  errors: FieldErrors;
  onChange: (field: keyof NewPasswordValues, value: string) => void;
  /** i18n keys of the two labels. */
  labels: { password: string; confirmation: string };
};

export function NewPasswordFields({ idPrefix, values, errors, onChange, labels }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        {...fieldProps('new_password')}
        label={t(labels.password as never)}
        autoComplete="new-password"
        value={values.new_password}
        onChange={(event) => onChange('new_password', event.currentTarget.value)}
        error={errorText(errors.new_password)}
        required
      />
      <PasswordChecklist id={`${idPrefix}-password-rule`} password={values.new_password} />
      <PasswordField
        id={`${idPrefix}-confirm-password`}
        {...fieldProps('confirm_password')}
        label={t(labels.confirmation as never)}
        autoComplete="new-password"
        value={values.confirm_password}
        onChange={(event) => onChange('confirm_password', event.currentTarget.value)}
        error={errorText(errors.confirm_password)}
        required
      />
    </>
  );
}
