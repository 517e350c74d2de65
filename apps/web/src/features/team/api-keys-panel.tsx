/**
 * The company's API keys (team page, administrator only): each key's name and visible prefix, its
 * access and allowed ranges, its last use, expiry and state; revoking one refuses it from the next
 * call on. Creating one opens ApiKeyFormDialog.
 */
import type { ApiKey } from '@bank/contract/api-keys';
import { revokeApiKey } from '@bank/contract/api-keys';
import { Button, Card, Code, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client.ts';
import { messageOfError } from '../../lib/form-errors.ts';
import { showError, showSuccess } from '../../lib/notify.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { HistoryCards, type HistoryColumn, HistoryResults, HistoryTable } from '../../ui/history-table.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { refreshApiKeys, useApiKeys } from './team-queries.ts';

type KeyState = 'active' | 'revoked' | 'expired';

function stateOf(key: ApiKey, now: number): KeyState {
  if (key.revoked_at) return 'revoked';
  if (key.expires_at && new Date(key.expires_at).getTime() <= now) return 'expired';
  return 'active';
}

const stateColour: Record<KeyState, string> = { active: 'teal', revoked: 'gray', expired: 'orange' };

function LastUse({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation();
  if (!apiKey.last_used_at) return <Text size="sm">{t('team.api_keys.never_used')}</Text>;
  return (
    <Stack gap={0}>
      <DateTime value={apiKey.last_used_at} size="sm" />
      <Text size="xs" c="dimmed">
        {apiKey.last_used_ip}
      </Text>
    </Stack>
  );
}

function useColumns(onRevoke: (key: ApiKey) => void): HistoryColumn<ApiKey>[] {
  const { t } = useTranslation();
  const now = Date.now();
  return [
    { key: 'name', header: t('team.api_keys.columns.name'), cell: (key) => <Text size="sm">{key.name}</Text> },
    {
      key: 'prefix',
      header: t('team.api_keys.columns.prefix'),
      isNoWrap: true,
      cell: (key) => <Code>{key.prefix}…</Code>,
    },
    { key: 'scope', header: t('team.api_keys.columns.scope'), cell: (key) => t(`team.api_keys.scopes.${key.scope}`) },
    {
      key: 'allowed_ips',
      header: t('team.api_keys.columns.allowed_ips'),
      maxWidth: 200,
      cell: (key) => (key.allowed_ips.length > 0 ? key.allowed_ips.join(', ') : t('team.api_keys.any_address')),
    },
    {
      key: 'last_used',
      header: t('team.api_keys.columns.last_used'),
      isNoWrap: true,
      cell: (key) => <LastUse apiKey={key} />,
    },
    {
      key: 'expires',
      header: t('team.api_keys.columns.expires'),
      isNoWrap: true,
      cell: (key) => (key.expires_at ? <DateTime value={key.expires_at} size="sm" /> : t('team.api_keys.no_expiry')),
    },
    {
      key: 'status',
      header: t('team.api_keys.columns.status'),
      cell: (key) => (
        <ToneBadge colour={stateColour[stateOf(key, now)]}>
          {t(`team.api_keys.statuses.${stateOf(key, now)}`)}
        </ToneBadge>
      ),
    },
    {
      key: 'actions',
      header: t('team.api_keys.columns.actions'),
      cell: (key) =>
        stateOf(key, now) === 'active' ? (
          <Button size="xs" variant="light" color="red" onClick={() => onRevoke(key)}>
            {t('team.api_keys.revoke')}
          </Button>
        ) : null,
    },
  ];
}

/** A key on a phone: the same facts, one card. */
function KeyCard({ apiKey, columns }: { apiKey: ApiKey; columns: HistoryColumn<ApiKey>[] }) {
  return (
    <Card withBorder padding="md">
      <Stack gap={6}>
        {columns.map((column) => (
          <Group key={column.key} justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
            <Text size="sm" c="dimmed">
              {column.header}
            </Text>
            <div style={{ textAlign: 'end', minWidth: 0, overflowWrap: 'anywhere' }}>{column.cell(apiKey)}</div>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

export function ApiKeysPanel({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const keys = useApiKeys();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [isWorking, setIsWorking] = useState(false);
  const columns = useColumns(setRevoking);
  const items = keys.data?.items ?? [];

  const revoke = async () => {
    if (!revoking) return;
    setIsWorking(true);
    try {
      await callApi(revokeApiKey, { key_id: revoking.key_id });
      await refreshApiKeys(queryClient);
      showSuccess(t('team.api_keys.revoked', { name: revoking.name }));
      setRevoking(null);
    } catch (error) {
      showError(messageOfError(error) ?? t('errors.something_went_wrong'));
    } finally {
      setIsWorking(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('team.api_keys.intro')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('team.api_keys.documentation', {
          url: `${window.location.origin}/api/openapi.json`,
          mcp: `${window.location.origin}/mcp`,
        })}
      </Text>
      <HistoryResults
        query={{ ...keys, isPlaceholderData: false }}
        itemCount={items.length}
        skeleton={{ rows: 3, columns: 6 }}
        empty={{
          icon: <IconKey size={26} stroke={1.6} />,
          title: t('team.api_keys.empty'),
          description: t('team.api_keys.intro'),
          actions: (
            <Button variant="light" onClick={onCreate}>
              {t('team.api_keys.create')}
            </Button>
          ),
        }}
      >
        <HistoryTable
          label={t('team.tabs.api_keys')}
          minWidth={900}
          columns={columns}
          rows={items}
          rowKey={(key) => key.key_id}
          rowTestId="api-key-row"
        />
        <HistoryCards
          rows={items}
          rowKey={(key) => key.key_id}
          cardTestId="api-key-card"
          card={(key) => <KeyCard apiKey={key} columns={columns} />}
        />
      </HistoryResults>
      <ConfirmDialog
        isOpen={revoking !== null}
        title={t('team.api_keys.revoke_title', { name: revoking?.name ?? '' })}
        message={t('team.api_keys.revoke_body')}
        confirmLabel={t('team.api_keys.revoke')}
        isWorking={isWorking}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
