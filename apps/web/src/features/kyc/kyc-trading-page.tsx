/**
 * /kyc_step/kyc_step_four: the trading authorisation (contract TradingDraft): up to 5 people
 * authorised to instruct the account, each with name, position, email and a specimen signature
 * drawn on the screen (stored as a PNG document of kind `signature` when the section is saved),
 * and the signed authorisation form, uploaded here or from a phone.
 */
import { maxShareholders } from '@bank/contract/constants';
import type { DocumentRef } from '@bank/contract/documents';
import { type KycInfo, SaveTradingRequest, saveTrading } from '@bank/contract/kyc';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ChangeEvent, ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/form-errors.ts';
import { DocumentUpload } from '../../ui/document-upload.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { SignatureField } from '../../ui/signature-pad.tsx';
import { ContinueOnPhoneButton } from './continue-on-phone.tsx';
import { kycUploader, uploadSignature, useKycInfo } from './kyc-api.ts';
import { FormSection, KycStepFrame } from './kyc-step-frame.tsx';
import { pathAfter } from './kyc-steps.ts';
import { AddRowButton, ListError, RowCard } from './repeated-rows.tsx';
import { dataPath, errorAt, errorsAfterRowRemoved } from './section-errors.ts';
import { documentsOf, useArrivingDocuments } from './use-arriving-documents.ts';
import { pendingSignatureId, useSectionForm } from './use-section-form.ts';
import '../../messages/documents.ts';
import '../../messages/kyc.ts';

type PersonRow = {
  key: string;
  name: string;
  position: string;
  email: string;
  signature_document_id: string | null;
  newSignature: Blob | null;
};
type TradingValues = { authorised_persons: PersonRow[]; documents: DocumentRef[] };

let rowCounter = 0;
function rowKey(): string {
  rowCounter += 1;
  return `person-${rowCounter}`;
}

const emptyPerson = (): PersonRow => ({
  key: rowKey(),
  name: '',
  position: '',
  email: '',
  signature_document_id: null,
  newSignature: null,
});

const noIds: readonly string[] = [];

function valuesOf(info: KycInfo, unknownName: string): TradingValues {
  const draft = info.sections.trading.data;
  const persons = (draft?.authorised_persons ?? []).map((person) => ({
    key: rowKey(),
    name: person.name ?? '',
    position: person.position ?? '',
    email: person.email ?? '',
    signature_document_id: person.signature_document_id ?? null,
    newSignature: null,
  }));
  return {
    authorised_persons: persons.length > 0 ? persons : [emptyPerson()],
    documents: documentsOf(info, draft?.document_ids ?? [], unknownName),
  };
}

function isBlank(person: PersonRow): boolean {
  return !person.name && !person.position && !person.email && !person.signature_document_id && !person.newSignature;
}

function toData(values: TradingValues) {
  return {
    authorised_persons: values.authorised_persons
      .filter((person) => !isBlank(person))
      .map((person) => ({
        name: person.name,
        position: person.position,
        email: person.email.trim(),
        signature_document_id: person.newSignature ? pendingSignatureId : (person.signature_document_id ?? undefined),
      })),
    document_ids: values.documents.map((document) => document.document_id),
  };
}

async function uploadPending(values: TradingValues): Promise<TradingValues> {
  const persons: PersonRow[] = [];
  // One after another: a failure stops at the person whose signature could not be stored.
  for (const person of values.authorised_persons) {
    if (!person.newSignature) {
      persons.push(person);
      continue;
    }
    const stored = await uploadSignature('trading', person.newSignature);
    persons.push({ ...person, signature_document_id: stored.document_id, newSignature: null });
  }
  return { ...values, authorised_persons: persons };
}

const uploader = kycUploader('trading');

