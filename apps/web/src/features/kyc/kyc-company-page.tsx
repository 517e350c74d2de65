/**
 * /kyc_step/kyc_step_two: company information (contract CompanyDraft): every field of SPEC.md's
 * company form, countries named in the user's language, the monthly bands and currencies of the
 * contract, and the company documents ('Must upload a company profile'), which may also come from a
 * phone.
 */
import { entityTypes, monthlyFrequencyBands, monthlyVolumeBands } from '@bank/contract/constants';
import type { DocumentRef } from '@bank/contract/documents';
import { type CompanyDraft, type KycInfo, SaveCompanyRequest, saveCompany } from '@bank/contract/kyc';
import { assets } from '@bank/contract/money';
import { Button, Group, MultiSelect, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldError, useErrorText } from '../../lib/form-errors.ts';
import { CountryMultiSelect, CountrySelect } from '../../ui/country-select.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { DocumentUpload } from '../../ui/document-upload.tsx';
import { formatDecimal, isDecimalString } from '../../ui/format-amount.ts';
import { todayIso } from '../../ui/format-date.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { ContinueOnPhoneButton } from './continue-on-phone.tsx';
import { kycUploader, useKycInfo } from './kyc-api.ts';
import { normaliseAmount } from './kyc-format.ts';
import { FormSection, KycStepFrame } from './kyc-step-frame.tsx';
import { pathAfter } from './kyc-steps.ts';
import { dataPath, errorAt } from './section-errors.ts';
import { documentsOf, useArrivingDocuments } from './use-arriving-documents.ts';
import { type SectionForm, useSectionForm } from './use-section-form.ts';
import '../../messages/documents.ts';
import '../../messages/kyc.ts';

type TextField =
  | 'company_name'
  | 'registered_address'
  | 'mailing_address'
  | 'telephone'
  | 'website'
  | 'registration_number'
  | 'registration_date'
  | 'nature_of_business'
  | 'entity_type_other'
  | 'annual_turnover_usd'
  | 'source_of_wealth';
type ChoiceField =
  | 'country'
  | 'registration_country'
  | 'entity_type'
  | 'monthly_volume_band'
  | 'monthly_frequency_band';
type ListField = 'business_countries' | 'top_client_countries' | 'top_currencies';
type CountField = 'employee_count' | 'client_count' | 'years_in_operation';

type CompanyValues = Record<TextField, string> &
  Record<ChoiceField, string | null> &
  Record<ListField, string[]> &
  Record<CountField, number | ''> & { documents: DocumentRef[] };

const noIds: readonly string[] = [];

function valuesOf(info: KycInfo, unknownName: string): CompanyValues {
  const draft: Partial<CompanyDraft> = info.sections.company.data ?? {};
  return {
    company_name: draft.company_name ?? '',
    registered_address: draft.registered_address ?? '',
    country: draft.country ?? null,
    mailing_address: draft.mailing_address ?? '',
    telephone: draft.telephone ?? '',
    website: draft.website ?? '',
    registration_number: draft.registration_number ?? '',
    registration_country: draft.registration_country ?? null,
    registration_date: draft.registration_date ?? '',
    nature_of_business: draft.nature_of_business ?? '',
    entity_type: draft.entity_type ?? null,
    entity_type_other: draft.entity_type_other ?? '',
    business_countries: draft.business_countries ?? [],
    employee_count: draft.employee_count ?? '',
    client_count: draft.client_count ?? '',
    top_client_countries: draft.top_client_countries ?? [],
    annual_turnover_usd: draft.annual_turnover_usd ?? '',
    source_of_wealth: draft.source_of_wealth ?? '',
    top_currencies: draft.top_currencies ?? [],
    monthly_volume_band: draft.monthly_volume_band ?? null,
    monthly_frequency_band: draft.monthly_frequency_band ?? null,
    years_in_operation: draft.years_in_operation ?? '',
    documents: documentsOf(info, draft.document_ids ?? [], unknownName),
  };
}

function toData(values: CompanyValues) {
  const { documents, ...fields } = values;
  return {
    ...fields,
    entity_type_other: values.entity_type === 'other' ? values.entity_type_other : undefined,
    employee_count: values.employee_count === '' ? undefined : values.employee_count,
    client_count: values.client_count === '' ? undefined : values.client_count,
    years_in_operation: values.years_in_operation === '' ? undefined : values.years_in_operation,
    annual_turnover_usd: normaliseAmount(values.annual_turnover_usd),
    document_ids: documents.map((document) => document.document_id),
  };
}

const uploader = kycUploader('company');

