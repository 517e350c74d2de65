/**
 * The decision block of a back-office review (a card application, a payout): a titled card that
 * offers Approve and Reject, then, once one is chosen, the page's own form to confirm it. And the
 * one check of a decision's reason the call's schema cannot make itself.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { fieldError } from '../lib/call-form.tsx';
import { focusFirstError } from '../lib/form-errors.ts';

export type ReviewChoice = 'approve' | 'reject';

export function ReviewDecisionCard({
  headingId,
  title,
  hint,
  approveLabel,
  rejectLabel,
  decision,
  onDecide,
  children,
}: {
  headingId: string;
  title: string;
  hint: string;
  approveLabel: string;
  rejectLabel: string;
  decision: ReviewChoice | null;
  onDecide: (decision: ReviewChoice) => void;
  /** The form confirming the decision chosen. */
  children: ReactNode;
}) {
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} fz="sm" id={headingId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        {decision === null ? (
          <Group gap="sm">
            <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => onDecide('approve')}>
              {approveLabel}
            </Button>
            <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={() => onDecide('reject')}>
              {rejectLabel}
            </Button>
          </Group>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}

/**
 * The submit of a decision that must say why: an empty reason is refused on its field ("Please fill
 * in the reason") and takes the focus, before any call; otherwise the form's own submit runs. Only
 * where the call's request schema cannot say it itself: its reason has a minimum length whose
 * message would misread an empty field, or the server requires it only in a case the schema cannot
 * see (a first deposit below the minimum). Where the schema requires the reason (a payout's or a
 * card application's rejection, a KYC decision, a programme order's decline), it says so already.
 */
export function submitRequiringReason<Values extends { reason: string }>(
  {
    form,
    submit,
  }: {
    form: Pick<UseFormReturnType<Values>, 'getValues' | 'setFieldError'>;
    submit: (event?: FormEvent<HTMLFormElement>) => void;
  },
  isReasonRequired = true,
): (event: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    if (isReasonRequired && form.getValues().reason.trim() === '') {
      event.preventDefault();
      form.setFieldError('reason', fieldError({ key: 'validation.reason_required' }));
      focusFirstError(event.currentTarget, { reason: true });
      return;
    }
    submit(event);
  };
}
