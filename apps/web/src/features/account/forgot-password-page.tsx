/**
 * /forget_pwd: the first step of password recovery. A code is emailed for the address (sendEmail,
 * purpose reset_password) and the user continues on /reset_pwd. The server answers alike whether or
 * not the address has an account, and so does this page: it always moves on to "enter the code".
 */
import { Email, sendEmail } from '@bank/contract/account';
import { publicPaths } from '@bank/contract/routes';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCallForm } from '../../lib/call-form.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { PublicPageFrame } from '../../ui/public-page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import type { ResetPasswordPageState } from './auth-state.ts';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: sendEmail,
    initialValues: { email: '' },
    toRequest: (values) => ({ email: values.email, purpose: 'reset_password' }),
    onSuccess: (_answer, body) => {
      const state: ResetPasswordPageState = { email: body.email, codeSentAtMs: Date.now() };
      void navigate(publicPaths.resetPassword, { state });
    },
  });

  const typedEmail = Email.safeParse(form.getValues().email);
  const resetState: ResetPasswordPageState = typedEmail.success ? { email: typedEmail.data } : {};

  return (
    <PublicPageFrame title={t('pages.forgotPassword.title')} description={t('auth.forgot.intro')}>
      <form style={readableErrorColour} noValidate onSubmit={submit} aria-label={t('pages.forgotPassword.title')}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            id="forgot-email"
            {...form.getInputProps('email')}
            label={t('auth.fields.email')}
            placeholder={t('auth.fields.email_placeholder')}
            type="email"
            inputMode="email"
            autoComplete="username"
            spellCheck={false}
            required
            withAsterisk={false}
          />
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
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
