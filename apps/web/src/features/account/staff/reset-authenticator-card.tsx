/**
 * Back office: resetting the authenticator of a user who lost it and their recovery codes, so that
 * they can pair a new one. The staff member types the user's email and notes how they checked the
 * caller's identity (kept in the audit log), then confirms: the authenticator and codes are removed,
 * every session of the user ends and the user is emailed; they then sign in with an emailed code and
 * pair again.
 * Shown to the roles the contract allows (system admin, compliance officer).
 */
import { resetUserAuthenticator } from '@bank/contract/account';
import { Button, Group, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../../lib/call-form.tsx';
import { showSuccess } from '../../../lib/notify.ts';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { readableErrorColour } from '../../../ui/readable-colour.ts';
import { Textarea } from '../../../ui/textarea.tsx';

export function ResetAuthenticatorCard() {
  const { t } = useTranslation();
  const { form, submit, formError, isSubmitting, confirmation } = useCallForm({
    call: resetUserAuthenticator,
    initialValues: { email: '', identity_check: '' },
    isConfirmed: true,
    onSuccess: (_answer, body) => {
      showSuccess(t('account.staff.reset_authenticator.done', { email: body.email }));
      form.reset();
    },
  });
  const email = form.getValues().email.trim();

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="reset-authenticator-title">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
            <IconShieldOff size={20} stroke={1.6} />
          </ThemeIcon>
          <Title order={3} fz="md" id="reset-authenticator-title">
            {t('account.staff.reset_authenticator.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('account.staff.reset_authenticator.description')}
        </Text>
        <form style={readableErrorColour} noValidate onSubmit={submit}>
          <Stack gap="sm" maw={520}>
            <FormAlert message={formError} />
            <TextInput
              id="reset-authenticator-email"
              {...form.getInputProps('email')}
              type="email"
              autoComplete="off"
              label={t('account.staff.reset_authenticator.email')}
              required
            />
            <Textarea
              id="reset-authenticator-check"
              {...form.getInputProps('identity_check')}
              label={t('account.staff.reset_authenticator.identity_check')}
              description={t('account.staff.reset_authenticator.identity_check_hint')}
              autosize
              minRows={3}
              required
            />
            <Group>
              <Button type="submit" color="red" variant="light">
                {t('account.staff.reset_authenticator.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      <Dialog
        isOpen={confirmation.isOpen}
        onClose={confirmation.cancel}
        title={t('account.staff.reset_authenticator.confirm_title')}
        size="sm"
      >
        <Stack gap="md">
          <Text size="sm">{t('account.staff.reset_authenticator.confirm', { email })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={confirmation.cancel} disabled={isSubmitting}>
              {t('account.staff.reset_authenticator.cancel')}
            </Button>
            <Button color="red" loading={isSubmitting} onClick={confirmation.confirm} data-autofocus>
              {t('account.staff.reset_authenticator.confirm_button')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Paper>
  );
}
