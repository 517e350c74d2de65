/**
 * The back office's queue of contact requests (/admin/contact_requests, staff holding
 * `contact_requests`): clients asking to be contacted about a product. A relationship manager sees
 * the requests of the companies they manage; a system admin sees all of them, including the shared
 * queue of companies without a manager. One opens in a drawer with who to call and how, and an open
 * one is marked handled there with an internal note; the requester's inbox is told.
 */
import {
  contactRequestStatuses,
  handleContactRequest,
  listStaffContactRequests,
  type StaffContactRequest,
} from '@bank/contract/contact-requests';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoldsPermission } from '../../../api/user-info.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { showSuccess } from '../../../lib/notify.ts';
import { formatDateTime } from '../../../ui/format-date.ts';
import { LabelledValue } from '../../../ui/labelled-value.tsx';
import { NoPermissionPage } from '../../../ui/no-permission-page.tsx';
import { PageFrame } from '../../../ui/page-frame.tsx';
import { RequestStatusBadge } from '../../../ui/request-status-badge.tsx';
import { type QueueFilter, StaffQueue } from '../../../ui/staff-queue.tsx';
import { ClosedReply, ReplyForm, ReviewDrawer } from '../../../ui/staff-reply.tsx';
import { firstStatus } from './contact-requests-queue-page-data.ts';
import '../../../messages/admin.ts';
import '../../../messages/contact-requests.ts';

function HandleForm({
  requestId,
  onHandled,
}: {
  requestId: string;
  onHandled: (request: StaffContactRequest) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <ReplyForm
      call={handleContactRequest}
      field="note"
      toRequest={(note) => ({ request_id: requestId, note })}
      label={t('contact_requests.admin.note')}
      help={t('contact_requests.admin.note_help')}
      submitLabel={t('contact_requests.admin.mark_handled')}
      onSuccess={async (answer) => {
        showSuccess(t('contact_requests.admin.handled'));
        onHandled(answer);
        await queryClient.invalidateQueries({ queryKey: [listStaffContactRequests.path] });
      }}
    />
  );
}

function RequestDetail({
  request,
  onHandled,
}: {
  request: StaffContactRequest;
  onHandled: (request: StaffContactRequest) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const manager = request.relationship_manager;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <LabelledValue label={t('contact_requests.admin.columns.company')}>
          {request.company.name ?? t('contact_requests.admin.unnamed_company')}
        </LabelledValue>
        <LabelledValue label={t('contact_requests.admin.columns.product')}>
          {t(`contact_requests.names.${request.product}`)}
        </LabelledValue>
        <LabelledValue label={t('contact_requests.admin.requester')}>
          <Stack gap={0}>
            <span>{request.requester.full_name}</span>
            <span>{request.requester.email}</span>
            <span className="tabular-figures">{request.requester.phone}</span>
          </Stack>
        </LabelledValue>
        <LabelledValue label={t('contact_requests.admin.columns.contact')}>
          {t(`contact_requests.contact.methods.${request.contact_method}`)}
        </LabelledValue>
        <LabelledValue label={t('contact_requests.admin.preferred_time')}>
          {request.preferred_time ?? t('contact_requests.admin.no_preferred_time')}
        </LabelledValue>
        <LabelledValue label={t('contact_requests.admin.queue')}>
          {manager ? `${manager.full_name} · ${manager.email}` : t('contact_requests.admin.shared_queue')}
        </LabelledValue>
        <LabelledValue label={t('contact_requests.admin.columns.sent')}>
          {formatDateTime(request.submitted_at, language)}
        </LabelledValue>
        <LabelledValue label={t('contact_requests.admin.columns.status')}>
          <RequestStatusBadge
            isOpen={request.status === 'open'}
            label={t(`contact_requests.admin.status_labels.${request.status}`)}
          />
        </LabelledValue>
      </SimpleGrid>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('contact_requests.admin.message')}
        </Text>
        <Paper withBorder p="md" radius="sm">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.message}
          </Text>
        </Paper>
      </Stack>
      {request.status === 'handled' ? (
        <ClosedReply
          title={t('contact_requests.admin.note')}
          text={request.handled_note}
          byLine={t('contact_requests.admin.handled_by', {
            email: request.handled_by ?? '',
            date: formatDateTime(request.handled_at, language),
          })}
        />
      ) : (
        <HandleForm requestId={request.request_id} onHandled={onHandled} />
      )}
    </Stack>
  );
}

function ContactRequestQueue() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [status, setStatus] = useState<QueueFilter<(typeof contactRequestStatuses)[number]>>(firstStatus);
  // The list's item is the whole record: the drawer shows it as listed (no call of its own).
  const [opened, setOpened] = useState<StaffContactRequest | null>(null);
  return (
    <>
      <StaffQueue
        call={listStaffContactRequests}
        statuses={contactRequestStatuses}
        status={status}
        onStatusChange={setStatus}
        filterLabel={t('contact_requests.admin.filter')}
        statusLabel={(value) =>
          value === 'all' ? t('contact_requests.admin.all') : t(`contact_requests.admin.status_labels.${value}`)
        }
        idOf={(item) => item.request_id}
        onOpen={setOpened}
        openLabel={(item) =>
          t('contact_requests.admin.open', {
            company: item.company.name ?? t('contact_requests.admin.unnamed_company'),
          })
        }
        renderItem={(item) => ({
          title: item.company.name ?? t('contact_requests.admin.unnamed_company'),
          subtitle: `${t(`contact_requests.names.${item.product}`)} · ${t(`contact_requests.contact.methods.${item.contact_method}`)} · ${
            item.relationship_manager ? item.relationship_manager.full_name : t('contact_requests.admin.shared_queue')
          }`,
          excerpt: item.message,
          time: formatDateTime(item.submitted_at, language),
          badge: (
            <RequestStatusBadge
              isOpen={item.status === 'open'}
              label={t(`contact_requests.admin.status_labels.${item.status}`)}
            />
          ),
        })}
        empty={{
          icon: <IconPhoneCall size={26} stroke={1.6} />,
          title: t('contact_requests.admin.empty_title'),
          description:
            status === 'open'
              ? t('contact_requests.admin.empty_text')
              : t('contact_requests.admin.empty_filtered_text'),
        }}
        loadMoreLabel={t('contact_requests.admin.load_more')}
        allLoaded={t('contact_requests.admin.all_loaded')}
      />
      <ReviewDrawer
        isOpen={opened !== null}
        onClose={() => setOpened(null)}
        title={t('contact_requests.admin.detail_title')}
        closeLabel={t('contact_requests.admin.close')}
      >
        {opened ? <RequestDetail request={opened} onHandled={setOpened} /> : null}
      </ReviewDrawer>
    </>
  );
}

/** /admin/contact_requests. */
export function ContactRequestsQueuePage() {
  const { t } = useTranslation();
  const mayHandle = useHoldsPermission('contact_requests');
  if (mayHandle === false) return <NoPermissionPage title={t('pages.admin_contact_requests.title')} />;
  return (
    <PageFrame title={t('pages.admin_contact_requests.title')} description={t('pages.admin_contact_requests.purpose')}>
      <ContactRequestQueue />
    </PageFrame>
  );
}
