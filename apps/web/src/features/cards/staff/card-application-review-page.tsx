/**
 * /admin/card_applications (staff holding `card_review`): card applications of every company by
 * state (pending oldest first; processing, approved and rejected newest first;
 * admin/cardApplications/list). An application opens in a drawer (admin/cardApplications/get): the
 * company, the cardholder's KYC, the documents (previewed through their short-lived links) and the
 * card; a pending one is approved (the card is ordered, the card cost taken) or rejected with a
 * reason the company reads (the hold released; admin/cardApplications/decide).
 */
import {
  decideCardApplication,
  getCardApplicationForReview,
  listCardApplicationsForReview,
  type StaffCardApplication,
} from '@bank/contract/card-applications';
import { localeOfLanguage } from '@bank/contract/constants';
import type { DocumentRef } from '@bank/contract/documents';
import { cardApplicationStatuses } from '@bank/contract/states';
import {
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight, IconIdBadge2, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHoldsPermission } from '../../../api/user-info.ts';
import { useCallForm } from '../../../lib/call-form.tsx';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { showSuccess } from '../../../lib/notify.ts';
import { screenPagesOptions, useScreenQuery } from '../../../lib/screen-query.ts';
import { Amount } from '../../../ui/amount.tsx';
import { DateTime } from '../../../ui/date-time.tsx';
import { DocumentPreviewDialog } from '../../../ui/document-preview.tsx';
import { DocumentRow } from '../../../ui/document-upload.tsx';
import { Drawer } from '../../../ui/drawer.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { formatDate } from '../../../ui/format-date.ts';
import { LabelledValue } from '../../../ui/labelled-value.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { LoadMore } from '../../../ui/load-more.tsx';
import { NoPermissionPage } from '../../../ui/no-permission-page.tsx';
import { PageFrame } from '../../../ui/page-frame.tsx';
import { QueueSearchInput, useQueueSearch } from '../../../ui/queue-search.tsx';
import { readableErrorColour } from '../../../ui/readable-colour.ts';
import { type ReviewChoice, ReviewDecisionCard } from '../../../ui/review-decision.tsx';
import { TableSkeleton } from '../../../ui/skeletons.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { queueRequestOf, type Status, statusOf } from './card-application-review-page-data.ts';
import '../../../messages/admin.ts';
import '../../../messages/card-applications.ts';
import '../../../messages/documents.ts';

const refreshApplications = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith('/api/v1/admin/cardApplications/'),
  });

