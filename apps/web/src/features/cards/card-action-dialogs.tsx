/**
 * The actions on a card, each in its own dialog, offered only when the card's `allowed_actions`
 * (the contract's transition table) allow them: activation with the letter's two codes, the PIN
 * (twice, masked, after a fresh second factor), a block (temporary, or final with the replacement
 * fee shown and an explicit confirmation), unblocking, a replacement, the replacement fee a final
 * block could not take, and the mailing address.
 */
import {
  activateCard,
  type BlockKind,
  blockCard,
  blockKinds,
  changeMailingAddress,
  getAnnualConfig,
  getReplaceConfig,
  payReplacementFee,
  replaceCard,
  setCardPin,
  unblockCard,
} from '@bank/contract/card-management';
import type { Card } from '@bank/contract/cards';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../api/user-info.ts';
import { fieldError, useCallForm } from '../../lib/call-form.tsx';
import { showSuccess } from '../../lib/notify.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { AddressLines, addressInOneLine } from '../../ui/card-summary.tsx';
import { CodeInput } from '../../ui/code-input.tsx';
import { CountrySelect } from '../../ui/country-select.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { LabelledValue } from '../../ui/labelled-value.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { Textarea } from '../../ui/textarea.tsx';
import { useStepUpForm } from '../../widgets/step-up-dialog.tsx';
import { FeeAssetPicker, refreshCardData } from './card-parts.tsx';

export type CardDialogKind =
  | 'activate'
  | 'set_pin'
  | 'block'
  | 'unblock'
  | 'replace'
  | 'pay_replacement_fee'
  | 'change_mailing_address';

type DialogProps = { card: Card; onDone: () => void };

function Actions({
  onCancel,
  isSubmitting,
  cancel,
  submit,
  colour,
}: {
  onCancel: () => void;
  isSubmitting: boolean;
  cancel: string;
  submit: string;
  colour?: string;
}) {
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap">
      <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
        {cancel}
      </Button>
      <Button type="submit" loading={isSubmitting} color={colour}>
        {submit}
      </Button>
    </Group>
  );
}

/** Done: the notice, the card data loaded again, the dialog closed. */
function useDone(onDone: () => void) {
  const queryClient = useQueryClient();
  return async (message: string) => {
    showSuccess(message);
    onDone();
    await refreshCardData(queryClient);
  };
}

/** The first annual fee activation charges (none for a programme card or a replacement), shown before it. */
function ActivationFee({ config }: { config: ReturnType<typeof useAnnualConfig> }) {
  const { t } = useTranslation();
  if (config.isPending) return <Skeleton height={48} radius="sm" />;
  if (config.isError) return <LoadError error={config.error} onRetry={() => void config.refetch()} />;
  const { activation_fee: fee, auto_renewal_asset: asset, activation_costs: costs } = config.data;
  if (fee === null) return null;
  const cost = costs.find((each) => each.asset === asset)?.amount ?? '';
  return (
    <LabelledValue label={t('cards.activate.first_fee')}>
      <Stack gap={2}>
        <Amount value={fee} currency="USD" fw={600} data-testid="activation-fee" />
        <Text size="xs" c="dimmed">
          {t('cards.activate.first_fee_hint', { asset, cost })}
        </Text>
      </Stack>
    </LabelledValue>
  );
}

function useAnnualConfig(card: Card) {
  return useScreenQuery(getAnnualConfig, { card_id: card.id });
}

function ActivateForm({ card, onDone }: DialogProps) {
  const { t } = useTranslation();
  const done = useDone(onDone);
  const config = useAnnualConfig(card);
  const fee = config.data?.activation_fee ?? null;
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: activateCard,
    initialValues: { kit_code: '', activation_code: '' },
    // The first annual fee shown above comes back with the codes: the server charges it or refuses.
    toRequest: (values) => ({
      card_id: card.id,
      ...values,
      ...(fee === null ? {} : { fee_quote: { amount: fee, asset: 'USD' as const } }),
    }),
    fieldOfError: { activate_card_failed: 'activation_code' },
    onSuccess: () => done(t('cards.activate.done', { last4: card.last4 })),
  });
  return (
    <form noValidate onSubmit={submit} style={readableErrorColour}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('cards.activate.description')}
        </Text>
        <FormAlert message={formError} />
        <CodeInput
          id="card-kit-code"
          label={t('cards.activate.kit_code')}
          description={t('cards.activate.kit_code_hint')}
          length={10}
          autoComplete="off"
          required
          data-autofocus
          {...form.getInputProps('kit_code')}
        />
        <CodeInput
          id="card-activation-code"
          label={t('cards.activate.activation_code')}
          description={t('cards.activate.activation_code_hint')}
          length={6}
          autoComplete="off"
          required
          {...form.getInputProps('activation_code')}
        />
        <ActivationFee config={config} />
        <Actions
          onCancel={onDone}
          isSubmitting={isSubmitting}
          cancel={t('cards.activate.cancel')}
          submit={t('cards.activate.submit')}
        />
      </Stack>
    </form>
  );
}

