/**
 * Pieces the card application and the cardholder KYC corrections share: the cardholder documents'
 * upload (the documents' flow through the card calls: one file, 5 MB, jpeg/png/pdf by content), an
 * address's fields, the choice lists of the contract in the user's language, the username check
 * at the processor and the email's code proof.
 */
import {
  authorizeCardDocument,
  completeCardDocument,
  documentLanguages,
  idTypes,
  proofOfAddressTypes,
  sendCardholderCode,
  verifyCardholderCode,
  verifyCardUsername,
} from '@bank/contract/card-applications';
import type { DocumentRef } from '@bank/contract/documents';
import { documentPurposeRules } from '@bank/contract/documents';
import {
  Button,
  Checkbox,
  Grid,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendEmailCode } from '../../api/send-email-code.ts';
import { callApi } from '../../lib/api-client.ts';
import { fieldError } from '../../lib/call-form.tsx';
import { messageOfError } from '../../lib/form-errors.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { CodeInput } from '../../ui/code-input.tsx';
import { CountrySelect } from '../../ui/country-select.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { DocumentUpload } from '../../ui/document-upload.tsx';
import type { FileRules } from '../../ui/file-type.ts';
import { formatDate, todayIso } from '../../ui/format-date.ts';
import { SendCodeButton, SendCodeStatus } from '../../ui/send-code-button.tsx';
import type { DocumentUploader } from '../../ui/upload-transport.ts';

type CardDocumentPurpose = 'cardholder_id' | 'proof_of_address';

const uploaderOf = (purpose: CardDocumentPurpose): DocumentUploader => ({
  authorize: (request, signal) => callApi(authorizeCardDocument, { ...request, purpose }, { signal }),
  complete: (uploadId, signal) => callApi(completeCardDocument, { upload_id: uploadId }, { signal }),
});
const uploaders: Record<CardDocumentPurpose, DocumentUploader> = {
  cardholder_id: uploaderOf('cardholder_id'),
  proof_of_address: uploaderOf('proof_of_address'),
};
const rulesOf = (purpose: CardDocumentPurpose): FileRules => ({
  maxBytes: documentPurposeRules[purpose].maxBytes,
  acceptedTypes: documentPurposeRules[purpose].acceptedTypes,
});

/** One cardholder document (an ID's side, a proof of address's side): one file, replaced by removing it. */
function CardDocumentField({
  label,
  description,
  purpose,
  value,
  onChange,
  error,
  isRequired = false,
  fieldName,
}: {
  label: string;
  description?: string;
  purpose: CardDocumentPurpose;
  value: DocumentRef | null;
  onChange: (document: DocumentRef | null) => void;
  error?: ReactNode;
  isRequired?: boolean;
  fieldName: string;
}) {
  return (
    <DocumentUpload
      label={label}
      {...(description ? { description } : {})}
      documents={value ? [value] : []}
      uploader={uploaders[purpose]}
      rules={rulesOf(purpose)}
      maxFiles={1}
      onUploaded={(document) => onChange(document)}
      onRemove={() => onChange(null)}
      error={error}
      isRequired={isRequired}
      fieldName={fieldName}
    />
  );
}

/** The options of a contract list, labelled from `cards.applications.<group>.<value>`. */
export function useOptions(values: readonly string[], group: string) {
  const { t } = useTranslation();
  return values.map((value) => ({ value, label: t(`cards.applications.${group}.${value}` as never) }));
}

type AddressForm = UseFormReturnType<Record<string, unknown>>;

