/**
 * The card processor simulator's failures (back office, permission card_operations, outside
 * production: the server refuses them there): the fault in force, and setting one (no answer, or a
 * malformed one) for the next requests the product sends the processor or until cleared, so that
 * staff see what a client meets when the processor is down. Each change is audited by the server.
 */
import {
  getSimulatorProcessorFault,
  maxSimulatedFaultCalls,
  type SimulatorProcessorFault,
  setSimulatorProcessorFault,
} from '@bank/contract/card-money';
import { type CardProcessorFault, cardProcessorFaults } from '@bank/contract/cards';
import { Alert, Button, Card, Checkbox, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client.ts';
import { messageOfError } from '../../../lib/form-errors.ts';
import { showSuccess } from '../../../lib/notify.ts';
import { queryKeyOf, useScreenQuery } from '../../../lib/screen-query.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { TableSkeleton } from '../../../ui/skeletons.tsx';

function FaultState({ state }: { state: SimulatorProcessorFault }) {
  const { t } = useTranslation();
  if (!state.fault)
    return (
      <Text size="sm" data-testid="processor-fault-state">
        {t('cards.admin.processor.state_none')}
      </Text>
    );
  const fault = t(`cards.admin.processor.faults.${state.fault}`);
  return (
    <Alert color="orange" variant="light" icon={<IconPlugConnectedX size={18} aria-hidden />}>
      <Text size="sm" c="var(--mantine-color-text)" data-testid="processor-fault-state">
        {state.calls_left === null
          ? t('cards.admin.processor.state_until_cleared', { fault })
          : t('cards.admin.processor.state_calls', { fault, count: state.calls_left })}
      </Text>
    </Alert>
  );
}

export function CardProcessorFaultPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useScreenQuery(getSimulatorProcessorFault, {});
  const [fault, setFault] = useState<CardProcessorFault>('unavailable');
  const [calls, setCalls] = useState<number | string>(1);
  const [isUntilCleared, setIsUntilCleared] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState<'set' | 'clear' | null>(null);

  const send = async (which: 'set' | 'clear') => {
    setFailure(null);
    setRunning(which);
    try {
      const body =
        which === 'clear' ? { fault: null, calls: null } : { fault, calls: isUntilCleared ? null : Number(calls) || 1 };
      const answer = await callApi(setSimulatorProcessorFault, body);
      queryClient.setQueryData(queryKeyOf(getSimulatorProcessorFault, {}), answer);
      showSuccess(t(which === 'clear' ? 'cards.admin.processor.done_cleared' : 'cards.admin.processor.done_set'));
    } catch (error) {
      setFailure(messageOfError(error));
    } finally {
      setRunning(null);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send('set');
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="processor-fault-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="processor-fault-title">
            {t('cards.admin.processor.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('cards.admin.processor.description')}
          </Text>
        </div>
        <FormAlert message={failure} />
        {state.isPending ? (
          <TableSkeleton rows={1} columns={1} />
        ) : state.isError ? (
          <LoadError error={state.error} onRetry={() => void state.refetch()} />
        ) : (
          <FaultState state={state.data} />
        )}
        <form onSubmit={submit} noValidate aria-label={t('cards.admin.processor.title')}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              id="processor-fault"
              label={t('cards.admin.processor.fault')}
              data={cardProcessorFaults.map((value) => ({
                value,
                label: t(`cards.admin.processor.faults.${value}`),
              }))}
              value={fault}
              allowDeselect={false}
              onChange={(value) => setFault((value ?? 'unavailable') as CardProcessorFault)}
              comboboxProps={{ withinPortal: true }}
              w={240}
            />
            <NumberInput
              id="processor-fault-calls"
              label={t('cards.admin.processor.calls')}
              min={1}
              max={maxSimulatedFaultCalls}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={calls}
              onChange={setCalls}
              disabled={isUntilCleared}
              w={180}
            />
            <Checkbox
              label={t('cards.admin.processor.until_cleared')}
              checked={isUntilCleared}
              onChange={(event) => setIsUntilCleared(event.currentTarget.checked)}
              mb={8}
            />
            <Button type="submit" loading={running === 'set'}>
              {t('cards.admin.processor.set')}
            </Button>
            <Button
              variant="default"
              loading={running === 'clear'}
              disabled={!state.data?.fault}
              onClick={() => void send('clear')}
            >
              {t('cards.admin.processor.clear')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
