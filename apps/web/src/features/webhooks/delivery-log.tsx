/**
 * The delivery log: the company's deliveries, newest first, 20 at a time (keyset "Load more"), each
 * with its status, its attempts on demand (time, HTTP status, latency, the start of the answer) and
 * a replay; and the replay of a time range.
 */
import {
  getWebhookDelivery,
  listWebhookDeliveries,
  replayWebhookDeliveries,
  replayWebhookDelivery,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@bank/contract/webhooks';
import { Box, Button, Checkbox, Code, Collapse, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRefresh, IconRepeat, IconWebhook } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../lib/call-form.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import { showSuccess } from '../../lib/notify.ts';
import { screenPagesOptions, useScreenQuery } from '../../lib/screen-query.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { DateTimeField, instantOfLocalDateTime } from '../../ui/date-time-field.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatDateTime } from '../../ui/format-date.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { CallButton } from './call-button.tsx';
import { logRequest } from './webhook-settings-page-data.ts';

/** The start of the log's query key, whatever its request: invalidating it reloads the log. */
export const deliveryLogKey = [listWebhookDeliveries.path];

const statusColour = {
  pending: 'gray',
  retrying: 'orange',
  succeeded: 'teal',
  failed: 'red',
} as const satisfies Record<WebhookDeliveryStatus, string>;

function AttemptLine({ attempt }: { attempt: WebhookAttempt }) {
  const { t } = useTranslation();
  const outcome = attempt.error
    ? t(`webhooks.log.attempt.errors.${attempt.error}`)
    : t('webhooks.log.attempt.status_code', { code: attempt.status_code ?? '' });
  return (
    <Paper withBorder p="sm" radius="sm" component="li" data-testid="webhook-attempt">
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Group gap="sm" wrap="wrap">
          <ToneBadge colour={attempt.is_success ? 'teal' : 'red'}>{outcome}</ToneBadge>
          <Text size="sm">{t(`webhooks.log.attempt.trigger.${attempt.trigger}`)}</Text>
          <Text size="sm" c="dimmed" className="tabular-figures">
            {t('webhooks.log.attempt.latency', { ms: attempt.latency_ms })}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          <DateTime value={attempt.attempted_at} />
        </Text>
      </Group>
      {attempt.response_excerpt ? (
        <Text size="xs" c="dimmed" mt={6} style={{ overflowWrap: 'anywhere' }} lineClamp={3}>
          {t('webhooks.log.attempt.response')}: {attempt.response_excerpt}
        </Text>
      ) : null}
    </Paper>
  );
}

function DeliveryAttempts({ deliveryId }: { deliveryId: string }) {
  const { t } = useTranslation();
  const detail = useScreenQuery(getWebhookDelivery, { delivery_id: deliveryId });
  if (detail.isPending) return <Skeleton height={48} aria-hidden />;
  if (detail.isError) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  return (
    <Stack gap="xs">
      {detail.data.attempts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('webhooks.log.no_attempts')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {detail.data.attempts.map((attempt) => (
            <AttemptLine key={`${attempt.attempted_at}-${attempt.trigger}`} attempt={attempt} />
          ))}
        </Stack>
      )}
      <Text size="sm" fw={600}>
        {t('webhooks.log.payload')}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 240, overflowY: 'auto' }}>
        {detail.data.payload}
      </Code>
    </Stack>
  );
}

