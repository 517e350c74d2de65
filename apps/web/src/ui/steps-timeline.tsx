/**
 * A transaction's steps as a timeline (the client's details page, the back office's deposit history),
 * and `useNamed`, the translated word for a value the server names.
 */
import type { TransactionStep } from '@bank/contract/transaction';

type Step = z.infer<typeof TransactionStep>;

import { Text, Timeline } from '@mantine/core';
import { IconCheck, IconMinus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateTime } from './date-time.tsx';
import { useLabel } from './labels.ts';

/** A translated word for a value the server names (a step, a movement's kind), or the value itself if new. */
export function useNamed(prefix: string): (value: string) => string {
  const { t, i18n } = useTranslation();
  return (value) => {
    const key = `${prefix}.${value}`;
    return i18n.exists(key) ? t(key as never) : value;
  };
}

/**
 * How a step ended, for its bullet: a failure or refusal (a red cross), a withdrawal by the client
 * (a grey mark), or done (a tick). One list for the payout timeline and the transaction steps alike.
 */
export type StepOutcome = 'done' | 'failed' | 'withdrawn';

const failedSteps: ReadonlySet<string> = new Set([
  'failed',
  'approval_rejected',
  'review_rejected',
  'top_up_not_loaded',
  'returned',
]);
const withdrawnSteps: ReadonlySet<string> = new Set(['cancelled']);

export function stepOutcomeOf(step: string): StepOutcome {
  if (failedSteps.has(step)) return 'failed';
  return withdrawnSteps.has(step) ? 'withdrawn' : 'done';
}

const colourOfOutcome = { done: 'bank', failed: 'red', withdrawn: 'gray' } as const;

/** The bullet of a step: its outcome as a shape (not colour alone), hidden from screen readers (the title says it). */
export function StepBullet({ outcome, size }: { outcome: StepOutcome; size: number }) {
  if (outcome === 'failed') return <IconX size={size} stroke={3} aria-hidden />;
  if (outcome === 'withdrawn') return <IconMinus size={size} stroke={3} aria-hidden />;
  return <IconCheck size={size} stroke={3} aria-hidden />;
}

export function stepColourOf(outcome: StepOutcome): string {
  return colourOfOutcome[outcome];
}

export function StepsTimeline({ steps, bulletSize }: { steps: readonly Step[]; bulletSize: number }) {
  const stepName = useLabel('transaction_step');
  return (
    <Timeline
      active={steps.length - 1}
      bulletSize={bulletSize}
      lineWidth={2}
      color="bank"
      component="ol"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {steps.map((step) => {
        const outcome = stepOutcomeOf(step.step);
        return (
          <Timeline.Item
            key={`${step.step}-${step.at}`}
            component="li"
            color={stepColourOf(outcome)}
            bullet={<StepBullet outcome={outcome} size={bulletSize - 8} />}
            data-outcome={outcome}
            title={
              <Text component="span" size="sm" fw={500} c={outcome === 'failed' ? 'red.8' : undefined}>
                {stepName(step.step)}
              </Text>
            }
          >
            <Text size="xs" c="dimmed">
              <DateTime value={step.at} />
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
