/**
 * The dialog that adds an alert or changes one: what to watch (only the kinds the user's role may
 * see), the asset and the amount where the kind has them. The contract's request schema checks the
 * values (the amount against the asset's scale) before anything is sent.
 */
import {
  type Alert,
  type AlertKind,
  alertKinds,
  assetsOfAlertKind,
  cardAlertCurrency,
  mayHaveAlert,
  saveAlert,
} from '@bank/contract/alerts';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../lib/call-form.tsx';
import { showSuccess } from '../../lib/notify.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';

type AlertFormProps = {
  /** The alert being changed, or null to add one. */
  alert: Alert | null;
  permissions: readonly string[];
  onClose: () => void;
  onSaved: () => void;
};

/** The kinds this user may set. */
export function kindsFor(permissions: readonly string[]): AlertKind[] {
  return alertKinds.filter((kind) => mayHaveAlert(kind, permissions));
}

function firstAssetOf(kind: AlertKind): string {
  return assetsOfAlertKind[kind][0] ?? '';
}

export function AlertFormDialog({ alert, permissions, onClose, onSaved }: AlertFormProps) {
  const { t } = useTranslation();
  const kinds = kindsFor(permissions);
  const initialKind: AlertKind = alert?.kind ?? kinds[0] ?? 'new_device_sign_in';
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: saveAlert,
    initialValues: {
      kind: initialKind as string,
      asset: alert?.asset ?? firstAssetOf(initialKind),
      amount: alert?.amount ?? '',
    },
    toRequest: (values) => ({ ...(alert ? { alert_id: alert.alert_id } : {}), ...values }),
    onSuccess: () => {
      showSuccess(t('alerts.form.saved'));
      onSaved();
    },
  });
  const kind = form.getValues().kind as AlertKind;
  const assets: readonly string[] = assetsOfAlertKind[kind];
  return (
    <Dialog isOpen onClose={onClose} title={t(alert ? 'alerts.form.edit_title' : 'alerts.form.add_title')}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <Select
            label={t('alerts.form.kind')}
            data={kinds.map((value) => ({ value, label: t(`alerts.kinds.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps('kind')}
            onChange={(value) => {
              const next = (value ?? initialKind) as AlertKind;
              form.setFieldValue('kind', next);
              form.setFieldValue('asset', firstAssetOf(next));
              if (assetsOfAlertKind[next].length === 0) form.setFieldValue('amount', '');
            }}
          />
          <Text size="sm" c="dimmed" mt={-8}>
            {t(`alerts.kind_descriptions.${kind}`)}
          </Text>
          {assets.length > 1 ? (
            <Select
              label={t('alerts.form.asset')}
              data={assets.map((value) => ({ value, label: value }))}
              allowDeselect={false}
              {...form.getInputProps('asset')}
            />
          ) : null}
          {assets.length > 0 ? (
            <AmountInput
              label={t(kind === 'card_purchase_above' ? 'alerts.form.amount_usd' : 'alerts.form.amount')}
              currency={kind === 'card_purchase_above' ? cardAlertCurrency : form.getValues().asset}
              {...form.getInputProps('amount')}
            />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('alerts.form.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('alerts.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
