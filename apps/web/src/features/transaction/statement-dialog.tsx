/**
 * The statement download: a period (the current month by default, at most a year), one asset or
 * all, and the format. The contract's request schema checks the choice before anything is asked;
 * the file comes back from transaction/download and is saved under the name the server gives it.
 * A refusal is shown in the dialog in the reader's language (the server's message, or the
 * catalogue's for its code); a lost connection is already announced by the HTTP client.
 */
import { digitalAssets } from '@bank/contract/money';
import { downloadStatement, type ExportFormat, exportFormats } from '@bank/contract/transaction';
import { Button, Group, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../lib/api-client.ts';
import { schemaErrors } from '../../lib/call-form.tsx';
import { isApiError, messageOfError } from '../../lib/form-errors.ts';
import { showSuccess } from '../../lib/notify.ts';
import { DateField, todayIso } from '../../ui/date-field.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { currentMonthOf } from './transaction-format.ts';

type Choice = { from: string; to: string; asset: string; format: ExportFormat };

function defaultChoice(): Choice {
  return { ...currentMonthOf(new Date()), asset: '', format: 'pdf' };
}

export function StatementDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Choice>(defaultChoice);
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const change = (patch: Partial<Choice>) => {
    setChoice((current) => ({ ...current, ...patch }));
    setErrors({});
    setFailure(null);
  };
  const close = () => {
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = {
      format: choice.format,
      from: choice.from,
      to: choice.to,
      ...(choice.asset ? { asset: choice.asset } : {}),
    };
    const invalid = schemaErrors(downloadStatement, body);
    const checked = downloadStatement.request.safeParse(body);
    if (!checked.success) {
      setErrors(invalid);
      return;
    }
    setIsDownloading(true);
    try {
      await downloadFile(downloadStatement, checked.data);
      showSuccess(t('transactions.statement.done'));
      close();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
      else setFailure(messageOfError(error));
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('transactions.statement.title')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('transactions.statement.description')}
          </Text>
          <FormAlert message={failure} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <DateField
              label={t('transactions.statement.from')}
              value={choice.from}
              max={choice.to || todayIso()}
              onChange={(from) => change({ from })}
              error={errors.from}
              withAsterisk
            />
            <DateField
              label={t('transactions.statement.to')}
              value={choice.to}
              min={choice.from}
              max={todayIso()}
              onChange={(to) => change({ to })}
              error={errors.to}
              withAsterisk
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={-8}>
            {t('transactions.statement.period_hint')}
          </Text>
          <Select
            label={t('transactions.statement.asset')}
            data={[
              { value: '', label: t('transactions.statement.all_assets') },
              ...digitalAssets.map((asset) => ({ value: asset, label: asset })),
            ]}
            value={choice.asset}
            allowDeselect={false}
            onChange={(asset) => change({ asset: asset ?? '' })}
            error={errors.asset}
          />
          <Radio.Group
            label={t('transactions.statement.format')}
            value={choice.format}
            onChange={(format) => change({ format: format as ExportFormat })}
            error={errors.format}
          >
            <Group gap="lg" mt={6}>
              {exportFormats.map((format) => (
                <Radio key={format} value={format} label={t(`transactions.statement.formats.${format}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              {t('transactions.statement.cancel')}
            </Button>
            {/* Focus starts here: the defaults (this month, every asset, PDF) are the usual choice, and a
                date field taking the focus would open its calendar over the dialog. */}
            <Button
              type="submit"
              loading={isDownloading}
              leftSection={<IconDownload size={16} aria-hidden />}
              data-autofocus
            >
              {t('transactions.statement.download')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
