/**
 * /blockchain_w/new_digital_asset: a digital asset payout to an address of the address book. The
 * asset, then one of its networks, then an address saved for that asset and network
 * (withdraw/crypto/addressList); an address still in the bank's cooling period shows when it can be
 * used and cannot be chosen. The limits and the network fee come from withdraw/details. "Continue"
 * quotes and checks the payout and opens the confirmation page; the values are kept.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import { type DigitalAsset, digitalAssets, type Network, networksOfAsset } from '@bank/contract/money';
import { calcCryptoPayout, listPayoutAddresses } from '@bank/contract/payouts';
import { pathOf } from '@bank/contract/routes';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatMoney } from '../../ui/format-amount.ts';
import { formatDateTime } from '../../ui/format-date.ts';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { shortenMiddle } from '../../ui/short-text.ts';
import { addressesRequestOf, initialValues } from './new-crypto-transfer-page-data.ts';
import { instructionErrors, limitErrors, useContinueToConfirmation } from './payout-flow.tsx';
import { type CryptoDraftValues, isCooling } from './payout-format.ts';
import { AvailableBalance, usePayoutConfig } from './payout-parts.tsx';
import {
  ContinueButton,
  InstructionFields,
  LabelledSegments,
  RecipientChoice,
  TransferSection,
  useAmountLimitsText,
} from './transfer-form-parts.tsx';
import '../../messages/admin.ts';
import '../../messages/payouts.ts';
import '../../messages/transactions.ts';

type CryptoFormState = UseFormReturnType<CryptoDraftValues>;

/** The asset, then one of its networks; a change of either forgets the address chosen. */
function AssetAndNetwork({ form, values }: { form: CryptoFormState; values: CryptoDraftValues }) {
  const { t } = useTranslation();
  return (
    <TransferSection id="crypto-what" title={t('payouts.crypto_form.asset_section')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <LabelledSegments
          id="crypto-asset-label"
          label={t('payouts.crypto_form.asset')}
          data={digitalAssets.map((asset) => ({ value: asset, label: asset }))}
          value={values.asset}
          onChange={(value) => {
            const asset = value as DigitalAsset;
            form.setFieldValue('asset', asset);
            if (!networksOfAsset[asset].includes(form.getValues().network))
              form.setFieldValue('network', networksOfAsset[asset][0] ?? 'ERC20');
            form.setFieldValue('address_id', '');
          }}
          isFullWidth
        />
        <LabelledSegments
          id="crypto-network-label"
          label={t('payouts.crypto_form.network')}
          data={networksOfAsset[values.asset].map((network) => ({ value: network, label: network }))}
          value={values.network}
          onChange={(value) => {
            form.setFieldValue('network', value as Network);
            form.setFieldValue('address_id', '');
          }}
          isFullWidth
        />
      </SimpleGrid>
      <AvailableBalance asset={values.asset} />
    </TransferSection>
  );
}

/** The addresses saved for the asset and network; one still cooling shows when it can be used. */
function AddressChoice({ form, values }: { form: CryptoFormState; values: CryptoDraftValues }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const mayManage = useHoldsPermission('manage_payees') === true;
  const addresses = useScreenQuery(listPayoutAddresses, addressesRequestOf(values));
  const items = addresses.data?.items ?? [];
  const addressOptions = items.map((entry) => {
    const cooling = isCooling(entry);
    const short = shortenMiddle(entry.address);
    return {
      value: entry.address_id,
      label: cooling
        ? t('payouts.crypto_form.address_option_cooling', {
            name: entry.name,
            address: short,
            time: formatDateTime(entry.usable_from, language),
          })
        : t('payouts.crypto_form.address_option', { name: entry.name, address: short }),
      disabled: cooling,
    };
  });
  const chosen = items.find((entry) => entry.address_id === values.address_id);
  return (
    <RecipientChoice
      section={{ id: 'crypto-to', title: t('payouts.crypto_form.to_section') }}
      isEmpty={addresses.isSuccess && items.length === 0}
      emptyMessage={t('payouts.crypto_form.no_addresses', { asset: values.asset, network: values.network })}
      addLabel={t('payouts.crypto_form.add_address')}
      manage={{ to: pathOf('address_book'), label: t('payouts.crypto_form.manage_addresses'), canManage: mayManage }}
      select={{
        id: 'crypto-address',
        label: t('payouts.crypto_form.address'),
        placeholder: addresses.isPending ? t('shell.loading') : t('payouts.crypto_form.address_placeholder'),
        nothingFoundMessage: t('payouts.crypto_form.address_nothing_found'),
        data: addressOptions,
        ...form.getInputProps('address_id'),
        onChange: (value: string | null) => form.setFieldValue('address_id', value ?? ''),
      }}
      chosen={
        chosen ? (
          <Text size="sm" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {chosen.address}
          </Text>
        ) : null
      }
    />
  );
}

function CryptoForm() {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  const amountLimitsText = useAmountLimitsText();
  const [params] = useSearchParams();
  const config = usePayoutConfig();
  const continueToConfirmation = useContinueToConfirmation('crypto');
  // The values of the latest render, for the step after the quote.
  const valuesRef = useRef<CryptoDraftValues>(null as never);
  const [values0] = useState(() => initialValues(params));
  const optionOf = (values: CryptoDraftValues) =>
    config.data?.crypto.find((option) => option.asset === values.asset && option.network === values.network);
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: calcCryptoPayout,
    initialValues: values0,
    toRequest: (values) => ({ asset: values.asset, network: values.network, amount: values.amount.trim() }),
    validateAlso: (values) => ({
      ...instructionErrors(values),
      ...(values.address_id ? {} : { address_id: t('payouts.crypto_form.address_required') }),
      ...limitErrors(values.amount, optionOf(values), values.asset, (key, params) => t(key as never, params)),
    }),
    fieldOfError: { insufficient_balance: 'amount' },
    invalidFormMessage: t('payouts.form.invalid'),
    onSuccess: () => continueToConfirmation({ ...valuesRef.current, amount: valuesRef.current.amount.trim() }),
  });
  const values = form.getValues();
  valuesRef.current = values;
  const option = optionOf(values);

  return (
    <form noValidate onSubmit={submit} style={readableErrorColour}>
      <Stack gap="lg" maw={760}>
        <FormAlert message={formError} />
        <AssetAndNetwork form={form} values={values} />
        <AddressChoice form={form} values={values} />
        <TransferSection id="crypto-details" title={t('payouts.crypto_form.details_section')}>
          <AmountInput
            id="crypto-amount"
            currency={values.asset}
            label={t('payouts.form.amount')}
            description={amountLimitsText(option, values.asset)}
            required
            {...form.getInputProps('amount')}
          />
          {option ? (
            <Text size="xs" c="dimmed" mt={-8}>
              {t('payouts.crypto_form.fee_hint', {
                fee: formatMoney(option.fee, values.asset, locale),
                network: values.network,
              })}
            </Text>
          ) : null}
          <InstructionFields idPrefix="crypto" inputProps={(field) => form.getInputProps(field)} />
        </TransferSection>
        <ContinueButton isSubmitting={isSubmitting} />
      </Stack>
    </form>
  );
}

export function NewCryptoTransferPage() {
  const { t } = useTranslation();
  const mayPrepare = useHoldsPermission('prepare_payouts');
  if (mayPrepare === false) return <NoPermissionPage title={t('pages.new_crypto_transfer.title')} />;
  return (
    <PageFrame title={t('pages.new_crypto_transfer.title')} description={t('pages.new_crypto_transfer.purpose')}>
      <CryptoForm />
    </PageFrame>
  );
}

NewCryptoTransferPage.isDrawnWhole = true as const;
