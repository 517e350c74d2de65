/**
 * The pre-order form of a contract (programme/orders/create, for programme_order holders): the
 * quantity (the contract's minimum and what remains shown beside it), the card level and network,
 * the delivery type, the mailing address of the printed cards and the stable coin to pay from; the
 * total held appears as the quantity is typed. The server's refusals (below the minimum, above what
 * remains, an ended contract, an insufficient balance) arrive in the user's language.
 */
import { type CardFundingAsset, type CardLevel, cardFundingAssets, cardNetworks } from '@bank/contract/cards';
import { cardLevels } from '@bank/contract/constants';
import { deliveryTypes, type ProgrammeContract } from '@bank/contract/programme';
import { createPreOrder } from '@bank/contract/programme-orders';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../lib/call-form.tsx';
import { showSuccess } from '../../lib/notify.ts';
import { Amount } from '../../ui/amount.tsx';
import { CountrySelect } from '../../ui/country-select.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { orderTotalUsd } from './order-total.ts';

type Values = {
  quantity: number | string;
  level: CardLevel;
  network: string;
  delivery_type: string;
  mailing_address: { line1: string; line2: string; city: string; state: string; country: string; postal_code: string };
  asset: CardFundingAsset;
};

export function PreOrderDialog({
  isOpen,
  onClose,
  contract,
  unitPriceByLevel,
}: {
  isOpen: boolean;
  onClose: () => void;
  contract: ProgrammeContract;
  unitPriceByLevel: Record<CardLevel, string>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: createPreOrder,
    initialValues: {
      quantity: contract.minimum_order_quantity,
      level: 'premier',
      network: 'visa',
      delivery_type: 'standard_post',
      mailing_address: { line1: '', line2: '', city: '', state: '', country: '', postal_code: '' },
      asset: 'USDT',
    } as Values,
    toRequest: (values) => ({ contract_id: contract.id, ...values }),
    onSuccess: async (order) => {
      showSuccess(t('programme.order_form.done', { number: order.order_number }));
      form.reset();
      onClose();
      await queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/v1/programme/'),
      });
    },
  });
  const unitPrice = unitPriceByLevel[form.values.level];
  const total = orderTotalUsd(unitPrice, form.values.quantity);
  const max = contract.remaining_quantity;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('programme.order_form.title')} size="lg">
      <form noValidate onSubmit={submit} style={readableErrorColour}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <NumberInput
            id="pre-order-quantity"
            label={t('programme.fields.quantity')}
            description={t('programme.order_form.quantity_hint', { min: contract.minimum_order_quantity, max })}
            min={1}
            max={max}
            allowDecimal={false}
            required
            {...form.getInputProps('quantity')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="pre-order-level-label">
                {t('programme.order_form.level')}
              </Text>
              <SegmentedControl
                aria-labelledby="pre-order-level-label"
                data={cardLevels.map((level) => ({ value: level, label: t(`cards.applications.levels.${level}`) }))}
                {...form.getInputProps('level')}
              />
            </Stack>
            <Select
              label={t('programme.order_form.network')}
              allowDeselect={false}
              data={cardNetworks.map((network) => ({
                value: network,
                label: t(`cards.applications.networks.${network}`),
              }))}
              {...form.getInputProps('network')}
            />
            <Select
              label={t('programme.fields.delivery_type')}
              allowDeselect={false}
              data={deliveryTypes.map((type) => ({ value: type, label: t(`programme.delivery_types.${type}`) }))}
              {...form.getInputProps('delivery_type')}
            />
            <Select
              label={t('programme.order_form.asset')}
              allowDeselect={false}
              data={cardFundingAssets.map((asset) => ({ value: asset, label: asset }))}
              {...form.getInputProps('asset')}
            />
          </SimpleGrid>
          <Title order={3} fz="sm" fw={600}>
            {t('programme.order_form.address_title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('programme.order_form.line1')}
              required
              {...form.getInputProps('mailing_address.line1')}
            />
            <TextInput label={t('programme.order_form.line2')} {...form.getInputProps('mailing_address.line2')} />
            <TextInput
              label={t('programme.order_form.city')}
              required
              {...form.getInputProps('mailing_address.city')}
            />
            <TextInput label={t('programme.order_form.state')} {...form.getInputProps('mailing_address.state')} />
            <CountrySelect
              label={t('programme.order_form.country')}
              required
              {...form.getInputProps('mailing_address.country')}
            />
            <TextInput
              label={t('programme.order_form.postal_code')}
              {...form.getInputProps('mailing_address.postal_code')}
            />
          </SimpleGrid>
          <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Text size="sm" fw={500}>
                  {t('programme.order_form.total')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('programme.order_form.unit_price', { price: unitPrice })}
                </Text>
              </Stack>
              {total ? (
                <Amount value={total} currency="USD" fz="lg" fw={700} data-testid="pre-order-total" />
              ) : (
                <Text>—</Text>
              )}
            </Group>
            <Text size="xs" c="dimmed" mt={6}>
              {t('programme.order_form.total_note', { asset: form.values.asset })}
            </Text>
          </Paper>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('programme.order_form.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('programme.order_form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
