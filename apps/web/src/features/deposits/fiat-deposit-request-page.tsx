/**
 * /blockchain_d/deposit_fiat: a fiat deposit notice. The user says what is on its way (currency,
 * amount, the asset to receive, the day it is sent) and sees, as they type, what it converts to at
 * the current rate, the conversion fee and the indicative amount credited, and the minimum first
 * deposit when it applies. A proof of transfer may go with it (optional, one file, through the
 * documents' upload flow: ui/document-upload.tsx with the deposit's own upload calls). Sending the
 * notice opens a line of the history (in process) and shows where to send the money, with the
 * company's reference. Where to send it (the company's reference and the bank's receiving account in
 * the chosen currency) is on the page from the start, below the quote, not behind a link.
 */

import { localeOfLanguage } from '@bank/contract/constants';
import {
  authorizeDepositProof,
  completeDepositProof,
  type FiatDepositQuote,
  fiatDepositTargets,
  getBankDetails,
  noticeMaxDaysAhead,
  quoteFiatDeposit,
  submitDepositNotice,
} from '@bank/contract/deposit';
import { type DocumentRef, documentPurposeRules } from '@bank/contract/documents';
import { decimalsOf, type FiatCurrency, fiatCurrencies, scaleOfAsset } from '@bank/contract/money';
import { rateOfFiatDeposit } from '@bank/contract/money-text';
import { pathOf } from '@bank/contract/routes';
import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../lib/api-client.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Amount, useAmountText } from '../../ui/amount.tsx';
import { AmountInput } from '../../ui/amount-input.tsx';
import { CopyValueButton } from '../../ui/copy-value-button.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { DocumentUpload } from '../../ui/document-upload.tsx';
import type { FileRules } from '../../ui/file-type.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatDateTime, todayIso } from '../../ui/format-date.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { QuoteLine } from '../../ui/quote-line.tsx';
import { RateText } from '../../ui/rate-text.tsx';
import type { DocumentUploader } from '../../ui/upload-transport.ts';
import { CurrencyDetails } from './bank-details-page.tsx';
import { firstCurrency } from './fiat-deposit-request-page-data.ts';
import '../../messages/deposits.ts';
import '../../messages/documents.ts';

type Target = (typeof fiatDepositTargets)[number];

type NoticeValues = {
  currency: FiatCurrency;
  amount: string;
  target: Target;
  expected_date: string;
  /** The proof of transfer, once uploaded (sent as its document id). */
  proof: DocumentRef | null;
};

/** The proof's upload: the documents' flow through the deposit's own calls. */
const proofUploader: DocumentUploader = {
  authorize: (request, signal) => callApi(authorizeDepositProof, request, { signal }),
  complete: (uploadId, signal) => callApi(completeDepositProof, { upload_id: uploadId }, { signal }),
};

const proofRules: FileRules = {
  maxBytes: documentPurposeRules.deposit_proof.maxBytes,
  acceptedTypes: documentPurposeRules.deposit_proof.acceptedTypes,
};

/** An amount the quote can be asked for: a plain decimal > 0 within the currency's scale. */
function isQuotable(amount: string, currency: FiatCurrency): boolean {
  const decimals = decimalsOf(amount);
  return decimals !== null && decimals <= scaleOfAsset[currency] && Number(amount) > 0;
}

