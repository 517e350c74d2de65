/**
 * One cardholder's KYC at the processor (card/getCardKyc) with the corrections the company may send:
 * the contact details (a new email proven by its code), the login username (checked free at the
 * processor), and, once the processor has answered, the ID and the residence address with its proof
 * (each goes back under review). Opened in a drawer of the kycManage page.
 */
import {
  type CardholderKyc,
  getCardholderKyc,
  updateAccountInfo,
  updateAddressKyc,
  updateIdKyc,
  updateMemberInfo,
} from '@bank/contract/card-applications';
import type { DocumentRef } from '@bank/contract/documents';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallForm } from '../../lib/call-form.tsx';
import { errorKeyOf } from '../../lib/form-errors.ts';
import { showSuccess } from '../../lib/notify.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { LabelledValue } from '../../ui/labelled-value.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PhoneField } from '../../ui/phone-field.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import {
  AddressFields,
  IdFields,
  ProofFields,
  UsernameField,
  useUsernameCheck,
  VerifiedEmailField,
} from './application-fields.tsx';

const refresh = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/v1/card/') });

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={3} fz="sm" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** After a correction: its notice, and the cardholder's lists and details read again. */
function useSaved(notice: 'saved' | 'contact_saved' | 'username_saved') {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async () => {
    showSuccess(t(`cards.applications.manage.${notice}`));
    await refresh(queryClient);
  };
}

/** A correction's form: its alert, its fields, Save. */
function CorrectionForm({
  submit,
  formError,
  isSubmitting,
  children,
}: {
  submit: (event?: FormEvent<HTMLFormElement>) => void;
  formError: string | null;
  isSubmitting: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={submit} style={readableErrorColour}>
      <Stack gap="sm">
        <FormAlert message={formError} />
        {children}
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {t('cards.applications.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ContactForm({ kyc }: { kyc: CardholderKyc }) {
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: updateAccountInfo,
    initialValues: {
      phone_country: kyc.details.phone_country,
      phone: kyc.details.phone,
      email: kyc.details.email,
      email_proof: '',
    },
    toRequest: (values) => ({
      cardholder_id: kyc.cardholder_id,
      ...values,
      ...(values.email_proof ? {} : { email_proof: undefined }),
    }),
    onSuccess: useSaved('contact_saved'),
  });
  const values = form.getValues();
  const isNewEmail = values.email.trim().toLowerCase() !== kyc.details.email;
  return (
    <CorrectionForm submit={submit} formError={formError} isSubmitting={isSubmitting}>
      <VerifiedEmailField
        idPrefix="kyc-contact"
        email={values.email}
        onEmailChange={(value) => {
          form.setFieldValue('email', value);
          form.setFieldValue('email_proof', '');
        }}
        proof={
          !isNewEmail
            ? { email: kyc.details.email }
            : values.email_proof
              ? { email: values.email.trim().toLowerCase() }
              : null
        }
        onProven={(proof) => form.setFieldValue('email_proof', proof.email_proof)}
        fieldError={form.errors.email ?? form.errors.email_proof}
      />
      <PhoneField form={form as never} idPrefix="kyc-contact-mobile" />
    </CorrectionForm>
  );
}

function MemberForm({ kyc }: { kyc: CardholderKyc }) {
  const { t } = useTranslation();
  const usernameCheck = useUsernameCheck();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: updateMemberInfo,
    initialValues: { username: kyc.username },
    toRequest: (values) => ({ cardholder_id: kyc.cardholder_id, username: values.username }),
    onSuccess: useSaved('username_saved'),
  });
  return (
    <CorrectionForm submit={submit} formError={formError} isSubmitting={isSubmitting}>
      <LabelledValue label={t('cards.applications.fields.member_id')}>
        <Text component="span" size="sm" ff="monospace">
          {kyc.member_id}
        </Text>
      </LabelledValue>
      <UsernameField
        idPrefix="kyc-member"
        value={form.getValues().username}
        onChange={(value) => form.setFieldValue('username', value)}
        fieldError={form.errors.username}
        usernameCheck={usernameCheck}
      />
    </CorrectionForm>
  );
}

function UnderReviewNote() {
  const { t } = useTranslation();
  return (
    <Alert color="bank" variant="light">
      <Text size="sm" c="var(--mantine-color-text)">
        {t('cards.applications.errors.under_review')}
      </Text>
    </Alert>
  );
}

