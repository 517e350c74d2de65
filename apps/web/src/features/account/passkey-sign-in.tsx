/**
 * /login's second step with a passkey: the options for this sign-in (passkeys/signInOptions), the
 * browser's prompt, then the login call's `passkey` step. Shown first when the user has a passkey;
 * a failure says why and leaves the other ways open.
 */
import { login, type SignedIn } from '@bank/contract/account';
import { startPasskeySignIn } from '@bank/contract/passkeys';
import { Button, Stack } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerWithPasskey, passkeyFailureMessage } from '../../api/passkeys.ts';
import { callApi } from '../../lib/api-client.ts';
import { FormAlert } from '../../ui/form-alert.tsx';

export function PasskeySignIn({
  challengeId,
  isPrimary,
  onSignedIn,
}: {
  challengeId: string;
  /** The first way offered (no code field beside it yet). */
  isPrimary: boolean;
  onSignedIn: (signedIn: SignedIn) => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [isWorking, setIsWorking] = useState(false);

  const signIn = async () => {
    setIsWorking(true);
    setError(null);
    try {
      const started = await callApi(startPasskeySignIn, { challenge_id: challengeId });
      const credential = await answerWithPasskey(started.options);
      const answer = await callApi(login, { step: 'passkey', challenge_id: challengeId, credential });
      if (answer.status === 'signed_in') {
        onSignedIn(answer);
        return;
      }
    } catch (failure) {
      setError(
        passkeyFailureMessage(failure, {
          cancelled: 'auth.login.passkey_cancelled',
          unsupported: 'auth.login.passkey_unsupported',
        }),
      );
    }
    setIsWorking(false);
  };

  return (
    <Stack gap="sm">
      <FormAlert message={error} />
      <Button
        fullWidth
        size="md"
        variant={isPrimary ? 'filled' : 'default'}
        leftSection={<IconFingerprint size={18} aria-hidden />}
        loading={isWorking}
        onClick={() => void signIn()}
        data-autofocus={isPrimary || undefined}
      >
        {t('auth.login.use_passkey')}
      </Button>
    </Stack>
  );
}
