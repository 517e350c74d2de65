/**
 * /alerts: the alerts a user sets for themselves (a balance below an amount, a payout or a card
 * purchase above one, a sign-in from a new device), listed with what each watches, added, changed
 * and removed. Its own page beside My account (reached from the Company group of the menu): alerts
 * are the user's own, as their security is, yet a list a treasurer tends as often as a settings page,
 * as banks keep them (HSBCnet's and Mercury's alert settings). Only the kinds the user's role may
 * see are offered.
 */
import { type Alert, alertsPerUserMax, deleteAlert, listAlerts } from '@bank/contract/alerts';
import { localeOfLanguage } from '@bank/contract/constants';
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBellPlus, IconBellRinging } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../api/user-info.ts';
import { callApi } from '../../lib/api-client.ts';
import { messageOfError } from '../../lib/form-errors.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { showError, showSuccess } from '../../lib/notify.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatMoney } from '../../ui/format-amount.ts';
import { PageFrame } from '../../ui/page-frame.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { SectionHeading } from '../../ui/section-heading.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { AlertFormDialog, kindsFor } from './alert-form.tsx';
import '../../messages/alerts.ts';

/** What an alert watches, in words: "Available USDC below 10,000.00 USDC". */
function useConditionOf() {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  return (alert: Alert) =>
    t(`alerts.list.${alert.kind}`, {
      asset: alert.asset ?? '',
      amount: alert.amount && alert.asset ? formatMoney(alert.amount, alert.asset, locale) : '',
    });
}

function AlertRow({ alert, onEdit, onRemove }: { alert: Alert; onEdit: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const conditionOf = useConditionOf();
  const condition = conditionOf(alert);
  return (
    <Paper withBorder p="md" radius="md" data-testid="alert-row">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Box style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Text fw={600}>{t(`alerts.kinds.${alert.kind}`)}</Text>
          <Text size="sm" c="dimmed">
            {condition}
          </Text>
        </Box>
        <Group gap="xs">
          <Button
            variant="default"
            size="compact-sm"
            onClick={onEdit}
            aria-label={`${t('alerts.list.edit')}: ${condition}`}
          >
            {t('alerts.list.edit')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={onRemove}
            aria-label={`${t('alerts.list.remove')}: ${condition}`}
          >
            {t('alerts.list.remove')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The list's heading, drawn at once over the list's skeleton (the page is drawn whole at build time). */
function AlertsHeading({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  return <SectionHeading title={t('alerts.list.title')} description={t('alerts.list.description')} actions={actions} />;
}

type Editing = { alert: Alert | null } | null;

function AlertList({
  items,
  permissions,
  onChanged,
}: {
  items: Alert[];
  permissions: readonly string[];
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const [toRemove, setToRemove] = useState<Alert | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const mayAdd = kindsFor(permissions).length > 0 && items.length < alertsPerUserMax;
  const remove = async () => {
    if (!toRemove) return;
    setIsRemoving(true);
    try {
      await callApi(deleteAlert, { alert_id: toRemove.alert_id });
      showSuccess(t('alerts.form.removed'));
    } catch (error) {
      const message = messageOfError(error);
      if (message) showError(message);
    }
    setIsRemoving(false);
    setToRemove(null);
    onChanged();
  };
  const addButton = (
    <Button
      leftSection={<IconBellPlus size={16} aria-hidden />}
      disabled={!mayAdd}
      onClick={() => setEditing({ alert: null })}
    >
      {t('alerts.list.add')}
    </Button>
  );
  return (
    <Stack gap="md">
      <AlertsHeading actions={items.length > 0 ? addButton : null} />
      {items.length === 0 ? (
        <EmptyState
          icon={<IconBellRinging aria-hidden />}
          title={t('alerts.list.empty_title')}
          description={t('alerts.list.empty')}
          actions={addButton}
        />
      ) : (
        <Stack gap="sm">
          {items.map((alert) => (
            <AlertRow
              key={alert.alert_id}
              alert={alert}
              onEdit={() => setEditing({ alert })}
              onRemove={() => setToRemove(alert)}
            />
          ))}
          <Text size="sm" c="dimmed">
            {t('alerts.list.limit', { count: items.length, max: alertsPerUserMax })}
          </Text>
        </Stack>
      )}
      {editing ? (
        <AlertFormDialog
          alert={editing.alert}
          permissions={permissions}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            onChanged();
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={toRemove !== null}
        title={t('alerts.form.remove_title')}
        message={t('alerts.form.remove_text')}
        confirmLabel={t('alerts.form.remove_confirm')}
        isWorking={isRemoving}
        onConfirm={() => void remove()}
        onClose={() => setToRemove(null)}
      />
    </Stack>
  );
}

export function AlertsPage() {
  const { t } = useTranslation();
  const alerts = useScreenQuery(listAlerts, {});
  const permissions = useUserInfo().data?.permissions ?? [];
  return (
    <PageFrame title={t('pages.alerts.title')} description={t('pages.alerts.purpose')}>
      <Box maw={960}>
        <QueryState
          query={alerts}
          skeleton={
            <Stack gap="md">
              <AlertsHeading />
              <TableSkeleton rows={3} />
            </Stack>
          }
        >
          {(data) => <AlertList items={data.items} permissions={permissions} onChanged={() => void alerts.refetch()} />}
        </QueryState>
      </Box>
    </PageFrame>
  );
}

AlertsPage.isDrawnWhole = true as const;
