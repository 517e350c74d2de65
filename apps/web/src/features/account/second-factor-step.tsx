/**
 * /login's second step, loaded when the first asks for it: the authenticator's code (or one of the
 * user's recovery codes), or a code emailed to the masked address the server names. A user with a
 * passkey is offered it first (passkey-sign-in.tsx); an email user then asks for a code only if they
 * choose one, and staff who require passkeys have no code field (a recovery code still works).
 */
import type { SignedIn } from '@bank/contract/account';
import { emailCodeTimes, recoveryCodeRules } from '@bank/contract/constants';
import { Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendEmailCode } from '../../api/send-email-code.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { showInfo, showWarning } from '../../lib/notify.ts';
import { CodeInput } from '../../ui/code-input.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { PublicPageFrame } from '../../ui/public-page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { SendCodeButton } from '../../ui/send-code-button.tsx';
import { type Challenge, loadLogin } from './login-call.ts';
import { PasskeySignIn } from './passkey-sign-in.tsx';

/**
 * After a sign-in with a recovery code: how many are left, as a warning when few are. After one with
 * the authenticator: a warning only when there are no codes (paired before they existed) or few.
 */
function showRecoveryCodesLeft(t: TFunction, left: number, isRecovery: boolean): void {
  if (!isRecovery && left === 0) showWarning(t('auth.login.recovery_codes_none'));
  else if (left <= recoveryCodeRules.fewLeft) showWarning(t('auth.login.recovery_codes_few', { left }));
  else if (isRecovery) showInfo(t('auth.login.recovery_codes_left', { left }));
}

/**
 * An email user's code: "Didn't get the code? Resend" once one was sent, or, for a user with a
 * passkey who has not asked for one yet, "Email me a code instead".
 */
