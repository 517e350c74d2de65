/**
 * The card processor simulator's money controls for one card (back office, permission
 * card_operations, outside production: the server refuses them there): a purchase at a merchant,
 * settling, reversing or refunding the card's open purchases, a fee of the schedule, how the next
 * top-up load ends and completing the card's loads now. Each runs at the simulated processor and
 * the server applies it at once, so the client's screens show it on their next read.
 */

import type { CallDefinition, RequestOf, ResponseOf } from '@bank/contract/calls';
import {
  getSimulatorCardMoney,
  simulateCardFee,
  simulateCardLoads,
  simulateCardPurchase,
  simulateCardSettlement,
  simulatedLoadOutcomes,
} from '@bank/contract/card-money';
import { cardFeeKinds } from '@bank/contract/cards';
import { Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client.ts';
import { messageOfError } from '../../../lib/form-errors.ts';
import { showSuccess } from '../../../lib/notify.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { Amount, useAmountText } from '../../../ui/amount.tsx';
import { AmountInput } from '../../../ui/amount-input.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { TableSkeleton } from '../../../ui/skeletons.tsx';

/** Runs one control, then reads the card's state again; the failure is shown in the panel. */
function useControl() {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const run = async <Call extends CallDefinition>(
    name: string,
    call: Call,
    body: RequestOf<Call>,
    done: (answer: ResponseOf<Call>) => string,
  ) => {
    setFailure(null);
    setRunning(name);
    try {
      const answer = await callApi(call, body);
      showSuccess(done(answer));
      await queryClient.invalidateQueries();
    } catch (error) {
      setFailure(messageOfError(error));
    } finally {
      setRunning(null);
    }
  };
  return { run, failure, running };
}

type Control = ReturnType<typeof useControl>;
type SimulatorPurchase = ResponseOf<typeof getSimulatorCardMoney>['purchases'][number];

/** The simulator's messages, by their key under cards.money.simulator. */
function useSimulatorText() {
  const { t } = useTranslation();
  return (key: string, params?: Record<string, string | number>) =>
    t(`cards.money.simulator.${key}` as 'cards.money.simulator.title', params ?? {});
}

/** What a purchase can still become: an unsettled one settles or reverses, a settled one refunds (all or part). */
function PurchaseActions({
  line,
  refund,
  onRefundChange,
  run,
  settled,
}: {
  line: SimulatorPurchase;
  refund: string;
  onRefundChange: (value: string) => void;
  run: Control['run'];
  settled: (action: string) => () => string;
}) {
  const text = useSimulatorText();
  if (line.status === 'unsettled')
    return (
      <Group gap="xs" justify="flex-end">
        <Button
          size="xs"
          onClick={() =>
            void run(
              `settle-${line.transaction_id}`,
              simulateCardSettlement,
              { transaction_id: line.transaction_id, action: 'settle' },
              settled('settled'),
            )
          }
        >
          {text('purchases.settle')}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() =>
            void run(
              `reverse-${line.transaction_id}`,
              simulateCardSettlement,
              { transaction_id: line.transaction_id, action: 'reverse' },
              settled('reversed'),
            )
          }
        >
          {text('purchases.reverse')}
        </Button>
      </Group>
    );
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <AmountInput
        currency="USD"
        size="xs"
        w={140}
        aria-label={text('purchases.refund_amount')}
        value={refund}
        onChange={(event) => onRefundChange(event.currentTarget.value)}
      />
      <Button
        size="xs"
        variant="default"
        onClick={() => {
          const amount = refund.trim();
          void run(
            `refund-${line.transaction_id}`,
            simulateCardSettlement,
            {
              transaction_id: line.transaction_id,
              action: 'refund',
              ...(amount ? { amount } : {}),
            },
            settled('settled'),
          );
        }}
      >
        {text('purchases.refund')}
      </Button>
    </Group>
  );
}

