/**
 * The programme desk's membership fees: every company's terms by payment status (overdue first),
 * and the bank's waiver of a term still owed, with the reason the company reads in its remarks.
 */
import type { MembershipFeeRecord } from '@bank/contract/programme';
import { listStaffMembershipFees, waiveMembershipFee } from '@bank/contract/programme-cards';
import type { FeePaymentStatus } from '@bank/contract/states';
import { Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../../lib/call-form.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { showSuccess } from '../../../lib/notify.ts';
import { Amount, useAmountText } from '../../../ui/amount.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { formatDate } from '../../../ui/format-date.ts';
import { readableErrorColour } from '../../../ui/readable-colour.ts';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { MembershipRemarks } from '../membership-remarks.tsx';
import { ProgrammeTable, useProgrammeList } from '../programme-tables.tsx';

const shownStatuses = ['overdue', 'pending', 'upcoming', 'free'] as const satisfies readonly FeePaymentStatus[];
const owedStatuses: readonly FeePaymentStatus[] = ['overdue', 'pending', 'upcoming'];

function WaiveDialog({ record, onClose }: { record: MembershipFeeRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: waiveMembershipFee,
    initialValues: { reason: '' },
    toRequest: (values) => ({ fee_id: record.id, ...values }),
    onSuccess: async () => {
      showSuccess(t('programme.admin.fees.waived', { last4: record.last4 }));
      onClose();
      await queryClient.invalidateQueries({ queryKey: [listStaffMembershipFees.path] });
    },
  });
  return (
    <Dialog isOpen onClose={onClose} title={t('programme.admin.fees.waive_title', { last4: record.last4 })}>
      <form noValidate onSubmit={submit} style={readableErrorColour}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <Text size="sm">
            {t('programme.admin.fees.waive_text', {
              contract: record.contract_number,
              amount: amountText(record.fee_due, 'USD'),
            })}
          </Text>
          <Textarea
            label={t('programme.admin.fees.reason')}
            autosize
            minRows={2}
            required
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('programme.order_form.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('programme.admin.fees.waive')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

export function MembershipFeesTab() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [status, setStatus] = useState<(typeof shownStatuses)[number]>('overdue');
  const [waiving, setWaiving] = useState<MembershipFeeRecord | null>(null);
  const terms = useProgrammeList<MembershipFeeRecord>(listStaffMembershipFees, { payment_status: status });
  const columns = [
    { label: t('programme.fields.contract_number') },
    { label: t('programme.admin.fees.card') },
    { label: t('programme.admin.fees.term') },
    { label: t('programme.admin.fees.due') },
    { label: t('programme.admin.fees.fee'), isNumeric: true },
    { label: t('programme.fields.status') },
    { label: t('programme.admin.fees.remarks') },
    { label: '' },
  ];
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('programme.admin.filter_status')}
        value={status}
        onChange={(value) => setStatus(value as (typeof shownStatuses)[number])}
        data={shownStatuses.map((value) => ({ value, label: t(`states.fee_payment.${value}`) }))}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      <ProgrammeTable
        query={terms}
        columns={columns}
        minWidth={960}
        testId="desk-membership-fees"
        empty={<EmptyState icon={<IconReceiptOff size={26} stroke={1.6} />} title={t('programme.admin.fees.empty')} />}
        renderRow={(record) => (
          <Table.Tr key={record.id}>
            <Table.Td>{record.contract_number}</Table.Td>
            <Table.Td>
              <Text size="sm" fw={600} className="tabular-figures">
                •••• {record.last4}
              </Text>
              <Text size="xs" c="dimmed">
                {record.cardholder_name ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {formatDate(record.term_starts_on, language)} – {formatDate(record.term_ends_on, language)}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(record.due_on, language)}</Table.Td>
            <Table.Td ta="right">
              <Amount value={record.fee_due} currency="USD" />
            </Table.Td>
            <Table.Td>
              <StatusBadge list="fee_payment" value={record.payment_status} size="sm" />
            </Table.Td>
            <Table.Td>
              <MembershipRemarks remarks={record.remarks} />
            </Table.Td>
            <Table.Td ta="right">
              {owedStatuses.includes(record.payment_status) ? (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setWaiving(record)}
                  aria-label={t('programme.admin.fees.waive_label', { last4: record.last4 })}
                >
                  {t('programme.admin.fees.waive')}
                </Button>
              ) : null}
            </Table.Td>
          </Table.Tr>
        )}
      />
      {waiving ? <WaiveDialog record={waiving} onClose={() => setWaiving(null)} /> : null}
    </Stack>
  );
}
