/**
 * Topping up a card (card/getTopUpConfig, card/calc, card/topUp; SPEC.md sections 5, 8 and 9): the
 * card (only those whose allowed actions include `top_up`), the amount the card receives and the
 * coin paid from; the fee, the rate and what the company pays appear as the amount is typed (the
 * server's quote, debounced: the same rule the submission checks); then the source of funds and
 * the confirmation tick. The result follows the top-up: under way with the working days it takes,
 * then loaded, or "Something went wrong. Please try again later." with Retry.
 */

import type { ResponseOf } from '@bank/contract/calls';
import {
  calcTopUp,
  getTopUpConfig,
  listTopUps,
  type SourceOfFunds,
  submitTopUp,
  type TopUp,
  TopUpCalcRequest,
  topUpWorkingDays,
} from '@bank/contract/card-money';
import { type Card, type CardFundingAsset, cardFundingAssets } from '@bank/contract/cards';
import { defaultPageSize, localeOfLanguage } from '@bank/contract/constants';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, newIdempotencyKey } from '../../lib/api-client.ts';
import { isApiError, messageOfError } from '../../lib/form-errors.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { loadScreenData, useScreenQuery } from '../../lib/screen-query.ts';
import { Amount, useAmountText } from '../../ui/amount.tsx';
import { AmountInput } from '../../ui/amount-input.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatDecimal } from '../../ui/format-amount.ts';
import { QuoteLine } from '../../ui/quote-line.tsx';
import { RateText } from '../../ui/rate-text.tsx';
import { refreshCardData } from './card-parts.tsx';
import { preferredFundingAsset, sumUsd } from './funding-choice.ts';
import { CardPicker } from './top-up-cards.tsx';

/** The quote follows the typing this long after the last key. */
const quoteDebounceMs = 400;
/** While the processor loads, the result asks again this often. */
const followEveryMs = 3000;

type Values = {
  cardId: string;
  amount: string;
  /** The coin the user chose; empty until they choose, the form then starts from one that can pay. */
  asset: CardFundingAsset | '';
  source: SourceOfFunds | '';
  confirmed: boolean;
};

const coinPlaces = { min: 2, max: 6 };

const usdPlaces = { min: 2, max: 2 };

function useCoin() {
  const locale = localeOfLanguage[useLanguage()];
  return (value: string) => formatDecimal(value, coinPlaces, locale);
}

function useUsd() {
  const locale = localeOfLanguage[useLanguage()];
  return (value: string) => formatDecimal(value, usdPlaces, locale);
}