function TradingForm({ info }: { info: KycInfo }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useSectionForm({
    initialValues: valuesOf(info, t('kyc.documents.unnamed')),
    toData,
    schema: SaveTradingRequest,
    call: saveTrading,
    uploadPending,
    nextPath: pathAfter('trading'),
    isEditable: info.is_editable,
  });
  const { values, change, errors, setErrors } = form;
  const isEditable = info.is_editable;
  const markUploaded = useArrivingDocuments(
    info,
    'trading',
    info.sections.trading.data?.document_ids ?? noIds,
    (document, isAlreadySaved) => {
      // A signature stored by a save is a document of the section too, not an authorisation form
      // that arrived from a phone.
      if (form.values.authorised_persons.some((person) => person.signature_document_id === document.document_id))
        return;
      form.adopt((current) => ({ ...current, documents: [...current.documents, document] }), isAlreadySaved);
    },
  );

  const sentIndexOf = (index: number) =>
    values.authorised_persons.slice(0, index).filter((person) => !isBlank(person)).length;
  const updatePerson = (index: number, update: Partial<PersonRow>, path: string) =>
    change(
      (current) => ({
        ...current,
        authorised_persons: current.authorised_persons.map((person, at) =>
          at === index ? { ...person, ...update } : person,
        ),
      }),
      path,
      dataPath('authorised_persons'),
    );
  const personInput = (index: number, name: 'name' | 'position' | 'email') => {
    const path = dataPath('authorised_persons', sentIndexOf(index), name);
    return {
      value: values.authorised_persons[index]?.[name] ?? '',
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        updatePerson(index, { [name]: event.currentTarget.value }, path),
      error: errorText(errors[path]),
      'data-field': path,
      readOnly: !isEditable,
    };
  };
  const removePerson = (index: number) => {
    change((current) => ({
      ...current,
      authorised_persons: current.authorised_persons.filter((_, at) => at !== index),
    }));
    setErrors((current) => errorsAfterRowRemoved(current, dataPath('authorised_persons'), sentIndexOf(index)));
  };
  const listError = errorText(errorAt(errors, 'authorised_persons'));

  return (
    <KycStepFrame section="trading" info={info} form={form}>
      <FormSection
        title={t('kyc.trading.persons_title')}
        description={t('kyc.trading.persons_intro', { max: maxShareholders })}
      >
        <ListError message={listError} fieldName={dataPath('authorised_persons')} />
        <Stack gap="sm">
          {values.authorised_persons.map((person, index) => {
            const signaturePath = dataPath('authorised_persons', sentIndexOf(index), 'signature_document_id');
            return (
              <RowCard
                key={person.key}
                rowKey={person.key}
                title={t('kyc.trading.person_number', { number: index + 1 })}
                removeLabel={t('kyc.trading.remove_person', { number: index + 1 })}
                isEditable={isEditable}
                onRemove={() => removePerson(index)}
              >
                <PersonFields
                  person={person}
                  number={index + 1}
                  isEditable={isEditable}
                  inputOf={(name) => personInput(index, name)}
                  signaturePath={signaturePath}
                  signatureError={errorText(errors[signaturePath])}
                  onSign={(png) => updatePerson(index, { newSignature: png }, signaturePath)}
                />
              </RowCard>
            );
          })}
        </Stack>
        {isEditable ? (
          <AddRowButton
            label={t('kyc.trading.add_person')}
            count={values.authorised_persons.length}
            max={maxShareholders}
            onAdd={() =>
              change((current) => ({
                ...current,
                authorised_persons: [...current.authorised_persons, emptyPerson()],
              }))
            }
          />
        ) : null}
      </FormSection>

      <FormSection title={t('kyc.trading.form_title')} description={t('kyc.trading.form_intro')}>
        <DocumentUpload
          label={t('kyc.trading.fields.document_ids')}
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
          isReadOnly={!isEditable}
          fieldName={dataPath('document_ids')}
          isRequired
          actions={isEditable ? <ContinueOnPhoneButton section="trading" /> : null}
        />
      </FormSection>
    </KycStepFrame>
  );
}

/** An authorised person's name, position, email and specimen signature drawn on the screen. */
function PersonFields({
  person,
  number,
  isEditable,
  inputOf,
  signaturePath,
  signatureError,
  onSign,
}: {
  person: PersonRow;
  number: number;
  isEditable: boolean;
  inputOf: (name: 'name' | 'position' | 'email') => ComponentProps<typeof TextInput>;
  signaturePath: string;
  signatureError: string | undefined;
  onSign: (png: Blob | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput label={t('kyc.trading.fields.name')} maxLength={100} required {...inputOf('name')} />
        <TextInput label={t('kyc.trading.fields.position')} maxLength={100} required {...inputOf('position')} />
        <TextInput
          type="email"
          label={t('kyc.trading.fields.email')}
          maxLength={254}
          spellCheck={false}
          required
          {...inputOf('email')}
        />
      </SimpleGrid>
      <SignatureField
        label={t('kyc.trading.fields.signature', {
          name: person.name || t('kyc.trading.person_number', { number }),
        })}
        description={t('kyc.trading.signature_hint')}
        savedDocumentId={person.signature_document_id}
        signerName={person.name ?? ''}
        value={person.newSignature}
        onChange={onSign}
        error={signatureError}
        isReadOnly={!isEditable}
        fieldName={signaturePath}
        isRequired
      />
    </Stack>
  );
}

export function KycTradingPage() {
  const info = useKycInfo();
  return <QueryState query={info}>{(data) => <TradingForm info={data} />}</QueryState>;
}
