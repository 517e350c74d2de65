import type { FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { submitRequiringReason } from './review-decision.tsx';

/** A decision's form as the check sees it: its reason, the errors set on it, whether it was sent. */
function decisionForm(reason: string) {
  const errors: string[] = [];
  const sent: unknown[] = [];
  const form = {
    getValues: () => ({ reason }),
    setFieldError: (path: string) => {
      errors.push(path);
    },
  };
  return { form, submit: (event?: unknown) => sent.push(event), errors, sent };
}

/** The form's submit event, as far as the check reads it (no form element here: nothing to focus). */
function submitEvent() {
  let isPrevented = false;
  const fields = { currentTarget: null, preventDefault: () => (isPrevented = true) };
  return { event: fields as unknown as FormEvent<HTMLFormElement>, isPrevented: () => isPrevented };
}

describe('a decision that must say why', () => {
  it('refuses an empty or blank reason on its field, before any call', () => {
    for (const reason of ['', '   \n']) {
      const decision = decisionForm(reason);
      const { event, isPrevented } = submitEvent();
      submitRequiringReason(decision)(event);
      expect(decision.errors).toEqual(['reason']);
      expect(decision.sent).toEqual([]);
      expect(isPrevented()).toBe(true);
    }
  });

  it('sends a decision with its reason', () => {
    const decision = decisionForm('The sender asked for it back');
    const { event } = submitEvent();
    submitRequiringReason(decision)(event);
    expect(decision.errors).toEqual([]);
    expect(decision.sent).toEqual([event]);
  });

  it('sends an empty reason where the case does not require one (a credit above the minimum)', () => {
    const decision = decisionForm('');
    submitRequiringReason(decision, false)(submitEvent().event);
    expect(decision.errors).toEqual([]);
    expect(decision.sent).toHaveLength(1);
  });
});
