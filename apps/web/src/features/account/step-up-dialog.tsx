/**
 * Re-authentication before a sensitive change (verifyLoginPassword): the server asks for it with
 * `fresh_second_factor_required` when the session's second factor is older than 5 minutes. The
 * password and a second-factor code make it fresh again, and the change is then repeated.
 */
import { type UserInfo, verifyLoginPassword } from '@bank/contract/account';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../lib/call-form.tsx';
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
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: verifyLoginPassword,
    initialValues: { password: '', code: '' },
    fieldOfError: { invalid_credentials: 'password', verification_code_incorrect: 'code' },
    onSuccess: onVerified,
  });

  return (
    <form style={readableErrorColour} noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('account.step_up.description')}
        </Text>
        <FormAlert message={formError} />
        <PasswordField
          id="step-up-password"
          {...form.getInputProps('password')}
          label={t('account.step_up.password')}
          autoComplete="current-password"
          required
          data-autofocus
        />
        <SecondFactorField id="step-up-code" user={user} {...form.getInputProps('code')} />
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
