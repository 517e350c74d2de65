/**
 * /reg: a company's first user opens an account. The email is proven with a code (sendEmail, purpose
 * register) before registering; the phone is judged for its country by libphonenumber-js; the
 * password rule is shown live. The whole form is checked with the contract's RegisterRequest, whose
 * messages are those of SPEC.md section 5; what the server refuses is shown under its field.
 *
 * The server answers "Send code" alike whether or not the address is registered (its owner gets a
 * notice instead of a code), so this page cannot tell anyone whether an address has an account.
 *
 * First paint: the identity contract (zod and libphonenumber-js's tables) loads on the form's first
 * focus, not with the page; the form is drawn without it and its schemas check it from then on. The
 * phone field's calling codes (libphonenumber-js) load at the same moment.
 */
import { publicPaths } from '@bank/contract/routes';
import { Anchor, Box, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { loadAccountContract, loadRegistrationContract } from '../../api/account-contract.ts';
import { useSendEmailCode } from '../../api/send-email-code.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { showSuccess } from '../../lib/notify.ts';
import { CodeInput } from '../../ui/code-input.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { browserCountry, PhoneField, preparePhoneField } from '../../ui/phone-field.tsx';
import { PublicPageFrame } from '../../ui/public-page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { SendCodeButton, SendCodeStatus } from '../../ui/send-code-button.tsx';
import type { LoginPageState } from './auth-state.ts';

async function loadRegister() {
  return (await loadRegistrationContract()).register;
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Title order={2} fz="sm" fw={600} c="dark.6" mt={4}>
      {children}
    </Title>
  );
}

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sendCode = useSendEmailCode('register');
  const { form, submit, formError, isSubmitting, prefetchCall } = useCallForm({
    call: loadRegister,
    initialValues: {
      full_name: '',
      email: '',
      email_code: '',
      // The browser's country once on screen (below): the page may have been drawn at build time.
      phone_country: null as string | null,
      phone: '',
      new_password: '',
      confirm_password: '',
      ci_code: '',
      accept_terms: false,
    },
    toRequest: (values) => ({
      ...values,
      phone_country: values.phone_country ?? undefined,
      ci_code: values.ci_code.trim() === '' ? undefined : values.ci_code,
    }),
    fieldOfError: { verification_code_incorrect: 'email_code', email_taken: 'email' },
    invalidFormMessage: t('auth.form_invalid'),
    onSuccess: (_answer, body) => {
      showSuccess(t('auth.register.success'));
      const loginState: LoginPageState = { email: body.email };
      void navigate(publicPaths.login, { replace: true, state: loginState });
    },
  });

  // The browser's country, until the visitor picks one: known only in the browser, so not in the
  // page drawn at build time.
  useEffect(() => {
    const country = browserCountry();
    if (country && form.getValues().phone_country === null) form.setFieldValue('phone_country', country);
  }, [form]);

  /** "Send code": only for an address the contract accepts. */
  const requestCode = async () => {
    if ((await form.validateField('email')).hasError) {
      form.getInputNode('email')?.focus();
      return;
    }
    const { Email } = await loadAccountContract();
    if (await sendCode.send(Email.parse(form.getValues().email))) form.getInputNode('email_code')?.focus();
  };

  return (
    <PublicPageFrame title={t('pages.register.title')} description={t('pages.register.purpose')}>
      <form
        style={readableErrorColour}
        noValidate
        onSubmit={submit}
        onFocusCapture={() => {
          prefetchCall();
          preparePhoneField();
        }}
        aria-label={t('pages.register.title')}
      >
        <Stack gap="md">
          <FormAlert message={formError} />
          <SectionTitle>{t('auth.register.section_company_contact')}</SectionTitle>
          <TextInput
            id="register-full-name"
            {...form.getInputProps('full_name')}
            label={t('auth.fields.full_name')}
            autoComplete="name"
            required
          />
          <TextInput
            id="register-email"
            {...form.getInputProps('email')}
            label={t('auth.fields.email')}
            placeholder={t('auth.fields.email_placeholder')}
            description={t('auth.register.code_hint')}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            required
          />
          <Box>
            <CodeInput
              id="register-email-code"
              {...form.getInputProps('email_code')}
              label={t('auth.fields.email_code')}
              required
              inputContainer={(input) => (
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <Box style={{ flex: 1, minWidth: 0 }}>{input}</Box>
                  <SendCodeButton
                    miw={124}
                    secondsLeft={sendCode.secondsLeft}
                    hasSent={sendCode.hasSent}
                    isSending={sendCode.isSending}
                    onSend={() => void requestCode()}
                  />
                </Group>
              )}
            />
            <SendCodeStatus notice={sendCode.notice} error={sendCode.error} />
          </Box>
          <PhoneField idPrefix="register-phone" form={form} areCallingCodesOnFocus />
          <TextInput
            id="register-ci-code"
            {...form.getInputProps('ci_code')}
            label={t('auth.fields.ci_code')}
            description={t('auth.fields.ci_code_description')}
            autoComplete="off"
            spellCheck={false}
          />

          <SectionTitle>{t('auth.register.section_sign_in')}</SectionTitle>
          <NewPasswordFields
            idPrefix="register"
            form={form}
            labels={{ password: 'auth.fields.password', confirmation: 'auth.fields.confirm_password' }}
          />
          <Checkbox
            id="register-terms"
            {...form.getInputProps('accept_terms', { type: 'checkbox' })}
            label={t('auth.register.terms')}
            required
          />
          <Button type="submit" fullWidth size="md" loading={isSubmitting} mt={4}>
            {t('auth.register.submit')}
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm" c="dimmed">
        {t('auth.register.have_account')}{' '}
        <Anchor component={Link} to={publicPaths.login} fw={500}>
          {t('auth.register.log_in')}
        </Anchor>
      </Text>
    </PublicPageFrame>
  );
}