/** The result of a submission: followed until the load ends. */
function TopUpResult({
  submitted,
  onRetry,
  onAnother,
  onClose,
}: {
  submitted: TopUp;
  onRetry: () => void;
  onAnother: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const followed = useQuery({
    queryKey: [listTopUps.path, { card_id: submitted.card_id, follow: submitted.top_up_id }],
    queryFn: async ({ signal }) => {
      const page = await loadScreenData(listTopUps, { card_id: submitted.card_id, page_size: defaultPageSize }, signal);
      return page.items.find((item) => item.top_up_id === submitted.top_up_id) ?? submitted;
    },
    initialData: submitted,
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' || query.state.data?.status === 'retry' ? followEveryMs : false,
  });
  const topUp = followed.data ?? submitted;
  const ended = topUp.status === 'success' || topUp.status === 'returned' || topUp.status === 'cancelled';
  useEffect(() => {
    // The history and the card's balance change with the outcome.
    if (ended) void refreshCardData(queryClient);
  }, [ended, queryClient]);
  const params = { amount: topUp.amount, last4: topUp.last4, asset: topUp.asset };

  if (topUp.status === 'returned' || topUp.status === 'cancelled')
    return (
      <Stack gap="md">
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('cards.money.top_up.failed_title')}
          role="alert"
        >
          <Text size="sm">{t('cards.money.top_up.failed_body')}</Text>
          <Text size="xs" c="dimmed" mt={4}>
            {t('cards.money.top_up.failed_detail', { status: t(`states.top_up.${topUp.status}`), asset: topUp.asset })}
          </Text>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cards.money.top_up.close')}
          </Button>
          <Button onClick={onRetry} data-autofocus>
            {t('cards.money.top_up.retry')}
          </Button>
        </Group>
      </Stack>
    );

  const isDone = topUp.status === 'success';
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-start" wrap="nowrap" role="status">
        <ThemeIcon variant="light" color={isDone ? 'teal' : 'bank'} size="lg" radius="xl">
          {isDone ? <IconCircleCheck size={20} aria-hidden /> : <IconClockHour4 size={20} aria-hidden />}
        </ThemeIcon>
        <Stack gap={4}>
          <Text fw={600}>{t(isDone ? 'cards.money.top_up.success_title' : 'cards.money.top_up.processing_title')}</Text>
          <Text size="sm">
            {isDone
              ? t('cards.money.top_up.success_body', params)
              : t('cards.money.top_up.processing_body', { ...params, ...topUpWorkingDays })}
          </Text>
          {isDone ? null : (
            <Group gap={6}>
              <Loader size="xs" aria-hidden />
              <Text size="xs" c="dimmed">
                {t('cards.money.top_up.status_now')}: {t(`states.top_up.${topUp.status}`)}
              </Text>
            </Group>
          )}
        </Stack>
      </Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onAnother}>
          {t('cards.money.top_up.another')}
        </Button>
        <Button onClick={onClose} data-autofocus>
          {t('cards.money.top_up.close')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The quote of the top-up as typed: what the card receives, the fee, the rate and what is paid in the coin. */
function TopUpQuote({
  quote,
  fee,
  asset,
}: {
  quote: 'waiting' | 'loading' | ResponseOf<typeof calcTopUp>;
  fee: ResponseOf<typeof getTopUpConfig>['fee'] | undefined;
  asset: CardFundingAsset | '';
}) {
  const { t } = useTranslation();
  const coin = useCoin();
  const amountText = useAmountText();
  const feeRule = fee
    ? fee.rate
      ? t('cards.money.top_up.fee_rule', {
          rate: `${formatDecimal(String(Number(fee.rate) * 100), { min: 0, max: 2 })}%`,
          minimum: amountText(fee.amount, 'USD'),
        })
      : t('cards.money.top_up.fee_flat', { minimum: amountText(fee.amount, 'USD') })
    : null;
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('cards.money.top_up.quote_title')} aria-live="polite">
      <Text size="sm" fw={600} mb={4}>
        {t('cards.money.top_up.quote_title')}
      </Text>
      {quote === 'waiting' ? (
        <Text size="sm" c="dimmed">
          {t('cards.money.top_up.quote_waiting')}
        </Text>
      ) : quote === 'loading' ? (
        <Stack gap={6} aria-label={t('cards.money.top_up.quote_loading')}>
          <Skeleton h={14} />
          <Skeleton h={14} />
          <Skeleton h={14} w="70%" />
        </Stack>
      ) : (
        <Table withRowBorders={false} verticalSpacing={4} data-testid="top-up-quote">
          <Table.Tbody>
            <QuoteLine label={t('cards.money.top_up.card_receives')}>
              <Amount value={quote.amount} currency="USD" size="sm" />
            </QuoteLine>
            <QuoteLine label={t('cards.money.top_up.fee')}>
              <Amount value={quote.fee} currency="USD" size="sm" data-testid="top-up-fee" />
              {feeRule ? (
                <Text size="xs" c="dimmed">
                  {feeRule}
                </Text>
              ) : null}
            </QuoteLine>
            <QuoteLine label={t('cards.money.top_up.rate')}>
              <RateText pair={{ base: 'USD', quote: quote.asset, rate: quote.rate }} />
              <Text size="xs" c="dimmed">
                <DateTime value={quote.rate_at} />
              </Text>
            </QuoteLine>
            <QuoteLine label={t('cards.money.top_up.you_pay')} isStrong>
              <Text size="sm" fw={600} className="tabular-figures" data-testid="top-up-total">
                {coin(quote.debit_total)} {quote.asset}
              </Text>
              <Text size="xs" c="dimmed">
                {t('cards.money.top_up.you_pay_detail', {
                  amount: coin(quote.debit_amount),
                  fee: coin(quote.debit_fee),
                  asset: quote.asset,
                })}
              </Text>
            </QuoteLine>
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {t('cards.money.top_up.rounding', { asset: asset || cardFundingAssets.join(' / ') })}
      </Text>
    </Paper>
  );
}

/** No coin holds enough for the smallest top-up (its minimum and the least fee). */
function CannotPayAlert({ minimum, smallest }: { minimum: string; smallest: string }) {
  const { t } = useTranslation();
  const usd = useUsd();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('cards.money.top_up.cannot_pay_title')}
      data-testid="top-up-cannot-pay"
    >
      <Text size="sm" c="var(--mantine-color-text)">
        {t('cards.money.top_up.cannot_pay', {
          minimum: usd(minimum),
          total: usd(smallest),
          assets: cardFundingAssets.join(', '),
        })}
      </Text>
    </Alert>
  );
}