/** An address's six fields at `path` of a form ("residence_address", "mailing_address"). */
export function AddressFields({ form, path, idPrefix }: { form: AddressForm; path: string; idPrefix: string }) {
  const { t } = useTranslation();
  const input = (name: string) => ({
    id: `${idPrefix}-${name}`,
    ...form.getInputProps(`${path}.${name}`),
  });
  const country = form.getInputProps(`${path}.country`);
  return (
    <Grid gap="sm">
      <Grid.Col span={12}>
        <TextInput
          label={t('cards.applications.fields.line1')}
          required
          autoComplete="address-line1"
          maxLength={100}
          {...input('line1')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput
          label={t('cards.applications.fields.line2')}
          autoComplete="address-line2"
          maxLength={100}
          {...input('line2')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('cards.applications.fields.city')}
          required
          autoComplete="address-level2"
          maxLength={60}
          {...input('city')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('cards.applications.fields.state')}
          autoComplete="address-level1"
          maxLength={60}
          {...input('state')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <CountrySelect
          id={`${idPrefix}-country`}
          label={t('cards.applications.fields.country')}
          required
          {...country}
          onChange={(value) => form.setFieldValue(`${path}.country`, value ?? '')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('cards.applications.fields.postal_code')}
          autoComplete="postal-code"
          maxLength={16}
          {...input('postal_code')}
        />
      </Grid.Col>
    </Grid>
  );
}

/** "Check availability" beside the username: the processor's answer for exactly the typed name. */
export function useUsernameCheck() {
  const [checked, setChecked] = useState<{ username: string; isAvailable: boolean } | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const check = async (username: string) => {
    setIsChecking(true);
    setError(null);
    try {
      const answer = await callApi(verifyCardUsername, { username });
      setChecked({ username: answer.username, isAvailable: answer.is_available });
      return answer.is_available;
    } catch (caught) {
      setError(messageOfError(caught));
      return false;
    } finally {
      setIsChecking(false);
    }
  };
  return {
    checked,
    isChecking,
    error,
    check,
    isVerified: (username: string) => checked?.isAvailable === true && checked.username === username,
  };
}

export function UsernameField({
  value,
  onChange,
  fieldError: shownError,
  usernameCheck,
  idPrefix,
}: {
  value: string;
  onChange: (value: string) => void;
  fieldError: ReactNode;
  usernameCheck: ReturnType<typeof useUsernameCheck>;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const result = usernameCheck.checked?.username === value ? usernameCheck.checked : null;
  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          id={`${idPrefix}-username`}
          label={t('cards.applications.fields.username')}
          description={t('cards.applications.help.username')}
          required
          autoComplete="off"
          maxLength={32}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={shownError}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          loading={usernameCheck.isChecking}
          disabled={value.trim().length === 0}
          onClick={() => void usernameCheck.check(value.trim())}
          data-testid="check-username"
        >
          {t('cards.applications.actions.check_username')}
        </Button>
      </Group>
      <Text size="xs" role="status" c={result?.isAvailable ? 'teal.9' : 'red.8'}>
        {usernameCheck.error ??
          (result
            ? t(
                result.isAvailable
                  ? 'cards.applications.help.username_free'
                  : 'cards.applications.validation.username_taken',
              )
            : null)}
      </Text>
    </Stack>
  );
}

/**
 * The cardholder's email proven by a code sent to it (card/sendCode, card/verifyCode): `onProven`
 * receives the proof card/audit (or updateAccountInfo) takes; a changed address needs a new proof.
 */
export function VerifiedEmailField({
  email,
  onEmailChange,
  proof,
  onProven,
  fieldError: shownError,
  idPrefix,
}: {
  email: string;
  onEmailChange: (value: string) => void;
  proof: { email: string } | null;
  onProven: (proof: { email: string; email_proof: string }) => void;
  fieldError: ReactNode;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const sender = useSendEmailCode((address) => callApi(sendCardholderCode, { email: address }));
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<ReactNode>(null);
  const [isChecking, setIsChecking] = useState(false);
  const isProven = proof !== null && proof.email === email.trim().toLowerCase();
  const verify = async () => {
    setIsChecking(true);
    setCodeError(null);
    try {
      const answer = await callApi(verifyCardholderCode, { email, code });
      onProven({ email: answer.email, email_proof: answer.email_proof });
      setCode('');
    } catch (caught) {
      setCodeError(messageOfError(caught) ?? fieldError({ key: 'validation.code_incorrect' }));
    } finally {
      setIsChecking(false);
    }
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          id={`${idPrefix}-email`}
          type="email"
          label={t('cards.applications.fields.email')}
          description={t('cards.applications.help.email')}
          required
          autoComplete="off"
          maxLength={254}
          value={email}
          onChange={(event) => onEmailChange(event.currentTarget.value)}
          error={shownError}
          rightSection={isProven ? <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden /> : null}
          style={{ flex: 1 }}
        />
        {isProven ? null : (
          <SendCodeButton
            secondsLeft={sender.secondsLeft}
            hasSent={sender.hasSent}
            isSending={sender.isSending}
            disabled={email.trim().length === 0 || sender.secondsLeft > 0}
            onSend={() => void sender.send(email.trim())}
            data-testid="send-email-code"
          />
        )}
      </Group>
      {isProven ? (
        <Text size="xs" c="teal.9" role="status">
          {t('cards.applications.help.email_verified')}
        </Text>
      ) : (
        <>
          <SendCodeStatus notice={sender.notice} error={sender.error} />
          {sender.hasSent ? (
            <Group align="flex-end" gap="sm" wrap="nowrap">
              <CodeInput
                id={`${idPrefix}-email-code`}
                label={t('cards.applications.fields.email_code')}
                value={code}
                onChange={setCode}
                error={codeError}
                style={{ flex: 1 }}
              />
              <Button
                variant="light"
                loading={isChecking}
                disabled={code.length !== 6}
                onClick={() => void verify()}
                data-testid="verify-email-code"
              >
                {t('cards.applications.actions.verify_code')}
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}

/** What the ID's fields read and write, in the application and in its correction. */
export type IdValues = {
  id_type: string;
  id_number: string;
  id_issuing_country: string;
  id_language: string;
  id_issue_date: string;
  id_expiry_date: string;
  id_front: DocumentRef | null;
  id_back: DocumentRef | null;
};

/** The ID: its type, number, country, language, optional dates (SPEC.md's defaults shown) and both sides. */
export function IdFields({
  form,
  idPrefix,
  defaults,
}: {
  form: UseFormReturnType<IdValues>;
  idPrefix: string;
  defaults: { issue_date: string; expiry_date: string } | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const values = form.getValues();
  const idTypeOptions = useOptions(idTypes, 'id_types');
  const languageOptions = useOptions(documentLanguages, 'languages');
  const shown = (day: string) => formatDate(day, language);
  const choice = (name: 'id_issuing_country' | 'id_language') => ({
    ...form.getInputProps(name),
    onChange: (value: string | null) => form.setFieldValue(name, value ?? ''),
  });
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('cards.applications.fields.id_type')}
        data={idTypeOptions}
        value={values.id_type}
        onChange={(value) => form.setFieldValue('id_type', value)}
      />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            id={`${idPrefix}-id-number`}
            label={t('cards.applications.fields.id_number')}
            required
            autoComplete="off"
            maxLength={40}
            {...form.getInputProps('id_number')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <CountrySelect
            id={`${idPrefix}-id-country`}
            label={t('cards.applications.fields.id_issuing_country')}
            required
            {...choice('id_issuing_country')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            id={`${idPrefix}-id-language`}
            label={t('cards.applications.fields.id_language')}
            data={languageOptions}
            required
            {...choice('id_language')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <DateField
            id={`${idPrefix}-id-issue`}
            label={t('cards.applications.fields.id_issue_date')}
            description={
              defaults && !values.id_issue_date
                ? t('cards.applications.apply.default_date', { date: shown(defaults.issue_date) })
                : t('cards.applications.help.optional')
            }
            max={todayIso()}
            clearable
            value={form.getValues().id_issue_date}
            error={form.errors.id_issue_date}
            onChange={(value) => form.setFieldValue('id_issue_date', value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <DateField
            id={`${idPrefix}-id-expiry`}
            label={t('cards.applications.fields.id_expiry_date')}
            description={
              defaults && !values.id_expiry_date
                ? t('cards.applications.apply.default_date', { date: shown(defaults.expiry_date) })
                : t('cards.applications.help.optional')
            }
            clearable
            value={form.getValues().id_expiry_date}
            error={form.errors.id_expiry_date}
            onChange={(value) => form.setFieldValue('id_expiry_date', value)}
          />
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CardDocumentField
          label={t('cards.applications.fields.id_front')}
          purpose="cardholder_id"
          value={values.id_front}
          onChange={(document) => form.setFieldValue('id_front', document)}
          error={form.errors.id_front_document_id}
          isRequired
          fieldName="id_front_document_id"
        />
        <CardDocumentField
          label={t('cards.applications.fields.id_back')}
          {...(values.id_type === 'passport' ? { description: t('cards.applications.help.id_back_passport') } : {})}
          purpose="cardholder_id"
          value={values.id_back}
          onChange={(document) => form.setFieldValue('id_back', document)}
          error={form.errors.id_back_document_id}
          isRequired={values.id_type === 'national_id'}
          fieldName="id_back_document_id"
        />
      </SimpleGrid>
    </Stack>
  );
}

/** What the proof of address's fields read and write, in the application and in its correction. */
export type ProofValues = {
  proof_of_address_type: string;
  proof_of_address_issuer: string;
  proof_of_address_language: string;
  proof_of_address_issue_date: string;
  proof_front: DocumentRef | null;
  proof_back: DocumentRef | null;
  documents_in_english: boolean;
};

/** The proof of address: its type, issuer, language, date (within 90 days), both sides and the English tick. */
export function ProofFields({ form, idPrefix }: { form: UseFormReturnType<ProofValues>; idPrefix: string }) {
  const { t } = useTranslation();
  const values = form.getValues();
  const typeOptions = useOptions(proofOfAddressTypes, 'proof_types');
  const languageOptions = useOptions(documentLanguages, 'languages');
  const choice = (name: 'proof_of_address_type' | 'proof_of_address_language') => ({
    ...form.getInputProps(name),
    onChange: (value: string | null) => form.setFieldValue(name, value ?? ''),
  });
  return (
    <Stack gap="md">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            id={`${idPrefix}-proof-type`}
            label={t('cards.applications.fields.proof_of_address_type')}
            data={typeOptions}
            required
            {...choice('proof_of_address_type')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            id={`${idPrefix}-proof-issuer`}
            label={t('cards.applications.fields.proof_of_address_issuer')}
            required
            maxLength={100}
            {...form.getInputProps('proof_of_address_issuer')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            id={`${idPrefix}-proof-language`}
            label={t('cards.applications.fields.proof_of_address_language')}
            data={languageOptions}
            required
            {...choice('proof_of_address_language')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DateField
            id={`${idPrefix}-proof-date`}
            label={t('cards.applications.fields.proof_of_address_issue_date')}
            required
            max={todayIso()}
            value={form.getValues().proof_of_address_issue_date}
            error={form.errors.proof_of_address_issue_date}
            onChange={(value) => form.setFieldValue('proof_of_address_issue_date', value)}
          />
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CardDocumentField
          label={t('cards.applications.fields.proof_front')}
          purpose="proof_of_address"
          value={values.proof_front}
          onChange={(document) => form.setFieldValue('proof_front', document)}
          error={form.errors.proof_of_address_front_document_id}
          isRequired
          fieldName="proof_of_address_front_document_id"
        />
        <CardDocumentField
          label={t('cards.applications.fields.proof_back')}
          description={t('cards.applications.help.optional')}
          purpose="proof_of_address"
          value={values.proof_back}
          onChange={(document) => form.setFieldValue('proof_back', document)}
          error={form.errors.proof_of_address_back_document_id}
          fieldName="proof_of_address_back_document_id"
        />
      </SimpleGrid>
      <Checkbox
        id={`${idPrefix}-english`}
        label={t('cards.applications.fields.documents_in_english')}
        {...form.getInputProps('documents_in_english', { type: 'checkbox' })}
      />
    </Stack>
  );
}
