/**
 * "Send code" of the identity forms (registration, password recovery, a change that needs a second
 * factor): the sendEmail call, the 60 s cool-down the server announces (or the wait it asks for when
 * a code was asked for too soon), and what to tell the user. The server answers the same whether or
 * not the address has an account, and so does this: "we sent a code to ...". The call and the
 * contract are loaded on use (account-contract.ts): /login uses this too.
 */

import type { EmailCodePurpose, StepUpAction } from '@bank/contract/account';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOfError, retryAfterSecondsOf } from '../lib/form-errors.ts';
import { useCooldown } from '../lib/use-cooldown.ts';
import { loadAccountContract, loadHttpClient } from './account-contract.ts';

export type SendEmailCode = {
  secondsLeft: number;
  hasSent: boolean;
  isSending: boolean;
  /** "We sent a code to ..." after a success, for a polite live region. */
  notice: string | null;
  /** Why the code could not be sent (too soon, too many), in the user's language. */
  error: string | null;
  /** Sends a code to the address; answers whether it was sent. */
  send: (email: string) => Promise<boolean>;
  /** Starts the cool-down without a call (the server sent the first code itself). */
  startCooldown: (seconds: number) => void;
};

/** A call that emails a code to an address and answers the wait before the next (card/sendCode for a cardholder's address). */
export type EmailCodeSender = (email: string) => Promise<{ resend_after_seconds: number }>;

/**
 * `purpose`: a purpose of the public sendEmail call, or a sender of another call that emails a code.
 * `action`: for a step-up code, what it confirms (its email names it).
 */
export function useSendEmailCode(purpose: EmailCodePurpose | EmailCodeSender, action?: StepUpAction): SendEmailCode {
  const { t } = useTranslation();
  const cooldown = useCooldown();
  const [hasSent, setHasSent] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const startCooldown = cooldown.start;

  const send = useCallback(
    async (email: string) => {
      setIsSending(true);
      setNotice(null);
      setError(null);
      try {
        const answer =
          typeof purpose === 'function'
            ? await purpose(email)
            : await Promise.all([loadHttpClient(), loadAccountContract()]).then(([{ callApi }, { sendEmail }]) =>
                callApi(sendEmail, { email, purpose, ...(action ? { action } : {}) }),
              );
        startCooldown(answer.resend_after_seconds);
        setHasSent(true);
        setNotice(t('auth.code.sent', { email: email.trim().toLowerCase() }));
        return true;
      } catch (caught) {
        setError(messageOfError(caught));
        const seconds = retryAfterSecondsOf(caught);
        if (seconds) startCooldown(seconds);
        return false;
      } finally {
        setIsSending(false);
      }
    },
    [purpose, action, startCooldown, t],
  );

  return {
    secondsLeft: cooldown.secondsLeft,
    hasSent,
    isSending,
    notice,
    error,
    send,
    startCooldown: cooldown.start,
  };
}
