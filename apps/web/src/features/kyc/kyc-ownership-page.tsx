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
import { Badge, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ChangeEvent, ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/form-errors.ts';
import { badgeTextStyle } from '../../ui/badge-text.ts';
import { CountrySelect } from '../../ui/country-select.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { useKycInfo } from './kyc-api.ts';
import { percentOfHundredths } from './kyc-format.ts';
import { FormSection, KycStepFrame } from './kyc-step-frame.tsx';
import { pathAfter } from './kyc-steps.ts';
import { AddRowButton, ListError, RowCard } from './repeated-rows.tsx';
import { dataPath, errorAt, errorsAfterRowRemoved } from './section-errors.ts';
import { useSectionForm } from './use-section-form.ts';
import '../../messages/documents.ts';
import '../../messages/kyc.ts';

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

  const listError = errorText(errorAt(errors, 'shareholders'));
  const shareholderCountry = (index: number) => {
    const path = dataPath('shareholders', sentIndexOf(values.shareholders, index), 'issuing_country');
    return {
      onChange: (value: string | null) =>
        change(
          (current) => ({
            ...current,
            shareholders: current.shareholders.map((candidate, at) =>
              at === index ? { ...candidate, issuing_country: value } : candidate,
            ),
          }),
          path,
        ),
      error: errorText(errorAt(errors, 'shareholders', sentIndexOf(values.shareholders, index), 'issuing_country')),
      'data-field': path,
    };
  };

  return (
    <KycStepFrame section="shareholder" info={info} form={form}>
      <FormSection
        title={t('kyc.ownership.shareholders_title')}
        description={t('kyc.ownership.shareholders_intro', { max: maxShareholders })}
        actions={<OwnershipTotal values={values} />}
      >
        <ListError message={listError} fieldName={dataPath('shareholders')} />
        {isOwnershipOver(values) && !listError ? (
          <Text size="sm" c="red.8" role="alert">
            {t('validation.ownership_total')}
          </Text>
        ) : null}
        <Stack gap="sm">
          {values.shareholders.map((row, index) => (
            <RowCard
              key={row.key}
              rowKey={row.key}
              title={t('kyc.ownership.shareholder_number', { number: index + 1 })}
              removeLabel={t('kyc.ownership.remove_shareholder', { number: index + 1 })}
              isEditable={isEditable}
              onRemove={() => removeRow('shareholders', index)}
            >
              <ShareholderFields
                isEditable={isEditable}
                country={row.issuing_country}
                inputOf={(name) => shareholderInput(index, name)}
                countryProps={shareholderCountry(index)}
              />
            </RowCard>
          ))}
        </Stack>
        {isEditable ? (
          <AddRowButton
            label={t('kyc.ownership.add_shareholder')}
            count={values.shareholders.length}
            max={maxShareholders}
            onAdd={() =>
              change((current) => ({ ...current, shareholders: [...current.shareholders, emptyShareholder()] }))
            }
          />
        ) : null}
      </FormSection>

      <OfficersSection
        officers={values.officers}
        isEditable={isEditable}
        inputOf={officerInput}
        onRemove={(index) => removeRow('officers', index)}
        onAdd={() => change((current) => ({ ...current, officers: [...current.officers, emptyOfficer()] }))}
      />
    </KycStepFrame>
  );
}

/** A shareholder's name, share, identity document number and the country that issued it. */
function ShareholderFields({
  isEditable,
  country,
  inputOf,
  countryProps,
}: {
  isEditable: boolean;
  country: string | null;
  inputOf: (name: 'name' | 'ownership_percent' | 'id_number') => ComponentProps<typeof TextInput>;
  countryProps: { onChange: (value: string | null) => void; error: string | undefined; 'data-field': string };
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      <TextInput label={t('kyc.ownership.fields.name')} maxLength={100} required {...inputOf('name')} />
      <TextInput
        label={t('kyc.ownership.fields.ownership_percent')}
        inputMode="decimal"
        rightSection="%"
        maxLength={6}
        required
        {...inputOf('ownership_percent')}
      />
      <TextInput label={t('kyc.ownership.fields.id_number')} maxLength={64} required {...inputOf('id_number')} />
      <CountrySelect
        label={t('kyc.ownership.fields.issuing_country')}
        required
        readOnly={!isEditable}
        value={country}
        {...countryProps}
      />
    </SimpleGrid>
  );
}

/** The company's officers: optional, each a name and a position. */
function OfficersSection({
  officers,
  isEditable,
  inputOf,
  onRemove,
  onAdd,
}: {
  officers: readonly OfficerRow[];
  isEditable: boolean;
  inputOf: (index: number, name: 'name' | 'position') => ComponentProps<typeof TextInput>;
  onRemove: (index: number) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormSection
      title={t('kyc.ownership.officers_title')}
      description={t('kyc.ownership.officers_intro', { max: maxOfficers })}
    >
      {officers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('kyc.ownership.no_officers')}
        </Text>
      ) : null}
      <Stack gap="sm">
        {officers.map((row, index) => (
          <RowCard
            key={row.key}
            rowKey={row.key}
            title={t('kyc.ownership.officer_number', { number: index + 1 })}
            removeLabel={t('kyc.ownership.remove_officer', { number: index + 1 })}
            isEditable={isEditable}
            onRemove={() => onRemove(index)}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('kyc.ownership.fields.name')} maxLength={100} required {...inputOf(index, 'name')} />
              <TextInput
                label={t('kyc.ownership.fields.position')}
                maxLength={100}
                required
                {...inputOf(index, 'position')}
              />
            </SimpleGrid>
          </RowCard>
        ))}
      </Stack>
      {isEditable ? (
        <AddRowButton label={t('kyc.ownership.add_officer')} count={officers.length} max={maxOfficers} onAdd={onAdd} />
      ) : null}
    </FormSection>
  );
}

/** The ownership typed so far, in hundredths of a percent; a share not yet a number counts nothing. */
function ownershipTotalOf(values: OwnershipValues): number {
  return totalOwnershipHundredths(
    toData(values)
      .shareholders.filter((row) => /^\d{1,3}(\.\d{1,2})?$/.test(row.ownership_percent))
      .map((row) => ({ ownership_percent: row.ownership_percent })),
  );
}

function isOwnershipOver(values: OwnershipValues): boolean {
  return ownershipTotalOf(values) > 100_00;
}

/** The running total of ownership: red above 100%, green at exactly 100%. */
function OwnershipTotal({ values }: { values: OwnershipValues }) {
  const { t } = useTranslation();
  const total = ownershipTotalOf(values);
  const totalColour = total > 100_00 ? 'red' : total === 100_00 ? 'teal' : 'gray';
  return (
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
  );
}

export function KycOwnershipPage() {
  const info = useKycInfo();
  return <QueryState query={info}>{(data) => <OwnershipForm info={data} />}</QueryState>;
}