function IdForm({ kyc }: { kyc: CardholderKyc }) {
  const { details, documents } = kyc;
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: updateIdKyc,
    initialValues: {
      id_type: details.id_type as string,
      id_number: details.id_number,
      id_issuing_country: details.id_issuing_country,
      id_language: details.id_language as string,
      id_issue_date: details.id_issue_date_defaulted ? '' : details.id_issue_date,
      id_expiry_date: details.id_expiry_date_defaulted ? '' : details.id_expiry_date,
      id_front: documents.id_front as DocumentRef | null,
      id_back: documents.id_back as DocumentRef | null,
    },
    toRequest: ({ id_front, id_back, ...values }) => ({
      cardholder_id: kyc.cardholder_id,
      ...values,
      id_issue_date: values.id_issue_date || null,
      id_expiry_date: values.id_expiry_date || null,
      id_front_document_id: id_front?.document_id ?? '',
      id_back_document_id: id_back?.document_id ?? null,
    }),
    onSuccess: useSaved('saved'),
  });
  return (
    <CorrectionForm submit={submit} formError={formError} isSubmitting={isSubmitting}>
      <IdFields form={form as never} idPrefix="kyc" defaults={null} />
    </CorrectionForm>
  );
}

function AddressForm({ kyc }: { kyc: CardholderKyc }) {
  const { details, documents } = kyc;
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: updateAddressKyc,
    initialValues: {
      residence_address: details.residence_address,
      proof_of_address_type: details.proof_of_address_type as string,
      proof_of_address_issuer: details.proof_of_address_issuer,
      proof_of_address_language: details.proof_of_address_language as string,
      proof_of_address_issue_date: details.proof_of_address_issue_date,
      proof_front: documents.proof_of_address_front as DocumentRef | null,
      proof_back: documents.proof_of_address_back as DocumentRef | null,
      documents_in_english: false,
    },
    toRequest: ({ proof_front, proof_back, ...values }) => ({
      cardholder_id: kyc.cardholder_id,
      ...values,
      proof_of_address_front_document_id: proof_front?.document_id ?? '',
      proof_of_address_back_document_id: proof_back?.document_id ?? null,
    }),
    onSuccess: useSaved('saved'),
  });
  return (
    <CorrectionForm submit={submit} formError={formError} isSubmitting={isSubmitting}>
      <AddressFields form={form as never} path="residence_address" idPrefix="kyc-residence" />
      <ProofFields form={form as never} idPrefix="kyc" />
    </CorrectionForm>
  );
}

export function CardholderKycDetail({ cardholderId }: { cardholderId: string }) {
  const { t } = useTranslation();
  const kyc = useScreenQuery(getCardholderKyc, { cardholder_id: cardholderId });
  if (kyc.isPending)
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('shell.loading')}>
        <Skeleton height={90} />
        <Skeleton height={220} />
      </Stack>
    );
  if (kyc.isError)
    return errorKeyOf(kyc.error) === 'not_found' ? (
      <EmptyState
        icon={<IconSearch size={26} stroke={1.6} />}
        title={t('cards.applications.manage.not_found')}
        isBare
      />
    ) : (
      <LoadError error={kyc.error} onRetry={() => void kyc.refetch()} />
    );
  const data = kyc.data;
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text fw={600} fz="lg">
          {data.name}
        </Text>
        <Group gap="xs">
          <Text size="sm">{t('cards.applications.manage.id_status')}</Text>
          <StatusBadge list="verification" value={data.kyc_id_status} size="sm" />
          <Text size="sm">{t('cards.applications.manage.address_status')}</Text>
          <StatusBadge list="verification" value={data.kyc_address_status} size="sm" />
        </Group>
        {data.kyc_message ? (
          <Alert color="red" variant="light">
            <Text size="sm" c="var(--mantine-color-text)">
              {t('cards.applications.manage.processor_message', { message: data.kyc_message })}
            </Text>
          </Alert>
        ) : null}
      </Stack>
      <Section id="kyc-section-account" title={t('cards.applications.manage.sections.account')}>
        <ContactForm kyc={data} />
      </Section>
      <Section id="kyc-section-member" title={t('cards.applications.manage.sections.member')}>
        <MemberForm kyc={data} />
      </Section>
      <Section id="kyc-section-id" title={t('cards.applications.manage.sections.id')}>
        {data.kyc_id_status === 'under_review' ? <UnderReviewNote /> : <IdForm kyc={data} />}
      </Section>
      <Section id="kyc-section-address" title={t('cards.applications.manage.sections.address')}>
        {data.kyc_address_status === 'under_review' ? <UnderReviewNote /> : <AddressForm kyc={data} />}
      </Section>
    </Stack>
  );
}
