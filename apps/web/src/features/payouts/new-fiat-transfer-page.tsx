/**
 * /blockchain_w/new_fiat: a fiat payout to a payee, paid from USDC or USDT and converted into the
 * payee's currency. The amount's limits come from withdraw/details; a payee still in the bank's
 * cooling period shows when it can be paid and cannot be chosen. The user enters either the amount
 * sent or the amount the payee receives (two linked fields: the other is the quote's); while they
 * type, a live quote (asked for once the typing pauses, renewed when it expires) shows both, the
 * fee, the rate and until when it holds. "Continue" quotes and checks the payout and opens the
 * confirmation page; the values are kept, so that coming back finds them.
 */

import { localeOfLanguage } from '@bank/contract/constants';
import {
  calcFiatPayout,
  fiatPayoutAssets,
  listPayees,
  type Payee,
  type PayoutQuote,
  payoutQuoteValiditySeconds,
} from '@bank/contract/payouts';
import { pathOf } from '@bank/contract/routes';
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClockHour4 } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { isApiError, messageOfError } from '../../lib/form-errors.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { AmountInput } from '../../ui/amount-input.tsx';
import { Fact, FactGrid } from '../../ui/facts.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatMoney } from '../../ui/format-amount.ts';
import { formatDateTime } from '../../ui/format-date.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { payeesRequest } from './new-fiat-transfer-page-data.ts';
import { fiatQuoteRequest, instructionErrors, limitErrors, useContinueToConfirmation } from './payout-flow.tsx';
import { type FiatDraftValues, isCooling, maskedAccountNumber, percentOf, readDraft } from './payout-format.ts';
import { AvailableBalance, CoolingBadge, usePayoutConfig } from './payout-parts.tsx';
import { PayoutRateText } from './payout-summary.tsx';
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

/** How long the typing must pause before a quote is asked for. */
const quoteDebounceMs = 600;

function initialValues(payeeFromLink: string | null): FiatDraftValues {
  const draft = readDraft('fiat');
  // A draft of an older page has no side: it fixed the amount sent.
  const fresh = { fixed_side: 'send', receive_amount: '' } as const;
  if (draft) return { ...fresh, ...draft.values, ...(payeeFromLink ? { payee_id: payeeFromLink } : {}) };
  return {
    ...fresh,
    asset: 'USDT',
    payee_id: payeeFromLink ?? '',
    amount: '',
    purpose: '',
    sender_account_name: '',
    remarks: '',
  };
}

function PayeeSummary({ payee }: { payee: Payee }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" bg="gray.0">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={600}>
            {payee.beneficiary_name}
          </Text>
          <CoolingBadge entry={payee} />
        </Group>
        <Text size="sm" c="dimmed">
          {payee.bank_name} · {payee.swift_code} ·{' '}
          <Text component="span" inherit ff="monospace">
            {maskedAccountNumber(payee.account_number)}
          </Text>
        </Text>
        <Text size="sm">{t('payouts.fiat_form.arrives_in', { currency: payee.currency })}</Text>
      </Stack>
    </Paper>
  );
}

/**
 * The live quote of the values: asked for once the typing has paused, while the request is one the
 * call accepts, and again when it runs out (by this browser's clock, at most the bank's validity).
 */
function useLiveQuote(values: FiatDraftValues) {
  const [requestText] = useDebouncedValue(JSON.stringify(fiatQuoteRequest(values)), quoteDebounceMs);
  const request = JSON.parse(requestText) as ReturnType<typeof fiatQuoteRequest>;
  const isAskable = request.payee_id !== '' && calcFiatPayout.request.safeParse(request).success;
  return useScreenQuery(calcFiatPayout, request, {
    enabled: isAskable,
    refetchIntervalMs: (quote) =>
      quote
        ? Math.max(1000, Math.min(payoutQuoteValiditySeconds * 1000, Date.parse(quote.expires_at) - Date.now()))
        : false,
  });
}

/** Why the live quote was refused: the message on the field the server named, else the call's own. */
function quoteErrorOf(error: unknown): string | null {
  if (isApiError(error)) {
    const onField = error.fieldErrors.amount ?? error.fieldErrors.receive_amount;
    if (onField) return onField;
  }
  return messageOfError(error);
}

