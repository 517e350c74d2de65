/**
 * Re-authentication before a sensitive change (verifyLoginPassword): the server asks for it with
 * `fresh_second_factor_required` when the session's second factor is older than 5 minutes. The
 * password and a second-factor code (or one of the user's passkeys: passkey-step-up.tsx) make it
 * fresh again, and the change is then repeated.
 * `useStepUpForm` wires it to a form, `useStepUpAction` to a button's action.
 */
import type { StepUpAction, UserInfo } from '@bank/contract/account';
import { useState } from 'react';
import { errorKeyOf, messageOfError } from '../lib/form-errors.ts';
import { showError } from '../lib/notify.ts';
import { lazyOverlay } from '../ui/lazy-overlay.tsx';

/** The dialog itself, with the account's English it shows (step-up-form.tsx), loaded when it first opens. */
const StepUpDialog = lazyOverlay(() => import('./step-up-form.tsx'));

/**
 * A form whose call may ask for a fresh second factor: the step-up dialog, then the same values
 * again. `action` names the change in the emailed code's message.
 */
export function useStepUpForm(action?: StepUpAction) {
  const [isStepUpOpen, setIsStepUpOpen] = useState(false);
  return {
    stepUpOptions: {
      handledErrors: ['fresh_second_factor_required' as const],
      onFailure: () => setIsStepUpOpen(true),
    },
    stepUpDialog: (user: UserInfo, resubmit: () => void) => (
      <StepUpDialog
        isOpen={isStepUpOpen}
        user={user}
        action={action}
        onClose={() => setIsStepUpOpen(false)}
        onVerified={() => {
          setIsStepUpOpen(false);
          resubmit();
        }}
      />
    ),
  };
}

/**
 * An action (not a form) that may ask for a fresh second factor: run it; on that answer the step-up
 * dialog opens and the action runs again once the user has confirmed who they are. Any other refusal
 * is shown as a notice in the user's language.
 */
export function useStepUpAction(user: UserInfo | undefined, action?: StepUpAction) {
  const [pending, setPending] = useState<(() => Promise<void>) | null>(null);
  const run = async (action: () => Promise<void>): Promise<void> => {
    try {
      await action();
    } catch (error) {
      if (errorKeyOf(error) === 'fresh_second_factor_required') {
        setPending(() => action);
        return;
      }
      const message = messageOfError(error);
      if (message) showError(message);
    }
  };
  const dialog = user ? (
    <StepUpDialog
      isOpen={pending !== null}
      user={user}
      action={action}
      onClose={() => setPending(null)}
      onVerified={() => {
        const action = pending;
        setPending(null);
        if (action) void run(action);
      }}
    />
  ) : null;
  return { run, dialog };
}
