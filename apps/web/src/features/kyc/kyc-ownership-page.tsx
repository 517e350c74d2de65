/**
 * /kyc_step/kyc_step_three: ownership (contract OwnershipDraft): up to 5 shareholders (name,
 * ownership %, passport or ID number, issuing country) and up to 5 officers (name, position), as
 * rows to add and remove. The running total of ownership is shown as it is typed; above 100% the
 * section is refused, draft or not ('Total ownership cannot exceed 100%').
 */
import { maxOfficers, maxShareholders } from '@bank/contract/constants';
import {
  type KycInfo,
  type OwnershipDraft,
  SaveOwnershipRequest,
  saveOwnership,
  totalOwnershipHundredths,
} from '@bank/contract/kyc';
import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/form-errors.ts';
import { badgeTextStyle } from '../../ui/badge-text.ts';
import { CountrySelect } from '../../ui/country-select.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { useKycInfo } from './kyc-api.ts';
import { percentOfHundredths } from './kyc-format.ts';
import { FormSection, KycStepFrame } from './kyc-step-frame.tsx';
import { pathAfter } from './kyc-steps.ts';
import { dataPath, errorAt, errorsAfterRowRemoved } from './section-errors.ts';
import { useSectionForm } from './use-section-form.ts';

type ShareholderRow = {
  key: string;
  name: string;
  ownership_percent: string;
  id_number: string;
  issuing_country: string | null;
};
type OfficerRow = { key: string; name: string; position: string };
type OwnershipValues = { shareholders: ShareholderRow[]; officers: OfficerRow[] };

let rowCounter = 0;
function rowKey(): string {
  rowCounter += 1;
  return `row-${rowCounter}`;
}

const emptyShareholder = (): ShareholderRow => ({
  key: rowKey(),
  name: '',
  ownership_percent: '',
  id_number: '',
  issuing_country: null,
});
const emptyOfficer = (): OfficerRow => ({ key: rowKey(), name: '', position: '' });

function valuesOf(draft: OwnershipDraft | null): OwnershipValues {
  const shareholders = (draft?.shareholders ?? []).map((shareholder) => ({
    key: rowKey(),
    name: shareholder.name ?? '',
    ownership_percent: shareholder.ownership_percent ?? '',
    id_number: shareholder.id_number ?? '',
    issuing_country: shareholder.issuing_country ?? null,
  }));
  return {
    // A first, empty shareholder row: at least one is required, and it shows what is asked.
    shareholders: shareholders.length > 0 ? shareholders : [emptyShareholder()],
    officers: (draft?.officers ?? []).map((officer) => ({
      key: rowKey(),
      name: officer.name ?? '',
      position: officer.position ?? '',
    })),
  };
}

/** A row left entirely empty is not sent: it is a blank line, not a shareholder. */
function isBlank(row: Record<string, unknown>): boolean {
  return Object.entries(row).every(([key, value]) => key === 'key' || value === '' || value === null);
}

function toData(values: OwnershipValues) {
  return {
    shareholders: values.shareholders
      .filter((row) => !isBlank(row))
      .map(({ key: _key, ...row }) => ({ ...row, ownership_percent: row.ownership_percent.trim().replace(/%$/, '') })),
    officers: values.officers.filter((row) => !isBlank(row)).map(({ key: _key, ...row }) => row),
  };
}

