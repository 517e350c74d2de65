/**
 * /login: two steps through one call (the contract's `login`). First the email and password; then
 * the second factor the server chose: the authenticator's code when one is paired, otherwise a code
 * emailed to the masked address it names. No message tells whether an address is registered: the
 * server answers a wrong password and an unknown address alike, and this page shows what it says.
 *
 * On success the session keys of SPEC.md section 3 (and `is_staff`) are stored and the user lands
 * where they were going, or home; the bank's staff land on the back office, or on My account to
 * pair an authenticator first when they have none.
 *
 * First-load budget: the identity contract (with registration's phone-number rules) and the HTTP
 * client (with zod) are loaded when the form is first touched, not with the page; the checks before
 * the call are login-schemas.ts.
 */
import type { SignedIn } from '@bank/contract/account';
import { recoveryCodeRules } from '@bank/contract/constants';
import { pathOf, publicPaths } from '@bank/contract/routes';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { loadAccountContract, loadHttpClient } from '../../api/account-contract.ts';
import { useSendEmailCode } from '../../api/send-email-code.ts';
import type { AccountPageState } from '../../lib/account-page-state.ts';
import {
  errorKeyOf,
  type FieldErrors,
  fieldProps,
  focusFirstError,
  isApiError,
  messageOfError,
  useErrorText,
} from '../../lib/form-errors.ts';
import { showInfo, showWarning } from '../../lib/notify.ts';
import { writeSession } from '../../lib/session-storage.ts';
import { CodeInput } from '../../ui/code-input.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { PublicPageFrame } from '../../ui/public-page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { SendCodeButton } from '../../ui/send-code-button.tsx';
import { type LoginPageState, landingPathAfterSignIn } from './auth-state.ts';
import { checkCredentials, checkRecoveryStep, checkSecondFactor } from './login-schemas.ts';

type Challenge = {
  challengeId: string;
  method: 'authenticator' | 'email';
  emailHint: string | null;
  /** The address typed at the first step, for "Resend code". */
  email: string;
};

/** The login call, with the HTTP client and the contract loaded on first use. */
async function loadLogin() {
  const [{ callApi }, { login }] = await Promise.all([loadHttpClient(), loadAccountContract()]);
  return { callApi, login };
}

/** Starts loading what a submit needs as soon as the user shows intent, so that submitting does not wait. */
function prefetchContract(): void {
  loadLogin().catch(() => undefined);
}

