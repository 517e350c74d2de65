/**
 * A new API key: its name, access (read only, read and write, or chosen permissions), the IP ranges a
 * key that writes may come from, and an optional expiry. Issuing one needs a fresh second factor (the
 * step-up dialog, then the same values again). The answer holds the key: shown here once, with a copy
 * button, and never again.
 */
import type { UserInfo } from '@bank/contract/account';
import {
  type ApiKeyScope,
  apiKeyPermissions,
  apiKeyScopes,
  createApiKey,
  isWriteScope,
  normalisedCidr,
} from '@bank/contract/api-keys';
import type { ClientPermission } from '@bank/contract/permissions';
import { Alert, Button, Checkbox, Code, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../lib/call-form.tsx';
import { CopyValueButton } from '../../ui/copy-value-button.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { todayIso } from '../../ui/format-date.ts';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { Textarea } from '../../ui/textarea.tsx';
import { useStepUpForm } from '../../widgets/step-up-dialog.tsx';
import { refreshApiKeys } from './team-queries.ts';
import '../../messages/team.ts';

type KeyValues = {
  name: string;
  scope: ApiKeyScope;
  permissions: ClientPermission[];
  /** One CIDR range a line. */
  allowed_ips: string;
  /** An ISO date, or "" for none. */
  expires_on: string;
};

const initialValues: KeyValues = { name: '', scope: 'read_only', permissions: [], allowed_ips: '', expires_on: '' };

function rangesOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((range) => range.trim())
    .filter(Boolean);
}

/** The key works through the chosen day: it stops at the next midnight where the administrator is. */
function endOfDayIso(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + 1).toISOString();
}

function requestOf(values: KeyValues) {
  return {
    name: values.name,
    scope: values.scope,
    permissions: values.scope === 'custom' ? values.permissions : [],
    allowed_ips: rangesOf(values.allowed_ips),
    expires_at: values.expires_on ? endOfDayIso(values.expires_on) : null,
  };
}

// Long: the form's fields read in their order, each with its help.
function KeyForm({
  user,
  onIssued,
  onCancel,
}: {
  user: UserInfo;
  onIssued: (secret: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { stepUpOptions, stepUpDialog } = useStepUpForm('team');
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: createApiKey,
    initialValues,
    toRequest: requestOf,
    validateAlso: (values): Record<string, string> =>
      rangesOf(values.allowed_ips).some((range) => normalisedCidr(range) === null)
        ? { allowed_ips: t('team.validation.cidr_invalid') }
        : {},
    ...stepUpOptions,
    onSuccess: async (answer) => {
      await refreshApiKeys(queryClient);
      onIssued(answer.secret);
    },
  });
  const scope = form.getValues().scope;
  return (
    <>
      <form style={readableErrorColour} noValidate onSubmit={submit}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            id="api-key-name"
            {...form.getInputProps('name')}
            label={t('team.api_keys.name')}
            placeholder={t('team.api_keys.name_placeholder')}
            required
            data-autofocus
          />
          <Radio.Group {...form.getInputProps('scope')} label={t('team.api_keys.scope')} withAsterisk>
            <Stack gap="sm" mt="xs">
              {apiKeyScopes.map((value) => (
                <Radio
                  key={value}
                  value={value}
                  label={t(`team.api_keys.scopes.${value}`)}
                  description={t(`team.api_keys.scope_descriptions.${value}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          {scope === 'custom' ? (
            <Checkbox.Group {...form.getInputProps('permissions')} label={t('team.api_keys.permissions')} withAsterisk>
              <Stack gap="xs" mt="xs">
                {apiKeyPermissions.map((permission) => (
                  <Checkbox key={permission} value={permission} label={t(`team.permissions.${permission}.label`)} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : null}
          {isWriteScope(scope) ? (
            <Textarea
              id="api-key-allowed-ips"
              {...form.getInputProps('allowed_ips')}
              label={t('team.api_keys.allowed_ips')}
              description={t('team.api_keys.allowed_ips_help')}
              placeholder="203.0.113.0/24"
              autosize
              minRows={2}
              required
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          ) : null}
          <DateField
            id="api-key-expiry"
            value={form.getValues().expires_on}
            onChange={(value) => form.setFieldValue('expires_on', value)}
            error={form.errors.expires_at}
            min={todayIso()}
            label={t('team.api_keys.expires_at')}
            description={t('team.api_keys.expires_help')}
            clearable
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              {t('team.api_keys.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('team.api_keys.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {stepUpDialog(user, submit)}
    </>
  );
}

/** The key, shown once: the bank keeps only its fingerprint. */
function IssuedKey({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="yellow" title={t('team.api_keys.created_title')}>
        {t('team.api_keys.created_body')}
      </Alert>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code block data-testid="api-key-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal', flex: 1 }}>
          {secret}
        </Code>
        <CopyValueButton value={secret} label={t('team.api_keys.copy')} copiedLabel={t('team.api_keys.copied')} />
      </Group>
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {t('team.api_keys.done')}
        </Button>
      </Group>
    </Stack>
  );
}

export function ApiKeyFormDialog({ isOpen, user, onClose }: { isOpen: boolean; user: UserInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    onClose();
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={secret ? t('team.api_keys.created_title') : t('team.api_keys.create')}
      size="lg"
    >
      {isOpen && secret ? <IssuedKey secret={secret} onDone={close} /> : null}
      {isOpen && !secret ? <KeyForm user={user} onIssued={setSecret} onCancel={close} /> : null}
    </Dialog>
  );
}