function OwnershipForm({ info }: { info: KycInfo }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useSectionForm({
    initialValues: valuesOf(info.sections.shareholder.data),
    toData,
    schema: SaveOwnershipRequest,
    call: saveOwnership,
    nextPath: pathAfter('shareholder'),
    isEditable: info.is_editable,
  });
  const { values, change, errors, setErrors } = form;
  const isEditable = info.is_editable;

  // Rows are sent without blank ones: an error's index counts the rows that are sent.
  const sentIndexOf = (rows: readonly (ShareholderRow | OfficerRow)[], index: number) =>
    rows.slice(0, index).filter((row) => !isBlank(row)).length;

  const shareholderInput = (index: number, name: 'name' | 'ownership_percent' | 'id_number') => {
    const sent = sentIndexOf(values.shareholders, index);
    return {
      value: values.shareholders[index]?.[name] ?? '',
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.currentTarget.value;
        change(
          (current) => ({
            ...current,
            shareholders: current.shareholders.map((row, at) => (at === index ? { ...row, [name]: value } : row)),
          }),
          dataPath('shareholders', sent, name),
          ...(name === 'ownership_percent' ? [dataPath('shareholders')] : []),
        );
      },
      error: errorText(errorAt(errors, 'shareholders', sent, name)),
      'data-field': dataPath('shareholders', sent, name),
      readOnly: !isEditable,
    };
  };
  const officerInput = (index: number, name: 'name' | 'position') => {
    const sent = sentIndexOf(values.officers, index);
    return {
      value: values.officers[index]?.[name] ?? '',
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.currentTarget.value;
        change(
          (current) => ({
            ...current,
            officers: current.officers.map((row, at) => (at === index ? { ...row, [name]: value } : row)),
          }),
          dataPath('officers', sent, name),
        );
      },
      error: errorText(errorAt(errors, 'officers', sent, name)),
      'data-field': dataPath('officers', sent, name),
      readOnly: !isEditable,
    };
  };

  const removeRow = (list: 'shareholders' | 'officers', index: number) => {
    change((current) => ({ ...current, [list]: current[list].filter((_, at) => at !== index) }));
    setErrors((current) => errorsAfterRowRemoved(current, dataPath(list), sentIndexOf(values[list], index)));
  };

  const total = totalOwnershipHundredths(
    toData(values)
      .shareholders.filter((row) => /^\d{1,3}(\.\d{1,2})?$/.test(row.ownership_percent))
      .map((row) => ({ ownership_percent: row.ownership_percent })),
  );
  const isOver = total > 100_00;
  const totalColour = isOver ? 'red' : total === 100_00 ? 'teal' : 'gray';
  const listError = errorText(errorAt(errors, 'shareholders'));

  return (
    <KycStepFrame section="shareholder" info={info} form={form}>
      <FormSection
        title={t('kyc.ownership.shareholders_title')}
        description={t('kyc.ownership.shareholders_intro', { max: maxShareholders })}
        actions={
          <Badge
            size="lg"
            variant="light"
            color={totalColour}
            tt="none"
            className="tabular-figures"
            aria-live="polite"
            style={badgeTextStyle(totalColour)}
          >
            {t('kyc.ownership.total', { percent: percentOfHundredths(total) })}
          </Badge>
        }
      >
        {listError ? (
          <Text size="sm" c="red.8" role="alert" tabIndex={-1} data-field={dataPath('shareholders')}>
            {listError}
          </Text>
        ) : null}
        {isOver && !listError ? (
          <Text size="sm" c="red.8" role="alert">
            {t('validation.ownership_total')}
          </Text>
        ) : null}
        <Stack gap="sm">
          {values.shareholders.map((row, index) => (
            <Paper key={row.key} withBorder p="md" bg="gray.0" role="group" aria-labelledby={`${row.key}-title`}>
              <Group justify="space-between" mb="xs">
                <Text id={`${row.key}-title`} fw={600} size="sm">
                  {t('kyc.ownership.shareholder_number', { number: index + 1 })}
                </Text>
                {isEditable ? (
                  <Tooltip label={t('kyc.ownership.remove_shareholder', { number: index + 1 })}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => removeRow('shareholders', index)}
                      aria-label={t('kyc.ownership.remove_shareholder', { number: index + 1 })}
                    >
                      <IconTrash size={18} stroke={1.6} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
                <TextInput
                  label={t('kyc.ownership.fields.name')}
                  maxLength={100}
                  required
                  {...shareholderInput(index, 'name')}
                />
                <TextInput
                  label={t('kyc.ownership.fields.ownership_percent')}
                  inputMode="decimal"
                  rightSection="%"
                  maxLength={6}
                  required
                  {...shareholderInput(index, 'ownership_percent')}
                />
                <TextInput
                  label={t('kyc.ownership.fields.id_number')}
                  maxLength={64}
                  required
                  {...shareholderInput(index, 'id_number')}
                />
                <CountrySelect
                  label={t('kyc.ownership.fields.issuing_country')}
                  required
                  readOnly={!isEditable}
                  value={row.issuing_country}
                  onChange={(value) =>
                    change(
                      (current) => ({
                        ...current,
                        shareholders: current.shareholders.map((candidate, at) =>
                          at === index ? { ...candidate, issuing_country: value } : candidate,
                        ),
                      }),
                      dataPath('shareholders', sentIndexOf(values.shareholders, index), 'issuing_country'),
                    )
                  }
                  error={errorText(
                    errorAt(errors, 'shareholders', sentIndexOf(values.shareholders, index), 'issuing_country'),
                  )}
                  data-field={dataPath('shareholders', sentIndexOf(values.shareholders, index), 'issuing_country')}
                />
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
        {isEditable ? (
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() =>
                change((current) => ({ ...current, shareholders: [...current.shareholders, emptyShareholder()] }))
              }
              disabled={values.shareholders.length >= maxShareholders}
            >
              {t('kyc.ownership.add_shareholder')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('kyc.ownership.rows_left', { count: values.shareholders.length, max: maxShareholders })}
            </Text>
          </Group>
        ) : null}
      </FormSection>

      <FormSection
        title={t('kyc.ownership.officers_title')}
        description={t('kyc.ownership.officers_intro', { max: maxOfficers })}
      >
        {values.officers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('kyc.ownership.no_officers')}
          </Text>
        ) : null}
        <Stack gap="sm">
          {values.officers.map((row, index) => (
            <Paper key={row.key} withBorder p="md" bg="gray.0" role="group" aria-labelledby={`${row.key}-title`}>
              <Group justify="space-between" mb="xs">
                <Text id={`${row.key}-title`} fw={600} size="sm">
                  {t('kyc.ownership.officer_number', { number: index + 1 })}
                </Text>
                {isEditable ? (
                  <Tooltip label={t('kyc.ownership.remove_officer', { number: index + 1 })}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => removeRow('officers', index)}
                      aria-label={t('kyc.ownership.remove_officer', { number: index + 1 })}
                    >
                      <IconTrash size={18} stroke={1.6} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={t('kyc.ownership.fields.name')}
                  maxLength={100}
                  required
                  {...officerInput(index, 'name')}
                />
                <TextInput
                  label={t('kyc.ownership.fields.position')}
                  maxLength={100}
                  required
                  {...officerInput(index, 'position')}
                />
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
        {isEditable ? (
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => change((current) => ({ ...current, officers: [...current.officers, emptyOfficer()] }))}
              disabled={values.officers.length >= maxOfficers}
            >
              {t('kyc.ownership.add_officer')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('kyc.ownership.rows_left', { count: values.officers.length, max: maxOfficers })}
            </Text>
          </Group>
        ) : null}
      </FormSection>
    </KycStepFrame>
  );
}

export function KycOwnershipPage() {
  const info = useKycInfo();
  return <QueryState query={info}>{(data) => <OwnershipForm info={data} />}</QueryState>;
}
