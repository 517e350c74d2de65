/**
 * Adding or changing a payee: every field of the contract's PayeeFields, validated by the call's own
 * schema (the account number as an IBAN where the bank's country uses one, SWIFT/BIC codes), with
 * an intermediary bank behind a switch. Both need a fresh second factor (the step-up dialog), and
 * restart the bank's cooling period.
 */
import type { UserInfo } from '@bank/contract/account';
import { localBankCodeOf } from '@bank/contract/bank-codes';
import { fiatCurrencies } from '@bank/contract/money';
import { addPayee, editPayee, type Payee, usesIban } from '@bank/contract/payouts';
import {
  Alert,
  Button,
  Divider,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../lib/call-form.tsx';
import { showSuccess } from '../../lib/notify.ts';
import { CountrySelect } from '../../ui/country-select.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { Textarea } from '../../ui/textarea.tsx';
import { useStepUpForm } from '../../widgets/step-up-dialog.tsx';
import { refreshPayoutData } from './payout-format.ts';
import { usePayoutConfig } from './payout-parts.tsx';

type Currency = (typeof fiatCurrencies)[number];

type PayeeValues = {
  beneficiary_name: string;
  account_number: string;
  bank_country: string;
  bank_name: string;
  swift_code: string;
  bank_address: string;
  beneficiary_address: string;
  local_bank_code: string;
  currency: Currency;
  email: string;
  has_intermediary: boolean;
  intermediary: { bank_name: string; country: string; swift_code: string; bank_address: string };
};

const noIntermediary = { bank_name: '', country: '', swift_code: '', bank_address: '' };

function valuesOf(payee: Payee | null): PayeeValues {
  if (!payee)
    return {
      beneficiary_name: '',
      account_number: '',
      bank_country: '',
      bank_name: '',
      swift_code: '',
      bank_address: '',
      beneficiary_address: '',
      local_bank_code: '',
      currency: 'USD',
      email: '',
      has_intermediary: false,
      intermediary: noIntermediary,
    };
  return {
    beneficiary_name: payee.beneficiary_name,
    account_number: payee.account_number,
    bank_country: payee.bank_country,
    bank_name: payee.bank_name,
    swift_code: payee.swift_code,
    bank_address: payee.bank_address,
    beneficiary_address: payee.beneficiary_address,
    local_bank_code: payee.local_bank_code,
    currency: payee.currency,
    email: payee.email,
    has_intermediary: payee.intermediary !== null,
    intermediary: payee.intermediary ?? noIntermediary,
  };
}

/** The request the values make: the intermediary only while its switch is on, a bank code only where the country uses one. */
function requestOf({ has_intermediary, intermediary, ...fields }: PayeeValues) {
  const local_bank_code = localBankCodeOf(fields.bank_country) ? fields.local_bank_code : '';
  return { ...fields, local_bank_code, intermediary: has_intermediary ? intermediary : null };
}

type PayeeFormState = UseFormReturnType<PayeeValues>;

const monospace = 'var(--mantine-font-family-monospace)';

/** A bank's code or number: typed as written, never corrected, in a monospace face; SWIFT codes in capitals. */
function CodeInput({ isUpperCase = false, ...props }: TextInputProps & { id: string; isUpperCase?: boolean }) {
  return (
    <TextInput
      autoComplete="off"
      spellCheck={false}
      required
      styles={{ input: { fontFamily: monospace, ...(isUpperCase ? { textTransform: 'uppercase' } : {}) } }}
      {...props}
    />
  );
}

function AddressArea(props: TextareaProps & { id: string }) {
  return <Textarea autosize minRows={2} maxRows={4} required {...props} />;
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Text component="h3" fw={600} fz="sm" m={0}>
      {children}
    </Text>
  );
}

function BeneficiaryFields({ form }: { form: PayeeFormState }) {
  const { t } = useTranslation();
  return (
    <>
      <SectionTitle>{t('payouts.payees.form.beneficiary_section')}</SectionTitle>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          id="payee-beneficiary-name"
          label={t('payouts.payees.form.beneficiary_name')}
          autoComplete="off"
          required
          data-autofocus
          {...form.getInputProps('beneficiary_name')}
        />
        <TextInput
          id="payee-email"
          label={t('payouts.payees.form.email')}
          description={t('payouts.payees.form.email_hint')}
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('email')}
        />
      </SimpleGrid>
      <AddressArea
        id="payee-beneficiary-address"
        label={t('payouts.payees.form.beneficiary_address')}
        description={t('payouts.payees.form.beneficiary_address_hint')}
        {...form.getInputProps('beneficiary_address')}
      />
    </>
  );
}