function PinForm({ card, onDone }: DialogProps) {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  const done = useDone(onDone);
  const { stepUpOptions, stepUpDialog } = useStepUpForm('card');
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: setCardPin,
    initialValues: { pin: '', pin_confirmation: '' },
    toRequest: (values) => ({ card_id: card.id, ...values }),
    ...stepUpOptions,
    onSuccess: () => done(t('cards.pin.done', { last4: card.last4 })),
  });
  const digitsOnly = (field: 'pin' | 'pin_confirmation') => ({
    ...form.getInputProps(field),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(field, event.currentTarget.value.replace(/\D/g, '').slice(0, 4)),
  });
  return (
    <>
      <form noValidate onSubmit={submit} style={readableErrorColour}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('cards.pin.description')}
          </Text>
          <FormAlert message={formError} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <PasswordInput
              id="card-pin"
              label={t('cards.pin.pin')}
              inputMode="numeric"
              autoComplete="off"
              required
              data-autofocus
              {...digitsOnly('pin')}
            />
            <PasswordInput
              id="card-pin-confirmation"
              label={t('cards.pin.pin_confirmation')}
              inputMode="numeric"
              autoComplete="off"
              required
              {...digitsOnly('pin_confirmation')}
            />
          </SimpleGrid>
          <Actions
            onCancel={onDone}
            isSubmitting={isSubmitting}
            cancel={t('cards.pin.cancel')}
            submit={t('cards.pin.submit')}
          />
        </Stack>
      </form>
      {user ? stepUpDialog(user, submit) : null}
    </>
  );
}

/** The replacement's fee and where it goes, loaded for the dialogs that charge it. */
function useReplaceConfig(card: Card, isNeeded: boolean) {
  return useScreenQuery(getReplaceConfig, { card_id: card.id }, { enabled: isNeeded });
}

function FeeSummary({ config }: { config: ReturnType<typeof useReplaceConfig> }) {
  const { t } = useTranslation();
  if (config.isPending) return <Skeleton height={64} radius="sm" />;
  if (config.isError) return <LoadError error={config.error} onRetry={() => void config.refetch()} />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <LabelledValue label={t('cards.block.fee')}>
        <Amount value={config.data.fee} currency="USD" fw={600} />
      </LabelledValue>
      <LabelledValue label={t('cards.replace.mailed_to')}>
        <AddressLines address={config.data.mailing_address} />
      </LabelledValue>
    </SimpleGrid>
  );
}

/** The fee on screen, carried back by the action that charges it (the server refuses another). */
function quoteOf(config: ReturnType<typeof useReplaceConfig>) {
  return config.data ? { fee_quote: { amount: config.data.fee, asset: 'USD' as const } } : {};
}

type BlockValues = { kind: BlockKind; reason: string; asset: string; is_confirmed: boolean };