function CredentialsStep({
  email,
  notice,
  isReturning,
  onEmailChange,
  onChallenge,
  onSignedIn,
}: {
  email: string;
  /** What the page that sent the user here has to say (a password just reset). */
  notice: string | null;
  /** Back from the second step: the password is typed again, so focus goes there. */
  isReturning: boolean;
  onEmailChange: (email: string) => void;
  onChallenge: (challenge: Challenge) => void;
  onSignedIn: (signedIn: SignedIn, method: Challenge['method'] | null) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (isReturning) passwordRef.current?.focus();
  }, [isReturning]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setFormError(null);
    const checked = checkCredentials({ email, password });
    if (!checked.isValid) {
      setErrors(checked.errors);
      focusFirstError(formRef.current, checked.errors);
      return;
    }
    setErrors({});
    setIsSubmitting(true);
    try {
      const { callApi, login } = await loadLogin();
      const answer = await callApi(login, { step: 'password', ...checked.data });
      if (answer.status === 'signed_in') onSignedIn(answer, null);
      else
        onChallenge({
          challengeId: answer.challenge_id,
          method: answer.method,
          emailHint: answer.email_hint,
          email: checked.data.email,
        });
    } catch (error) {
      if (isApiError(error) && errorKeyOf(error) === 'validation') {
        setErrors(error.fieldErrors);
        focusFirstError(formRef.current, error.fieldErrors);
      }
      setFormError(messageOfError(error));
      if (errorKeyOf(error) === 'invalid_credentials') {
        setPassword('');
        passwordRef.current?.focus();
      }
      setIsSubmitting(false);
    }
  };

  return (
    <PublicPageFrame title={t('pages.login.title')} description={t('pages.login.purpose')}>
      <form
        style={readableErrorColour}
        ref={formRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        onFocusCapture={prefetchContract}
        aria-label={t('pages.login.title')}
      >
        <Stack gap="md">
          {notice && !formError ? (
            <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck size={18} aria-hidden />}>
              {notice}
            </Alert>
          ) : null}
          <FormAlert message={formError} />
          <TextInput
            id="login-email"
            {...fieldProps('email')}
            label={t('auth.fields.email')}
            placeholder={t('auth.fields.email_placeholder')}
            type="email"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
            value={email}
            onChange={(event) => onEmailChange(event.currentTarget.value)}
            error={errorText(errors.email)}
            required
            withAsterisk={false}
            maxLength={254}
          />
          <Stack gap={6}>
            <PasswordField
              ref={passwordRef}
              id="login-password"
              {...fieldProps('password')}
              label={t('auth.fields.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={errorText(errors.password)}
              required
              withAsterisk={false}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to={publicPaths.forgotPassword} size="sm" fw={500}>
                {t('auth.login.forgot_password')}
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm" c="dimmed">
        {t('auth.login.no_account')}{' '}
        <Anchor component={Link} to={publicPaths.register} fw={500}>
          {t('auth.login.register')}
        </Anchor>
      </Text>
    </PublicPageFrame>
  );
}

/**
 * After a sign-in with a recovery code: how many are left, as a warning when few are. After one with
 * the authenticator: a warning only when there are no codes (paired before they existed) or few.
 */
function showRecoveryCodesLeft(t: TFunction, left: number, isRecovery: boolean): void {
  if (!isRecovery && left === 0) showWarning(t('auth.login.recovery_codes_none'));
  else if (left <= recoveryCodeRules.fewLeft) showWarning(t('auth.login.recovery_codes_few', { left }));
  else if (isRecovery) showInfo(t('auth.login.recovery_codes_left', { left }));
}

function SecondFactorStep({
  challenge,
  onBack,
  onSignedIn,
}: {
  challenge: Challenge;
  onBack: () => void;
  onSignedIn: (signedIn: SignedIn, method: Challenge['method']) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  /** An authenticator user who lost it types one of their recovery codes instead. */
  const [isRecovery, setIsRecovery] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const resendCode = useSendEmailCode('login');
  const recoveryRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const isEmail = challenge.method === 'email';
  const startCooldown = resendCode.startCooldown;

  // The server has just emailed the first code: the next may be asked for after the cool-down.
  useEffect(() => {
    codeRef.current?.focus();
    if (isEmail) startCooldown(60);
  }, [isEmail, startCooldown]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setFormError(null);
    const field = isRecovery ? recoveryRef : codeRef;
    const checked = isRecovery ? checkRecoveryStep({ recovery_code: recoveryCode }) : checkSecondFactor({ code });
    if (!checked.isValid) {
      setErrors(checked.errors);
      field.current?.focus();
      return;
    }
    setErrors({});
    setIsSubmitting(true);
    try {
      const { callApi, login } = await loadLogin();
      const answer = await callApi(
        login,
        'recovery_code' in checked.data
          ? { step: 'recovery_code', challenge_id: challenge.challengeId, recovery_code: checked.data.recovery_code }
          : { step: 'second_factor', challenge_id: challenge.challengeId, code: checked.data.code },
      );
      if (answer.status === 'signed_in') {
        if (answer.recovery_codes_left !== undefined) {
          showRecoveryCodesLeft(t, answer.recovery_codes_left, isRecovery);
        }
        onSignedIn(answer, challenge.method);
        return;
      }
      setFormError(t('errors.something_went_wrong'));
    } catch (error) {
      const key = errorKeyOf(error);
      const fieldName = isRecovery ? 'recovery_code' : 'code';
      if (key === 'verification_code_incorrect' && isApiError(error)) {
        setErrors({ [fieldName]: error.msg || t('validation.code_incorrect') });
      } else if (key === 'validation' && isApiError(error) && error.fieldErrors[fieldName]) {
        setErrors({ [fieldName]: error.fieldErrors[fieldName] });
      } else {
        setFormError(messageOfError(error));
      }
      setCode('');
      setRecoveryCode('');
      field.current?.focus();
    }
    setIsSubmitting(false);
  };

  const resend = async () => {
    await resendCode.send(challenge.email);
    codeRef.current?.focus();
  };

  const switchToRecovery = (shouldUseRecovery: boolean) => {
    setIsRecovery(shouldUseRecovery);
    setErrors({});
    setFormError(null);
    requestAnimationFrame(() => (shouldUseRecovery ? recoveryRef : codeRef).current?.focus());
  };

  let prompt = t('auth.login.authenticator_prompt');
  if (isEmail) prompt = t('auth.login.email_prompt', { email_hint: challenge.emailHint ?? challenge.email });
  else if (isRecovery) prompt = t('auth.login.recovery_prompt');

  return (
    <PublicPageFrame title={t('auth.login.second_factor_title')} description={prompt}>
      <form
        style={readableErrorColour}
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={t('auth.login.second_factor_title')}
      >
        <Stack gap="md">
          <FormAlert message={formError ?? resendCode.error} />
          {isRecovery ? (
            <TextInput
              ref={recoveryRef}
              id="login-recovery-code"
              {...fieldProps('recovery_code')}
              label={t('auth.login.recovery_code')}
              placeholder="XXXXX-XXXXX"
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              value={recoveryCode}
              onChange={(event) => setRecoveryCode(event.currentTarget.value)}
              error={errorText(errors.recovery_code)}
              required
              withAsterisk={false}
              size="md"
              ff="monospace"
            />
          ) : (
            <CodeInput
              ref={codeRef}
              id="login-code"
              {...fieldProps('code')}
              label={isEmail ? t('auth.fields.code') : t('account.two_factor.code_label')}
              description={isEmail ? t('auth.login.code_validity') : undefined}
              value={code}
              onChange={setCode}
              error={errorText(errors.code)}
              required
              withAsterisk={false}
              size="md"
            />
          )}
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            {t('auth.login.verify')}
          </Button>
          {isEmail ? null : (
            <Button variant="subtle" size="compact-sm" onClick={() => switchToRecovery(!isRecovery)}>
              {isRecovery ? t('auth.login.use_authenticator') : t('auth.login.use_recovery_code')}
            </Button>
          )}
          {isEmail ? (
            <Stack gap={4} align="center">
              <Group gap={6} justify="center">
                <Text size="sm" c="dimmed">
                  {t('auth.login.no_code')}
                </Text>
                <SendCodeButton
                  variant="subtle"
                  size="compact-sm"
                  secondsLeft={resendCode.secondsLeft}
                  hasSent
                  isSending={resendCode.isSending}
                  onSend={() => void resend()}
                />
              </Group>
              <Text size="xs" c="dimmed" role="status" ta="center">
                {resendCode.notice}
              </Text>
            </Stack>
          ) : null}
        </Stack>
      </form>
      <Group justify="space-between" gap="xs">
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={onBack}
        >
          {t('auth.login.back')}
        </Button>
        <Text size="xs" c="dimmed" truncate="end" maw="65%" title={challenge.email}>
          {challenge.email}
        </Text>
      </Group>
    </PublicPageFrame>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as LoginPageState;
  const [email, setEmail] = useState(state.email ?? '');
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [isReturning, setIsReturning] = useState(false);

  const finishSignIn = async (signedIn: SignedIn, method: Challenge['method'] | null) => {
    // No screen of a previous user may show from the cache. Loaded here, not with the page: only the
    // signed-in screens use the cache.
    const { queryClient } = await import('../../lib/query-client.ts');
    queryClient.clear();
    writeSession({
      token: signedIn.token,
      userId: signedIn.userid,
      username: signedIn.username,
      isSecondFactorDone: signedIn.is_google,
      kycStatus: signedIn.kyc_status,
      isStaff: signedIn.is_staff,
    });
    // Staff sign in with an authenticator once one is paired; an emailed code means they have none yet.
    if (signedIn.is_staff && method !== 'authenticator') {
      const accountState: AccountPageState = { mustPairAuthenticator: true };
      void navigate(pathOf('account'), { replace: true, state: accountState });
      return;
    }
    void navigate(landingPathAfterSignIn(state.from, signedIn.is_staff), { replace: true });
  };

  if (challenge) {
    const goBack = () => {
      setChallenge(null);
      setIsReturning(true);
    };
    return <SecondFactorStep challenge={challenge} onBack={goBack} onSignedIn={finishSignIn} />;
  }
  return (
    <CredentialsStep
      email={email}
      notice={state.notice === 'password_reset' ? t('auth.reset.success') : null}
      isReturning={isReturning}
      onEmailChange={setEmail}
      onChallenge={setChallenge}
      onSignedIn={finishSignIn}
    />
  );
}