/** The bank: its country decides whether the account is an IBAN and which local code it needs. */
function BankFields({ form }: { form: PayeeFormState }) {
  const { t } = useTranslation();
  const config = usePayoutConfig();
  const values = form.getValues();
  const isIban = values.bank_country !== '' && usesIban(values.bank_country);
  const bankCode = localBankCodeOf(values.bank_country);
  const currencies = config.data?.fiat.currencies ?? fiatCurrencies;
  return (
    <>
      <SectionTitle>{t('payouts.payees.form.bank_section')}</SectionTitle>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CountrySelect
          id="payee-bank-country"
          label={t('payouts.payees.form.bank_country')}
          required
          {...form.getInputProps('bank_country')}
          onChange={(value) => form.setFieldValue('bank_country', value ?? '')}
        />
        <Select
          id="payee-currency"
          label={t('payouts.payees.form.currency')}
          description={t('payouts.payees.form.currency_hint')}
          data={currencies.map((currency) => ({ value: currency, label: currency }))}
          allowDeselect={false}
          required
          {...form.getInputProps('currency')}
        />
      </SimpleGrid>
      <CodeInput
        id="payee-account-number"
        label={isIban ? t('payouts.payees.form.iban') : t('payouts.payees.form.account_number')}
        description={
          values.bank_country === ''
            ? t('payouts.payees.form.account_hint_country_first')
            : isIban
              ? t('payouts.payees.form.iban_hint')
              : t('payouts.payees.form.account_hint')
        }
        {...form.getInputProps('account_number')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          id="payee-bank-name"
          label={t('payouts.payees.form.bank_name')}
          autoComplete="off"
          required
          {...form.getInputProps('bank_name')}
        />
        <CodeInput
          id="payee-swift-code"
          label={t('payouts.payees.form.swift_code')}
          description={t('payouts.payees.form.swift_hint')}
          isUpperCase
          {...form.getInputProps('swift_code')}
        />
      </SimpleGrid>
      {bankCode ? (
        <CodeInput
          id="payee-local-bank-code"
          label={t(`payouts.bank_codes.${bankCode.kind}`)}
          description={t('payouts.payees.form.local_bank_code_hint', { example: bankCode.example })}
          {...form.getInputProps('local_bank_code')}
        />
      ) : null}
      <AddressArea
        id="payee-bank-address"
        label={t('payouts.payees.form.bank_address')}
        {...form.getInputProps('bank_address')}
      />
    </>
  );
}

function IntermediaryFields({ form }: { form: PayeeFormState }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" pl={{ base: 0, sm: 'md' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          id="payee-intermediary-bank-name"
          label={t('payouts.payees.form.intermediary_bank_name')}
          autoComplete="off"
          required
          {...form.getInputProps('intermediary.bank_name')}
        />
        <CountrySelect
          id="payee-intermediary-country"
          label={t('payouts.payees.form.intermediary_country')}
          required
          {...form.getInputProps('intermediary.country')}
          onChange={(value) => form.setFieldValue('intermediary.country', value ?? '')}
        />
      </SimpleGrid>
      <CodeInput
        id="payee-intermediary-swift-code"
        label={t('payouts.payees.form.intermediary_swift_code')}
        isUpperCase
        {...form.getInputProps('intermediary.swift_code')}
      />
      <AddressArea
        id="payee-intermediary-bank-address"
        label={t('payouts.payees.form.intermediary_bank_address')}
        {...form.getInputProps('intermediary.bank_address')}
      />
    </Stack>
  );
}

function PayeeFieldsInputs({ form }: { form: PayeeFormState }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <BeneficiaryFields form={form} />
      <Divider />
      <BankFields form={form} />
      <Divider />
      <Switch
        id="payee-has-intermediary"
        label={t('payouts.payees.form.has_intermediary')}
        description={t('payouts.payees.form.has_intermediary_hint')}
        {...form.getInputProps('has_intermediary', { type: 'checkbox' })}
      />
      {form.getValues().has_intermediary ? <IntermediaryFields form={form} /> : null}
    </Stack>
  );
}

function CoolingNote() {
  const { t } = useTranslation();
  const config = usePayoutConfig();
  const hours = config.data?.cooling_hours;
  if (!hours) return null;
  return (
    <Alert color="bank" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
      <Text size="sm" c="var(--mantine-color-text)">
        {t('payouts.payees.form.cooling_note', { count: hours })}
      </Text>
    </Alert>
  );
}

function PayeeForm({ user, payee, onDone }: { user: UserInfo; payee: Payee | null; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { stepUpOptions, stepUpDialog } = useStepUpForm('payee');
  const onSuccess = async (answer: Payee) => {
    showSuccess(
      t(payee ? 'payouts.payees.saved_notice' : 'payouts.payees.added_notice', { name: answer.beneficiary_name }),
    );
    onDone();
    await refreshPayoutData(queryClient);
  };
  const common = {
    initialValues: valuesOf(payee),
    ...stepUpOptions,
    invalidFormMessage: t('payouts.form.invalid'),
    onSuccess,
  };
  // One form per call (hooks run unconditionally): the dialog uses the one its purpose needs.
  const addForm = useCallForm({ ...common, call: addPayee, toRequest: requestOf });
  const editForm = useCallForm({
    ...common,
    call: editPayee,
    toRequest: (values: PayeeValues) => ({ payee_id: payee?.payee_id ?? '', ...requestOf(values) }),
  });
  const { form, submit, formError, isSubmitting } = payee ? editForm : addForm;
  return (
    <>
      <form noValidate onSubmit={submit} style={readableErrorColour}>
        <Stack gap="md">
          <CoolingNote />
          <FormAlert message={formError} />
          <PayeeFieldsInputs form={form} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone} disabled={isSubmitting}>
              {t('payouts.payees.form.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t(payee ? 'payouts.payees.form.save' : 'payouts.payees.form.add')}
            </Button>
          </Group>
        </Stack>
      </form>
      {stepUpDialog(user, submit)}
    </>
  );
}

/** Closed while `editing` is undefined; null adds a payee, a payee changes it. */
export function PayeeFormDialog({
  editing,
  user,
  onClose,
}: {
  editing: Payee | null | undefined;
  user: UserInfo | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isOpen = editing !== undefined && user !== undefined;
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      size="lg"
      title={
        editing
          ? t('payouts.payees.form.edit_title', { name: editing.beneficiary_name })
          : t('payouts.payees.form.add_title')
      }
    >
      {isOpen && user ? <PayeeForm user={user} payee={editing ?? null} onDone={onClose} /> : null}
    </Dialog>
  );
}
