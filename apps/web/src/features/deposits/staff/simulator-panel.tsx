/**
 * /admin/deposits, "Simulator": make a bank transfer arrive, send coins, add blocks. The server refuses
 * in production; its refusal shows where the simulator is used.
 */
import { simulateBankCredit, simulateBlocks, simulateIncomingDeposit } from '@bank/contract/deposit';
import {
  type DigitalAsset,
  digitalAssets,
  type FiatCurrency,
  fiatCurrencies,
  type Network,
  networksOfAsset,
} from '@bank/contract/money';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBuildingBank, IconCoins, IconFlask } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../../lib/call-form.tsx';
import { showSuccess } from '../../../lib/notify.ts';
import { useAmountText } from '../../../ui/amount.tsx';
import { AmountInput } from '../../../ui/amount-input.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { readableErrorColour } from '../../../ui/readable-colour.ts';
import { monospaceInput, refreshBackOffice } from './deposit-operations-parts.tsx';

function SimulatorCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} fz="md" id={id}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

function BankCreditSimulator() {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: simulateBankCredit,
    initialValues: { currency: 'USD' as FiatCurrency, amount: '', reference: '', sender: '' },
    toRequest: (values) => ({ ...values, amount: values.amount.trim() }),
    onSuccess: async (answer) => {
      showSuccess(
        t('deposits.staff.simulator.bank_credit.done', {
          amount: amountText(answer.amount, answer.currency),
          currency: answer.currency,
          sender: answer.sender,
        }),
      );
      form.setFieldValue('amount', '');
      await refreshBackOffice(queryClient);
    },
  });
  const values = form.getValues();
  return (
    <SimulatorCard
      id="simulator-bank-credit"
      title={t('deposits.staff.simulator.bank_credit.title')}
      description={t('deposits.staff.simulator.bank_credit.description')}
    >
      <form noValidate onSubmit={submit} style={readableErrorColour} aria-labelledby="simulator-bank-credit">
        <Stack gap="sm">
          <FormAlert message={formError} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={t('deposits.staff.simulator.bank_credit.currency')}
              data={[...fiatCurrencies]}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('currency')}
            />
            <AmountInput
              label={t('deposits.staff.simulator.bank_credit.amount')}
              currency={values.currency}
              withAsterisk
              {...form.getInputProps('amount')}
            />
          </SimpleGrid>
          <TextInput
            label={t('deposits.staff.simulator.bank_credit.reference')}
            autoComplete="off"
            withAsterisk
            styles={monospaceInput}
            {...form.getInputProps('reference')}
          />
          <TextInput
            label={t('deposits.staff.simulator.bank_credit.sender')}
            autoComplete="off"
            withAsterisk
            {...form.getInputProps('sender')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} leftSection={<IconBuildingBank size={16} aria-hidden />}>
              {t('deposits.staff.simulator.bank_credit.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SimulatorCard>
  );
}

function CoinsSimulator() {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: simulateIncomingDeposit,
    initialValues: { address: '', asset: 'USDT' as DigitalAsset, network: 'ERC20' as Network, amount: '' },
    toRequest: (values) => ({ ...values, address: values.address.trim(), amount: values.amount.trim() }),
    onSuccess: async (answer) => {
      showSuccess(
        t('deposits.staff.simulator.coins.done', {
          amount: amountText(answer.amount, answer.asset),
          asset: answer.asset,
          network: answer.network,
          required: answer.confirmations_required,
        }),
      );
      form.setFieldValue('amount', '');
      await refreshBackOffice(queryClient);
    },
  });
  const values = form.getValues();
  return (
    <SimulatorCard
      id="simulator-coins"
      title={t('deposits.staff.simulator.coins.title')}
      description={t('deposits.staff.simulator.coins.description')}
    >
      <form noValidate onSubmit={submit} style={readableErrorColour} aria-labelledby="simulator-coins">
        <Stack gap="sm">
          <FormAlert message={formError} />
          <TextInput
            label={t('deposits.staff.simulator.coins.address')}
            autoComplete="off"
            withAsterisk
            styles={monospaceInput}
            {...form.getInputProps('address')}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Select
              label={t('deposits.staff.simulator.coins.asset')}
              data={[...digitalAssets]}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('asset')}
              onChange={(value) => {
                const asset = (value ?? 'USDT') as DigitalAsset;
                form.setFieldValue('asset', asset);
                // A network the new asset does not travel on gives way to its first.
                if (!networksOfAsset[asset].includes(values.network))
                  form.setFieldValue('network', networksOfAsset[asset][0] ?? values.network);
              }}
            />
            <Select
              label={t('deposits.staff.simulator.coins.network')}
              data={[...networksOfAsset[values.asset]]}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('network')}
            />
            <AmountInput
              label={t('deposits.staff.simulator.coins.amount')}
              currency={values.asset}
              withAsterisk
              {...form.getInputProps('amount')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} leftSection={<IconCoins size={16} aria-hidden />}>
              {t('deposits.staff.simulator.coins.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SimulatorCard>
  );
}

function BlocksSimulator() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: simulateBlocks,
    initialValues: { blocks: 1 as number | string },
    toRequest: (values) => ({ blocks: values.blocks === '' ? undefined : Number(values.blocks) }),
    onSuccess: async (answer) => {
      showSuccess(t('deposits.staff.simulator.blocks.done', { count: answer.credited }));
      await refreshBackOffice(queryClient);
    },
  });
  return (
    <SimulatorCard
      id="simulator-blocks"
      title={t('deposits.staff.simulator.blocks.title')}
      description={t('deposits.staff.simulator.blocks.description')}
    >
      <form noValidate onSubmit={submit} style={readableErrorColour} aria-labelledby="simulator-blocks">
        <Stack gap="sm">
          <FormAlert message={formError} />
          <Group align="flex-end" gap="sm">
            <NumberInput
              label={t('deposits.staff.simulator.blocks.blocks')}
              min={1}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              w={140}
              withAsterisk
              {...form.getInputProps('blocks')}
            />
            <Button type="submit" loading={isSubmitting}>
              {t('deposits.staff.simulator.blocks.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SimulatorCard>
  );
}

export function SimulatorPanel() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Alert color="yellow" variant="light" icon={<IconFlask size={18} aria-hidden />}>
        <Text size="sm" c="var(--mantine-color-text)">
          {t('deposits.staff.simulator.note')}
        </Text>
      </Alert>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <BankCreditSimulator />
        <Stack gap="lg">
          <CoinsSimulator />
          <BlocksSimulator />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
