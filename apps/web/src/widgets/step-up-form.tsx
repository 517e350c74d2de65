/**
 * The step-up dialog itself (step-up-dialog.tsx): the password and a second-factor code, or one of the
 * user's passkeys (passkey-step-up.tsx). Loaded when a dialog first opens, with the account's English
 * it shows, so that the pages that may ask for it do not carry either before they draw.
 */
import { type StepUpAction, type UserInfo, verifyLoginPassword } from '@bank/contract/account';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../lib/call-form.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormAlert } from '../ui/form-alert.tsx';
import { PasswordField } from '../ui/password-field.tsx';
import { readableErrorColour } from '../ui/readable-colour.ts';
import { PasskeyStepUpButton, usePasskeyStepUp } from './passkey-step-up.tsx';
import { SecondFactorField } from './second-factor-field.tsx';
import '../messages/account.ts';

export type StepUpDialogProps = {
  isOpen: boolean;
  user: UserInfo;
  onVerified: () => void;
  onClose: () => void;
  /** What the change is: the emailed code's message names it. */
  action?: StepUpAction | undefined;
};

function StepUpForm({ user, action, onVerified, onClose }: Omit<StepUpDialogProps, 'isOpen'>) {
  const { t } = useTranslation();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: verifyLoginPassword,
    initialValues: { password: '', code: '' },
    fieldOfError: { invalid_credentials: 'password', verification_code_incorrect: 'code' },
    onSuccess: onVerified,
  });
  const passkey = usePasskeyStepUp(onVerified);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const confirmWithPasskey = async () => {
    setPasskeyError(null);
    if (form.values.password === '') {
      form.setFieldError('password', t('validation.password_required'));
      return;
    }
    const refusal = await passkey.confirm(form.values.password);
    if (refusal?.passwordError) form.setFieldError('password', refusal.passwordError);
    setPasskeyError(refusal?.error ?? null);
  };

  return (
    <form
      style={readableErrorColour}
      noValidate
      onSubmit={(event) => {
        if (!passkey.isPasskeyOnly) return submit(event);
        event.preventDefault();
        void confirmWithPasskey();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('account.step_up.description')}
        </Text>
        <FormAlert message={formError ?? passkeyError} />
        <PasswordField
          id="step-up-password"
          {...form.getInputProps('password')}
          label={t('account.step_up.password')}
          autoComplete="current-password"
          required
          data-autofocus
        />
        <PasskeyStepUpButton stepUp={passkey} onConfirm={() => void confirmWithPasskey()} />
        {passkey.isPasskeyOnly ? null : (
          <SecondFactorField id="step-up-code" user={user} action={action} {...form.getInputProps('code')} />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting || passkey.isWorking}>
            {t('account.step_up.cancel')}
          </Button>
          {passkey.isPasskeyOnly ? null : (
            <Button type="submit" loading={isSubmitting}>
              {t('account.step_up.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

export default function StepUpDialog({ isOpen, user, action, onVerified, onClose }: StepUpDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('account.step_up.title')}>
      {isOpen ? <StepUpForm user={user} action={action} onVerified={onVerified} onClose={onClose} /> : null}
    </Dialog>
  );
}
