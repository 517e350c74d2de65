/**
 * /fx: converting between the company's digital assets. The user chooses two assets and an amount
 * and gets a quote the server keeps for 30 seconds (rate, fee, what arrives) with a countdown;
 * "Convert now" names only the quote, so the rate is the bank's, never the browser's. An expired
 * quote is refused by the server: the page says so and quotes again at the current rate. From the
 * OTC threshold the server refuses FX, and the page points to OTC.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import {
  acceptFxQuote,
  type FxConversion,
  type FxQuote,
  fxQuoteValiditySeconds,
  quoteFx,
} from '@bank/contract/exchange';
import { formatRate } from '@bank/contract/money-text';
import { pathOf } from '@bank/contract/routes';
import { Alert, Anchor, Button, Card, Grid, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { IconArrowsExchange, IconCircleCheck, IconClockExclamation } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi, newIdempotencyKey } from '../../lib/api-client.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { errorKeyOf, messageOfError } from '../../lib/form-errors.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { Amount } from '../../ui/amount.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatAmount } from '../../ui/format-amount.ts';
import { formatDateTime } from '../../ui/format-date.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { QuoteLine } from '../../ui/quote-line.tsx';
import { RateText } from '../../ui/rate-text.tsx';
import { PairFields, type PairValues, useOtcThresholdText, useSecondsLeft } from './exchange-parts.tsx';
import '../../messages/exchange.ts';

function QuoteCard({
  quote,
  notice,
  onAccepted,
  onRequote,
  isRequoting,
}: {
  quote: FxQuote;
  notice: string | null;
  onAccepted: (conversion: FxConversion) => void;
  onRequote: (isRefused: boolean) => void;
  isRequoting: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = localeOfLanguage[language];
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const secondsLeft = useSecondsLeft(quote.expires_at, quote.server_time) ?? 0;
  const isExpired = secondsLeft <= 0;
  // One key per quote: accepting it twice (a double click, a retry) is one conversion.
  const key = useRef(newIdempotencyKey());
  const accept = useMutation({
    mutationFn: () => callApi(acceptFxQuote, { quote_id: quote.quote_id }, { idempotencyKey: key.current }),
    onSuccess: async (conversion) => {
      onAccepted(conversion);
      await queryClient.invalidateQueries();
    },
    onError: (error) => {
      // The server's clock decides: a quote it finds expired is quoted again at the current rate.
      if (errorKeyOf(error) === 'quote_expired') onRequote(true);
    },
  });
  const feeRate = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(Number(quote.fee_rate));
  const acceptError =
    accept.isError && errorKeyOf(accept.error) !== 'quote_expired' ? messageOfError(accept.error) : null;
  return (
    <Card component="section" aria-labelledby="quote-title" data-testid="fx-quote">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Text component="h2" id="quote-title" fw={600} fz="md" m={0}>
            {t('exchange.convert.quote_title')}
          </Text>
          {isExpired ? null : (
            <Text size="sm" fw={600} role="timer" className="tabular-figures" data-testid="fx-countdown">
              {t('exchange.convert.valid_for', { seconds: secondsLeft })}
            </Text>
          )}
        </Group>
        <Progress
          value={(secondsLeft / fxQuoteValiditySeconds) * 100}
          size="sm"
          color={secondsLeft <= 5 ? 'orange' : 'bank'}
          aria-hidden
        />
        {notice ? (
          <Alert color="yellow" variant="light" icon={<IconClockExclamation size={18} aria-hidden />}>
            {notice}
          </Alert>
        ) : null}
        <Table verticalSpacing={6} withRowBorders={false}>
          <Table.Tbody>
            <QuoteLine label={t('exchange.convert.you_convert')}>
              <Amount value={quote.amount} currency={quote.from} />
            </QuoteLine>
            <QuoteLine label={t('exchange.convert.rate')}>
              <RateText pair={{ base: quote.from, quote: quote.to, rate: quote.rate }} />
            </QuoteLine>
            <QuoteLine label={t('exchange.convert.converted')}>
              <Amount value={quote.gross} currency={quote.to} />
            </QuoteLine>
            <QuoteLine label={t('exchange.convert.fee', { rate: feeRate })}>
              <Amount value={quote.fee} currency={quote.to} />
            </QuoteLine>
            <QuoteLine label={t('exchange.convert.you_receive')} isStrong>
              <Amount value={quote.amount_received} currency={quote.to} fw={700} data-testid="fx-receive" />
            </QuoteLine>
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          {t('exchange.convert.rates_of', { time: formatDateTime(quote.rate_at, language) })}
        </Text>
        <FormAlert message={acceptError} />
        {isExpired ? (
          <Stack gap="xs">
            <Text size="sm">{t('exchange.convert.expired')}</Text>
            <Button onClick={() => onRequote(false)} loading={isRequoting} style={{ alignSelf: 'flex-start' }}>
              {t('exchange.convert.requote')}
            </Button>
          </Stack>
        ) : (
          <Button onClick={() => setIsConfirming(true)} loading={accept.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('exchange.convert.accept')}
          </Button>
        )}
      </Stack>
      {/* Money moves on accept: the user confirms what converts, at which rate, while the quote holds. */}
      <ConfirmDialog
        isOpen={isConfirming && !isExpired}
        title={t('exchange.convert.confirm_title')}
        message={t('exchange.convert.confirm_text', {
          from: `${formatAmount(quote.amount, quote.from, locale)} ${quote.from}`,
          to: `${formatAmount(quote.amount_received, quote.to, locale)} ${quote.to}`,
          rate: formatRate({ base: quote.from, quote: quote.to, rate: quote.rate }, locale),
        })}
        confirmLabel={t('exchange.convert.confirm')}
        confirmColour="bank"
        isWorking={accept.isPending}
        onConfirm={() => accept.mutate(undefined, { onSettled: () => setIsConfirming(false) })}
        onClose={() => setIsConfirming(false)}
      >
        <Text size="sm" fw={600} role="timer" className="tabular-figures">
          {t('exchange.convert.valid_for', { seconds: secondsLeft })}
        </Text>
      </ConfirmDialog>
    </Card>
  );
}

