/**
 * The four KYC sections as a reviewer reads them: every field named, in the reviewer's language
 * (countries, entity types, bands), with the documents and signatures shown in the page.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import type { DocumentRef } from '@bank/contract/documents';
import { declarationStatements, type KycInfo, totalOwnershipHundredths } from '@bank/contract/kyc';
import { Box, Button, Collapse, DataList, Group, Image, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n.ts';
import { countryName } from '../../../ui/country-names.ts';
import { DocumentPreview, useDocumentLink } from '../../../ui/document-preview.tsx';
import { DocumentTypeIcon, typeKeyOf } from '../../../ui/document-upload.tsx';
import { formatFileSize } from '../../../ui/file-type.ts';
import { formatDecimal } from '../../../ui/format-amount.ts';
import { formatDate } from '../../../ui/format-date.ts';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { progressOf } from '../kyc-steps.ts';

type Sections = KycInfo['sections'];

/** Label beside value on a wide screen; label above value on a phone, where both need the width. */
function useListLayout(labelWidth: number) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  return isPhone ? { orientation: 'vertical' as const } : { orientation: 'horizontal' as const, labelWidth };
}

function useLocale() {
  const language = useLanguage();
  return { language, locale: localeOfLanguage[language] };
}

function Missing() {
  const { t } = useTranslation();
  return (
    <Text span c="dimmed" fs="italic" size="sm">
      {t('kyc.review.not_provided')}
    </Text>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  const isEmpty =
    children === null ||
    children === undefined ||
    children === '' ||
    (Array.isArray(children) && children.length === 0);
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {isEmpty ? <Missing /> : children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

export function ReviewSection({
  id,
  title,
  state,
  children,
}: {
  id: string;
  title: string;
  state: Sections[keyof Sections];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        <Group gap="xs">
          <Text size="sm" c={state.is_complete ? 'teal.9' : 'orange.9'} fw={500}>
            {t(`kyc.progress.${progressOf(state)}`)}
          </Text>
          <StatusBadge list="verification" value={state.status} />
        </Group>
      </Group>
      {state.data ? children : <Missing />}
    </Paper>
  );
}

function SignatureImage({ documentId, label }: { documentId: string | undefined; label: string }) {
  const { t } = useTranslation();
  const link = useDocumentLink(documentId);
  if (!documentId) return <Missing />;
  if (link.isError)
    return (
      <Text size="sm" c="red.8">
        {t('documents.preview.failed')}
      </Text>
    );
  if (!link.data) return <Box h={80} aria-busy="true" />;
  return (
    <Image
      src={link.data.url}
      alt={t('documents.signature.saved_alt', { label })}
      h={80}
      w="auto"
      maw={280}
      fit="contain"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, background: 'white' }}
    />
  );
}

/** Every document with an in-page preview: a row each, opened beneath it. */
function ReviewDocuments({ documents }: { documents: readonly DocumentRef[] }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [openId, setOpenId] = useState<string | null>(documents[0]?.document_id ?? null);
  if (documents.length === 0) return <Missing />;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {documents.map((document) => {
        const isOpen = openId === document.document_id;
        const previewId = `preview-${document.document_id}`;
        return (
          <Paper key={document.document_id} withBorder p="sm" component="li">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <DocumentTypeIcon mimeType={document.mime_type} />
                <Box style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate="end" title={document.file_name}>
                    {document.file_name}
                  </Text>
                  <Text size="xs" c="dimmed" className="tabular-figures">
                    {t(`documents.types.${typeKeyOf(document.mime_type)}`)} ·{' '}
                    {formatFileSize(document.size_bytes, locale)}
                  </Text>
                </Box>
              </Group>
              <Button
                variant={isOpen ? 'light' : 'subtle'}
                size="compact-sm"
                onClick={() => setOpenId(isOpen ? null : document.document_id)}
                aria-expanded={isOpen}
                aria-controls={previewId}
              >
                {isOpen ? t('kyc.review.hide_preview') : t('documents.upload.preview')}
              </Button>
            </Group>
            <Collapse expanded={isOpen} id={previewId}>
              {isOpen ? (
                <Box mt="sm">
                  <DocumentPreview document={document} height={520} />
                </Box>
              ) : null}
            </Collapse>
          </Paper>
        );
      })}
    </Stack>
  );
}

