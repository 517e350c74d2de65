/**
 * /admin/otc (staff holding `otc_desk`): OTC requests for quote. A relationship manager sees the
 * requests of the companies they manage; a system admin all of them, with the shared desk of
 * companies without a manager. One opens in a drawer: the pair, the amount and its US dollar value
 * now, the client's note; an open request is answered with a rate and a validity in minutes (the
 * client's inbox is told), or cancelled with a reason the bank keeps.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import {
  cancelOtcDeskRequest,
  listOtcDesk,
  otcNoteMaxLength,
  otcQueueStatuses,
  otcValidityMinutes,
  quoteOtcRequest,
  type StaffOtcTrade,
} from '@bank/contract/exchange';
import { Button, Divider, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChartCandle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoldsPermission } from '../../../api/user-info.ts';
import { useCallForm } from '../../../lib/call-form.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { showSuccess } from '../../../lib/notify.ts';
import { Amount } from '../../../ui/amount.tsx';
import { Drawer } from '../../../ui/drawer.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { formatAmount } from '../../../ui/format-amount.ts';
import { formatDateTime } from '../../../ui/format-date.ts';
import { LabelledValue } from '../../../ui/labelled-value.tsx';
import { NoPermissionPage } from '../../../ui/no-permission-page.tsx';
import { PageFrame } from '../../../ui/page-frame.tsx';
import { RateText } from '../../../ui/rate-text.tsx';
import { type QueueFilter, StaffQueue } from '../../../ui/staff-queue.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { firstStatus } from './otc-desk-page-data.ts';
import '../../../messages/admin.ts';
import '../../../messages/exchange.ts';

type Answered = (trade: StaffOtcTrade) => Promise<void>;

function QuoteForm({ trade, onAnswered }: { trade: StaffOtcTrade; onAnswered: Answered }) {
  const { t } = useTranslation();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: quoteOtcRequest,
    initialValues: { rate: '', validity_minutes: 15 as number | string, note: '' },
    toRequest: ({ note, ...values }) => ({
      request_id: trade.request_id,
      rate: values.rate.trim(),
      validity_minutes: Number(values.validity_minutes),
      ...(note.trim() ? { note } : {}),
    }),
    onSuccess: async (answer) => {
      showSuccess(t('exchange.desk.quoted_toast'));
      await onAnswered(answer);
    },
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormAlert message={formError} />
        <TextInput
          label={t('exchange.desk.rate', { from: trade.from, to: trade.to })}
          description={t('exchange.desk.rate_help')}
          inputMode="decimal"
          autoComplete="off"
          withAsterisk
          {...form.getInputProps('rate')}
        />
        <NumberInput
          label={t('exchange.desk.validity')}
          min={otcValidityMinutes.min}
          max={otcValidityMinutes.max}
          allowDecimal={false}
          withAsterisk
          {...form.getInputProps('validity_minutes')}
        />
        <Textarea
          label={t('exchange.desk.desk_note')}
          autosize
          minRows={2}
          maxLength={otcNoteMaxLength}
          {...form.getInputProps('note')}
        />
        <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
          {t('exchange.desk.send_quote')}
        </Button>
      </Stack>
    </form>
  );
}

function CancelForm({ trade, onAnswered }: { trade: StaffOtcTrade; onAnswered: Answered }) {
  const { t } = useTranslation();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: cancelOtcDeskRequest,
    initialValues: { note: '' },
    toRequest: (values) => ({ request_id: trade.request_id, note: values.note }),
    onSuccess: async (answer) => {
      showSuccess(t('exchange.desk.cancelled_toast'));
      await onAnswered(answer);
    },
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t('exchange.desk.cancel_title')}
        </Text>
        <FormAlert message={formError} />
        <Textarea
          label={t('exchange.desk.cancel_note')}
          autosize
          minRows={2}
          maxLength={otcNoteMaxLength}
          withAsterisk
          {...form.getInputProps('note')}
        />
        <Button type="submit" color="red" variant="light" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
          {t('exchange.desk.cancel_submit')}
        </Button>
      </Stack>
    </form>
  );
}

function TradeDetail({ trade, onAnswered }: { trade: StaffOtcTrade; onAnswered: Answered }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <LabelledValue label={t('exchange.desk.company')}>
          {trade.company.name || t('exchange.desk.unnamed_company')}
        </LabelledValue>
        <LabelledValue label={t('exchange.desk.requested_by')}>{trade.requested_by}</LabelledValue>
        <LabelledValue label={t('exchange.pair.amount')}>
          <Amount value={trade.amount} currency={trade.from} fw={600} />
        </LabelledValue>
        <LabelledValue label={t('exchange.pair.to')}>{trade.to}</LabelledValue>
        <LabelledValue label={t('exchange.desk.usd_value')}>
          {trade.usd_value ? <Amount value={trade.usd_value} currency="USD" /> : '—'}
        </LabelledValue>
        <LabelledValue label={t('exchange.desk.manager')}>
          {trade.relationship_manager ?? t('exchange.desk.shared_queue')}
        </LabelledValue>
        <LabelledValue label={t('exchange.desk.requested_label')}>
          {formatDateTime(trade.requested_at, language)}
        </LabelledValue>
        <LabelledValue label={t('exchange.desk.status_label')}>
          <StatusBadge list="otc" value={trade.status} />
        </LabelledValue>
      </SimpleGrid>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('exchange.desk.client_note')}
        </Text>
        <Paper withBorder p="md" radius="sm">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {trade.note ?? t('exchange.desk.no_note')}
          </Text>
        </Paper>
      </Stack>
      {trade.rate && trade.amount_received ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <LabelledValue label={t('exchange.otc.rate')}>
            <RateText pair={{ base: trade.from, quote: trade.to, rate: trade.rate }} />
          </LabelledValue>
          <LabelledValue label={t('exchange.otc.receive')}>
            <Amount value={trade.amount_received} currency={trade.to} />
          </LabelledValue>
          {trade.expires_at ? (
            <LabelledValue label={t('exchange.desk.expires_label')}>
              {formatDateTime(trade.expires_at, language)}
            </LabelledValue>
          ) : null}
          {trade.quoted_by ? (
            <LabelledValue label={t('exchange.desk.quoted_by_label')}>{trade.quoted_by}</LabelledValue>
          ) : null}
        </SimpleGrid>
      ) : null}
      {trade.desk_note ? (
        <LabelledValue label={t('exchange.desk.desk_note')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {trade.desk_note}
          </Text>
        </LabelledValue>
      ) : null}
      {trade.status === 'requested' ? (
        <>
          <Divider />
          <QuoteForm trade={trade} onAnswered={onAnswered} />
          <Divider />
          <CancelForm trade={trade} onAnswered={onAnswered} />
        </>
      ) : null}
    </Stack>
  );
}

export function OtcDeskPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = localeOfLanguage[language];
  const queryClient = useQueryClient();
  const mayQuote = useHoldsPermission('otc_desk');
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [status, setStatus] = useState<QueueFilter<(typeof otcQueueStatuses)[number]>>(firstStatus);
  const [opened, setOpened] = useState<StaffOtcTrade | null>(null);
  const onAnswered: Answered = async (trade) => {
    setOpened(trade);
    await queryClient.invalidateQueries({ queryKey: [listOtcDesk.path] });
  };
  if (mayQuote === false) return <NoPermissionPage title={t('pages.admin_otc.title')} />;
  return (
    <PageFrame title={t('pages.admin_otc.title')} description={t('pages.admin_otc.purpose')}>
      <StaffQueue
        call={listOtcDesk}
        statuses={otcQueueStatuses}
        status={status}
        onStatusChange={setStatus}
        filterLabel={t('exchange.desk.filter')}
        statusLabel={(value) => t(`exchange.desk.statuses.${value}`)}
        idOf={(item) => item.request_id}
        onOpen={setOpened}
        openLabel={(item) =>
          t('exchange.desk.open_item', { company: item.company.name || t('exchange.desk.unnamed_company') })
        }
        renderItem={(item) => ({
          title: item.company.name || t('exchange.desk.unnamed_company'),
          subtitle: `${formatAmount(item.amount, item.from, locale)} ${item.from} → ${item.to}${
            item.usd_value ? ` · ≈ ${formatAmount(item.usd_value, 'USD', locale)} USD` : ''
          }`,
          excerpt: item.note ?? '',
          time: formatDateTime(item.requested_at, language),
          badge: <StatusBadge list="otc" value={item.status} />,
        })}
        empty={{
          icon: <IconChartCandle size={26} stroke={1.6} />,
          title: t('exchange.desk.empty_title'),
          description: status === 'open' ? t('exchange.desk.empty_text') : t('exchange.desk.empty_filtered_text'),
        }}
        loadMoreLabel={t('exchange.desk.load_more')}
        allLoaded={t('exchange.desk.all_loaded')}
      />
      <Drawer
        opened={opened !== null}
        onClose={() => setOpened(null)}
        position="right"
        size={isPhone ? '100%' : 640}
        title={t('exchange.desk.detail_title')}
        closeButtonProps={{ 'aria-label': t('exchange.desk.close') }}
      >
        {opened ? (
          <TradeDetail key={`${opened.request_id}-${opened.status}`} trade={opened} onAnswered={onAnswered} />
        ) : null}
      </Drawer>
    </PageFrame>
  );
}
