/**
 * /login: two steps through one call (the contract's `login`). First the email and password; then
 * the second factor the server chose: the authenticator's code when one is paired, otherwise a code
 * emailed to the masked address it names, and a passkey when the user has one (the only way for
 * staff who require passkeys). No message tells whether an address is registered: the
 * server answers a wrong password and an unknown address alike, and this page shows what it says.
 *
 * On success the session keys of SPEC.md section 3 (and `is_staff`) are stored and the user lands
 * where they were going, or home; the bank's staff land on the back office, or on My account to
 * pair an authenticator first when they have none.
 *
 * First-load budget: the identity contract (with registration's phone-number rules, and zod) is
 * loaded when the form is first touched, not with the page; its schemas then check the form.
 */
import type { SignedIn } from '@bank/contract/account';
import { emailMaxLength } from '@bank/contract/constants';
import { pathOf, publicPaths } from '@bank/contract/routes';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { AccountPageState } from '../../lib/account-page-state.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { errorKeyOf } from '../../lib/form-errors.ts';
import { writeSession } from '../../lib/session-storage.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { PublicPageFrame } from '../../ui/public-page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { type LoginPageState, landingPathAfterSignIn } from './auth-state.ts';
import { type Challenge, loadLogin, prefetchContract } from './login-call.ts';

function CredentialsStep({
  email,
  notice,
  isReturning,
  onChallenge,
  onSignedIn,
}: {
  email: string;
  /** What the page that sent the user here has to say (a password just reset). */
  notice: string | null;
  /** Back from the second step: the password is typed again, so focus goes there. */
  isReturning: boolean;
  onChallenge: (challenge: Challenge) => void;
  onSignedIn: (signedIn: SignedIn, method: Challenge['method'] | null) => void;
}) {
  const { t } = useTranslation();
  const passwordRef = useRef<HTMLInputElement>(null);
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: loadLogin,
    initialValues: { email, password: '' },
    toRequest: (values) => ({ step: 'password', ...values }),
    onSuccess: (answer, body) => {
      if (answer.status === 'signed_in') onSignedIn(answer, null);
      else
        onChallenge({
          challengeId: answer.challenge_id,
          method: answer.method,
          emailHint: answer.email_hint,
          canUsePasskey: answer.can_use_passkey,
          email: body.step === 'password' ? body.email : email,
        });
    },
    onFailure: (error) => {
      // The same answer for an unknown address and a wrong password: the password is typed again.
      if (errorKeyOf(error) !== 'invalid_credentials') return;
      form.setFieldValue('password', '');
      passwordRef.current?.focus();
    },
  });

  useEffect(() => {
    if (isReturning) passwordRef.current?.focus();
  }, [isReturning]);

  return (
    <PublicPageFrame title={t('pages.login.title')} description={t('pages.login.purpose')}>
      <form
        style={readableErrorColour}
        noValidate
        onSubmit={submit}
        onFocusCapture={prefetchSignIn}
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
            {...form.getInputProps('email')}
            label={t('auth.fields.email')}
            placeholder={t('auth.fields.email_placeholder')}
            type="email"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
            required
            withAsterisk={false}
            maxLength={emailMaxLength}
          />
          <Stack gap={6}>
            <PasswordField
              ref={passwordRef}
              id="login-password"
              {...form.getInputProps('password')}
              label={t('auth.fields.password')}
              autoComplete="current-password"
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

/** The second step, loaded when the form is first used (the public layout shows a skeleton meanwhile). */
const loadSecondFactorStep = () => import('./second-factor-step.tsx');
const SecondFactorStep = lazy(async () => ({ default: (await loadSecondFactorStep()).SecondFactorStep }));

/** Starts loading what a sign-in needs as soon as the user shows intent, so that it does not wait. */
function prefetchSignIn(): void {
  prefetchContract();
  loadSecondFactorStep().catch(() => undefined);
}

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as LoginPageState;
  const [email, setEmail] = useState(state.email ?? '');
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [isReturning, setIsReturning] = useState(false);

  const finishSignIn = async (signedIn: SignedIn) => {
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
    // Staff and sub-accounts pair an authenticator before anything else.
    if (signedIn.must_pair_authenticator) {
      const accountState: AccountPageState = { mustPairAuthenticator: true };
      void navigate(pathOf('account'), { replace: true, state: accountState });
      return;
    }
    void navigate(landingPathAfterSignIn(state.from, signedIn.is_staff), { replace: true });
  };

  if (challenge) {
    const goBack = () => {
      setEmail(challenge.email);
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
      onChallenge={setChallenge}
      onSignedIn={finishSignIn}
    />
  );
}
