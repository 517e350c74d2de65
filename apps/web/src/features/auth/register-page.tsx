/**
 * /reg: a company's first user opens an account. The email is proven with a code (sendEmail, purpose
 * register) before registering; the phone is judged for its country by libphonenumber-js; the
 * password rule is shown live. The whole form is checked with the contract's RegisterRequest, whose
 * messages are those of SPEC.md section 5; what the server refuses is shown under its field.
 *
 * The server answers "Send code" alike whether or not the address is registered (its owner gets a
 * notice instead of a code), so this page cannot tell anyone whether an address has an account.
 */
import { Email, RegisterRequest, register } from '@bank/contract/account';
import { publicPaths } from '@bank/contract/routes';
import { Anchor, Box, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
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
import { showSuccess } from '../../lib/notify.ts';
import { CodeInput } from '../../ui/code-input.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { browserCountry, PhoneField } from '../../ui/phone-field.tsx';
import { PublicPageFrame } from '../../ui/public-page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { SendCodeButton, SendCodeStatus } from '../../ui/send-code-button.tsx';
import type { LoginPageState } from './auth-state.ts';

type RegisterValues = {
  full_name: string;
  email: string;
  email_code: string;
  phone_country: string | null;
  phone: string;
  new_password: string;
  confirm_password: string;
  ci_code: string;
  accept_terms: boolean;
};

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
  const errorText = useErrorText();
  const sendCode = useSendEmailCode('register');
  const formRef = useRef<HTMLFormElement>(null);
  const { values, errors, setErrors, set } = useFormFields<RegisterValues>(() => ({
    full_name: '',
    email: '',
    email_code: '',
    phone_country: browserCountry(),
    phone: '',
    new_password: '',
    confirm_password: '',
    ci_code: '',
    accept_terms: false,
  }));
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const requestCode = async () => {
    const email = Email.safeParse(values.email);
    if (!email.success) {
      const message = email.error.issues[0]?.message ?? 'validation.email_invalid';
      setErrors((current) => ({ ...current, email: { key: message } }));
      focusFirstError(formRef.current, { email: { key: message } });
      return;
    }
    if (await sendCode.send(email.data))
      formRef.current?.querySelector<HTMLElement>('[data-field="email_code"]')?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setFormError(null);
    const checked = validate(RegisterRequest, {
      ...values,
      phone_country: values.phone_country ?? undefined,
      ci_code: values.ci_code.trim() === '' ? undefined : values.ci_code,
    });
    if (!checked.isValid) {
      setErrors(checked.errors);
      setFormError(t('auth.form_invalid'));
      focusFirstError(formRef.current, checked.errors);
      return;
    }
    setErrors({});
    setIsSubmitting(true);
    try {
      await callApi(register, checked.data);
      showSuccess(t('auth.register.success'));
      const loginState: LoginPageState = { email: checked.data.email };
      void navigate(publicPaths.login, { replace: true, state: loginState });
    } catch (error) {
      const key = errorKeyOf(error);
      const fieldErrors: FieldErrors =
        error instanceof ApiError
          ? key === 'verification_code_incorrect'
            ? { email_code: error.msg || t('validation.code_incorrect') }
            : key === 'email_taken'
              ? { email: error.msg }
              : error.fieldErrors
          : {};
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        setFormError(key === 'validation' ? messageOfError(error) : null);
        focusFirstError(formRef.current, fieldErrors);
      } else {
        setFormError(messageOfError(error));
      }
      setIsSubmitting(false);
    }
  };

  return (
    <PublicPageFrame title={t('pages.register.title')} description={t('pages.register.purpose')}>
      <form
        style={readableErrorColour}
        ref={formRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={t('pages.register.title')}
      >
        <Stack gap="md">
          <FormAlert message={formError} />
          <SectionTitle>{t('auth.register.section_company_contact')}</SectionTitle>
          <TextInput
            id="register-full-name"
            {...fieldProps('full_name')}
            label={t('auth.fields.full_name')}
            autoComplete="name"
            value={values.full_name}
            onChange={(event) => set('full_name', event.currentTarget.value)}
            error={errorText(errors.full_name)}
            required
            maxLength={100}
          />
          <TextInput
            id="register-email"
            {...fieldProps('email')}
            label={t('auth.fields.email')}
            placeholder={t('auth.fields.email_placeholder')}
            description={t('auth.register.code_hint')}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={errorText(errors.email)}
            required
            maxLength={254}
          />
          <Box>
            <CodeInput
              id="register-email-code"
              {...fieldProps('email_code')}
              label={t('auth.fields.email_code')}
              value={values.email_code}
              onChange={(code) => set('email_code', code)}
              error={errorText(errors.email_code)}
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
          <PhoneField
            idPrefix="register-phone"
            country={values.phone_country}
            phone={values.phone}
            onCountryChange={(country) => set('phone_country', country)}
            onPhoneChange={(phone) => set('phone', phone)}
            countryError={errorText(errors.phone_country)}
            phoneError={errorText(errors.phone)}
          />
          <TextInput
            id="register-ci-code"
            {...fieldProps('ci_code')}
            label={t('auth.fields.ci_code')}
            description={t('auth.fields.ci_code_description')}
            autoComplete="off"
            spellCheck={false}
            value={values.ci_code}
            onChange={(event) => set('ci_code', event.currentTarget.value)}
            error={errorText(errors.ci_code)}
            maxLength={32}
          />

          <SectionTitle>{t('auth.register.section_sign_in')}</SectionTitle>
          <NewPasswordFields
            idPrefix="register"
            values={values}
            errors={errors}
            onChange={set}
            labels={{ password: 'auth.fields.password', confirmation: 'auth.fields.confirm_password' }}
          />
          <Checkbox
            id="register-terms"
            {...fieldProps('accept_terms')}
            label={t('auth.register.terms')}
            checked={values.accept_terms}
            onChange={(event) => set('accept_terms', event.currentTarget.checked)}
            error={errorText(errors.accept_terms)}
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