function ReplayButton({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const replay = useCallForm({
    call: replayWebhookDelivery,
    initialValues: {},
    toRequest: () => ({ delivery_id: delivery.delivery_id }),
    onSuccess: async () => {
      showSuccess(t('webhooks.log.replayed'));
      await queryClient.invalidateQueries({ queryKey: deliveryLogKey });
      await queryClient.invalidateQueries({ queryKey: [getWebhookDelivery.path] });
    },
  });
  return (
    <CallButton
      action={replay}
      label={t('webhooks.log.replay')}
      icon={<IconRepeat size={14} aria-hidden />}
      align="flex-end"
    />
  );
}

function DeliveryLine({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [isOpen, setIsOpen] = useState(false);
  const attemptsId = `webhook-attempts-${delivery.delivery_id}`;
  return (
    <Paper withBorder p="md" radius="md" component="li" data-testid="webhook-delivery" data-status={delivery.status}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Box style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{t(`webhooks.event_types.${delivery.event_type}`)}</Text>
              {delivery.is_test ? <ToneBadge colour="violet">{t('webhooks.log.test')}</ToneBadge> : null}
              <ToneBadge colour={statusColour[delivery.status]}>
                {t(`webhooks.log.status.${delivery.status}`)}
              </ToneBadge>
            </Group>
            <Text size="sm" c="dimmed">
              <DateTime value={delivery.created_at} />
            </Text>
          </Box>
          <ReplayButton delivery={delivery} />
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('webhooks.log.webhook_id')}: <span className="tabular-figures">{delivery.webhook_id}</span>
        </Text>
        <Group gap="md" wrap="wrap">
          <Text size="sm">{t('webhooks.log.attempts', { count: delivery.attempt_count })}</Text>
          {delivery.last_status_code !== null ? (
            <Text size="sm">{t('webhooks.log.attempt.status_code', { code: delivery.last_status_code })}</Text>
          ) : null}
          {delivery.next_attempt_at ? (
            <Text size="sm" c="dimmed">
              {t('webhooks.log.next_attempt', { date: formatDateTime(delivery.next_attempt_at, language) })}
            </Text>
          ) : null}
        </Group>
        <Box>
          <Button
            variant="subtle"
            size="xs"
            px={0}
            aria-expanded={isOpen}
            aria-controls={attemptsId}
            onClick={() => setIsOpen((open) => !open)}
          >
            {isOpen ? t('webhooks.log.hide_attempts') : t('webhooks.log.show_attempts')}
          </Button>
        </Box>
        <Collapse expanded={isOpen} id={attemptsId}>
          {isOpen ? <DeliveryAttempts deliveryId={delivery.delivery_id} /> : null}
        </Collapse>
      </Stack>
    </Paper>
  );
}

function ReplayRangeForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: replayWebhookDeliveries,
    initialValues: { from: null as string | null, to: null as string | null, is_failed_only: true },
    // The fields give the reader's local time; the call takes instants.
    toRequest: (values) => ({
      ...values,
      from: instantOfLocalDateTime(values.from),
      to: instantOfLocalDateTime(values.to),
    }),
    onSuccess: async (answer) => {
      showSuccess(t('webhooks.log.replay_range.done', { count: answer.replayed }));
      await queryClient.invalidateQueries({ queryKey: deliveryLogKey });
    },
  });
  return (
    <form style={readableErrorColour} noValidate onSubmit={submit} aria-labelledby="webhook-replay-range-title">
      <Stack gap="sm">
        <Text fw={600} id="webhook-replay-range-title">
          {t('webhooks.log.replay_range.title')}
        </Text>
        <FormAlert message={formError} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <DateTimeField
            label={t('webhooks.log.replay_range.from')}
            clearable
            style={{ flex: '1 1 200px' }}
            {...form.getInputProps('from')}
          />
          <DateTimeField
            label={t('webhooks.log.replay_range.to')}
            clearable
            style={{ flex: '1 1 200px' }}
            {...form.getInputProps('to')}
          />
        </Group>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Checkbox
            label={t('webhooks.log.replay_range.failed_only')}
            {...form.getInputProps('is_failed_only', { type: 'checkbox' })}
          />
          <Button type="submit" variant="default" loading={isSubmitting}>
            {t('webhooks.log.replay_range.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LogSkeleton() {
  return (
    <Stack gap="sm" aria-hidden>
      {[0, 1, 2].map((row) => (
        <Paper key={row} withBorder p="md">
          <Skeleton height={16} width="40%" mb="sm" />
          <Skeleton height={12} width="70%" mb={6} />
          <Skeleton height={12} width="30%" />
        </Paper>
      ))}
    </Stack>
  );
}

export function DeliveryLog() {
  const { t } = useTranslation();
  const deliveries = useInfiniteQuery(screenPagesOptions(listWebhookDeliveries, logRequest));
  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];
  let content = <LogSkeleton />;
  if (deliveries.isError) content = <LoadError error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  else if (!deliveries.isPending && items.length === 0)
    content = (
      <EmptyState
        isBare
        icon={<IconWebhook size={26} stroke={1.6} />}
        title={t('webhooks.log.empty_title')}
        description={t('webhooks.log.empty')}
      />
    );
  else if (!deliveries.isPending)
    content = (
      <Stack gap="md">
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((delivery) => (
            <DeliveryLine key={delivery.delivery_id} delivery={delivery} />
          ))}
        </Stack>
        <LoadMore
          query={deliveries}
          loadMoreLabel={t('webhooks.log.load_more')}
          allLoaded={t('webhooks.log.all_loaded')}
        />
      </Stack>
    );
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="webhook-log-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} fz="h4" id="webhook-log-title">
            {t('webhooks.log.title')}
          </Title>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={deliveries.isRefetching}
            onClick={() => void deliveries.refetch()}
          >
            {t('webhooks.log.refresh')}
          </Button>
        </Group>
        {content}
        <ReplayRangeForm />
      </Stack>
    </Paper>
  );
}
