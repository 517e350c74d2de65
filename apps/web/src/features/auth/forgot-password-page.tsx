/**
 * /forget_pwd: the first step of password recovery. A code is emailed for the address (sendEmail,
 * purpose reset_password) and the user continues on /reset_pwd. The server answers alike whether or
 * not the address has an account, and so does this page: it always moves on to "enter the code".
 */
import { Email } from '@bank/contract/account';
import { publicPaths } from '@bank/contract/routes';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSendEmailCode } from '../../api/send-email-code.ts';
import { type FieldErrors, fieldProps, focusFirstError, useErrorText, validate } from '../../lib/form-errors.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { PublicPageFrame } from '../../ui/public-page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import type { ResetPasswordPageState } from './auth-state.ts';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const sendCode = useSendEmailCode('reset_password');
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sendCode.isSending) return;
    const checked = validate(Email, email);
    if (!checked.isValid) {
      const fieldErrors = { email: checked.errors.body ?? { key: 'validation.email_invalid' } };
      setErrors(fieldErrors);
      focusFirstError(formRef.current, fieldErrors);
      return;
    }
    setErrors({});
    if (await sendCode.send(checked.data)) {
      const state: ResetPasswordPageState = { email: checked.data, codeSentAtMs: Date.now() };
      void navigate(publicPaths.resetPassword, { state });
    }
  };

  const typedEmail = Email.safeParse(email);
  const resetState: ResetPasswordPageState = typedEmail.success ? { email: typedEmail.data } : {};

  return (
    <PublicPageFrame title={t('pages.forgotPassword.title')} description={t('auth.forgot.intro')}>
      <form
        style={readableErrorColour}
        ref={formRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={t('pages.forgotPassword.title')}
      >
        <Stack gap="md">
          <FormAlert message={sendCode.error} />
          <TextInput
            id="forgot-email"
            {...fieldProps('email')}
            label={t('auth.fields.email')}
            placeholder={t('auth.fields.email_placeholder')}
            type="email"
            inputMode="email"
            autoComplete="username"
            spellCheck={false}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errorText(errors.email)}
            required
            withAsterisk={false}
            maxLength={254}
          />
          <Button type="submit" fullWidth size="md" loading={sendCode.isSending}>
            {t('auth.forgot.submit')}
          </Button>
        </Stack>
      </form>
      <Group justify="space-between" gap="xs">
        <Anchor component={Link} to={publicPaths.login} size="sm" fw={500}>
          <Group gap={4} wrap="nowrap" component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('auth.forgot.back_to_login')}
          </Group>
        </Anchor>
        <Anchor component={Link} to={publicPaths.resetPassword} state={resetState} size="sm" fw={500}>
          {t('auth.forgot.have_code')}
        </Anchor>
      </Group>
    </PublicPageFrame>
  );
}