/** The props that bind each kind of field to the form: its value, its change, its error. */
function bindersOf(
  form: Pick<SectionForm<CompanyValues>, 'values' | 'change' | 'errors'>,
  errorText: (error: FieldError | undefined) => string | undefined,
  isEditable: boolean,
) {
  const { values, change, errors } = form;
  const field = (name: keyof CompanyValues) => ({
    error: errorText(errorAt(errors, name)),
    'data-field': dataPath(name),
    readOnly: !isEditable,
  });
  const text = (name: TextField) => ({
    ...field(name),
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      change((current) => ({ ...current, [name]: value }), dataPath(name));
    },
  });
  const choice = (name: ChoiceField) => ({
    ...field(name),
    value: values[name],
    onChange: (value: string | null) => change((current) => ({ ...current, [name]: value }), dataPath(name)),
  });
  const list = (name: ListField) => ({
    ...field(name),
    // Read-only: no "search and add" prompt beside the chosen values.
    ...(isEditable ? {} : { placeholder: '' }),
    value: values[name],
    onChange: (value: string[]) => change((current) => ({ ...current, [name]: value }), dataPath(name)),
  });
  const count = (name: CountField, max: number) => ({
    ...field(name),
    value: values[name],
    min: 0,
    max,
    allowDecimal: false,
    allowNegative: false,
    clampBehavior: 'none' as const,
    hideControls: true,
    inputMode: 'numeric' as const,
    onChange: (value: number | string) =>
      change((current) => ({ ...current, [name]: typeof value === 'number' ? value : '' }), dataPath(name)),
  });

  return { values, change, isEditable, field, text, choice, list, count };
}

type CompanyBinders = ReturnType<typeof bindersOf>;

function CompanyForm({ info }: { info: KycInfo }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useSectionForm({
    initialValues: valuesOf(info, t('kyc.documents.unnamed')),
    toData,
    schema: SaveCompanyRequest,
    call: saveCompany,
    nextPath: pathAfter('company'),
    isEditable: info.is_editable,
  });
  const { values, change, errors } = form;
  const bind = bindersOf(form, errorText, info.is_editable);
  const markUploaded = useArrivingDocuments(
    info,
    'company',
    info.sections.company.data?.document_ids ?? noIds,
    (document, isAlreadySaved) =>
      form.adopt((current) => ({ ...current, documents: [...current.documents, document] }), isAlreadySaved),
  );

  return (
    <KycStepFrame section="company" info={info} form={form}>
      <CompanyIdentitySection bind={bind} />

      <CompanyContactSection bind={bind} />

      <CompanyActivitySection bind={bind} />

      <FormSection title={t('kyc.company.documents_title')} description={t('kyc.company.documents_intro')}>
        <DocumentUpload
          label={t('kyc.company.fields.document_ids')}
          documents={values.documents}
          uploader={uploader}
          onUploaded={(document) => {
            markUploaded(document.document_id);
            change(
              (current) => ({ ...current, documents: [...current.documents, document] }),
              dataPath('document_ids'),
            );
          }}
          onRemove={(documentId) =>
            change(
              (current) => ({
                ...current,
                documents: current.documents.filter((document) => document.document_id !== documentId),
              }),
              dataPath('document_ids'),
            )
          }
          error={errorText(errorAt(errors, 'document_ids'))}
          isReadOnly={!info.is_editable}
          fieldName={dataPath('document_ids')}
          isRequired
          actions={info.is_editable ? <ContinueOnPhoneButton section="company" /> : null}
        />
      </FormSection>
    </KycStepFrame>
  );
}

/** Who the company is: name, registration, legal form, age and business. */
function CompanyIdentitySection({ bind }: { bind: CompanyBinders }) {
  const { t } = useTranslation();
  const { values, text, choice, count, field, change } = bind;
  return (
    <FormSection title={t('kyc.company.identity_title')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('kyc.company.fields.company_name')}
          autoComplete="organization"
          maxLength={200}
          required
          {...text('company_name')}
        />
        <TextInput
          label={t('kyc.company.fields.registration_number')}
          maxLength={64}
          required
          {...text('registration_number')}
        />
        <CountrySelect
          label={t('kyc.company.fields.registration_country')}
          required
          {...choice('registration_country')}
        />
        <DateField
          label={t('kyc.company.fields.registration_date')}
          max={todayIso()}
          required
          {...field('registration_date')}
          value={values.registration_date}
          onChange={(date) =>
            change((current) => ({ ...current, registration_date: date }), dataPath('registration_date'))
          }
        />
        <Select
          label={t('kyc.company.fields.entity_type')}
          placeholder={t('kyc.form.choose')}
          data={entityTypes.map((type) => ({ value: type, label: t(`kyc.company.entity_types.${type}`) }))}
          required
          allowDeselect={false}
          {...choice('entity_type')}
        />
        {values.entity_type === 'other' ? (
          <TextInput
            label={t('kyc.company.fields.entity_type_other')}
            maxLength={100}
            required
            {...text('entity_type_other')}
          />
        ) : null}
        <NumberInput
          label={t('kyc.company.fields.years_in_operation')}
          required
          {...count('years_in_operation', 500)}
        />
      </SimpleGrid>
      <Textarea
        label={t('kyc.company.fields.nature_of_business')}
        description={t('kyc.company.hints.nature_of_business')}
        autosize
        minRows={2}
        maxLength={500}
        required
        {...text('nature_of_business')}
      />
    </FormSection>
  );
}

