/**
 * The statement download: a period (the current month by default, at most a year), one asset or
 * all, and the format, through the shared export dialog (widgets/export-dialog.tsx); the file comes
 * from transaction/download, its times and days in the reader's zone, as the history shows them.
 */
import { digitalAssets } from '@bank/contract/money';
import { downloadStatement } from '@bank/contract/transaction';
import { useTranslation } from 'react-i18next';
import { readerTimeZone } from '../../ui/format-date.ts';
import { ExportDialog } from '../../widgets/export-dialog.tsx';

export function StatementDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ExportDialog
      call={downloadStatement}
      isOpen={isOpen}
      onClose={onClose}
      title={t('transactions.statement.title')}
      description={t('transactions.statement.description')}
      periodHint={t('transactions.statement.period_hint')}
      filter={{
        field: 'asset',
        label: t('transactions.statement.asset'),
        allLabel: t('transactions.statement.all_assets'),
        options: digitalAssets.map((asset) => ({ value: asset, label: asset })),
      }}
      fixedBody={{ time_zone: readerTimeZone() }}
      doneMessage={t('transactions.statement.done')}
    />
  );
}
