/**
 * /reset_pwd: the second step of password recovery: the email, the code sent to it, and the new
 * password twice (forgetLoginPassword). A reset ends every session of the user, and the server emails
 * them a notice. A wrong code and an address without an account get the same answer.
 */
import { Email, forgetLoginPassword } from '@bank/contract/account';
import { publicPaths } from '@bank/contract/routes';
import { Anchor, Box, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSendEmailCode } from '../../api/send-email-code.ts';
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
import { CodeInput } from '../../ui/code-input.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { PublicPageFrame } from '../../ui/public-page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { SendCodeButton, SendCodeStatus } from '../../ui/send-code-button.tsx';
import type { LoginPageState, ResetPasswordPageState } from './auth-state.ts';

const resendCooldownSeconds = 60;

type ResetValues = { email: string; code: string; new_password: string; confirm_password: string };

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as ResetPasswordPageState;
  const errorText = useErrorText();
  const sendCode = useSendEmailCode('reset_password');
  const formRef = useRef<HTMLFormElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const { values, errors, setErrors, set } = useFormFields<ResetValues>({
    email: state.email ?? '',
    code: '',
    new_password: '',
    confirm_password: '',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const startCooldown = sendCode.startCooldown;

  // Arriving from /forget_pwd: the code is on its way; the field waiting for it takes focus.
  useEffect(() => {
    if (!state.codeSentAtMs) return;
    const elapsedSeconds = Math.floor((Date.now() - state.codeSentAtMs) / 1000);
    if (elapsedSeconds < resendCooldownSeconds) startCooldown(resendCooldownSeconds - elapsedSeconds);
    codeRef.current?.focus();
  }, [state.codeSentAtMs, startCooldown]);

  const resend = async () => {
    const email = Email.safeParse(values.email);
    if (!email.success) {
      const fieldErrors = { email: { key: email.error.issues[0]?.message ?? 'validation.email_invalid' } };
      setErrors((current) => ({ ...current, ...fieldErrors }));
      focusFirstError(formRef.current, fieldErrors);
      return;
    }
    if (await sendCode.send(email.data)) codeRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setFormError(null);
    const checked = validate(forgetLoginPassword.request, values);
    if (!checked.isValid) {
      setErrors(checked.errors);
      focusFirstError(formRef.current, checked.errors);
      return;
    }
    setErrors({});
    setIsSubmitting(true);
    try {
      await callApi(forgetLoginPassword, checked.data);
      const loginState: LoginPageState = { email: checked.data.email, notice: 'password_reset' };
      void navigate(publicPaths.login, { replace: true, state: loginState });
    } catch (error) {
      const key = errorKeyOf(error);
      const fieldErrors: FieldErrors =
        error instanceof ApiError
          ? key === 'verification_code_incorrect'
            ? { code: error.msg || t('validation.code_incorrect') }
            : error.fieldErrors
          : {};
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        focusFirstError(formRef.current, fieldErrors);
      } else {
        setFormError(messageOfError(error));
      }
      setIsSubmitting(false);
    }
  };

  const intro = state.email ? t('auth.reset.intro', { email: state.email }) : t('auth.reset.intro_without_email');

  return (
    <PublicPageFrame title={t('pages.resetPassword.title')} description={intro}>
      <form
        style={readableErrorColour}
        ref={formRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={t('pages.resetPassword.title')}
      >
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            id="reset-email"
            {...fieldProps('email')}
            label={t('auth.fields.email')}
            type="email"
            inputMode="email"
            autoComplete="username"
            spellCheck={false}
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={errorText(errors.email)}
            required
            maxLength={254}
          />
          <Box>
            <CodeInput
              ref={codeRef}
              id="reset-code"
              {...fieldProps('code')}
              label={t('auth.fields.code')}
              value={values.code}
              onChange={(code) => set('code', code)}
              error={errorText(errors.code)}
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
            values={values}
            errors={errors}
            onChange={set}
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
