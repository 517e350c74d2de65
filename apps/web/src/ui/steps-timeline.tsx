/**
 * A transaction's steps as a timeline (the client's details page, the back office's deposit history),
 * and `useNamed`, the translated word for a value the server names.
 */
import type { TransactionStep } from '@bank/contract/transaction';

type Step = z.infer<typeof TransactionStep>;

import { Text, Timeline } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateTime } from './date-time.tsx';

/** A translated word for a value the server names (a step, a movement's kind), or the value itself if new. */
export function useNamed(prefix: string): (value: string) => string {
  const { t, i18n } = useTranslation();
  return (value) => {
    const key = `${prefix}.${value}`;
    return i18n.exists(key) ? t(key as never) : value;
  };
}

export function StepsTimeline({ steps, bulletSize }: { steps: readonly Step[]; bulletSize: number }) {
  const stepName = useNamed('transactions.detail.steps');
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
      {steps.map((step) => (
        <Timeline.Item
          key={`${step.step}-${step.at}`}
          component="li"
          bullet={<IconCheck size={bulletSize - 8} stroke={3} aria-hidden />}
          title={
            <Text component="span" size="sm" fw={500}>
              {stepName(step.step)}
            </Text>
          }
        >
          <Text size="xs" c="dimmed">
            <DateTime value={step.at} />
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
