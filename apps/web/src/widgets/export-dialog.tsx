/**
 * A file download of a period: from, to, one optional filter (an asset, a status...) and the format
 * (PDF, CSV, XLSX). The call's own request schema checks the choice before anything is asked; the
 * file comes back from the call and is saved under the name the server gives it. A refusal is shown
 * in the dialog in the reader's language (on its field, or in the alert); a lost connection is
 * already announced by the HTTP client. The statement, the payout records and the card documents use it.
 */
import type { CallDefinition, RequestOf } from '@bank/contract/calls';
import { type ExportFormat, exportFormats } from '@bank/contract/transaction';
import { Button, Group, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../lib/api-client.ts';
import { schemaErrors } from '../lib/call-form.tsx';
import { isApiError, messageOfError } from '../lib/form-errors.ts';
import { showSuccess } from '../lib/notify.ts';
import { DateField } from '../ui/date-field.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormAlert } from '../ui/form-alert.tsx';
import { todayIso } from '../ui/format-date.ts';

/** One more choice beside the period: its field in the request, and its options ('' for all). */
export type ExportFilter = {
  field: string;
  label: string;
  allLabel: string;
  options: { value: string; label: string }[];
};

type Choice = { from: string; to: string; filter: string; format: ExportFormat };

/** The current month up to today (UTC days), the usual period. */
function currentMonth(): { from: string; to: string } {
  const today = todayIso();
  return { from: `${today.slice(0, 8)}01`, to: today };
}

export function ExportDialog<Call extends CallDefinition>({
  call,
  isOpen,
  onClose,
  title,
  description,
  periodHint,
  filter,
  fixedBody,
  period,
  doneMessage,
}: {
  call: Call;
  isOpen: boolean;
  onClose: () => void;
  title: string;
  description: string;
  periodHint?: string;
  filter?: ExportFilter;
  /** Fields the page has already chosen (the card a card statement is of), sent with the choice. */
  fixedBody?: Readonly<Record<string, string>>;
  /** The period the dialog opens on when the page has one (a list's filter); else this month. */
  period?: { from: string; to: string } | undefined;
  doneMessage: string;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Choice>(() => ({ ...(period ?? currentMonth()), filter: '', format: 'pdf' }));
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
      ...fixedBody,
      format: choice.format,
      from: choice.from,
      to: choice.to,
      ...(filter && choice.filter ? { [filter.field]: choice.filter } : {}),
    };
    const checked = call.request.safeParse(body);
    if (!checked.success) {
      setErrors(schemaErrors(call, body));
      return;
    }
    setIsDownloading(true);
    try {
      await downloadFile(call, checked.data as RequestOf<Call>);
      showSuccess(doneMessage);
      close();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
      else setFailure(messageOfError(error));
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={close} title={title}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {description}
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
          {periodHint ? (
            <Text size="xs" c="dimmed" mt={-8}>
              {periodHint}
            </Text>
          ) : null}
          {filter ? (
            <Select
              label={filter.label}
              data={[{ value: '', label: filter.allLabel }, ...filter.options]}
              value={choice.filter}
              allowDeselect={false}
              onChange={(value) => change({ filter: value ?? '' })}
              error={errors[filter.field]}
            />
          ) : null}
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
            {/* Focus starts here: the defaults (this month, everything, PDF) are the usual choice, and a
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
