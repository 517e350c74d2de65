/**
 * Re-authentication before a sensitive change (verifyLoginPassword): the server asks for it with
 * `fresh_second_factor_required` when the session's second factor is older than 5 minutes. The
 * password and a second-factor code (or one of the user's passkeys: passkey-step-up.tsx) make it
 * fresh again, and the change is then repeated.
 * `useStepUpForm` wires it to a form, `useStepUpAction` to a button's action.
 */
import { type StepUpAction, type UserInfo, verifyLoginPassword } from '@bank/contract/account';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../lib/call-form.tsx';
import { errorKeyOf, messageOfError } from '../lib/form-errors.ts';
import { showError } from '../lib/notify.ts';
import { Dialog } from '../ui/dialog.tsx';
import { FormAlert } from '../ui/form-alert.tsx';
import { PasswordField } from '../ui/password-field.tsx';
import { readableErrorColour } from '../ui/readable-colour.ts';
import { PasskeyStepUpButton, usePasskeyStepUp } from './passkey-step-up.tsx';
import { SecondFactorField } from './second-factor-field.tsx';

type StepUpDialogProps = {
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

function StepUpDialog({ isOpen, user, action, onVerified, onClose }: StepUpDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('account.step_up.title')}>
      {isOpen ? <StepUpForm user={user} action={action} onVerified={onVerified} onClose={onClose} /> : null}
    </Dialog>
  );
}

/**
 * A form whose call may ask for a fresh second factor: the step-up dialog, then the same values
 * again. `action` names the change in the emailed code's message.
 */
export function useStepUpForm(action?: StepUpAction) {
  const [isStepUpOpen, setIsStepUpOpen] = useState(false);
  return {
    stepUpOptions: {
      handledErrors: ['fresh_second_factor_required' as const],
      onFailure: () => setIsStepUpOpen(true),
    },
    stepUpDialog: (user: UserInfo, resubmit: () => void) => (
      <StepUpDialog
        isOpen={isStepUpOpen}
        user={user}
        action={action}
        onClose={() => setIsStepUpOpen(false)}
        onVerified={() => {
          setIsStepUpOpen(false);
          resubmit();
        }}
      />
    ),
  };
}

/**
 * An action (not a form) that may ask for a fresh second factor: run it; on that answer the step-up
 * dialog opens and the action runs again once the user has confirmed who they are. Any other refusal
 * is shown as a notice in the user's language.
 */
export function useStepUpAction(user: UserInfo | undefined, action?: StepUpAction) {
  const [pending, setPending] = useState<(() => Promise<void>) | null>(null);
  const run = async (action: () => Promise<void>): Promise<void> => {
    try {
      await action();
    } catch (error) {
      if (errorKeyOf(error) === 'fresh_second_factor_required') {
        setPending(() => action);
        return;
      }
      const message = messageOfError(error);
      if (message) showError(message);
    }
  };
  const dialog = user ? (
    <StepUpDialog
      isOpen={pending !== null}
      user={user}
      action={action}
      onClose={() => setPending(null)}
      onVerified={() => {
        const action = pending;
        setPending(null);
        if (action) void run(action);
      }}
    />
  ) : null;
  return { run, dialog };
}