function BlockForm({ card, onDone }: DialogProps) {
  const { t } = useTranslation();
  const done = useDone(onDone);
  const offered = blockKinds.filter((kind) =>
    card.allowed_actions.includes(
      kind === 'temporary' ? 'block' : kind === 'lost_stolen' ? 'block_lost_stolen' : 'block_damaged',
    ),
  );
  const config = useReplaceConfig(card, offered.length > 1 || offered[0] !== 'temporary');
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: blockCard,
    initialValues: { kind: offered[0] ?? 'temporary', reason: '', asset: 'USDC', is_confirmed: false } as BlockValues,
    toRequest: ({ kind, reason, asset }: BlockValues) => ({
      card_id: card.id,
      kind,
      reason,
      ...(kind === 'temporary' ? {} : { asset, ...quoteOf(config) }),
    }),
    validateAlso: (values: BlockValues) =>
      values.kind !== 'temporary' && !values.is_confirmed
        ? { is_confirmed: fieldError({ key: 'validation.required' }) }
        : {},
    onSuccess: (answer, body) =>
      done(
        t(
          body.kind === 'temporary'
            ? 'cards.block.done'
            : answer.replacement_fee_owed
              ? 'cards.block.done_fee_owed'
              : 'cards.block.done_final',
          { last4: card.last4 },
        ),
      ),
  });
  const values = form.getValues();
  const isFinal = values.kind !== 'temporary';
  return (
    <form noValidate onSubmit={submit} style={readableErrorColour}>
      <Stack gap="md">
        <FormAlert message={formError} />
        <Stack gap={6}>
          <Text component="label" htmlFor="card-block-kind" size="sm" fw={500}>
            {t('cards.block.kind_label')}
          </Text>
          <SegmentedControl
            id="card-block-kind"
            fullWidth
            data={offered.map((kind) => ({ value: kind, label: t(`cards.block.kinds.${kind}`) }))}
            {...form.getInputProps('kind')}
          />
          <Text size="xs" c="dimmed">
            {t(`cards.block.kind_hints.${values.kind}`)}
          </Text>
        </Stack>
        <Textarea
          id="card-block-reason"
          label={t('cards.block.reason')}
          description={t('cards.block.reason_hint')}
          autosize
          minRows={2}
          required
          {...form.getInputProps('reason')}
        />
        {isFinal ? (
          <>
            <FeeSummary config={config} />
            {config.data ? (
              <FeeAssetPicker
                id="card-block-asset"
                label={t('cards.block.asset')}
                costs={config.data.costs}
                {...form.getInputProps('asset')}
              />
            ) : null}
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={t('cards.block.final_warning_title')}
            >
              <Text size="sm" c="var(--mantine-color-text)">
                {t('cards.block.final_warning', {
                  address: config.data ? addressInOneLine(config.data.mailing_address) : '',
                })}
              </Text>
            </Alert>
            <Checkbox
              id="card-block-confirm"
              label={t('cards.block.confirm_final')}
              {...form.getInputProps('is_confirmed', { type: 'checkbox' })}
            />
          </>
        ) : null}
        <Actions
          onCancel={onDone}
          isSubmitting={isSubmitting}
          cancel={t('cards.block.cancel')}
          submit={t(isFinal ? 'cards.block.submit_final' : 'cards.block.submit')}
          colour="red"
        />
      </Stack>
    </form>
  );
}

function UnblockForm({ card, onDone }: DialogProps) {
  const { t } = useTranslation();
  const done = useDone(onDone);
  const { submit, formError, isSubmitting } = useCallForm({
    call: unblockCard,
    initialValues: {},
    toRequest: () => ({ card_id: card.id }),
    onSuccess: () => done(t('cards.unblock.done', { last4: card.last4 })),
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">{t('cards.unblock.description')}</Text>
        <FormAlert message={formError} />
        <Actions
          onCancel={onDone}
          isSubmitting={isSubmitting}
          cancel={t('cards.unblock.cancel')}
          submit={t('cards.unblock.submit')}
        />
      </Stack>
    </form>
  );
}

function ReplaceForm({ card, onDone }: DialogProps) {
  return (
    <ReplacementFeeForm card={card} onDone={onDone} call={replaceCard} texts="replace" assetId="card-replace-asset" />
  );
}

/** The fee a final block could not take, paid now: the replacement is then ordered. */
function PayReplacementFeeForm({ card, onDone }: DialogProps) {
  return (
    <ReplacementFeeForm
      card={card}
      onDone={onDone}
      call={payReplacementFee}
      texts="pay_replacement_fee"
      assetId="card-replacement-fee-asset"
    />
  );
}

/** A replacement's fee as getReplaceConfig shows it, paid from the chosen coin, and the replacement ordered. */
function ReplacementFeeForm({
  card,
  onDone,
  call,
  texts,
  assetId,
}: DialogProps & {
  call: typeof replaceCard | typeof payReplacementFee;
  texts: 'replace' | 'pay_replacement_fee';
  assetId: string;
}) {
  const { t } = useTranslation();
  const done = useDone(onDone);
  const config = useReplaceConfig(card, true);
  const { form, submit, formError, isSubmitting } = useCallForm({
    call,
    initialValues: { asset: 'USDC' },
    toRequest: (values) => ({
      card_id: card.id,
      ...values,
      fee_quote: { amount: config.data?.fee ?? '', asset: 'USD' },
    }),
    onSuccess: () => done(t(`cards.${texts}.done`, { last4: card.last4 })),
  });
  return (
    <form noValidate onSubmit={submit} style={readableErrorColour}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t(`cards.${texts}.description`)}
        </Text>
        <FormAlert message={formError} />
        <FeeSummary config={config} />
        {config.data ? (
          <FeeAssetPicker
            id={assetId}
            label={t('cards.block.asset')}
            costs={config.data.costs}
            {...form.getInputProps('asset')}
          />
        ) : null}
        <Actions
          onCancel={onDone}
          isSubmitting={isSubmitting}
          cancel={t(`cards.${texts}.cancel`)}
          submit={t(`cards.${texts}.submit`)}
        />
      </Stack>
    </form>
  );
}