/** Where the company is: its addresses (mailing copied from registered at a click), telephone and website. */
function CompanyContactSection({ bind }: { bind: CompanyBinders }) {
  const { t } = useTranslation();
  const { values, text, choice, change, isEditable } = bind;
  return (
    <FormSection title={t('kyc.company.contact_title')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Textarea
          label={t('kyc.company.fields.registered_address')}
          autosize
          minRows={2}
          maxLength={300}
          required
          {...text('registered_address')}
        />
        <Textarea
          label={t('kyc.company.fields.mailing_address')}
          autosize
          minRows={2}
          maxLength={300}
          required
          {...text('mailing_address')}
        />
      </SimpleGrid>
      {isEditable ? (
        <Group justify="flex-end" mt={-8}>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconCopy size={14} aria-hidden />}
            onClick={() =>
              change(
                (current) => ({ ...current, mailing_address: current.registered_address }),
                dataPath('mailing_address'),
              )
            }
            disabled={!values.registered_address}
          >
            {t('kyc.company.same_address')}
          </Button>
        </Group>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CountrySelect label={t('kyc.company.fields.country')} required {...choice('country')} />
        <TextInput
          type="tel"
          label={t('kyc.company.fields.telephone')}
          autoComplete="tel"
          maxLength={32}
          required
          {...text('telephone')}
        />
        <TextInput
          type="url"
          label={t('kyc.company.fields.website')}
          placeholder="https://"
          autoComplete="url"
          maxLength={200}
          {...text('website')}
        />
      </SimpleGrid>
    </FormSection>
  );
}

/** What the company does: where, with whom, how much and how often, and where its wealth comes from. */
function CompanyActivitySection({ bind }: { bind: CompanyBinders }) {
  const { t } = useTranslation();
  const { values, text, choice, list, count, isEditable } = bind;
  const turnover = normaliseAmount(values.annual_turnover_usd);
  const turnoverAmount =
    turnover && isDecimalString(turnover) ? formatDecimal(turnover, { min: 2, max: 2 }) : undefined;
  const turnoverShown = turnoverAmount ? `${turnoverAmount} USD` : undefined;

  return (
    <FormSection title={t('kyc.company.activity_title')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CountryMultiSelect
          label={t('kyc.company.fields.business_countries')}
          maxValues={50}
          required
          {...list('business_countries')}
        />
        <CountryMultiSelect
          label={t('kyc.company.fields.top_client_countries')}
          description={t('kyc.company.hints.top_client_countries')}
          maxValues={5}
          required
          {...list('top_client_countries')}
        />
        <NumberInput label={t('kyc.company.fields.employee_count')} required {...count('employee_count', 10_000_000)} />
        <NumberInput label={t('kyc.company.fields.client_count')} required {...count('client_count', 1_000_000_000)} />
        <TextInput
          label={t('kyc.company.fields.annual_turnover_usd')}
          description={turnoverShown ?? t('kyc.company.hints.annual_turnover_usd')}
          inputMode="decimal"
          rightSection="USD"
          rightSectionWidth={52}
          maxLength={24}
          required
          {...text('annual_turnover_usd')}
          // Read-only, the amount is shown as an amount ("2,500,000.00"), not as it was typed.
          {...(isEditable ? {} : { value: turnoverAmount ?? values.annual_turnover_usd })}
        />
        <MultiSelect
          label={t('kyc.company.fields.top_currencies')}
          description={t('kyc.company.hints.top_currencies')}
          data={[...assets]}
          maxValues={3}
          searchable
          hidePickedOptions
          required
          {...list('top_currencies')}
        />
        <Select
          label={t('kyc.company.fields.monthly_volume_band')}
          placeholder={t('kyc.form.choose')}
          data={monthlyVolumeBands.map((band) => ({ value: band, label: t(`kyc.company.volume_bands.${band}`) }))}
          allowDeselect={false}
          required
          {...choice('monthly_volume_band')}
        />
        <Select
          label={t('kyc.company.fields.monthly_frequency_band')}
          placeholder={t('kyc.form.choose')}
          data={monthlyFrequencyBands.map((band) => ({
            value: band,
            label: t(`kyc.company.frequency_bands.${band}`),
          }))}
          allowDeselect={false}
          required
          {...choice('monthly_frequency_band')}
        />
      </SimpleGrid>
      <Textarea
        label={t('kyc.company.fields.source_of_wealth')}
        description={t('kyc.company.hints.source_of_wealth')}
        autosize
        minRows={2}
        maxLength={500}
        required
        {...text('source_of_wealth')}
      />
    </FormSection>
  );
}

export function KycCompanyPage() {
  const info = useKycInfo();
  return <QueryState query={info}>{(data) => <CompanyForm info={data} />}</QueryState>;
}