/** The coin the top-up is paid in, each with what the company holds of it. */
function FundingAssetSelect({
  funding,
  value,
  onChange,
  error,
}: {
  funding: ResponseOf<typeof getTopUpConfig>['funding'] | undefined;
  value: CardFundingAsset | '';
  onChange: (asset: CardFundingAsset | '') => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const coin = useCoin();
  return (
    <Select
      label={t('cards.money.top_up.asset')}
      data={cardFundingAssets.map((asset) => {
        const available = funding?.find((line) => line.asset === asset)?.available;
        return {
          value: asset,
          label: available ? t('cards.money.top_up.asset_option', { asset, available: coin(available) }) : asset,
        };
      })}
      value={value || null}
      allowDeselect={false}
      onChange={(chosen) => onChange((chosen ?? '') as CardFundingAsset | '')}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Where the money of the top-up comes from, as the company declares it. */
function SourceOfFundsSelect({
  sources,
  value,
  onChange,
  error,
}: {
  sources: readonly SourceOfFunds[];
  value: SourceOfFunds | '';
  onChange: (source: SourceOfFunds | '') => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('cards.money.top_up.source')}
      placeholder={t('cards.money.top_up.source_placeholder')}
      data={sources.map((source) => ({
        value: source,
        label: t(`cards.money.sources.${source}`),
      }))}
      value={value || null}
      onChange={(source) => onChange((source ?? '') as SourceOfFunds | '')}
      error={error}
      withAsterisk
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The declaration of what will be paid, and the buttons that cancel or top up. */
function ConfirmAndSubmit({
  quote,
  asset,
  amount,
  isConfirmed,
  onConfirm,
  error,
  isSubmitting,
  onClose,
}: {
  quote: ResponseOf<typeof calcTopUp> | undefined;
  asset: CardFundingAsset | '';
  amount: string;
  isConfirmed: boolean;
  onConfirm: (isConfirmed: boolean) => void;
  error: string | undefined;
  isSubmitting: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const coin = useCoin();
  const amountText = useAmountText();
  return (
    <>
      <Checkbox
        label={t('cards.money.top_up.confirm', {
          total: quote ? coin(quote.debit_total) : '—',
          asset: quote?.asset ?? asset,
        })}
        checked={isConfirmed}
        disabled={!quote}
        onChange={(event) => onConfirm(event.currentTarget.checked)}
        error={error}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('cards.money.top_up.cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={!quote}>
          {t('cards.money.top_up.submit', { amount: amountText(quote?.amount ?? amount, 'USD') })}
        </Button>
      </Group>
    </>
  );
}

function TopUpForm({
  cards,
  values,
  onChange,
  onSubmitted,
  onClose,
}: {
  cards: Card[];
  values: Values;
  onChange: (patch: Partial<Values>) => void;
  onSubmitted: (topUp: TopUp) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const usd = useUsd();
  const config = useScreenQuery(getTopUpConfig, { card_id: values.cardId }, { enabled: values.cardId !== '' });
  const [amount] = useDebouncedValue(values.amount.trim(), quoteDebounceMs);
  const data = config.data;
  // Until the user chooses, the coin that can pay the smallest top-up (its minimum and least fee).
  const smallestTopUp = data ? sumUsd(data.minimum, data.fee.amount) : null;
  const funding = data && smallestTopUp ? preferredFundingAsset(data.funding, smallestTopUp) : null;
  const asset: CardFundingAsset | '' = values.asset || funding?.asset || '';
  const quoteBody = { card_id: values.cardId, amount, asset };
  const isQuotable = values.cardId !== '' && TopUpCalcRequest.safeParse(quoteBody).success;
  const quote = useQuery({
    queryKey: [calcTopUp.path, quoteBody],
    queryFn: ({ signal }) =>
      callApi(calcTopUp, { ...quoteBody, asset: asset as CardFundingAsset }, { signal, isSilent: true }),
    enabled: isQuotable,
    retry: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  // One key per intended top-up: kept while the same body is retried, new for a changed one.
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const quoteError = quote.isError && isApiError(quote.error) ? quote.error : null;
  const amountError =
    errors.amount ??
    (quoteError ? ((quoteError.fieldErrors.amount as string | undefined) ?? quoteError.msg) : undefined);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const next: Record<string, string> = {};
    if (values.source === '') next.source_of_funds = t('cards.money.top_up.source_required');
    if (!values.confirmed) next.confirmed = t('cards.money.validation.confirm_required');
    if (!TopUpCalcRequest.safeParse({ card_id: values.cardId, amount: values.amount.trim(), asset }).success)
      next.amount = t('validation.amount_format');
    // The fee carried back is the one on screen: a quote of another amount or coin is not yet shown.
    const shownFee = quote.data && amount === values.amount.trim() ? quote.data.fee : null;
    if (Object.keys(next).length === 0 && shownFee === null) next.amount = t('cards.money.top_up.fee_pending');
    setErrors(next);
    if (Object.keys(next).length > 0 || values.source === '' || asset === '' || shownFee === null) return;
    const body = {
      card_id: values.cardId,
      amount: values.amount.trim(),
      asset,
      fee_quote: { amount: shownFee, asset: 'USD' as const },
      source_of_funds: values.source,
      confirmed: true as const,
    };
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { key: newIdempotencyKey(), body: serialized };
    setIsSubmitting(true);
    try {
      onSubmitted(await callApi(submitTopUp, body, { idempotencyKey: attempt.current.key }));
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0)
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([key, value]) => [key, String(value)])));
      else setFailure(messageOfError(error) ?? t('cards.money.top_up.failed_body'));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('cards.money.top_up.intro')}
        </Text>
        <FormAlert message={failure} />
        <CardPicker
          cards={cards}
          value={values.cardId}
          onChange={(cardId) => onChange({ cardId })}
          description={t('cards.money.top_up.card_help')}
        />
        <AmountInput
          currency="USD"
          label={t('cards.money.top_up.amount')}
          description={
            data
              ? t('cards.money.top_up.amount_help', {
                  minimum: usd(data.minimum),
                  maximum: usd(data.maximum),
                  remaining: usd(data.remaining_today),
                })
              : undefined
          }
          value={values.amount}
          onChange={(event) => {
            setErrors(({ amount: _dropped, ...rest }) => rest);
            onChange({ amount: event.currentTarget.value, confirmed: false });
          }}
          error={amountError}
          withAsterisk
          data-autofocus
        />
        <FundingAssetSelect
          funding={data?.funding}
          value={asset}
          onChange={(chosen) => onChange({ asset: chosen, confirmed: false })}
          error={errors.asset}
        />
        {funding && !funding.canPay && data ? (
          <CannotPayAlert minimum={data.minimum} smallest={smallestTopUp ?? data.minimum} />
        ) : null}
        <TopUpQuote
          quote={!isQuotable || quoteError ? 'waiting' : quote.isPending || !quote.data ? 'loading' : quote.data}
          fee={data?.fee}
          asset={asset}
        />
        <SourceOfFundsSelect
          sources={data?.sources_of_funds ?? []}
          value={values.source}
          onChange={(source) => onChange({ source })}
          error={errors.source_of_funds}
        />
        <ConfirmAndSubmit
          quote={quote.data}
          asset={asset}
          amount={values.amount}
          isConfirmed={values.confirmed}
          onConfirm={(confirmed) => onChange({ confirmed })}
          error={errors.confirmed}
          isSubmitting={isSubmitting}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}

export function TopUpDialog({
  isOpen,
  onClose,
  cards,
  initialCardId,
}: {
  isOpen: boolean;
  onClose: () => void;
  cards: Card[];
  initialCardId?: string;
}) {
  const { t } = useTranslation();
  const topUpCards = cards.filter((card) => card.allowed_actions.includes('top_up'));
  const firstCardId =
    initialCardId && topUpCards.some((card) => card.id === initialCardId) ? initialCardId : (topUpCards[0]?.id ?? '');
  const blank: Values = { cardId: firstCardId, amount: '', asset: '', source: '', confirmed: false };
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(blank);
  const [submitted, setSubmitted] = useState<TopUp | null>(null);
  useEffect(() => {
    if (isOpen) setValues((current) => (current.cardId ? current : { ...current, cardId: firstCardId }));
  }, [isOpen, firstCardId]);
  const close = () => {
    setSubmitted(null);
    setValues(blank);
    onClose();
  };
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('cards.money.top_up.title')} size="lg">
      {submitted ? (
        <TopUpResult
          submitted={submitted}
          // Retry brings the same choice back (confirmed again), as a new top-up.
          onRetry={() => {
            setValues((current) => ({ ...current, confirmed: false }));
            setSubmitted(null);
          }}
          onAnother={() => {
            setValues({ ...blank, cardId: values.cardId });
            setSubmitted(null);
          }}
          onClose={close}
        />
      ) : (
        <TopUpForm
          cards={topUpCards}
          values={values}
          onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
          onSubmitted={(topUp) => {
            setSubmitted(topUp);
            // The money is held at once: the history, the card and the balances show it now.
            void refreshCardData(queryClient);
          }}
          onClose={close}
        />
      )}
    </Dialog>
  );
}