function QueueList({ status, search, onOpen }: { status: Status; search: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const list = useInfiniteQuery(screenPagesOptions(listCardApplicationsForReview, queueRequestOf(status, search)));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) return <TableSkeleton rows={4} columns={3} />;
  if (list.isError && items.length === 0) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (items.length === 0 && search)
    return (
      <EmptyState
        icon={<IconSearch size={26} stroke={1.6} />}
        title={t('admin.queue_search.none_title')}
        description={t('admin.queue_search.none_description')}
      />
    );
  if (items.length === 0)
    return (
      <EmptyState
        icon={<IconIdBadge2 size={26} stroke={1.6} />}
        title={t('cards.applications.review.empty')}
        description={t('cards.applications.review.empty_hint')}
      />
    );
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((application) => (
          <li key={application.application_id} data-testid="review-card-application">
            <UnstyledButton
              w="100%"
              onClick={() => onOpen(application.application_id)}
              aria-label={t('cards.applications.review.open_label', {
                name: application.applicant_name,
                company: application.company_name,
              })}
            >
              <Paper withBorder p="md" radius="md">
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {application.applicant_name}
                      </Text>
                      <StatusBadge list="card_application" value={application.status} size="sm" />
                      {application.is_programme_enrolment ? (
                        <Badge variant="light" color="grape" size="sm">
                          {t('cards.applications.fields.is_programme_enrolment')}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {application.company_name} ·{' '}
                      {t(`cards.applications.applicant_types.${application.applicant_type}`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <DateTime value={application.created_at} />
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm">{`${t(`cards.applications.levels.${application.level}`)} · ${t(`cards.applications.networks.${application.network}`)}`}</Text>
                    <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0 }} />
                  </Group>
                </Group>
              </Paper>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
      <LoadMore
        query={list}
        loadMoreLabel={t('cards.applications.actions.load_more')}
        allLoaded={t('cards.applications.manage.all_loaded', { count: items.length })}
      />
    </Stack>
  );
}

function Decision({ application }: { application: StaffCardApplication }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<ReviewChoice | null>(null);
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: decideCardApplication,
    initialValues: { reason: '' },
    toRequest: (values) => ({
      application_id: application.application_id,
      decision: decision ?? 'approve',
      reason: values.reason,
    }),
    onSuccess: async () => {
      showSuccess(
        t(
          decision === 'reject'
            ? 'cards.applications.review.rejected_notice'
            : 'cards.applications.review.approved_notice',
        ),
      );
      setDecision(null);
      await refreshApplications(queryClient);
    },
  });
  return (
    <ReviewDecisionCard
      headingId="card-review-decision"
      title={t('cards.applications.review.decision_title')}
      hint={t('cards.applications.review.decision_hint')}
      approveLabel={t('cards.applications.actions.approve')}
      rejectLabel={t('cards.applications.actions.reject')}
      decision={decision}
      onDecide={setDecision}
    >
      {/* The contract's schema refuses a rejection without a reason, on the reason's field. */}
      <form noValidate onSubmit={submit} style={readableErrorColour}>
        <Stack gap="sm">
          <FormAlert message={formError} />
          {decision === 'reject' ? (
            <Textarea
              id="card-review-reason"
              label={t('cards.applications.review.reason')}
              required
              autosize
              minRows={2}
              maxRows={6}
              maxLength={500}
              data-autofocus
              {...form.getInputProps('reason')}
            />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDecision(null)} disabled={isSubmitting}>
              {t('cards.applications.actions.cancel')}
            </Button>
            <Button type="submit" color={decision === 'reject' ? 'red' : undefined} loading={isSubmitting}>
              {t(
                decision === 'approve'
                  ? 'cards.applications.actions.approve_submit'
                  : 'cards.applications.actions.reject_submit',
              )}
            </Button>
          </Group>
        </Stack>
      </form>
    </ReviewDecisionCard>
  );
}

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

function Documents({ application }: { application: StaffCardApplication }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [previewed, setPreviewed] = useState<DocumentRef | null>(null);
  const entries: [string, DocumentRef | null][] = [
    [t('cards.applications.fields.id_front'), application.documents.id_front],
    [t('cards.applications.fields.id_back'), application.documents.id_back],
    [t('cards.applications.fields.proof_front'), application.documents.proof_of_address_front],
    [t('cards.applications.fields.proof_back'), application.documents.proof_of_address_back],
  ];
  return (
    <Stack gap="sm">
      {entries.map(([label, document]) => (
        <Stack key={label} gap={4}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          {document ? (
            <DocumentRow
              document={document}
              locale={localeOfLanguage[language]}
              onPreview={() => setPreviewed(document)}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('cards.applications.review.no_document')}
            </Text>
          )}
        </Stack>
      ))}
      <DocumentPreviewDialog document={previewed} onClose={() => setPreviewed(null)} />
    </Stack>
  );
}

function ApplicationReview({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const detail = useScreenQuery(getCardApplicationForReview, { application_id: applicationId });
  if (detail.isPending)
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('shell.loading')}>
        <Skeleton height={120} />
        <Skeleton height={200} />
      </Stack>
    );
  if (detail.isError)
    return errorKeyOf(detail.error) === 'not_found' ? (
      <EmptyState
        icon={<IconSearch size={26} stroke={1.6} />}
        title={t('cards.applications.manage.not_found')}
        isBare
      />
    ) : (
      <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
    );
  const application = detail.data;
  const { details } = application;
  const day = (value: string) => formatDate(value, language);
  const address = (value: typeof details.residence_address) =>
    [value.line1, value.line2, value.city, value.state, value.postal_code, value.country].filter(Boolean).join(', ');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <StatusBadge list="card_application" value={application.status} />
          <Text fw={600} fz="lg">
            {application.applicant_name}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Amount value={application.card_cost} currency="USD" fw={700} />
          <Amount value={application.debit_amount} currency={application.funding_asset} size="xs" c="dimmed" />
        </Stack>
      </Group>
      {application.status === 'pending' ? <Decision application={application} /> : null}
      {application.rejection_reason ? (
        <Text size="sm" c="red.8">
          {t('cards.applications.manage.rejected_reason', { reason: application.rejection_reason })}
        </Text>
      ) : null}
      {application.decided_by_name ? (
        <Text size="sm" c="dimmed">
          {t('cards.applications.review.decided_by', { name: application.decided_by_name })}
        </Text>
      ) : null}
      <Section id="card-review-company" title={t('cards.applications.review.company')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <LabelledValue label={t('cards.applications.review.company')}>{application.company_name}</LabelledValue>
          <LabelledValue label={t('cards.applications.manage.submitted_by', { name: '' }).trim()}>
            {application.submitted_by_name}
          </LabelledValue>
        </SimpleGrid>
      </Section>
      <Section id="card-review-applicant" title={t('cards.applications.review.applicant')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <LabelledValue label={t('cards.applications.fields.applicant_type')}>
            {t(`cards.applications.applicant_types.${details.applicant_type}`)}
            {details.sponsor_name ? ` · ${details.sponsor_name}` : ''}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.gender')}>
            {t(`cards.applications.genders.${details.gender}`)}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.date_of_birth')}>
            {day(details.date_of_birth)}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.email')}>{details.email}</LabelledValue>
          <LabelledValue label={t('cards.applications.fields.mobile')}>{details.phone}</LabelledValue>
          <LabelledValue label={t('cards.applications.fields.username')}>{details.username}</LabelledValue>
          <LabelledValue label={t('cards.applications.apply.residence_title')}>
            {address(details.residence_address)}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.apply.mailing_title')}>
            {address(details.mailing_address)}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.id_type')}>
            {`${t(`cards.applications.id_types.${details.id_type}`)} · ${details.id_number} · ${details.id_issuing_country}`}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.id_expiry_date')}>
            {`${day(details.id_issue_date)} – ${day(details.id_expiry_date)}`}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.proof_of_address_type')}>
            {`${t(`cards.applications.proof_types.${details.proof_of_address_type}`)} · ${details.proof_of_address_issuer}`}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.proof_of_address_issue_date')}>
            {day(details.proof_of_address_issue_date)}
          </LabelledValue>
        </SimpleGrid>
        {details.notes ? <Text size="sm">{details.notes}</Text> : null}
      </Section>
      <Section id="card-review-documents" title={t('cards.applications.review.documents')}>
        <Documents application={application} />
      </Section>
      <Section id="card-review-card" title={t('cards.applications.review.card')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <LabelledValue label={t('cards.applications.fields.level')}>
            {`${t(`cards.applications.levels.${application.level}`)} · ${t(`cards.applications.networks.${application.network}`)}`}
          </LabelledValue>
          <LabelledValue label={t('cards.applications.fields.name_on_card')}>{application.name_on_card}</LabelledValue>
          {application.is_programme_enrolment ? (
            <Badge variant="light" color="grape" size="lg" style={{ alignSelf: 'center' }}>
              {t('cards.applications.fields.is_programme_enrolment')}
            </Badge>
          ) : null}
          {application.card ? (
            <LabelledValue label={t('cards.applications.manage.stage')}>
              <Group gap="xs">
                <Text size="sm">{t('cards.applications.manage.card_ordered', { last4: application.card.last4 })}</Text>
                <StatusBadge list="card_operation" value={application.card.operation_stage} size="sm" />
              </Group>
            </LabelledValue>
          ) : null}
        </SimpleGrid>
      </Section>
    </Stack>
  );
}

export function CardApplicationReviewPage() {
  const { t } = useTranslation();
  const { text, setText, search } = useQueueSearch();
  const mayReview = useHoldsPermission('card_review');
  const isPhone = useMediaQuery('(max-width: 40em)') ?? false;
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusOf(searchParams);
  const applicationId = searchParams.get('application');
  const setApplication = (id: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('application', id);
      else next.delete('application');
      return next;
    });

  if (mayReview === false) return <NoPermissionPage title={t('pages.admin_card_applications.title')} />;

  return (
    <PageFrame
      title={t('pages.admin_card_applications.title')}
      description={t('pages.admin_card_applications.purpose')}
    >
      <Tabs
        value={status}
        onChange={(value) => setSearchParams(value && value !== 'pending' ? { status: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <QueueSearchInput text={text} onChange={setText} />
        <Tabs.List mb="lg" mt="md">
          {cardApplicationStatuses.map((value) => (
            <Tabs.Tab key={value} value={value} fw={500}>
              {t(`cards.applications.review.statuses.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {cardApplicationStatuses.map((value) => (
          <Tabs.Panel key={value} value={value}>
            <QueueList status={value} search={search} onOpen={setApplication} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <Drawer
        opened={applicationId !== null}
        onClose={() => setApplication(null)}
        position="right"
        size={isPhone ? '100%' : 'xl'}
        title={t('cards.applications.review.drawer_title')}
        closeButtonProps={{ 'aria-label': t('cards.applications.actions.close') }}
        styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {applicationId ? <ApplicationReview applicationId={applicationId} /> : null}
      </Drawer>
    </PageFrame>
  );
}