function EmailCodeRequest({
  resendCode,
  hasCode,
  onSend,
}: {
  resendCode: ReturnType<typeof useSendEmailCode>;
  hasCode: boolean;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  if (!hasCode) {
    return (
      <Stack gap={4} align="center">
        <FormAlert message={resendCode.error} />
        <Button variant="subtle" size="compact-sm" loading={resendCode.isSending} onClick={onSend}>
          {t('auth.login.email_code_instead')}
        </Button>
      </Stack>
    );
  }
  return (
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
          onSend={onSend}
        />
      </Group>
      <Text size="xs" c="dimmed" role="status" ta="center">
        {resendCode.notice}
      </Text>
    </Stack>
  );
}

export function SecondFactorStep({
  challenge,
  onBack,
  onSignedIn,
}: {
  challenge: Challenge;
  onBack: () => void;
  onSignedIn: (signedIn: SignedIn, method: Challenge['method']) => void;
}) {
  const { t } = useTranslation();
  /** An authenticator user who lost it types one of their recovery codes instead. */
  const [isRecovery, setIsRecovery] = useState(false);
  /** An email user with a passkey asked for a code instead (none is sent until they do). */
  const [hasAskedForCode, setHasAskedForCode] = useState(false);
  const resendCode = useSendEmailCode('login');
  const recoveryRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const isEmail = challenge.method === 'email';
  const isCodeWaiting = isEmail && !challenge.canUsePasskey;
  const showsCodeForm =
    isRecovery || (challenge.method !== 'passkey' && (!isEmail || !challenge.canUsePasskey || hasAskedForCode));
  const showsPasskey = challenge.canUsePasskey && !isRecovery;
  const backFromRecovery = challenge.method === 'passkey' ? 'use_passkey' : 'use_authenticator';
  const startCooldown = resendCode.startCooldown;
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: loadLogin,
    initialValues: { code: '', recovery_code: '' },
    toRequest: (values) =>
      isRecovery
        ? { step: 'recovery_code', challenge_id: challenge.challengeId, recovery_code: values.recovery_code }
        : { step: 'second_factor', challenge_id: challenge.challengeId, code: values.code },
    fieldOfError: { verification_code_incorrect: isRecovery ? 'recovery_code' : 'code' },
    resetOnFailure: ['code', 'recovery_code'],
    onSuccess: (answer) => {
      if (answer.status !== 'signed_in') return;
      if (answer.recovery_codes_left !== undefined) showRecoveryCodesLeft(t, answer.recovery_codes_left, isRecovery);
      onSignedIn(answer, challenge.method);
    },
    onFailure: () => (isRecovery ? recoveryRef : codeRef).current?.focus(),
  });

  // The server has just emailed the first code: the next may be asked for after the cool-down.
  useEffect(() => {
    codeRef.current?.focus();
    if (isCodeWaiting) startCooldown(emailCodeTimes.resendCooldownSeconds);
  }, [isCodeWaiting, startCooldown]);

  const resend = async () => {
    const hasSent = await resendCode.send(challenge.email);
    if (hasSent) setHasAskedForCode(true);
    requestAnimationFrame(() => codeRef.current?.focus());
  };

  const switchToRecovery = (shouldUseRecovery: boolean) => {
    setIsRecovery(shouldUseRecovery);
    form.clearErrors();
    requestAnimationFrame(() => (shouldUseRecovery ? recoveryRef : codeRef).current?.focus());
  };

  let prompt = t('auth.login.authenticator_prompt');
  if (isRecovery) prompt = t('auth.login.recovery_prompt');
  else if (!showsCodeForm) prompt = t('auth.login.passkey_prompt');
  else if (isEmail) prompt = t('auth.login.email_prompt', { email_hint: challenge.emailHint ?? challenge.email });

  return (
    <PublicPageFrame title={t('auth.login.second_factor_title')} description={prompt}>
      {showsPasskey ? (
        <PasskeySignIn
          challengeId={challenge.challengeId}
          isPrimary={!showsCodeForm}
          onSignedIn={(signedIn) => onSignedIn(signedIn, 'passkey')}
        />
      ) : null}
      {showsPasskey && showsCodeForm ? <Divider label={t('auth.login.passkey_or')} labelPosition="center" /> : null}
      {showsCodeForm ? (
        <form style={readableErrorColour} noValidate onSubmit={submit} aria-label={t('auth.login.second_factor_title')}>
          <Stack gap="md">
            <FormAlert message={formError ?? resendCode.error} />
            {isRecovery ? (
              <TextInput
                ref={recoveryRef}
                id="login-recovery-code"
                {...form.getInputProps('recovery_code')}
                label={t('auth.login.recovery_code')}
                placeholder="XXXXX-XXXXX"
                autoComplete="one-time-code"
                autoCapitalize="characters"
                spellCheck={false}
                required
                withAsterisk={false}
                size="md"
                ff="monospace"
              />
            ) : (
              <CodeInput
                ref={codeRef}
                id="login-code"
                {...form.getInputProps('code')}
                label={isEmail ? t('auth.fields.code') : t('auth.login.authenticator_code')}
                description={isEmail ? t('auth.login.code_validity') : undefined}
                required
                withAsterisk={false}
                size="md"
              />
            )}
            <Button type="submit" fullWidth size="md" loading={isSubmitting}>
              {t('auth.login.verify')}
            </Button>
          </Stack>
        </form>
      ) : null}
      {isEmail ? (
        <EmailCodeRequest resendCode={resendCode} hasCode={showsCodeForm} onSend={() => void resend()} />
      ) : (
        <Button variant="subtle" size="compact-sm" onClick={() => switchToRecovery(!isRecovery)}>
          {isRecovery ? t(`auth.login.${backFromRecovery}`) : t('auth.login.use_recovery_code')}
        </Button>
      )}
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
        {/* The address as the prompt names it: masked when the server masked it, never in full beside it. */}
        <Text size="xs" c="dimmed" truncate="end" maw="65%">
          {challenge.emailHint ?? challenge.email}
        </Text>
      </Group>
    </PublicPageFrame>
  );
}
