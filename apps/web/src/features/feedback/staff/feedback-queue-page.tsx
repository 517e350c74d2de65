/**
 * The back office's feedback queue (/admin/feedback, staff holding `feedback`): clients' feedback,
 * open first by default, newest first, 20 at a time (keyset "Load more"). One opens in a drawer with
 * its sender, company, text and screenshot (through init/documentUrl), and an open one is answered
 * there, once: the answer reaches the sender's inbox.
 */
import {
  answerFeedback,
  feedbackStatuses,
  getStaffFeedback,
  listStaffFeedback,
  type StaffFeedback,
} from '@bank/contract/feedback';
import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoldsPermission } from '../../../api/user-info.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { showSuccess } from '../../../lib/notify.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { DocumentPreview } from '../../../ui/document-preview.tsx';
import { formatDateTime } from '../../../ui/format-date.ts';
import { LabelledValue } from '../../../ui/labelled-value.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { NoPermissionPage } from '../../../ui/no-permission-page.tsx';
import { PageFrame } from '../../../ui/page-frame.tsx';
import { RequestStatusBadge } from '../../../ui/request-status-badge.tsx';
import { type QueueFilter, StaffQueue } from '../../../ui/staff-queue.tsx';
import { ClosedReply, ReplyForm, ReviewDrawer } from '../../../ui/staff-reply.tsx';
import { firstStatus } from './feedback-queue-page-data.ts';
import '../../../messages/admin.ts';
import '../../../messages/documents.ts';
import '../../../messages/feedback.ts';

function AnswerForm({ feedbackId }: { feedbackId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <ReplyForm
      call={answerFeedback}
      field="answer"
      toRequest={(answer) => ({ feedback_id: feedbackId, answer })}
      label={t('feedback.admin.answer')}
      help={t('feedback.admin.answer_help')}
      submitLabel={t('feedback.admin.send_answer')}
      onSuccess={async () => {
        showSuccess(t('feedback.admin.answered'));
        await queryClient.invalidateQueries({
          predicate: (query) => String(query.queryKey[0]).startsWith('/api/v1/admin/feedback/'),
        });
      }}
    />
  );
}

function FeedbackDetail({ feedback }: { feedback: StaffFeedback }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <LabelledValue label={t('feedback.admin.columns.company')}>
          {feedback.company.name ?? t('feedback.admin.unnamed_company')}
        </LabelledValue>
        <LabelledValue label={t('feedback.admin.from')}>
          {feedback.sender.full_name} · {feedback.sender.email}
        </LabelledValue>
        <LabelledValue label={t('feedback.admin.columns.topic')}>
          {t(`feedback.categories.${feedback.category}`)}
        </LabelledValue>
        <LabelledValue label={t('feedback.admin.columns.status')}>
          <RequestStatusBadge isOpen={feedback.status === 'open'} label={t(`feedback.statuses.${feedback.status}`)} />
        </LabelledValue>
      </SimpleGrid>
      <Paper withBorder p="md" radius="sm">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {feedback.text}
        </Text>
      </Paper>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('feedback.admin.screenshot')}
        </Text>
        {feedback.screenshot ? (
          <DocumentPreview document={feedback.screenshot} height={360} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('feedback.admin.no_screenshot')}
          </Text>
        )}
      </Stack>
      {feedback.answer ? (
        <ClosedReply
          title={t('feedback.admin.answer')}
          text={feedback.answer}
          byLine={t('feedback.admin.answered_by', {
            email: feedback.answered_by ?? '',
            date: formatDateTime(feedback.answered_at, language),
          })}
        />
      ) : (
        <AnswerForm feedbackId={feedback.feedback_id} />
      )}
    </Stack>
  );
}

function FeedbackDrawer({ feedbackId, onClose }: { feedbackId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useScreenQuery(getStaffFeedback, { feedback_id: feedbackId ?? '' }, { enabled: Boolean(feedbackId) });
  return (
    <ReviewDrawer
      isOpen={feedbackId !== null}
      onClose={onClose}
      title={t('feedback.admin.detail_title')}
      closeLabel={t('feedback.admin.close')}
    >
      {detail.isPending ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('shell.loading')}>
          <Skeleton height={16} width="60%" radius="sm" />
          <Skeleton height={12} radius="sm" />
          <Skeleton height={120} radius="sm" />
        </Stack>
      ) : detail.isError ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <FeedbackDetail feedback={detail.data} />
      )}
    </ReviewDrawer>
  );
}

function FeedbackQueue() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [status, setStatus] = useState<QueueFilter<(typeof feedbackStatuses)[number]>>(firstStatus);
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
      <StaffQueue
        call={listStaffFeedback}
        statuses={feedbackStatuses}
        status={status}
        onStatusChange={setStatus}
        filterLabel={t('feedback.admin.filter')}
        statusLabel={(value) => (value === 'all' ? t('feedback.admin.all') : t(`feedback.statuses.${value}`))}
        idOf={(item) => item.feedback_id}
        onOpen={(item) => setOpenId(item.feedback_id)}
        openLabel={(item) =>
          t('feedback.admin.open', { company: item.company.name ?? t('feedback.admin.unnamed_company') })
        }
        renderItem={(item) => ({
          title: item.company.name ?? t('feedback.admin.unnamed_company'),
          subtitle: `${t(`feedback.categories.${item.category}`)} · ${item.sender.email}`,
          excerpt: item.text,
          time: formatDateTime(item.submitted_at, language),
          badge: <RequestStatusBadge isOpen={item.status === 'open'} label={t(`feedback.statuses.${item.status}`)} />,
        })}
        empty={{
          icon: <IconMessageCircle size={26} stroke={1.6} />,
          title: t('feedback.admin.empty_title'),
          description: status === 'open' ? t('feedback.admin.empty_text') : t('feedback.admin.empty_filtered_text'),
        }}
        loadMoreLabel={t('feedback.admin.load_more')}
        allLoaded={t('feedback.admin.all_loaded')}
      />
      <FeedbackDrawer feedbackId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

/** /admin/feedback. */
export function FeedbackQueuePage() {
  const { t } = useTranslation();
  const mayAnswer = useHoldsPermission('feedback');
  if (mayAnswer === false) return <NoPermissionPage title={t('pages.admin_feedback.title')} />;
  return (
    <PageFrame title={t('pages.admin_feedback.title')} description={t('pages.admin_feedback.purpose')}>
      <FeedbackQueue />
    </PageFrame>
  );
}