function QuoteCard({ values }: { values: NoticeValues }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const language = useLanguage();
  const [debounced] = useDebouncedValue(values, 350);
  const isAsked = isQuotable(debounced.amount, debounced.currency);
  const quote = useScreenQuery(
    quoteFiatDeposit,
    { currency: debounced.currency, amount: debounced.amount, target: debounced.target },
    { enabled: isAsked, staleTimeMs: 30_000 },
  );
  const data: FiatDepositQuote | undefined = isAsked ? quote.data : undefined;
  return (
    <Card component="section" aria-labelledby="quote-title" aria-live="polite">
      <Stack gap="sm">
        <Text component="h2" id="quote-title" fw={600} fz="md" m={0}>
          {t('deposits.fiat.quote_title')}
        </Text>
        {!isAsked ? (
          <Text size="sm" c="dimmed">
            {t('deposits.fiat.quote_hint')}
          </Text>
        ) : !data ? (
          <Stack gap="xs" aria-busy="true">
            <Skeleton h={18} />
            <Skeleton h={18} />
            <Skeleton h={18} />
          </Stack>
        ) : (
          <>
            <Table verticalSpacing={6} withRowBorders={false}>
              <Table.Tbody>
                <QuoteLine label={t('deposits.fiat.you_send')}>
                  <Amount value={data.amount} currency={data.currency} />
                </QuoteLine>
                <QuoteLine label={t('deposits.fiat.rate')}>
                  <RateText
                    pair={rateOfFiatDeposit({ currency: data.currency, asset: data.target, rate: data.rate })}
                  />
                </QuoteLine>
                <QuoteLine label={t('deposits.fiat.converted')}>
                  <Amount value={data.gross} currency={data.target} />
                </QuoteLine>
                <QuoteLine
                  label={t('deposits.fiat.fee', {
                    rate: new Intl.NumberFormat(localeOfLanguage[language], {
                      style: 'percent',
                      maximumFractionDigits: 2,
                    }).format(Number(data.fee_rate)),
                  })}
                >
                  <Amount value={data.fee} currency={data.target} />
                </QuoteLine>
                <QuoteLine label={t('deposits.fiat.you_receive')} isStrong>
                  <Amount value={data.net} currency={data.target} fw={700} />
                </QuoteLine>
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed">
              {t('deposits.fiat.indicative', { time: formatDateTime(data.rate_at, language) })}
            </Text>
            {data.are_rates_stale ? (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {t('deposits.fiat.rates_stale')}
              </Alert>
            ) : null}
            {data.is_first_deposit ? (
              <Text size="sm" c="dimmed" data-testid="minimum-first-deposit">
                {t('deposits.fiat.minimum', {
                  amount: amountText(data.minimum_amount, data.currency),
                  currency: data.currency,
                })}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}

function NoticeSent({
  transactionId,
  values,
  onAnother,
}: {
  transactionId: string;
  values: NoticeValues;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const details = useScreenQuery(getBankDetails, { currency: values.currency });
  const reference = details.data?.reference;
  return (
    <Card component="section" aria-labelledby="notice-sent-title">
      <Stack gap="md">
        <Group gap="xs">
          <IconCircleCheck size={22} color="var(--mantine-color-green-7)" aria-hidden />
          <Text component="h2" id="notice-sent-title" fw={600} fz="md" m={0}>
            {t('deposits.fiat.sent_title')}
          </Text>
        </Group>
        <Text size="sm">
          {t('deposits.fiat.sent_body', {
            amount: amountText(values.amount, values.currency),
            currency: values.currency,
          })}
        </Text>
        {reference ? (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('deposits.bank.reference')}
            </Text>
            <Text ff="monospace" fw={700} data-testid="notice-reference">
              {reference}
            </Text>
            <CopyValueButton
              value={reference}
              label={t('deposits.bank.copy', { field: t('deposits.bank.reference') })}
              copiedLabel={t('deposits.bank.copied', { field: t('deposits.bank.reference') })}
            />
          </Group>
        ) : null}
        <Group gap="sm">
          <Button component={Link} to={pathOf('bank_details')}>
            {t('deposits.fiat.see_bank_details')}
          </Button>
          <Button
            component={Link}
            to={`${pathOf('transaction_detail')}?id=${encodeURIComponent(transactionId)}`}
            variant="default"
          >
            {t('deposits.fiat.follow')}
          </Button>
          <Button variant="subtle" onClick={onAnother}>
            {t('deposits.fiat.another')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function FiatDepositRequestPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<{ transactionId: string; values: NoticeValues } | null>(null);
  const today = todayIso();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: submitDepositNotice,
    initialValues: {
      currency: firstCurrency,
      amount: '',
      target: 'USDC',
      expected_date: today,
      proof: null,
    } as NoticeValues,
    toRequest: ({ proof, ...values }) => ({
      ...values,
      amount: values.amount.trim(),
      ...(proof ? { proof_document_id: proof.document_id } : {}),
    }),
    onSuccess: (answer, body) => setSent({ transactionId: answer.transaction_id, values: body as NoticeValues }),
  });
  const values = form.getValues();
  return (
    <PageFrame title={t('pages.fiat_deposit_request.title')} description={t('pages.fiat_deposit_request.purpose')}>
      {sent ? (
        <NoticeSent
          transactionId={sent.transactionId}
          values={sent.values}
          onAnother={() => {
            form.reset();
            setSent(null);
          }}
        />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card component="form" onSubmit={submit} noValidate aria-labelledby="notice-title">
              <Stack gap="md">
                <Text component="h2" id="notice-title" fw={600} fz="md" m={0}>
                  {t('deposits.fiat.form_title')}
                </Text>
                <FormAlert message={formError} />
                <Select
                  label={t('deposits.fiat.currency')}
                  data={[...fiatCurrencies]}
                  allowDeselect={false}
                  withAsterisk
                  {...form.getInputProps('currency')}
                />
                <AmountInput
                  label={t('deposits.fiat.amount')}
                  description={t('deposits.fiat.amount_help')}
                  currency={values.currency}
                  withAsterisk
                  {...form.getInputProps('amount')}
                />
                <Stack gap={6}>
                  <Text size="sm" fw={500} id="target-label">
                    {t('deposits.fiat.target')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="target-label"
                    data={fiatDepositTargets.map((target) => ({
                      value: target,
                      label: t(`deposits.fiat.targets.${target}`),
                    }))}
                    {...form.getInputProps('target')}
                    style={{ alignSelf: 'flex-start' }}
                  />
                </Stack>
                <DateField
                  label={t('deposits.fiat.expected_date')}
                  withAsterisk
                  min={today}
                  max={dayjs(today).add(noticeMaxDaysAhead, 'day').format('YYYY-MM-DD')}
                  {...form.getInputProps('expected_date')}
                  value={values.expected_date}
                  onChange={(date) => form.setFieldValue('expected_date', date)}
                />
                <DocumentUpload
                  label={t('deposits.fiat.proof')}
                  description={t('deposits.fiat.proof_help')}
                  documents={values.proof ? [values.proof] : []}
                  onUploaded={(document) => {
                    form.setFieldValue('proof', document);
                    form.clearFieldError('proof_document_id');
                  }}
                  onRemove={() => form.setFieldValue('proof', null)}
                  uploader={proofUploader}
                  maxFiles={1}
                  rules={proofRules}
                  error={form.errors.proof_document_id}
                  fieldName="proof_document_id"
                />
                <Group justify="flex-end" align="center">
                  <Button type="submit" loading={isSubmitting}>
                    {t('deposits.fiat.submit')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <QuoteCard values={values} />
              <CurrencyDetails key={values.currency} currency={values.currency} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </PageFrame>
  );
}
