/**
 * Passkeys on My account: the user's passkeys (name, when added, when last used), adding one (named,
 * then the browser's prompt; a fresh second factor first when the last is older than 5 minutes),
 * renaming and removing one (fresh second factor), and for the bank's staff the requirement of
 * passkeys for their own account (then the authenticator's code is refused).
 */
import type { UserInfo } from '@bank/contract/account';
import type { ResponseOf } from '@bank/contract/calls';
import { listPasskeys, type PasskeyItem, removePasskey, setPasskeyRequirement } from '@bank/contract/passkeys';
import { Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconFingerprint, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client.ts';
import { showSuccess } from '../../lib/notify.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { badgeTextStyle } from '../../ui/badge-text.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { useStepUpAction } from '../../widgets/step-up-dialog.tsx';
import { AccountSection } from './account-section.tsx';
import { AddPasskeyDialog, RenamePasskeyDialog } from './passkey-dialogs.tsx';

type Passkeys = ResponseOf<typeof listPasskeys>;

function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: PasskeyItem;
  onRename: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <IconFingerprint size={18} stroke={1.6} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text size="sm" fw={600} truncate="end">
              {passkey.name}
            </Text>
            {passkey.is_synced ? (
              <Badge color="gray" size="sm" tt="none" style={badgeTextStyle('gray')}>
                {t('account.passkeys.synced')}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {t('account.passkeys.created')} <DateTime value={passkey.created_at} />
          </Text>
          <Text size="xs" c="dimmed">
            {passkey.last_used_at ? (
              <>
                {t('account.passkeys.last_used')} <DateTime value={passkey.last_used_at} />
              </>
            ) : (
              t('account.passkeys.never_used')
            )}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            size="compact-sm"
            onClick={onRename}
            aria-label={t('account.passkeys.rename_named', { name: passkey.name })}
          >
            {t('account.passkeys.rename')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={onRemove}
            aria-label={t('account.passkeys.remove_named', { name: passkey.name })}
          >
            {t('account.passkeys.remove')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function RequirementSwitch({ user, data, onChanged }: { user: UserInfo; data: Passkeys; onChanged: () => void }) {
  const { t } = useTranslation();
  const { run, dialog } = useStepUpAction(user, 'security');
  const [isWorking, setIsWorking] = useState(false);
  const change = (isRequired: boolean) =>
    run(async () => {
      setIsWorking(true);
      try {
        await callApi(setPasskeyRequirement, { is_required: isRequired });
        showSuccess(t(isRequired ? 'account.passkeys.required_on' : 'account.passkeys.required_off'));
        onChanged();
      } finally {
        setIsWorking(false);
      }
    });
  const hasPasskey = data.items.length > 0;
  return (
    <>
      <Switch
        checked={data.is_passkey_required}
        disabled={isWorking || (!hasPasskey && !data.is_passkey_required)}
        onChange={(event) => void change(event.currentTarget.checked)}
        label={t('account.passkeys.required_label')}
        description={hasPasskey ? t('account.passkeys.required_description') : t('account.passkeys.required_needs_one')}
      />
      {dialog}
    </>
  );
}

export function PasskeysCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const passkeys = useScreenQuery(listPasskeys, {});
  const [isAdding, setIsAdding] = useState(false);
  const [toRename, setToRename] = useState<PasskeyItem | null>(null);
  const [toRemove, setToRemove] = useState<PasskeyItem | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const { run, dialog } = useStepUpAction(user, 'security');
  const reload = () => void passkeys.refetch();

  const remove = (passkey: PasskeyItem) =>
    run(async () => {
      setIsRemoving(true);
      try {
        await callApi(removePasskey, { passkey_id: passkey.passkey_id });
        setToRemove(null);
        showSuccess(t('account.passkeys.removed'));
        reload();
      } finally {
        setIsRemoving(false);
      }
    });

  return (
    <AccountSection
      id="passkeys"
      title={t('account.passkeys.title')}
      description={t('account.passkeys.description')}
      action={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setIsAdding(true)}>
          {t('account.passkeys.add')}
        </Button>
      }
    >
      <QueryState query={passkeys} skeleton={<TableSkeleton rows={1} columns={3} />}>
        {(data) => (
          <Stack gap="md">
            {data.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('account.passkeys.none')}
              </Text>
            ) : (
              <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {data.items.map((passkey) => (
                  <PasskeyRow
                    key={passkey.passkey_id}
                    passkey={passkey}
                    onRename={() => setToRename(passkey)}
                    onRemove={() => setToRemove(passkey)}
                  />
                ))}
              </Stack>
            )}
            {data.may_require_passkeys ? <RequirementSwitch user={user} data={data} onChanged={reload} /> : null}
          </Stack>
        )}
      </QueryState>
      <AddPasskeyDialog user={user} isOpen={isAdding} onClose={() => setIsAdding(false)} onAdded={reload} />
      <RenamePasskeyDialog passkey={toRename} onClose={() => setToRename(null)} onRenamed={reload} />
      <ConfirmDialog
        isOpen={toRemove !== null}
        title={t('account.passkeys.remove_title')}
        message={t('account.passkeys.remove_message', { name: toRemove?.name ?? '' })}
        confirmLabel={t('account.passkeys.remove')}
        isWorking={isRemoving}
        onConfirm={() => (toRemove ? void remove(toRemove) : undefined)}
        onClose={() => setToRemove(null)}
      />
      {dialog}
    </AccountSection>
  );
}