function LiveQuote({
  quote,
  isLoading,
  error,
}: {
  quote: PayoutQuote | undefined;
  isLoading: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Paper withBorder p="md" bg="gray.0" aria-live="polite" data-testid="live-quote">
      <Stack gap="sm">
        <Text component="h3" fw={600} fz="sm" m={0}>
          {t('payouts.fiat_form.quote_title')}
        </Text>
        {error ? (
          <Text size="sm" c="red.8" role="alert">
            {quoteErrorOf(error)}
          </Text>
        ) : quote ? (
          <>
            <FactGrid>
              <Fact label={t('payouts.fiat_form.quote_send')}>
                <Amount value={quote.amount} currency={quote.asset} />
              </Fact>
              <Fact label={t('payouts.fiat_form.quote_fee')}>
                <Amount value={quote.fee} currency={quote.asset} />
              </Fact>
              <Fact label={t('payouts.fiat_form.quote_total')}>
                <Amount value={quote.total} currency={quote.asset} fw={600} />
              </Fact>
              <Fact label={t('payouts.fiat_form.quote_receive')}>
                <Amount value={quote.receive_amount} currency={quote.receive_currency} fw={600} />
              </Fact>
              {quote.rate ? (
                <Fact label={t('payouts.fiat_form.quote_rate')}>
                  <PayoutRateText rate={quote.rate} currency={quote.receive_currency} asset={quote.asset} />
                </Fact>
              ) : null}
            </FactGrid>
            <Group gap={6} wrap="nowrap">
              <IconClockHour4 size={16} aria-hidden />
              <Text size="xs" c="dimmed">
                {t('payouts.fiat_form.quote_valid_until', { time: formatDateTime(quote.expires_at, language) })}
              </Text>
            </Group>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t(isLoading ? 'payouts.fiat_form.quote_loading' : 'payouts.fiat_form.quote_waiting')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

type FiatFormState = UseFormReturnType<FiatDraftValues>;

function AssetChoice({ form, values }: { form: FiatFormState; values: FiatDraftValues }) {
  const { t } = useTranslation();
  const limits = usePayoutConfig().data?.fiat;
  return (
    <TransferSection id="fiat-from" title={t('payouts.fiat_form.from_section')}>
      <LabelledSegments
        id="fiat-asset-label"
        label={t('payouts.fiat_form.asset')}
        data={(limits?.assets ?? fiatPayoutAssets).map((asset) => ({ value: asset, label: asset }))}
        value={values.asset}
        onChange={(value) => form.setFieldValue('asset', value as FiatDraftValues['asset'])}
      >
        <Text size="xs" c="dimmed">
          {t('payouts.fiat_form.asset_hint')}
        </Text>
        <AvailableBalance asset={values.asset} />
      </LabelledSegments>
    </TransferSection>
  );
}

/** The payees to choose from (undefined while they load); one still cooling shows when it can be paid. */
function PayeeChoice({
  form,
  payees = [],
  isLoading,
  chosen,
}: {
  form: FiatFormState;
  payees: Payee[] | undefined;
  isLoading: boolean;
  chosen: Payee | undefined;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const mayManagePayees = useHoldsPermission('manage_payees') === true;
  const payeeOptions = payees.map((payee) => {
    const cooling = isCooling(payee);
    const detail = `${payee.bank_name} · ${maskedAccountNumber(payee.account_number)} · ${payee.currency}`;
    return {
      value: payee.payee_id,
      label: cooling
        ? t('payouts.fiat_form.payee_option_cooling', {
            name: payee.beneficiary_name,
            detail,
            time: formatDateTime(payee.usable_from, language),
          })
        : t('payouts.fiat_form.payee_option', { name: payee.beneficiary_name, detail }),
      disabled: cooling,
    };
  });
  return (
    <RecipientChoice
      section={{ id: 'fiat-to', title: t('payouts.fiat_form.to_section') }}
      isLoading={isLoading}
      isEmpty={payees.length === 0}
      emptyMessage={t('payouts.fiat_form.no_payees')}
      addLabel={t('payouts.fiat_form.add_payee')}
      manage={{ to: pathOf('payees'), label: t('payouts.fiat_form.manage_payees'), canManage: mayManagePayees }}
      select={{
        id: 'fiat-payee',
        label: t('payouts.fiat_form.payee'),
        placeholder: t('payouts.fiat_form.payee_placeholder'),
        nothingFoundMessage: t('payouts.fiat_form.payee_nothing_found'),
        data: payeeOptions,
        ...form.getInputProps('payee_id'),
        onChange: (value: string | null) => form.setFieldValue('payee_id', value ?? ''),
      }}
      chosen={chosen ? <PayeeSummary payee={chosen} /> : null}
    />
  );
}

/**
 * The side the user fixes, then the two linked amounts: the one typed, and the other as the live
 * quote gives it (read-only).
 */
function Amounts({
  form,
  values,
  chosen,
  quote,
}: {
  form: FiatFormState;
  values: FiatDraftValues;
  chosen: Payee | undefined;
  quote: PayoutQuote | undefined;
}) {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  const amountLimitsText = useAmountLimitsText();
  const limits = usePayoutConfig().data?.fiat;
  const isReceiveFixed = values.fixed_side === 'receive';
  return (
    <>
      <LabelledSegments
        id="fiat-side-label"
        label={t('payouts.fiat_form.side_label')}
        data={[
          { value: 'send', label: t('payouts.fiat_form.side_send') },
          { value: 'receive', label: t('payouts.fiat_form.side_receive') },
        ]}
        value={values.fixed_side}
        onChange={(value) => form.setFieldValue('fixed_side', value as FiatDraftValues['fixed_side'])}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <AmountInput
          id="fiat-amount"
          currency={values.asset}
          label={t('payouts.form.amount')}
          description={amountLimitsText(limits, values.asset)}
          required={!isReceiveFixed}
          {...form.getInputProps('amount')}
          {...(isReceiveFixed ? { readOnly: true, value: quote?.amount ?? '' } : {})}
        />
        <AmountInput
          id="fiat-receive-amount"
          currency={chosen?.currency ?? ''}
          label={t('payouts.fiat_form.receive_amount')}
          description={t('payouts.fiat_form.receive_amount_hint')}
          required={isReceiveFixed}
          {...form.getInputProps('receive_amount')}
          {...(isReceiveFixed ? {} : { readOnly: true, value: quote?.receive_amount ?? '' })}
        />
      </SimpleGrid>
      {limits ? (
        <Text size="xs" c="dimmed" mt={-8}>
          {t('payouts.fiat_form.fee_hint', {
            rate: percentOf(limits.fee_rate),
            minimum: formatMoney(limits.fee_minimum, values.asset, locale),
          })}
        </Text>
      ) : null}
    </>
  );
}

/** The form, drawn before the payees arrive (`payees` undefined): only their choice waits for them. */
function FiatForm({ payees }: { payees: Payee[] | undefined }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const config = usePayoutConfig();
  const continueToConfirmation = useContinueToConfirmation('fiat');
  // The values of the latest render, for the step after the quote.
  const valuesRef = useRef<FiatDraftValues>(null as never);
  const [values0] = useState(() => initialValues(params.get('payee')));
  const limits = config.data?.fiat;
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: calcFiatPayout,
    initialValues: values0,
    toRequest: fiatQuoteRequest,
    validateAlso: (values) => ({
      ...instructionErrors(values),
      ...(values.fixed_side === 'send'
        ? limitErrors(values.amount, limits, values.asset, (key, params) => t(key as never, params))
        : {}),
    }),
    fieldOfError: { insufficient_balance: 'amount' },
    invalidFormMessage: t('payouts.form.invalid'),
    // The quote is asked for again with the check, so that the confirmation page always shows a fresh one.
    onSuccess: () =>
      continueToConfirmation({
        ...valuesRef.current,
        amount: valuesRef.current.amount.trim(),
        receive_amount: valuesRef.current.receive_amount.trim(),
      }),
  });
  const values = form.getValues();
  valuesRef.current = values;
  const chosen = payees?.find((payee) => payee.payee_id === values.payee_id);
  const liveQuote = useLiveQuote(values);
  const quote = liveQuote.isError ? undefined : liveQuote.data;

  return (
    <form noValidate onSubmit={submit} style={readableErrorColour}>
      <Stack gap="lg" maw={760}>
        <FormAlert message={formError} />
        <AssetChoice form={form} values={values} />
        <PayeeChoice form={form} payees={payees} isLoading={payees === undefined} chosen={chosen} />
        <TransferSection id="fiat-details" title={t('payouts.fiat_form.details_section')}>
          <Amounts form={form} values={values} chosen={chosen} quote={quote} />
          <LiveQuote quote={quote} isLoading={liveQuote.isFetching} error={liveQuote.error} />
          <InstructionFields idPrefix="fiat" inputProps={(field) => form.getInputProps(field)} />
        </TransferSection>
        <ContinueButton isSubmitting={isSubmitting} isDisabled={!payees?.length} />
      </Stack>
    </form>
  );
}

export function NewFiatTransferPage() {
  const { t } = useTranslation();
  const mayPrepare = useHoldsPermission('prepare_payouts');
  const payees = useScreenQuery(listPayees, payeesRequest);
  if (mayPrepare === false) return <NoPermissionPage title={t('pages.new_fiat_transfer.title')} />;
  return (
    <PageFrame title={t('pages.new_fiat_transfer.title')} description={t('pages.new_fiat_transfer.purpose')}>
      {payees.isError ? (
        <LoadError error={payees.error} onRetry={() => void payees.refetch()} />
      ) : (
        <FiatForm payees={payees.data?.items} />
      )}
    </PageFrame>
  );
}

NewFiatTransferPage.isDrawnWhole = true as const;
