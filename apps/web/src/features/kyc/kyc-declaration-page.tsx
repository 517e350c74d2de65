/**
 * /kyc_step/kyc_step_one: the corporate declaration (contract CorporateDraft). The company confirms
 * five statements, and a director acknowledges them with name, designation, date and a signature
 * drawn on the screen (or typed: see ui/signature-pad.tsx), stored as a PNG document of kind
 * `signature` when the section is saved.
 */
import {
  type CorporateDraft,
  declarationStatements,
  type KycInfo,
  SaveCorporateRequest,
  saveCorporate,
} from '@bank/contract/kyc';
import { Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type FieldError, useErrorText } from '../../lib/form-errors.ts';
import { DateField } from '../../ui/date-field.tsx';
import { todayIso } from '../../ui/format-date.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { SignatureField } from '../../ui/signature-pad.tsx';
import { uploadSignature, useKycInfo } from './kyc-api.ts';
import { FormSection, KycStepFrame } from './kyc-step-frame.tsx';
import { pathAfter } from './kyc-steps.ts';
import { dataPath, errorAt } from './section-errors.ts';
import { pendingSignatureId, useSectionForm } from './use-section-form.ts';
import '../../messages/documents.ts';
import '../../messages/kyc.ts';

type Statement = (typeof declarationStatements)[number];

type DeclarationValues = {
  declarations: Record<Statement, boolean>;
  director_name: string;
  director_designation: string;
  director_date: string;
  signature_document_id: string | null;
  /** Drawn or typed, uploaded with the next save. */
  newSignature: Blob | null;
};

function valuesOf(draft: CorporateDraft | null): DeclarationValues {
  const declarations = Object.fromEntries(
    declarationStatements.map((statement) => [statement, draft?.declarations[statement] ?? false]),
  ) as Record<Statement, boolean>;
  return {
    declarations,
    director_name: draft?.director_name ?? '',
    director_designation: draft?.director_designation ?? '',
    director_date: draft?.director_date ?? '',
    signature_document_id: draft?.signature_document_id ?? null,
    newSignature: null,
  };
}

function toData(values: DeclarationValues) {
  return {
    declarations: values.declarations,
    director_name: values.director_name,
    director_designation: values.director_designation,
    director_date: values.director_date,
    signature_document_id: values.newSignature ? pendingSignatureId : (values.signature_document_id ?? undefined),
  };
}

async function uploadPending(values: DeclarationValues): Promise<DeclarationValues> {
  if (!values.newSignature) return values;
  const stored = await uploadSignature('corporate', values.newSignature);
  return { ...values, signature_document_id: stored.document_id, newSignature: null };
}

/** Today in the user's time zone, as the ISO date a date input holds. */
function DeclarationForm({ info }: { info: KycInfo }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useSectionForm({
    initialValues: valuesOf(info.sections.corporate.data),
    toData,
    schema: SaveCorporateRequest,
    call: saveCorporate,
    uploadPending,
    nextPath: pathAfter('corporate'),
    isEditable: info.is_editable,
  });
  const { values, change, errors } = form;
  const text = (field: 'director_name' | 'director_designation' | 'director_date') => ({
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      change((current) => ({ ...current, [field]: value }), dataPath(field));
    },
    error: errorText(errorAt(errors, field)),
    'data-field': dataPath(field),
    readOnly: !info.is_editable,
  });
  /** A statement left unticked is not "a field to fill in": the user is asked to confirm it. */
  const statementError = (error: FieldError | undefined) => {
    const text = errorText(error);
    return text === t('validation.required') ? t('kyc.declaration.confirm_required') : text;
  };
  const allConfirmed = declarationStatements.every((statement) => values.declarations[statement]);

  return (
    <KycStepFrame section="corporate" info={info} form={form}>
      <FormSection title={t('kyc.declaration.statements_title')} description={t('kyc.declaration.statements_intro')}>
        <Stack gap="sm">
          {declarationStatements.map((statement) => (
            <Checkbox
              key={statement}
              label={t(`kyc.declaration.statements.${statement}`)}
              checked={values.declarations[statement]}
              disabled={!info.is_editable}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                change(
                  (current) => ({ ...current, declarations: { ...current.declarations, [statement]: checked } }),
                  dataPath('declarations', statement),
                );
              }}
              error={statementError(errorAt(errors, 'declarations', statement))}
              data-field={dataPath('declarations', statement)}
              styles={{ label: { lineHeight: 1.5 } }}
            />
          ))}
          <Checkbox
            label={t('kyc.declaration.confirm_all')}
            checked={allConfirmed}
            disabled={!info.is_editable}
            indeterminate={!allConfirmed && declarationStatements.some((statement) => values.declarations[statement])}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              change(
                (current) => ({
                  ...current,
                  declarations: Object.fromEntries(
                    declarationStatements.map((statement) => [statement, checked]),
                  ) as Record<Statement, boolean>,
                }),
                dataPath('declarations'),
              );
            }}
            fw={500}
            mt={4}
          />
        </Stack>
      </FormSection>

      <FormSection title={t('kyc.declaration.director_title')} description={t('kyc.declaration.director_intro')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('kyc.declaration.director_name')}
            autoComplete="name"
            maxLength={100}
            required
            {...text('director_name')}
          />
          <TextInput
            label={t('kyc.declaration.director_designation')}
            placeholder={t('kyc.declaration.director_designation_placeholder')}
            autoComplete="organization-title"
            maxLength={100}
            required
            {...text('director_designation')}
          />
          <DateField
            label={t('kyc.declaration.director_date')}
            max={todayIso()}
            required
            {...text('director_date')}
            onChange={(date) => change((current) => ({ ...current, director_date: date }), dataPath('director_date'))}
          />
        </SimpleGrid>
        <SignatureField
          label={t('kyc.declaration.signature')}
          description={t('kyc.declaration.signature_hint')}
          savedDocumentId={values.signature_document_id}
          signerName={values.director_name ?? ''}
          value={values.newSignature}
          onChange={(png) =>
            change((current) => ({ ...current, newSignature: png }), dataPath('signature_document_id'))
          }
          error={errorText(errorAt(errors, 'signature_document_id'))}
          isReadOnly={!info.is_editable}
          fieldName={dataPath('signature_document_id')}
          isRequired
        />
      </FormSection>
    </KycStepFrame>
  );
}

export function KycDeclarationPage() {
  const info = useKycInfo();
  return <QueryState query={info}>{(data) => <DeclarationForm info={data} />}</QueryState>;
}
