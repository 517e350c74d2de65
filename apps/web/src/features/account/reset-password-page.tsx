/**
 * /reset_pwd: the second step of password recovery: the email, the code sent to it, and the new
 * password twice (forgetLoginPassword). A reset ends every session of the user, and the server emails
 * them a notice. A wrong code and an address without an account get the same answer.
 */
import { Email, forgetLoginPassword } from '@bank/contract/account';
import { emailCodeTimes } from '@bank/contract/constants';
import { publicPaths } from '@bank/contract/routes';
import { Anchor, Box, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSendEmailCode } from '../../api/send-email-code.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { CodeInput } from '../../ui/code-input.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { PublicPageFrame } from '../../ui/public-page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { SendCodeButton, SendCodeStatus } from '../../ui/send-code-button.tsx';
import type { LoginPageState, ResetPasswordPageState } from './auth-state.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as ResetPasswordPageState;
  const sendCode = useSendEmailCode('reset_password');
  const codeRef = useRef<HTMLInputElement>(null);
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: forgetLoginPassword,
    initialValues: { email: state.email ?? '', code: '', new_password: '', confirm_password: '' },
    fieldOfError: { verification_code_incorrect: 'code' },
    onSuccess: (_answer, body) => {
      const loginState: LoginPageState = { email: body.email, notice: 'password_reset' };
      void navigate(publicPaths.login, { replace: true, state: loginState });
    },
  });
  const startCooldown = sendCode.startCooldown;

  // Arriving from /forget_pwd: the code is on its way; the field waiting for it takes focus.
  useEffect(() => {
    if (!state.codeSentAtMs) return;
    const elapsedSeconds = Math.floor((Date.now() - state.codeSentAtMs) / 1000);
    const { resendCooldownSeconds } = emailCodeTimes;
    if (elapsedSeconds < resendCooldownSeconds) startCooldown(resendCooldownSeconds - elapsedSeconds);
    codeRef.current?.focus();
  }, [state.codeSentAtMs, startCooldown]);

  /** "Send code": only for an address the contract accepts. */
  const resend = async () => {
    if ((await form.validateField('email')).hasError) {
      form.getInputNode('email')?.focus();
      return;
    }
    if (await sendCode.send(Email.parse(form.getValues().email))) codeRef.current?.focus();
  };

  const intro = state.email ? t('auth.reset.intro', { email: state.email }) : t('auth.reset.intro_without_email');

  return (
    <PublicPageFrame title={t('pages.resetPassword.title')} description={intro}>
      <form style={readableErrorColour} noValidate onSubmit={submit} aria-label={t('pages.resetPassword.title')}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            id="reset-email"
            {...form.getInputProps('email')}
            label={t('auth.fields.email')}
            type="email"
            inputMode="email"
            autoComplete="username"
            spellCheck={false}
            required
          />
          <Box>
            <CodeInput
              ref={codeRef}
              id="reset-code"
              {...form.getInputProps('code')}
              label={t('auth.fields.code')}
              required
              inputContainer={(input) => (
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <Box style={{ flex: 1, minWidth: 0 }}>{input}</Box>
                  <SendCodeButton
                    miw={124}
                    secondsLeft={sendCode.secondsLeft}
                    hasSent={Boolean(state.codeSentAtMs) || sendCode.hasSent}
                    isSending={sendCode.isSending}
                    onSend={() => void resend()}
                  />
                </Group>
              )}
            />
            <SendCodeStatus notice={sendCode.notice} error={sendCode.error} />
          </Box>
          <NewPasswordFields
            idPrefix="reset"
            form={form}
            labels={{ password: 'auth.fields.new_password', confirmation: 'auth.fields.confirm_new_password' }}
          />
          <Button type="submit" fullWidth size="md" loading={isSubmitting} mt={4}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={publicPaths.login} size="sm" fw={500}>
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('auth.forgot.back_to_login')}
        </Group>
      </Anchor>
    </PublicPageFrame>
  );
}
