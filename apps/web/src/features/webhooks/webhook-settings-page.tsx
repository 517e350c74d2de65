/**
 * /webhook_settings: the company's webhook notification settings (SPEC.md section 3): a URL and a
 * switch for each notification type (SPEC.md's four and every money event, in groups) with a test
 * send, the company's balance thresholds, the signing secret (shown once,
 * in a dialog, when it is made and when it is rotated) and the delivery log.
 */
import {
  getWebhookSettings,
  rotateWebhookSecret,
  saveWebhookSettings,
  sendTestWebhook,
  type WebhookEventType,
  type WebhookSettings,
  webhookEnabledField,
  webhookEventGroups,
  webhookEventTypes,
  webhookThresholdAssets,
  webhookThresholdField,
  webhookUrlField,
} from '@bank/contract/webhooks';
import {
  Box,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconKey, IconRefresh, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../api/user-info.ts';
import { type CallForm, useCallForm } from '../../lib/call-form.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import { showSuccess } from '../../lib/notify.ts';
import { queryKeyOf, useScreenQuery } from '../../lib/screen-query.ts';
import { CopyValueButton } from '../../ui/copy-value-button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatDateTime } from '../../ui/format-date.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { SectionHeading } from '../../ui/section-heading.tsx';
import { useStepUpForm } from '../../widgets/step-up-dialog.tsx';
import { CallButton } from './call-button.tsx';
import { DeliveryLog, deliveryLogKey } from './delivery-log.tsx';
import '../../messages/kyc.ts';
import '../../messages/webhooks.ts';

const settingsKey = queryKeyOf(getWebhookSettings, {});

function formValuesOf(settings: WebhookSettings) {
  const values: Record<string, string | boolean> = {};
  for (const type of webhookEventTypes) {
    values[webhookUrlField(type)] = settings.endpoints[type].url;
    values[webhookEnabledField(type)] = settings.endpoints[type].is_enabled;
  }
  for (const asset of webhookThresholdAssets)
    values[webhookThresholdField(asset)] = settings.balance_thresholds[asset] ?? '';
  return values;
}

/** The signing secret, once: copy it now, it is never shown again. */
function SecretShownOnce({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={secret !== null} onClose={onClose} title={t('webhooks.secret.shown_once_title')} isBlocking>
      <Stack gap="md">
        <Text size="sm">{t('webhooks.secret.shown_once_text')}</Text>
        <Group gap="sm" wrap="nowrap" align="center">
          <Code
            block
            data-testid="webhook-secret"
            style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          >
            {secret}
          </Code>
          <CopyValueButton
            value={secret ?? ''}
            label={t('webhooks.secret.copy')}
            copiedLabel={t('webhooks.secret.copied')}
          />
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('webhooks.secret.done')}</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

function TestSendButton({ type, onSent }: { type: WebhookEventType; onSent: () => void }) {
  const { t } = useTranslation();
  const test = useCallForm({
    call: sendTestWebhook,
    initialValues: {},
    toRequest: () => ({ event_type: type }),
    onSuccess: () => {
      showSuccess(t('webhooks.settings.test_sent'));
      onSent();
    },
  });
  return (
    <CallButton
      action={test}
      label={t('webhooks.settings.send_test')}
      icon={<IconSend size={14} aria-hidden />}
      accessibleName={`${t('webhooks.settings.send_test')}: ${t(`webhooks.event_types.${type}`)}`}
    />
  );
}

type PanelProps = {
  settings: WebhookSettings;
  onSecret: (secret: string) => void;
};

type SettingsFormHandle = CallForm<Record<string, string | boolean>>['form'];

/** One notification type: its name and what it tells, its switch, its URL and, once saved, a test send. */
function EndpointFields({
  type,
  form,
  hasSavedUrl,
  onSent,
}: {
  type: WebhookEventType;
  form: SettingsFormHandle;
  hasSavedUrl: boolean;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid={`webhook-endpoint-${type}`}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Box style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Text fw={600}>{t(`webhooks.event_types.${type}`)}</Text>
          <Text size="sm" c="dimmed">
            {t(`webhooks.event_descriptions.${type}`)}
          </Text>
        </Box>
        {/* The label says the switch's state ("On" / "Off"); its name says what it turns on. */}
        <Switch
          label={t(form.getValues()[webhookEnabledField(type)] ? 'webhooks.settings.on' : 'webhooks.settings.off')}
          aria-label={`${t('webhooks.settings.sending')}: ${t(`webhooks.event_types.${type}`)}`}
          {...form.getInputProps(webhookEnabledField(type), { type: 'checkbox' })}
        />
      </Group>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          id={`webhook-${type}-url`}
          style={{ flex: '1 1 260px', minWidth: 0 }}
          label={
            <>
              {t('webhooks.settings.url_label')}
              <VisuallyHidden>: {t(`webhooks.event_types.${type}`)}</VisuallyHidden>
            </>
          }
          placeholder={t('webhooks.settings.url_placeholder')}
          inputMode="url"
          autoComplete="off"
          {...form.getInputProps(webhookUrlField(type))}
        />
        {hasSavedUrl ? (
          <Box pt={{ base: 0, sm: 26 }}>
            <TestSendButton type={type} onSent={onSent} />
          </Box>
        ) : null}
      </Group>
    </Stack>
  );
}

/** The company's balance thresholds, one per asset: the balance below threshold notification's. */
function ThresholdFields({ form }: { form: SettingsFormHandle }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Text fw={600}>{t('webhooks.thresholds.title')}</Text>
      <Text size="sm" c="dimmed" mb="xs">
        {t('webhooks.thresholds.description')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {webhookThresholdAssets.map((asset) => (
          <TextInput
            key={asset}
            id={`webhook-threshold-${asset}`}
            label={t('webhooks.thresholds.label', { asset })}
            inputMode="decimal"
            autoComplete="off"
            rightSection={
              <Text size="xs" c="dimmed">
                {asset}
              </Text>
            }
            rightSectionWidth={48}
            {...form.getInputProps(webhookThresholdField(asset))}
          />
        ))}
      </SimpleGrid>
    </Box>
  );
}

function SettingsForm({ settings, onSecret }: PanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useUserInfo().data;
  // A change of where events go needs a second factor given within 5 minutes: asked, then sent again.
  const { stepUpOptions, stepUpDialog } = useStepUpForm('webhooks');
  const refreshLog = () => void queryClient.invalidateQueries({ queryKey: deliveryLogKey });
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: saveWebhookSettings,
    initialValues: formValuesOf(settings),
    ...stepUpOptions,
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKey, answer.settings);
      form.resetDirty();
      showSuccess(t('webhooks.settings.saved'));
      if (answer.secret) onSecret(answer.secret);
    },
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form style={readableErrorColour} noValidate onSubmit={submit} aria-labelledby="webhook-urls-title">
        <Stack gap="lg">
          <SettingsHeading />
          <FormAlert message={formError} />
          {Object.entries(webhookEventGroups).map(([group, types]) => (
            <Stack key={group} gap="md" component="section" aria-labelledby={`webhook-group-${group}`}>
              <Title order={3} fz="md" id={`webhook-group-${group}`}>
                {t(`webhooks.groups.${group as keyof typeof webhookEventGroups}`)}
              </Title>
              {types.map((type) => (
                <EndpointFields
                  key={type}
                  type={type}
                  form={form}
                  hasSavedUrl={settings.endpoints[type].url !== ''}
                  onSent={refreshLog}
                />
              ))}
              {group === 'balances' ? <ThresholdFields form={form} /> : null}
            </Stack>
          ))}
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              {t('webhooks.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {user ? stepUpDialog(user, submit) : null}
    </Paper>
  );
}

function SecretPanel({ settings, onSecret }: PanelProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const user = useUserInfo().data;
  const { stepUpOptions, stepUpDialog } = useStepUpForm('webhooks');
  const rotate = useCallForm({
    call: rotateWebhookSecret,
    initialValues: {},
    handledErrors: stepUpOptions.handledErrors,
    onFailure: () => {
      setIsConfirming(false);
      stepUpOptions.onFailure();
    },
    onSuccess: (answer) => {
      setIsConfirming(false);
      queryClient.setQueryData(settingsKey, { ...settings, secret_created_at: answer.secret_created_at });
      onSecret(answer.secret);
    },
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs">
            <IconKey size={20} aria-hidden />
            <Title order={2} fz="h4">
              {t('webhooks.secret.title')}
            </Title>
          </Group>
          {settings.secret_created_at ? (
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => setIsConfirming(true)}
            >
              {t('webhooks.secret.rotate')}
            </Button>
          ) : null}
        </Group>
        <Text size="sm">
          {settings.secret_created_at
            ? t('webhooks.secret.created_at', { date: formatDateTime(settings.secret_created_at, language) })
            : t('webhooks.secret.none')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('webhooks.secret.how_to_verify')}
        </Text>
      </Stack>
      <Dialog isOpen={isConfirming} onClose={() => setIsConfirming(false)} title={t('webhooks.secret.rotate_title')}>
        <Stack gap="md">
          <Text size="sm">{t('webhooks.secret.rotate_text')}</Text>
          <FormAlert message={rotate.formError} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIsConfirming(false)}>
              {t('webhooks.secret.cancel')}
            </Button>
            <Button color="red" loading={rotate.isSubmitting} onClick={() => rotate.submit()}>
              {t('webhooks.secret.rotate_confirm')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
      {user ? stepUpDialog(user, () => rotate.submit()) : null}
    </Paper>
  );
}

/** The form's heading, drawn at once over the fields' skeleton (the page is drawn whole at build time). */
function SettingsHeading() {
  const { t } = useTranslation();
  return (
    <SectionHeading
      id="webhook-urls-title"
      title={t('webhooks.settings.title')}
      description={t('webhooks.settings.description')}
    />
  );
}

function SettingsSkeleton() {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="lg">
        <SettingsHeading />
        <Box aria-hidden>
          <Skeleton height={20} width={200} mb="md" />
          {webhookEventTypes.map((type) => (
            <Box key={type} mb="lg">
              <Skeleton height={14} width={160} mb={8} />
              <Skeleton height={36} />
            </Box>
          ))}
        </Box>
      </Stack>
    </Paper>
  );
}

export function WebhookSettingsPage() {
  const { t } = useTranslation();
  const settings = useScreenQuery(getWebhookSettings, {});
  const [shownSecret, setShownSecret] = useState<string | null>(null);
  let content = <SettingsSkeleton />;
  if (settings.isError) content = <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  else if (settings.data)
    content = (
      <>
        <SettingsForm settings={settings.data} onSecret={setShownSecret} />
        <SecretPanel settings={settings.data} onSecret={setShownSecret} />
      </>
    );
  return (
    <PageFrame title={t('pages.webhook_settings.title')} description={t('pages.webhook_settings.purpose')}>
      <Stack gap="lg">
        {content}
        <DeliveryLog />
      </Stack>
      <SecretShownOnce secret={shownSecret} onClose={() => setShownSecret(null)} />
    </PageFrame>
  );
}

WebhookSettingsPage.isDrawnWhole = true as const;