function documentsOf(info: KycInfo, ids: readonly string[]): DocumentRef[] {
  return ids.flatMap((id) => info.documents.filter((document) => document.document_id === id));
}

export function CorporateReview({ info }: { info: KycInfo }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const directorLayout = useListLayout(200);
  const data = info.sections.corporate.data;
  if (!data) return null;
  return (
    <Stack gap="md">
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {declarationStatements.map((statement) => {
          const isConfirmed = data.declarations[statement];
          return (
            <Group key={statement} component="li" gap="xs" wrap="nowrap" align="flex-start">
              {isConfirmed ? (
                <IconCircleCheck
                  size={18}
                  color="var(--mantine-color-teal-8)"
                  aria-hidden
                  style={{ flexShrink: 0, marginTop: 2 }}
                />
              ) : (
                <IconCircleX
                  size={18}
                  color="var(--mantine-color-red-8)"
                  aria-hidden
                  style={{ flexShrink: 0, marginTop: 2 }}
                />
              )}
              <Text size="sm">
                <Text span fw={600} size="sm">
                  {isConfirmed ? t('kyc.review.confirmed') : t('kyc.review.not_confirmed')}
                </Text>
                {' — '}
                {t(`kyc.declaration.statements.${statement}`)}
              </Text>
            </Group>
          );
        })}
      </Stack>
      <DataList {...directorLayout} withDivider>
        <Field label={t('kyc.declaration.director_name')}>{data.director_name}</Field>
        <Field label={t('kyc.declaration.director_designation')}>{data.director_designation}</Field>
        <Field label={t('kyc.declaration.director_date')}>
          {data.director_date ? formatDate(data.director_date, language) : null}
        </Field>
        <Field label={t('kyc.declaration.signature')}>
          <SignatureImage documentId={data.signature_document_id} label={data.director_name ?? ''} />
        </Field>
      </DataList>
    </Stack>
  );
}

export function CompanyReview({ info }: { info: KycInfo }) {
  const { t } = useTranslation();
  const { language, locale } = useLocale();
  const companyLayout = useListLayout(220);
  const data = info.sections.company.data;
  if (!data) return null;
  // Chinese and Japanese list with the ideographic comma.
  const separator = language === 'en' ? ', ' : '、';
  const countries = (codes: readonly string[]) => codes.map((code) => countryName(code, locale)).join(separator);
  return (
    <Stack gap="lg">
      <DataList {...companyLayout} withDivider>
        <Field label={t('kyc.company.fields.company_name')}>{data.company_name}</Field>
        <Field label={t('kyc.company.fields.registration_number')}>{data.registration_number}</Field>
        <Field label={t('kyc.company.fields.registration_country')}>
          {countryName(data.registration_country, locale)}
        </Field>
        <Field label={t('kyc.company.fields.registration_date')}>
          {data.registration_date ? formatDate(data.registration_date, language) : null}
        </Field>
        <Field label={t('kyc.company.fields.entity_type')}>
          {data.entity_type
            ? data.entity_type === 'other'
              ? `${t('kyc.company.entity_types.other')}: ${data.entity_type_other ?? ''}`
              : t(`kyc.company.entity_types.${data.entity_type}`)
            : null}
        </Field>
        <Field label={t('kyc.company.fields.years_in_operation')}>{data.years_in_operation?.toString()}</Field>
        <Field label={t('kyc.company.fields.nature_of_business')}>{data.nature_of_business}</Field>
        <Field label={t('kyc.company.fields.registered_address')}>{data.registered_address}</Field>
        <Field label={t('kyc.company.fields.country')}>{countryName(data.country, locale)}</Field>
        <Field label={t('kyc.company.fields.mailing_address')}>{data.mailing_address}</Field>
        <Field label={t('kyc.company.fields.telephone')}>{data.telephone}</Field>
        <Field label={t('kyc.company.fields.website')}>{data.website}</Field>
        <Field label={t('kyc.company.fields.business_countries')}>{countries(data.business_countries)}</Field>
        <Field label={t('kyc.company.fields.employee_count')}>{data.employee_count?.toLocaleString(locale)}</Field>
        <Field label={t('kyc.company.fields.client_count')}>{data.client_count?.toLocaleString(locale)}</Field>
        <Field label={t('kyc.company.fields.top_client_countries')}>{countries(data.top_client_countries)}</Field>
        <Field label={t('kyc.company.fields.annual_turnover_usd')}>
          {data.annual_turnover_usd ? `${formatDecimal(data.annual_turnover_usd, { min: 2, max: 2 })} USD` : null}
        </Field>
        <Field label={t('kyc.company.fields.source_of_wealth')}>{data.source_of_wealth}</Field>
        <Field label={t('kyc.company.fields.top_currencies')}>{data.top_currencies.join(separator)}</Field>
        <Field label={t('kyc.company.fields.monthly_volume_band')}>
          {data.monthly_volume_band ? t(`kyc.company.volume_bands.${data.monthly_volume_band}`) : null}
        </Field>
        <Field label={t('kyc.company.fields.monthly_frequency_band')}>
          {data.monthly_frequency_band ? t(`kyc.company.frequency_bands.${data.monthly_frequency_band}`) : null}
        </Field>
      </DataList>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('kyc.company.fields.document_ids')}
        </Text>
        <ReviewDocuments documents={documentsOf(info, data.document_ids)} />
      </Stack>
    </Stack>
  );
}

