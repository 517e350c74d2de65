/**
 * The decision block of a back-office review (a card application, a payout): a titled card that
 * offers Approve and Reject, then, once one is chosen, the page's own form to confirm it.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

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
