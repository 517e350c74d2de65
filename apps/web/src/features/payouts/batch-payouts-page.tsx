/**
 * /blockchain_w/batch: batch payouts (decision 0046). A CSV file of payouts to saved payees and
 * addresses is uploaded (withdraw/batch/upload) and every row checked as a single payout; bad rows
 * show their errors beside them and are fixed here or by uploading again; the batch is quoted once,
 * confirmed and submitted (fresh second factor), approved by a colleague, and its failed rows
 * retried. `?batch=<id>` opens one batch.
 */
import { type PayoutBatch, payoutBatchColumns, uploadPayoutBatch } from '@bank/contract/payout-batches';
import { fiatPayoutAssets } from '@bank/contract/payouts';
import { Button, FileInput, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { saveFile } from '../../lib/api-client.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { queryKeyOf } from '../../lib/screen-query.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { PanelSkeleton } from '../../ui/skeletons.tsx';
import { BatchDetail, RecentBatches } from './batch-parts.tsx';
import { batchQueryCall } from './batch-payouts-page-data.ts';
import { WithdrawSections } from './payout-parts.tsx';
import '../../messages/admin.ts';
import '../../messages/payouts.ts';

/** The template: the fixed English columns and two example rows (a payee, an address). */
function downloadTemplate(): void {
  const lines = [
    payoutBatchColumns.join(','),
    'Northwind Supplies Ltd,1500.00,GBP,Supplier payment,Invoice 1042',
    'Cold wallet,250,USDT,Services payment,March retainer',
  ];
  saveFile({
    blob: new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }),
    filename: 'batch-payouts-template.csv',
  });
}

function UploadForm({ onUploaded }: { onUploaded: (batch: PayoutBatch) => void }) {
  const { t } = useTranslation();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: uploadPayoutBatch,
    initialValues: { file_name: '', csv: '', fiat_asset: 'USDT' as 'USDT' | 'USDC', sender_account_name: '' },
    onSuccess: (batch) => onUploaded(batch),
  });
  const csvError = form.errors.csv;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="batch-upload">
      <form noValidate onSubmit={submit} style={readableErrorColour}>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Title order={2} fz="lg" id="batch-upload">
              {t('payouts.batch.title')}
            </Title>
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={downloadTemplate}>
              {t('payouts.batch.template')}
            </Button>
          </Group>
          <Text size="sm">{t('payouts.batch.intro')}</Text>
          <Text size="sm" c="dimmed">
            {t('payouts.batch.template_hint')}
          </Text>
          <FormAlert message={formError} />
          <FileInput
            id="batch-file"
            label={t('payouts.batch.file')}
            placeholder={t('payouts.batch.file_placeholder')}
            accept=".csv,text/csv"
            required
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            error={csvError}
            onChange={(file) => {
              if (!file) return;
              void file.text().then((text) => form.setValues({ csv: text, file_name: file.name }));
            }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="batch-fiat-asset">
              {t('payouts.batch.fiat_asset')}
            </Text>
            <SegmentedControl
              aria-labelledby="batch-fiat-asset"
              data={[...fiatPayoutAssets]}
              {...form.getInputProps('fiat_asset')}
            />
          </Stack>
          <TextInput
            id="batch-sender"
            label={t('payouts.batch.sender')}
            required
            {...form.getInputProps('sender_account_name')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              {t('payouts.batch.check')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export function BatchPayoutsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const batchId = search.get('batch');
  const mayPrepare = useHoldsPermission('prepare_payouts');
  const mayApprove = useHoldsPermission('approve_payouts');
  if (mayPrepare === false && mayApprove === false) return <NoPermissionPage title={t('pages.payout_batches.title')} />;
  const open = (batch: PayoutBatch) => {
    queryClient.setQueryData(queryKeyOf(batchQueryCall(mayPrepare !== false), { batch_id: batch.batch_id }), batch);
    setSearch({ batch: batch.batch_id });
  };
  return (
    <PageFrame title={t('pages.payout_batches.title')} description={t('pages.payout_batches.purpose')}>
      <WithdrawSections current="payout_batches" />
      {batchId ? (
        <BatchDetail batchId={batchId} mayPrepare={mayPrepare !== false} onBack={() => setSearch({})} />
      ) : (
        <Stack gap="lg">
          {/* Drawn while the permissions are unknown too (the outline drawn at build time: the form is
              its largest text), so that the list below never moves down when it appears. */}
          {mayPrepare !== false ? <UploadForm onUploaded={open} /> : null}
          {mayPrepare === undefined ? (
            // Which list (the company's batches or those waiting for an approver) the permissions tell.
            <PanelSkeleton />
          ) : (
            <RecentBatches isApprover={mayPrepare === false} onOpen={(id) => setSearch({ batch: id })} />
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
BatchPayoutsPage.isDrawnWhole = true as const;