function AddressForm({ card, onDone }: DialogProps) {
  const { t } = useTranslation();
  const done = useDone(onDone);
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: changeMailingAddress,
    initialValues: { ...card.mailing_address },
    toRequest: (values) => ({ card_id: card.id, mailing_address: values }),
    onSuccess: () => done(t('cards.address.done')),
  });
  // The contract's errors name `mailing_address.<field>`; the form's fields are the address's own.
  const field = (name: keyof Card['mailing_address']) => {
    const props = form.getInputProps(name);
    return { ...props, error: props.error ?? form.errors[`mailing_address.${name}`] };
  };
  return (
    <form noValidate onSubmit={submit} style={readableErrorColour}>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          id="card-address-line1"
          label={t('cards.address.line1')}
          required
          data-autofocus
          {...field('line1')}
        />
        <TextInput id="card-address-line2" label={t('cards.address.line2')} {...field('line2')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput id="card-address-city" label={t('cards.address.city')} required {...field('city')} />
          <TextInput id="card-address-state" label={t('cards.address.state')} {...field('state')} />
          <TextInput id="card-address-postal-code" label={t('cards.address.postal_code')} {...field('postal_code')} />
          <CountrySelect
            id="card-address-country"
            label={t('cards.address.country')}
            required
            {...field('country')}
            onChange={(value) => form.setFieldValue('country', value ?? '')}
          />
        </SimpleGrid>
        <Actions
          onCancel={onDone}
          isSubmitting={isSubmitting}
          cancel={t('cards.address.cancel')}
          submit={t('cards.address.submit')}
        />
      </Stack>
    </form>
  );
}

const forms: Record<CardDialogKind, (props: DialogProps) => ReactNode> = {
  activate: ActivateForm,
  set_pin: PinForm,
  block: BlockForm,
  unblock: UnblockForm,
  replace: ReplaceForm,
  pay_replacement_fee: PayReplacementFeeForm,
  change_mailing_address: AddressForm,
};

const titles: Record<CardDialogKind, string> = {
  activate: 'cards.activate.title',
  set_pin: 'cards.pin.title',
  block: 'cards.block.title',
  unblock: 'cards.unblock.title',
  replace: 'cards.replace.title',
  pay_replacement_fee: 'cards.pay_replacement_fee.title',
  change_mailing_address: 'cards.address.title',
};

/** A blocked card's block dialog only reports it lost, stolen or damaged: its title says so. */
function titleOf(kind: CardDialogKind, card: Card): string {
  return kind === 'block' && !card.allowed_actions.includes('block') ? 'cards.block.report_title' : titles[kind];
}

/** The dialog of one action on the card; closed while `kind` is null. */
export function CardActionDialog({
  card,
  kind,
  onClose,
}: {
  card: Card;
  kind: CardDialogKind | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const Form = kind ? forms[kind] : null;
  return (
    <Dialog
      isOpen={kind !== null}
      onClose={onClose}
      title={kind ? t(titleOf(kind, card) as never, { last4: card.last4 }) : ''}
      size={kind === 'block' || kind === 'change_mailing_address' ? 'lg' : 'md'}
    >
      {Form ? <Form card={card} onDone={onClose} /> : null}
    </Dialog>
  );
}