/** How the processor answers the next top-ups, and completing those under way now. */
function LoadsSection({ cardId, run, running }: { cardId: string; run: Control['run']; running: string | null }) {
  const text = useSimulatorText();
  const [outcome, setOutcome] = useState<(typeof simulatedLoadOutcomes)[number]>('success');
  return (
    <Stack gap="sm" component="section" aria-label={text('loads.title')}>
      <Title order={3} fz="md">
        {text('loads.title')}
      </Title>
      <Select
        label={text('loads.outcome')}
        data={simulatedLoadOutcomes.map((value) => ({ value, label: text(`loads.outcomes.${value}`) }))}
        value={outcome}
        allowDeselect={false}
        onChange={(value) => setOutcome((value ?? 'success') as typeof outcome)}
        comboboxProps={{ withinPortal: true }}
      />
      <Group gap="sm">
        <Button
          variant="default"
          loading={running === 'outcome'}
          onClick={() =>
            void run('outcome', simulateCardLoads, { card_id: cardId, next_outcome: outcome }, () => text('loads.done'))
          }
        >
          {text('loads.set')}
        </Button>
        <Button
          loading={running === 'complete'}
          onClick={() =>
            void run('complete', simulateCardLoads, { card_id: cardId, complete_now: true }, () => text('loads.done'))
          }
        >
          {text('loads.complete')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Charges the card a fee of a kind, at its own amount or the programme's. */
function FeeSection({ cardId, run, running }: { cardId: string; run: Control['run']; running: string | null }) {
  const { t } = useTranslation();
  const text = useSimulatorText();
  const amountText = useAmountText();
  const [fee, setFee] = useState<{ kind: string; amount: string }>({ kind: 'monthly_service', amount: '' });
  return (
    <Stack gap="sm" component="section" aria-label={text('fee.title')}>
      <Title order={3} fz="md">
        {text('fee.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={text('fee.kind')}
          data={cardFeeKinds.map((kind) => ({ value: kind, label: t(`cards.money.fee_kinds.${kind}`) }))}
          value={fee.kind}
          allowDeselect={false}
          onChange={(kind) => setFee({ ...fee, kind: kind ?? 'monthly_service' })}
          comboboxProps={{ withinPortal: true }}
        />
        <AmountInput
          currency="USD"
          label={text('fee.amount')}
          value={fee.amount}
          onChange={(event) => setFee({ ...fee, amount: event.currentTarget.value })}
        />
        <Group align="flex-end">
          <Button
            variant="default"
            loading={running === 'fee'}
            onClick={() =>
              void run(
                'fee',
                simulateCardFee,
                {
                  card_id: cardId,
                  fee_kind: fee.kind as (typeof cardFeeKinds)[number],
                  ...(fee.amount.trim() ? { amount: fee.amount.trim() } : {}),
                },
                (line) => text('fee.done', { amount: amountText(line.amount, 'USD') }),
              )
            }
          >
            {text('fee.submit')}
          </Button>
        </Group>
      </SimpleGrid>
    </Stack>
  );
}

export function CardMoneySimulator({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const usdText = (value: string) => amountText(value, 'USD');
  const state = useScreenQuery(getSimulatorCardMoney, { card_id: cardId });
  const { run, failure, running } = useControl();
  const [purchase, setPurchase] = useState({ amount: '', merchant: '' });
  const [refunds, setRefunds] = useState<Record<string, string>>({});
  const text = useSimulatorText();
  const statusText = (status: string) =>
    t(`cards.money.transactions.statuses.${status}` as 'cards.money.transactions.statuses.settled');

  const submitPurchase = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(
      'purchase',
      simulateCardPurchase,
      { card_id: cardId, amount: purchase.amount.trim(), merchant_name: purchase.merchant.trim() },
      (line) =>
        line.status === 'declined'
          ? text('purchase.declined', {
              reason: t(`cards.money.transactions.decline_reasons.${line.decline_reason ?? 'insufficient_funds'}`),
            })
          : text('purchase.authorised', { amount: usdText(line.amount), merchant: line.merchant_name }),
    );
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="card-money-simulator-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="card-money-simulator-title">
            {text('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {text('intro')}
          </Text>
        </div>
        <FormAlert message={failure} />
        {state.isPending ? (
          <TableSkeleton rows={3} columns={3} />
        ) : state.isError ? (
          <LoadError error={state.error} onRetry={() => void state.refetch()} />
        ) : (
          <Stack gap={2}>
            <Text size="sm" fw={600} data-testid="simulator-card-state">
              •••• {state.data.last4} · {state.data.company_name} ·{' '}
              {text('state', {
                balance: usdText(state.data.balance),
                held: usdText(state.data.held),
                available: usdText(state.data.available),
              })}
            </Text>
            <Text size="sm" c="dimmed">
              {text('loads_under_way', { count: state.data.loads_under_way })}
            </Text>
          </Stack>
        )}

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <form onSubmit={submitPurchase} aria-label={text('purchase.title')}>
            <Stack gap="sm">
              <Title order={3} fz="md">
                {text('purchase.title')}
              </Title>
              <AmountInput
                currency="USD"
                label={text('purchase.amount')}
                value={purchase.amount}
                onChange={(event) => setPurchase({ ...purchase, amount: event.currentTarget.value })}
              />
              <TextInput
                label={text('purchase.merchant')}
                value={purchase.merchant}
                maxLength={60}
                onChange={(event) => setPurchase({ ...purchase, merchant: event.currentTarget.value })}
              />
              <Group>
                <Button type="submit" loading={running === 'purchase'}>
                  {text('purchase.submit')}
                </Button>
              </Group>
            </Stack>
          </form>

          <LoadsSection cardId={cardId} run={run} running={running} />
        </SimpleGrid>

        <Stack gap="sm" component="section" aria-label={text('purchases.title')}>
          <Title order={3} fz="md">
            {text('purchases.title')}
          </Title>
          {(state.data?.purchases.length ?? 0) === 0 ? (
            <Text size="sm" c="dimmed">
              {text('purchases.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs">
                <Table.Tbody>
                  {state.data?.purchases.map((line) => {
                    const settled = (action: string) => () =>
                      text('purchases.done', { merchant: line.merchant_name, status: statusText(action) });
                    return (
                      <Table.Tr key={line.transaction_id} data-testid="simulator-purchase">
                        <Table.Td>
                          <Text size="sm">{line.merchant_name}</Text>
                          <Text size="xs" c="dimmed">
                            {statusText(line.status)}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Amount value={line.amount} currency="USD" size="sm" />
                        </Table.Td>
                        <Table.Td>
                          <PurchaseActions
                            line={line}
                            refund={refunds[line.transaction_id] ?? ''}
                            onRefundChange={(value) => setRefunds({ ...refunds, [line.transaction_id]: value })}
                            run={run}
                            settled={settled}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>

        <FeeSection cardId={cardId} run={run} running={running} />
      </Stack>
    </Card>
  );
}
