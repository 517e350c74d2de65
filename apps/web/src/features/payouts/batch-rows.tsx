/**
 * A batch's rows: each as the file wrote it, what it sends and its fee once checked, its state, and
 * its errors beside it in the reader's language; a draft's rows are fixed in a dialog (checked
 * again by the server, withdraw/batch/row/edit) or removed.
 */
import { editPayoutBatchRow, type PayoutBatch, type PayoutBatchRow } from '@bank/contract/payout-batches';
import { Box, Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCallForm } from '../../lib/call-form.tsx';
import { queryKeyOf } from '../../lib/screen-query.ts';
import { Amount, useAmountText } from '../../ui/amount.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { readableErrorColour, readableTextOn } from '../../ui/readable-colour.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { batchQueryCall } from './batch-payouts-page-data.ts';
import { detailPathOfPayout } from './payout-format.ts';

/** A table wider than a phone scrolls sideways: its scrolling region takes the keyboard's focus. */
export const keyboardScrollable = { viewportProps: { tabIndex: 0 } };

const stateColour: Record<PayoutBatchRow['state'], string> = {
  invalid: 'red',
  valid: 'green',
  waiting: 'orange',
  paid: 'green',
  failed: 'red',
};

function RowErrors({ row }: { row: PayoutBatchRow }) {
  const { t } = useTranslation();
  if (row.errors.length === 0) return null;
  return (
    <Stack gap={2}>
      {row.errors.map((error) => (
        <Text key={`${error.field}-${error.message}`} size="sm" style={{ color: readableTextOn('red') }}>
          {error.field === 'row' ? '' : `${t(`payouts.batch.columns.${error.field}`)}: `}
          {error.message}
        </Text>
      ))}
    </Stack>
  );
}

function RowStatus({ row }: { row: PayoutBatchRow }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} align="flex-start">
      <ToneBadge colour={stateColour[row.state]}>{t(`payouts.batch.row_states.${row.state}`)}</ToneBadge>
      {row.payout ? (
        <Link to={detailPathOfPayout(row.payout.kind, row.payout.payout_id)}>
          <StatusBadge list="transaction" value={row.payout.status} />
        </Link>
      ) : null}
    </Stack>
  );
}

function PayeeCell({ row }: { row: PayoutBatchRow }) {
  return (
    <>
      <Text size="sm">{row.destination?.name ?? row.fields.payee}</Text>
      {row.destination ? (
        <Text size="xs" c="dimmed">
          {row.destination.detail}
        </Text>
      ) : null}
      <RowErrors row={row} />
    </>
  );
}

/** What the row pays: the amount the payee receives once checked, else as the file wrote it. */
function AmountCell({ row }: { row: PayoutBatchRow }) {
  return row.receive_amount && row.receive_currency ? (
    <Amount value={row.receive_amount} currency={row.receive_currency} size="sm" />
  ) : (
    <Text size="sm">{`${row.fields.amount} ${row.fields.currency}`}</Text>
  );
}

function PurposeCell({ row }: { row: PayoutBatchRow }) {
  return (
    <>
      <Text size="sm">{row.fields.purpose}</Text>
      {row.fields.remarks ? (
        <Text size="xs" c="dimmed">
          {row.fields.remarks}
        </Text>
      ) : null}
    </>
  );
}

function SendsCell({ row }: { row: PayoutBatchRow }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  return (
    <>
      {row.amount && row.asset ? <Amount value={row.amount} currency={row.asset} size="sm" /> : null}
      {row.fee && row.asset ? (
        <Text size="xs" c="dimmed" component="div">
          {t('payouts.batch.columns.fee')} {amountText(row.fee, row.asset)}
        </Text>
      ) : null}
    </>
  );
}

type RowActions = {
  isEditable: boolean;
  onEdit: (row: PayoutBatchRow) => void;
  onRemove: (row: PayoutBatchRow) => void;
};

function RowButtons({ row, isEditable, onEdit, onRemove }: RowActions & { row: PayoutBatchRow }) {
  const { t } = useTranslation();
  if (!isEditable) return null;
  const rowName = t('payouts.batch.edit_title', { line: row.line });
  return (
    <>
      <Button
        size="compact-xs"
        variant="default"
        onClick={() => onEdit(row)}
        aria-label={`${t('payouts.batch.edit')} ${rowName}`}
      >
        {t('payouts.batch.edit')}
      </Button>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        onClick={() => onRemove(row)}
        aria-label={`${t('payouts.batch.remove')} ${rowName}`}
      >
        {t('payouts.batch.remove')}
      </Button>
    </>
  );
}