function ConversionDone({ conversion, onAnother }: { conversion: FxConversion; onAnother: () => void }) {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  return (
    <Card component="section" aria-labelledby="conversion-done-title" data-testid="fx-done">
      <Stack gap="md">
        <Group gap="xs">
          <IconCircleCheck size={22} color="var(--mantine-color-green-7)" aria-hidden />
          <Text component="h2" id="conversion-done-title" fw={600} fz="md" m={0}>
            {t('exchange.convert.done_title')}
          </Text>
        </Group>
        <Text size="sm">
          {t('exchange.convert.done_body', {
            from: `${formatAmount(conversion.amount, conversion.from, locale)} ${conversion.from}`,
            to: `${formatAmount(conversion.amount_received, conversion.to, locale)} ${conversion.to}`,
          })}
        </Text>
        <Group gap="sm">
          <Button
            component={Link}
            to={`${pathOf('transaction_detail')}?id=${encodeURIComponent(conversion.transaction_id)}`}
          >
            {t('exchange.convert.see_history')}
          </Button>
          <Button variant="default" onClick={onAnother}>
            {t('exchange.convert.another')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function FxPage() {
  const { t } = useTranslation();
  const thresholdText = useOtcThresholdText();
  const [quote, setQuote] = useState<FxQuote | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState<FxConversion | null>(null);
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: quoteFx,
    initialValues: { from: 'USDT', to: 'USDC', amount: '' } as PairValues,
    toRequest: (values) => ({ ...values, amount: values.amount.trim() }),
    onSuccess: (answer) => {
      setQuote(answer);
    },
  });
  const requote = useMutation({
    mutationFn: () =>
      callApi(quoteFx, { from: quote?.from ?? 'USDT', to: quote?.to ?? 'USDC', amount: quote?.amount ?? '' }),
    onSuccess: (answer) => setQuote(answer),
  });
  const isAboveOtc = form.errors.amount === t('validation.fx_above_otc_threshold', { amount: thresholdText });
  return (
    <PageFrame title={t('pages.fx.title')} description={t('pages.fx.purpose')}>
      {done ? (
        <ConversionDone
          conversion={done}
          onAnother={() => {
            setDone(null);
            setQuote(null);
            setNotice(null);
            form.setFieldValue('amount', '');
          }}
        />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Card component="form" onSubmit={submit} noValidate aria-labelledby="fx-form-title">
              <Stack gap="md">
                <Text component="h2" id="fx-form-title" fw={600} fz="md" m={0}>
                  {t('exchange.convert.form_title')}
                </Text>
                <FormAlert message={formError} />
                <PairFields form={form} idPrefix="fx" />
                {isAboveOtc ? (
                  <Anchor component={Link} to={pathOf('otc')} size="sm" data-testid="fx-go-otc">
                    {t('exchange.convert.go_otc')}
                  </Anchor>
                ) : null}
                <Group justify="space-between" align="center">
                  <Text size="xs" c="dimmed" maw={260}>
                    {t('exchange.convert.otc_hint', { amount: thresholdText })}
                  </Text>
                  <Button
                    type="submit"
                    loading={isSubmitting}
                    onClick={() => setNotice(null)}
                    variant={quote ? 'default' : 'filled'}
                  >
                    {t('exchange.convert.get_quote')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            {quote ? (
              <QuoteCard
                key={quote.quote_id}
                quote={quote}
                notice={notice}
                isRequoting={requote.isPending}
                onAccepted={setDone}
                onRequote={(isRefused) => {
                  setNotice(isRefused ? t('exchange.convert.requoted') : null);
                  requote.mutate();
                }}
              />
            ) : (
              <EmptyState
                icon={<IconArrowsExchange size={26} stroke={1.6} />}
                title={t('exchange.convert.quote_title')}
                description={t('exchange.convert.quote_hint')}
              />
            )}
          </Grid.Col>
        </Grid>
      )}
    </PageFrame>
  );
}
