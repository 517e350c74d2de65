/**
 * Changing the password (modifyLoginPassword): the current one, the new one twice with the rule shown
 * live, and a second factor. The server ends the user's other sessions and emails a notice.
 */
import { listSessions, modifyLoginPassword, type UserInfo } from '@bank/contract/account';
import { Button, Group, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../lib/api-client.ts';
import {
  errorKeyOf,
  type FieldErrors,
  fieldProps,
  focusFirstError,
  messageOfError,
  useErrorText,
  useFormFields,
  validate,
} from '../../lib/form-errors.ts';
import { showSuccess } from '../../lib/notify.ts';
import { queryKeyOf } from '../../lib/screen-query.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { AccountSection } from './account-section.tsx';
import { SecondFactorField } from './second-factor-field.tsx';

type PasswordValues = { old_password: string; new_password: string; confirm_password: string; code: string };
const emptyValues: PasswordValues = { old_password: '', new_password: '', confirm_password: '', code: '' };

function PasswordForm({ user, onDone }: { user: UserInfo; onDone: (isChanged: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setValues, errors, setErrors, set } = useFormFields<PasswordValues>(emptyValues);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[data-field="old_password"]')?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setFormError(null);
    const checked = validate(modifyLoginPassword.request, values);
    if (!checked.isValid) {
      setErrors(checked.errors);
      focusFirstError(formRef.current, checked.errors);
      return;
    }
    setErrors({});
    setIsSubmitting(true);
    try {
      await callApi(modifyLoginPassword, checked.data);
      showSuccess(t('account.password.changed'));
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(listSessions, {}) });
      onDone(true);
    } catch (error) {
      const key = errorKeyOf(error);
      let fieldErrors: FieldErrors = {};
      if (error instanceof ApiError) {
        if (key === 'invalid_credentials') fieldErrors = { old_password: error.msg };
        else if (key === 'verification_code_incorrect') fieldErrors = { code: error.msg };
        else fieldErrors = error.fieldErrors;
      }
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        focusFirstError(formRef.current, fieldErrors);
      } else setFormError(messageOfError(error));
      setValues((current) => ({ ...current, code: '' }));
      setIsSubmitting(false);
    }
  };

  return (
    <form
      style={readableErrorColour}
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('account.password.open')}
    >
      <Stack gap="md" maw={440}>
        <FormAlert message={formError} />
        <PasswordField
          id="password-old"
          {...fieldProps('old_password')}
          label={t('account.password.old_password')}
          autoComplete="current-password"
          value={values.old_password}
          onChange={(event) => set('old_password', event.currentTarget.value)}
          error={errorText(errors.old_password)}
          required
        />
        <NewPasswordFields
          idPrefix="password"
          values={values}
          errors={errors}
          onChange={set}
          labels={{ password: 'auth.fields.new_password', confirmation: 'auth.fields.confirm_new_password' }}
        />
        <SecondFactorField
          id="password-code"
          user={user}
          value={values.code}
          onChange={(code) => set('code', code)}
          error={errorText(errors.code)}
        />
        <Group gap="sm">
          <Button type="submit" loading={isSubmitting}>
            {t('account.password.submit')}
          </Button>
          <Button variant="default" onClick={() => onDone(false)} disabled={isSubmitting}>
            {t('account.password.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PasswordCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setIsOpen(false);
    requestAnimationFrame(() => openButtonRef.current?.focus());
  };
  return (
    <AccountSection
      id="password"
      title={t('account.password.title')}
      description={t('account.password.description')}
      action={
        isOpen ? null : (
          <Button
            ref={openButtonRef}
            variant="default"
            leftSection={<IconKey size={16} aria-hidden />}
            onClick={() => setIsOpen(true)}
          >
            {t('account.password.open')}
          </Button>
        )
      }
    >
      {isOpen ? <PasswordForm user={user} onDone={close} /> : null}
    </AccountSection>
  );
}