/** The phone's rows: a card each, with the same parts as the table's cells. */
function BatchRowCards({ batch, ...actions }: RowActions & { batch: PayoutBatch }) {
  const { t } = useTranslation();
  return (
    <Stack
      gap="sm"
      hiddenFrom="sm"
      component="ul"
      aria-label={t('payouts.batch.columns.rows')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {batch.rows.map((row) => (
        <Card component="li" withBorder padding="sm" key={row.line} data-testid="batch-row-card" data-state={row.state}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600}>
                {t('payouts.batch.edit_title', { line: row.line })}
              </Text>
              <RowStatus row={row} />
            </Group>
            <div style={{ overflowWrap: 'anywhere' }}>
              <PayeeCell row={row} />
            </div>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <PurposeCell row={row} />
              </div>
              <Stack gap={0} align="flex-end">
                <AmountCell row={row} />
                <SendsCell row={row} />
              </Stack>
            </Group>
            {actions.isEditable ? (
              <Group gap="xs">
                <RowButtons row={row} {...actions} />
              </Group>
            ) : null}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The rows as a table on a desk and as cards on a phone. */
export function BatchRowsTable({ batch, ...actions }: RowActions & { batch: PayoutBatch }) {
  const { t } = useTranslation();
  return (
    <>
      <BatchRowCards batch={batch} {...actions} />
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={760} scrollAreaProps={keyboardScrollable}>
          <Table aria-label={t('payouts.batch.columns.rows')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payouts.batch.columns.line')}</Table.Th>
                <Table.Th>{t('payouts.batch.columns.payee')}</Table.Th>
                <Table.Th ta="right">{t('payouts.batch.columns.amount')}</Table.Th>
                <Table.Th>{t('payouts.batch.columns.purpose')}</Table.Th>
                <Table.Th ta="right">{t('payouts.batch.columns.sends')}</Table.Th>
                <Table.Th>{t('payouts.batch.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batch.rows.map((row) => (
                <Table.Tr key={row.line} data-testid="batch-row" data-state={row.state}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 260 }}>
                    <PayeeCell row={row} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <AmountCell row={row} />
                  </Table.Td>
                  <Table.Td>
                    <PurposeCell row={row} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <SendsCell row={row} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      <RowStatus row={row} />
                      <RowButtons row={row} {...actions} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
    </>
  );
}

const rowColumns = ['payee', 'amount', 'currency', 'purpose', 'remarks'] as const;

function RowForm({
  batch,
  row,
  mayPrepare,
  onClose,
}: {
  batch: PayoutBatch;
  row: PayoutBatchRow;
  mayPrepare: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: editPayoutBatchRow,
    initialValues: { ...row.fields },
    toRequest: (values) => ({ batch_id: batch.batch_id, line: row.line, fields: values }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeyOf(batchQueryCall(mayPrepare), { batch_id: answer.batch_id }), answer);
      const checked = answer.rows.find((item) => item.line === row.line);
      if (!checked || checked.errors.length === 0) return onClose();
      form.setErrors(
        Object.fromEntries(
          checked.errors.map((error) => [error.field === 'row' ? 'payee' : error.field, error.message]),
        ),
      );
    },
  });
  return (
    <form noValidate onSubmit={submit} style={readableErrorColour}>
      <Stack gap="sm">
        <FormAlert message={formError} />
        {rowColumns.map((column) => (
          <TextInput
            key={column}
            id={`batch-row-${column}`}
            label={t(`payouts.batch.columns.${column}`)}
            {...form.getInputProps(column)}
          />
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('payouts.approval.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('payouts.batch.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function BatchRowDialog({
  batch,
  row,
  mayPrepare,
  onClose,
}: {
  batch: PayoutBatch;
  row: PayoutBatchRow | null;
  mayPrepare: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={row !== null}
      onClose={onClose}
      title={row ? t('payouts.batch.edit_title', { line: row.line }) : ''}
    >
      {row ? <RowForm key={row.line} batch={batch} row={row} mayPrepare={mayPrepare} onClose={onClose} /> : null}
    </Dialog>
  );
}
