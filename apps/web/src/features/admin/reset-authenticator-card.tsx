/**
 * Back office: resetting the authenticator of a user who lost it and their recovery codes (issue 10
 * §4). The staff member types the user's email and notes how they checked the caller's identity
 * (kept in the audit log), then confirms: the authenticator and codes are removed, every session of
 * the user ends and the user is emailed; they then sign in with an emailed code and pair again.
 * Shown to the roles the contract allows (system admin, compliance officer).
 */
import { resetUserAuthenticator } from '@bank/contract/account';
import { Button, Group, Paper, Stack, Text, Textarea, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../lib/api-client.ts';
import {
  fieldProps,
  focusFirstError,
  messageOfError,
  useErrorText,
  useFormFields,
  validate,
} from '../../lib/form-errors.ts';
import { showSuccess } from '../../lib/notify.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';

type ResetValues = { email: string; identity_check: string };
const emptyValues: ResetValues = { email: '', identity_check: '' };

export function ResetAuthenticatorCard() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { values, setValues, errors, setErrors, set } = useFormFields<ResetValues>(emptyValues);
  const [formError, setFormError] = useState<string | null>(null);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const review = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = validate(resetUserAuthenticator.request, values);
    if (!checked.isValid) {
      setErrors(checked.errors);
      focusFirstError(formRef.current, checked.errors);
      return;
    }
    setIsConfirmOpen(true);
  };

  const reset = async () => {
    setIsSubmitting(true);
    try {
      await callApi(resetUserAuthenticator, values);
      setIsConfirmOpen(false);
      showSuccess(t('admin.reset_authenticator.done', { email: values.email.trim() }));
      setValues(emptyValues);
    } catch (error) {
      setIsConfirmOpen(false);
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(error.fieldErrors);
        focusFirstError(formRef.current, error.fieldErrors);
      } else setFormError(messageOfError(error));
    }
    setIsSubmitting(false);
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="reset-authenticator-title">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
            <IconShieldOff size={20} stroke={1.6} />
          </ThemeIcon>
          <Title order={3} fz="md" id="reset-authenticator-title">
            {t('admin.reset_authenticator.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('admin.reset_authenticator.description')}
        </Text>
        <form ref={formRef} style={readableErrorColour} noValidate onSubmit={review}>
          <Stack gap="sm" maw={520}>
            <FormAlert message={formError} />
            <TextInput
              id="reset-authenticator-email"
              {...fieldProps('email')}
              type="email"
              autoComplete="off"
              label={t('admin.reset_authenticator.email')}
              value={values.email}
              onChange={(event) => set('email', event.currentTarget.value)}
              error={errorText(errors.email)}
              required
            />
            <Textarea
              id="reset-authenticator-check"
              {...fieldProps('identity_check')}
              label={t('admin.reset_authenticator.identity_check')}
              description={t('admin.reset_authenticator.identity_check_hint')}
              autosize
              minRows={3}
              maxLength={500}
              value={values.identity_check}
              onChange={(event) => set('identity_check', event.currentTarget.value)}
              error={errorText(errors.identity_check)}
              required
            />
            <Group>
              <Button type="submit" color="red" variant="light">
                {t('admin.reset_authenticator.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      <Dialog
        isOpen={isConfirmOpen}
        onClose={() => setIsConfirmOpen(false)}
        title={t('admin.reset_authenticator.confirm_title')}
        size="sm"
      >
        <Stack gap="md">
          <Text size="sm">{t('admin.reset_authenticator.confirm', { email: values.email.trim() })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIsConfirmOpen(false)} disabled={isSubmitting}>
              {t('admin.reset_authenticator.cancel')}
            </Button>
            <Button color="red" loading={isSubmitting} onClick={() => void reset()} data-autofocus>
              {t('admin.reset_authenticator.confirm_button')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Paper>
  );
}
