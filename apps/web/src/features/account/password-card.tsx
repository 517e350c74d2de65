/**
 * Changing the password (modifyLoginPassword): the current one, the new one twice with the rule shown
 * live, and a second factor: a code, or for a user who requires passkeys the step-up dialog's
 * passkey (the call asks for a fresh second factor when it carries no code). The server ends the
 * user's other sessions and emails a notice.
 */
import { listSessions, modifyLoginPassword, type UserInfo } from '@bank/contract/account';
import { listPasskeys } from '@bank/contract/passkeys';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../lib/call-form.tsx';
import { showSuccess } from '../../lib/notify.ts';
import { queryKeyOf, useScreenQuery } from '../../lib/screen-query.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { SecondFactorField } from '../../widgets/second-factor-field.tsx';
import { useStepUpForm } from '../../widgets/step-up-dialog.tsx';
import { AccountSection } from './account-section.tsx';

function PasswordForm({ user, onDone }: { user: UserInfo; onDone: (isChanged: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const isPasskeyOnly = useScreenQuery(listPasskeys, {}).data?.is_passkey_required === true;
  const { stepUpOptions, stepUpDialog } = useStepUpForm('security');
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: modifyLoginPassword,
    initialValues: { old_password: '', new_password: '', confirm_password: '', code: '' },
    // Without a code the server asks for the step-up (a passkey), then the same values again.
    toRequest: ({ code, ...passwords }) => (isPasskeyOnly ? passwords : { ...passwords, code }),
    ...stepUpOptions,
    fieldOfError: { invalid_credentials: 'old_password', verification_code_incorrect: 'code' },
    resetOnFailure: ['code'],
    onSuccess: async () => {
      showSuccess(t('account.password.changed'));
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(listSessions, {}) });
      onDone(true);
    },
  });

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[data-path="old_password"]')?.focus();
  }, []);

  return (
    <>
      <form
        style={readableErrorColour}
        ref={formRef}
        noValidate
        onSubmit={submit}
        aria-label={t('account.password.open')}
      >
        <Stack gap="md" maw={440}>
          <FormAlert message={formError} />
          <PasswordField
            id="password-old"
            {...form.getInputProps('old_password')}
            label={t('account.password.old_password')}
            autoComplete="current-password"
            required
          />
          <NewPasswordFields
            idPrefix="password"
            form={form}
            labels={{ password: 'auth.fields.new_password', confirmation: 'auth.fields.confirm_new_password' }}
          />
          {isPasskeyOnly ? (
            <Text size="sm" c="dimmed">
              {t('account.password.passkey_confirms')}
            </Text>
          ) : (
            <SecondFactorField id="password-code" user={user} action="security" {...form.getInputProps('code')} />
          )}
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
      {stepUpDialog(user, () => submit())}
    </>
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