export function OwnershipReview({ info }: { info: KycInfo }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const data = info.sections.shareholder.data;
  if (!data) return null;
  const total = totalOwnershipHundredths(data.shareholders);
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {t('kyc.ownership.shareholders_title')}
          </Text>
          <Text size="sm" className="tabular-figures">
            {t('kyc.ownership.total', { percent: formatDecimal(String(total / 100), { min: 0, max: 2 }) })}
          </Text>
        </Group>
        {data.shareholders.length === 0 ? (
          <Missing />
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('kyc.ownership.fields.name')}</Table.Th>
                  <Table.Th ta="right">{t('kyc.ownership.fields.ownership_percent')}</Table.Th>
                  <Table.Th>{t('kyc.ownership.fields.id_number')}</Table.Th>
                  <Table.Th>{t('kyc.ownership.fields.issuing_country')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.shareholders.map((shareholder, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows of a read-only answer, never reordered
                  <Table.Tr key={index}>
                    <Table.Td>{shareholder.name ?? <Missing />}</Table.Td>
                    <Table.Td ta="right" className="tabular-figures">
                      {shareholder.ownership_percent ? `${shareholder.ownership_percent}%` : <Missing />}
                    </Table.Td>
                    <Table.Td>{shareholder.id_number ?? <Missing />}</Table.Td>
                    <Table.Td>
                      {shareholder.issuing_country ? countryName(shareholder.issuing_country, locale) : <Missing />}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('kyc.ownership.officers_title')}
        </Text>
        {data.officers.length === 0 ? (
          <Missing />
        ) : (
          <Table.ScrollContainer minWidth={400}>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('kyc.ownership.fields.name')}</Table.Th>
                  <Table.Th>{t('kyc.ownership.fields.position')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.officers.map((officer, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows of a read-only answer, never reordered
                  <Table.Tr key={index}>
                    <Table.Td>{officer.name ?? <Missing />}</Table.Td>
                    <Table.Td>{officer.position ?? <Missing />}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}

export function TradingReview({ info }: { info: KycInfo }) {
  const { t } = useTranslation();
  const data = info.sections.trading.data;
  if (!data) return null;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('kyc.trading.persons_title')}
        </Text>
        {data.authorised_persons.length === 0 ? <Missing /> : null}
        {data.authorised_persons.map((person, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows of a read-only answer, never reordered
          <Paper key={index} withBorder p="sm" bg="gray.0">
            <Group justify="space-between" align="flex-start" gap="md">
              <DataList labelWidth={120} size="sm" style={{ flex: '1 1 260px' }}>
                <Field label={t('kyc.trading.fields.name')}>{person.name}</Field>
                <Field label={t('kyc.trading.fields.position')}>{person.position}</Field>
                <Field label={t('kyc.trading.fields.email')}>{person.email}</Field>
              </DataList>
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {t('kyc.review.specimen_signature')}
                </Text>
                <SignatureImage documentId={person.signature_document_id} label={person.name ?? ''} />
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('kyc.trading.fields.document_ids')}
        </Text>
        <ReviewDocuments documents={documentsOf(info, data.document_ids)} />
      </Stack>
    </Stack>
  );
}
