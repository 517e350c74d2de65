/**
 * Step-up with a passkey, beside the code (step-up-dialog.tsx): the user's passkeys (listPasskeys,
 * read when the dialog opens), the step-up options, the browser's prompt, then verifyPasskeyStepUp
 * with the password typed in the dialog. A user who requires passkeys has no code field.
 */
import { verifyPasskeyStepUp } from '@bank/contract/account';
import { listPasskeys, startPasskeyStepUp } from '@bank/contract/passkeys';
import { Button, Divider } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerWithPasskey, passkeyFailureMessage } from '../api/passkeys.ts';
import { callApi } from '../lib/api-client.ts';
import { errorKeyOf } from '../lib/form-errors.ts';
import { useScreenQuery } from '../lib/screen-query.ts';

export type PasskeyStepUp = {
  hasPasskey: boolean;
  /** The user requires passkeys: the code is refused, the passkey is the only way. */
  isPasskeyOnly: boolean;
  isWorking: boolean;
  /** Runs the ceremony with the password; answers the refusal to show (on the password or above), or null. */
  confirm: (password: string) => Promise<{ passwordError: string | null; error: string | null } | null>;
};

export function usePasskeyStepUp(onVerified: () => void): PasskeyStepUp {
  const passkeys = useScreenQuery(listPasskeys, {});
  const [isWorking, setIsWorking] = useState(false);
  const confirm = async (password: string) => {
    setIsWorking(true);
    try {
      const started = await callApi(startPasskeyStepUp, {});
      const credential = await answerWithPasskey(started.options);
      await callApi(verifyPasskeyStepUp, { password, credential });
      onVerified();
      return null;
    } catch (failure) {
      const message = passkeyFailureMessage(failure, {
        cancelled: 'account.passkeys.cancelled',
        unsupported: 'account.passkeys.unsupported',
      });
      return errorKeyOf(failure) === 'invalid_credentials'
        ? { passwordError: message, error: null }
        : { passwordError: null, error: message };
    } finally {
      setIsWorking(false);
    }
  };
  return {
    hasPasskey: (passkeys.data?.items.length ?? 0) > 0,
    isPasskeyOnly: passkeys.data?.is_passkey_required === true,
    isWorking,
    confirm,
  };
}

/** The dialog's passkey button, and "or enter a code" below it when a code is also accepted. */
export function PasskeyStepUpButton({ stepUp, onConfirm }: { stepUp: PasskeyStepUp; onConfirm: () => void }) {
  const { t } = useTranslation();
  if (!stepUp.hasPasskey) return null;
  return (
    <>
      <Button
        variant={stepUp.isPasskeyOnly ? 'filled' : 'default'}
        leftSection={<IconFingerprint size={16} aria-hidden />}
        loading={stepUp.isWorking}
        onClick={onConfirm}
      >
        {t('account.step_up.use_passkey')}
      </Button>
      {stepUp.isPasskeyOnly ? null : <Divider label={t('account.step_up.passkey_or')} labelPosition="center" />}
    </>
  );
}
