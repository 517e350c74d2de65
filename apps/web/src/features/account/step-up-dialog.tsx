/**
 * Re-authentication before a sensitive change (verifyLoginPassword): the server asks for it with
 * `fresh_second_factor_required` when the session's second factor is older than 5 minutes. The
 * password and a second-factor code make it fresh again, and the change is then repeated.
 */
import { type UserInfo, verifyLoginPassword } from '@bank/contract/account';
import { Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../lib/api-client.ts';
import {
  errorKeyOf,
  type FieldErrors,
  fieldProps,
  focusFirstError,
  messageOfError,
  useErrorText,
  validate,
} from '../../lib/form-errors.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { SecondFactorField } from './second-factor-field.tsx';

export type StepUpDialogProps = {
  isOpen: boolean;
  user: UserInfo;
  onVerified: () => void;
  onClose: () => void;
};

function StepUpForm({ user, onVerified, onClose }: Omit<StepUpDialogProps, 'isOpen'>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (isSubmitting) return;
    setFormError(null);
    const checked = validate(verifyLoginPassword.request, { password, code });
    if (!checked.isValid) {
      setErrors(checked.errors);
      focusFirstError(formRef.current, checked.errors);
      return;
    }
    setErrors({});
    setIsSubmitting(true);
    try {
      await callApi(verifyLoginPassword, checked.data);
      onVerified();
    } catch (error) {
      const key = errorKeyOf(error);
      let fieldErrors: FieldErrors = {};
      if (error instanceof ApiError) {
        if (key === 'invalid_credentials') fieldErrors = { password: error.msg };
        else if (key === 'verification_code_incorrect') fieldErrors = { code: error.msg };
        else fieldErrors = error.fieldErrors;
      }
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        focusFirstError(formRef.current, fieldErrors);
      } else setFormError(messageOfError(error));
      setIsSubmitting(false);
    }
  };

  return (
    <form style={readableErrorColour} ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('account.step_up.description')}
        </Text>
        <FormAlert message={formError} />
        <PasswordField
          id="step-up-password"
          {...fieldProps('password')}
          label={t('account.step_up.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errorText(errors.password)}
          required
          data-autofocus
        />
        <SecondFactorField
          id="step-up-code"
          user={user}
          value={code}
          onChange={setCode}
          error={errorText(errors.code)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            {t('account.step_up.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('account.step_up.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function StepUpDialog({ isOpen, user, onVerified, onClose }: StepUpDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('account.step_up.title')}>
      {isOpen ? <StepUpForm user={user} onVerified={onVerified} onClose={onClose} /> : null}
    </Dialog>
  );
}
