/**
 * /otc: requests for quote on large trades (from the OTC threshold). The client sends the pair, the
 * amount and a note; the relationship manager answers in the back office with a rate and how long
 * it holds; the client accepts (the trade settles at once) or declines within that time, or
 * withdraws a request not answered yet. The list follows the desk's answer without a reload.
 *
 * The back office's desk (/admin/otc) is staff/otc-desk-page.tsx.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import {
  acceptOtcQuote,
  cancelOtcRequest,
  declineOtcQuote,
  listOtcTrades,
  type OtcTrade,
  otcNoteMaxLength,
  requestOtcQuote,
} from '@bank/contract/exchange';
import { formatRate } from '@bank/contract/money-text';
import { pathOf } from '@bank/contract/routes';
import { Button, Card, Grid, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconChartCandle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi, newIdempotencyKey } from '../../lib/api-client.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { messageOfError } from '../../lib/form-errors.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { showSuccess } from '../../lib/notify.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatAmount } from '../../ui/format-amount.ts';
import { formatDateTime } from '../../ui/format-date.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { QuoteLine } from '../../ui/quote-line.tsx';
import { RateText } from '../../ui/rate-text.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { formatCountdown } from '../../ui/svg-data-url.ts';
import { Textarea } from '../../ui/textarea.tsx';
import { PairFields, type PairValues, useOtcThresholdText, useSecondsLeft } from './exchange-parts.tsx';
import { listRequest } from './otc-page-data.ts';
import '../../messages/exchange.ts';

function RequestForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const thresholdText = useOtcThresholdText();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: requestOtcQuote,
    initialValues: { from: 'USDT', to: 'USDC', amount: '', note: '' } as PairValues & { note: string },
    toRequest: ({ note, ...values }) => ({ ...values, amount: values.amount.trim(), ...(note.trim() ? { note } : {}) }),
    onSuccess: async () => {
      showSuccess(t('exchange.otc.sent'));
      form.reset();
      await queryClient.invalidateQueries({ queryKey: [listOtcTrades.path] });
    },
  });
  return (
    <Card component="form" onSubmit={submit} noValidate aria-labelledby="otc-form-title">
      <Stack gap="md">
        <Text component="h2" id="otc-form-title" fw={600} fz="md" m={0}>
          {t('exchange.otc.form_title')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('exchange.otc.threshold', { amount: thresholdText })}
        </Text>
        <FormAlert message={formError} />
        <PairFields form={form} idPrefix="otc" />
        <Textarea
          label={t('exchange.otc.note')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={otcNoteMaxLength}
          {...form.getInputProps('note')}
        />
        <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-end' }}>
          {t('exchange.otc.submit')}
        </Button>
      </Stack>
    </Card>
  );
}

function TradeActions({
  trade,
  isExpired,
  secondsLeft,
}: {
  trade: OtcTrade;
  isExpired: boolean;
  secondsLeft: number | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = localeOfLanguage[language];
  const queryClient = useQueryClient();
  // Accepting settles the trade at once and declining closes the quote: each is asked first.
  const [confirming, setConfirming] = useState<'accept' | 'decline' | null>(null);
  // One key per request: accepting twice (a double click, a retry) settles once.
  const acceptKey = useRef(newIdempotencyKey());
  const act = useMutation({
    mutationFn: (action: 'accept' | 'decline' | 'cancel') => {
      const body = { request_id: trade.request_id };
      if (action === 'accept') return callApi(acceptOtcQuote, body, { idempotencyKey: acceptKey.current });
      return callApi(action === 'decline' ? declineOtcQuote : cancelOtcRequest, body);
    },
    onSuccess: async (answer, action) => {
      showSuccess(
        t(`exchange.otc.${action === 'accept' ? 'accepted' : action === 'decline' ? 'declined' : 'cancelled'}_toast`),
      );
      await queryClient.invalidateQueries({ queryKey: [listOtcTrades.path] });
      if (answer.status === 'accepted') await queryClient.invalidateQueries();
    },
  });
  const error = act.isError ? messageOfError(act.error) : null;
  const decide = (action: 'accept' | 'decline') => act.mutate(action, { onSettled: () => setConfirming(null) });
  if (trade.status === 'requested')
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('exchange.otc.waiting')}
        </Text>
        <FormAlert message={error} />
        <Button
          variant="default"
          size="xs"
          onClick={() => act.mutate('cancel')}
          loading={act.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('exchange.otc.cancel')}
        </Button>
      </Stack>
    );
  if (trade.status === 'quoted' && !isExpired)
    return (
      <Stack gap="xs">
        <FormAlert message={error} />
        <Group gap="sm">
          <Button onClick={() => setConfirming('accept')} loading={act.isPending && act.variables === 'accept'}>
            {t('exchange.otc.accept')}
          </Button>
          <Button
            variant="default"
            onClick={() => setConfirming('decline')}
            loading={act.isPending && act.variables === 'decline'}
          >
            {t('exchange.otc.decline')}
          </Button>
        </Group>
        <ConfirmDialog
          isOpen={confirming === 'accept'}
          title={t('exchange.otc.confirm_accept_title')}
          message={t('exchange.otc.confirm_accept_text', {
            from: `${formatAmount(trade.amount, trade.from, locale)} ${trade.from}`,
            to: trade.amount_received
              ? `${formatAmount(trade.amount_received, trade.to, locale)} ${trade.to}`
              : trade.to,
            rate: trade.rate ? formatRate({ base: trade.from, quote: trade.to, rate: trade.rate }, locale) : '',
          })}
          confirmLabel={t('exchange.otc.confirm_accept')}
          confirmColour="bank"
          isWorking={act.isPending}
          onConfirm={() => decide('accept')}
          onClose={() => setConfirming(null)}
        >
          {trade.expires_at ? (
            <Text size="sm" fw={600} role="timer" className="tabular-figures">
              {t('exchange.otc.valid_until', { time: formatDateTime(trade.expires_at, language) })} ·{' '}
              {t('exchange.otc.left', { time: formatCountdown(secondsLeft ?? 0) })}
            </Text>
          ) : null}
        </ConfirmDialog>
        <ConfirmDialog
          isOpen={confirming === 'decline'}
          title={t('exchange.otc.confirm_decline_title')}
          message={t('exchange.otc.confirm_decline_text')}
          confirmLabel={t('exchange.otc.confirm_decline')}
          isWorking={act.isPending}
          onConfirm={() => decide('decline')}
          onClose={() => setConfirming(null)}
        />
      </Stack>
    );
  if (trade.status === 'accepted' && trade.transaction_id)
    return (
      <Button
        component={Link}
        variant="light"
        size="xs"
        to={`${pathOf('transaction_detail')}?id=${encodeURIComponent(trade.transaction_id)}`}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('exchange.otc.see_history')}
      </Button>
    );
  return null;
}

function TradeCard({ trade }: { trade: OtcTrade }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const secondsLeft = useSecondsLeft(trade.status === 'quoted' ? trade.expires_at : null, trade.server_time);
  const isExpired = trade.status === 'expired' || (trade.status === 'quoted' && secondsLeft === 0);
  const status = isExpired ? 'expired' : trade.status;
  return (
    <Paper withBorder p="md" radius="md" component="li" data-testid="otc-trade" data-status={status}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Group gap={6} wrap="wrap">
              <Amount value={trade.amount} currency={trade.from} fw={600} />
              <Text span c="dimmed" aria-hidden>
                →
              </Text>
              <Text span fw={600}>
                {trade.to}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('exchange.otc.requested_at', { time: formatDateTime(trade.requested_at, language) })}
            </Text>
          </Stack>
          <StatusBadge list="otc" value={status} />
        </Group>
        {trade.note ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {trade.note}
          </Text>
        ) : null}
        {trade.rate && trade.amount_received ? (
          <Table verticalSpacing={4} withRowBorders={false}>
            <Table.Tbody>
              <QuoteLine label={t('exchange.otc.rate')}>
                <RateText pair={{ base: trade.from, quote: trade.to, rate: trade.rate }} />
              </QuoteLine>
              <QuoteLine label={t('exchange.otc.receive')} isStrong>
                <Amount value={trade.amount_received} currency={trade.to} fw={700} />
              </QuoteLine>
            </Table.Tbody>
          </Table>
        ) : null}
        {trade.status === 'quoted' && !isExpired && trade.expires_at ? (
          <Text size="sm" fw={600} role="timer" className="tabular-figures">
            {t('exchange.otc.valid_until', { time: formatDateTime(trade.expires_at, language) })} ·{' '}
            {t('exchange.otc.left', { time: formatCountdown(secondsLeft ?? 0) })}
          </Text>
        ) : null}
        <TradeActions trade={trade} isExpired={isExpired} secondsLeft={secondsLeft} />
      </Stack>
    </Paper>
  );
}

function TradeList() {
  const { t } = useTranslation();
  const trades = useScreenQuery(listOtcTrades, listRequest, {
    // While a request waits for its quote or a quote for a decision, follow the desk's answer.
    refetchIntervalMs: (data) =>
      data?.items.some((item) => item.status === 'requested' || item.status === 'quoted') ? 5_000 : 30_000,
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="otc-list-title">
      <Text component="h2" id="otc-list-title" fw={600} fz="md" m={0}>
        {t('exchange.otc.list_title')}
      </Text>
      {trades.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton h={110} radius="md" />
          <Skeleton h={110} radius="md" />
        </Stack>
      ) : trades.isError ? (
        <LoadError error={trades.error} onRetry={() => void trades.refetch()} />
      ) : trades.data.items.length === 0 ? (
        <EmptyState
          icon={<IconChartCandle size={26} stroke={1.6} />}
          title={t('exchange.otc.empty_title')}
          description={t('exchange.otc.empty_text')}
        />
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {trades.data.items.map((trade) => (
            <TradeCard key={`${trade.request_id}-${trade.status}`} trade={trade} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function OtcPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.otc.title')} description={t('pages.otc.purpose')}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <RequestForm />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <TradeList />
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}

OtcPage.isDrawnWhole = true as const;
