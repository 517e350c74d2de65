/**
 * The client's side of feedback (/feedback, feedback-page.tsx): the form (a topic, a text and
 * optionally a screenshot, which goes through the documents' upload flow with the feedback's own
 * calls) and the user's past feedback with its status and the bank's answer. A message of the inbox
 * opens the page on one feedback (`?id=`), which is brought into view.
 */
import { workingDays } from '@bank/contract/constants';
import { documentPurposeRules, maxMegabytesOf } from '@bank/contract/documents';
import {
  authorizeFeedbackScreenshot,
  completeFeedbackScreenshot,
  type Feedback,
  feedbackCategories,
  getFeedback,
  listFeedback,
  submitFeedback,
} from '@bank/contract/feedback';
import { Button, Card, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle, IconPhoto } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { callApi } from '../../lib/api-client.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import { showSuccess } from '../../lib/notify.ts';
import { screenPagesOptions, useScreenQuery } from '../../lib/screen-query.ts';
import { DocumentPreviewDialog } from '../../ui/document-preview.tsx';
import { DocumentUpload } from '../../ui/document-upload.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import type { FileRules } from '../../ui/file-type.ts';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatDateTime } from '../../ui/format-date.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { RequestStatusBadge } from '../../ui/request-status-badge.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import type { DocumentUploader } from '../../ui/upload-transport.ts';
import { historyRequest } from './feedback-page-data.ts';

/** The screenshot's upload: the documents' flow through the feedback's own calls. */
const screenshotUploader: DocumentUploader = {
  authorize: (request, signal) => callApi(authorizeFeedbackScreenshot, request, { signal }),
  complete: (uploadId, signal) => callApi(completeFeedbackScreenshot, { upload_id: uploadId }, { signal }),
};

const screenshotRules: FileRules = {
  maxBytes: documentPurposeRules.feedback_screenshot.maxBytes,
  acceptedTypes: documentPurposeRules.feedback_screenshot.acceptedTypes,
};

type FeedbackValues = {
  category: Feedback['category'];
  text: string;
  screenshot: Feedback['screenshot'];
};

export function FeedbackForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: submitFeedback,
    initialValues: { category: 'product', text: '', screenshot: null } as FeedbackValues,
    toRequest: ({ screenshot, ...values }) => ({
      ...values,
      ...(screenshot ? { screenshot_document_id: screenshot.document_id } : {}),
    }),
    onSuccess: async () => {
      showSuccess(t('feedback.form.sent'));
      form.reset();
      await queryClient.invalidateQueries({ queryKey: [listFeedback.path] });
    },
  });
  const values = form.getValues();
  return (
    <Card component="form" onSubmit={submit} noValidate aria-labelledby="feedback-form-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="feedback-form-title">
          {t('feedback.form.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('feedback.form.intro')}
        </Text>
        <FormAlert message={formError} />
        <Select
          label={t('feedback.form.category')}
          data={feedbackCategories.map((category) => ({
            value: category,
            label: t(`feedback.categories.${category}`),
          }))}
          allowDeselect={false}
          withAsterisk
          {...form.getInputProps('category')}
        />
        <Textarea
          label={t('feedback.form.text')}
          placeholder={t('feedback.form.text_placeholder')}
          autosize
          minRows={5}
          maxRows={14}
          withAsterisk
          {...form.getInputProps('text')}
        />
        <DocumentUpload
          label={t('feedback.form.screenshot')}
          description={t('feedback.form.screenshot_help', { size: maxMegabytesOf('feedback_screenshot') })}
          documents={values.screenshot ? [values.screenshot] : []}
          onUploaded={(document) => {
            form.setFieldValue('screenshot', document);
            form.clearFieldError('screenshot_document_id');
          }}
          onRemove={() => form.setFieldValue('screenshot', null)}
          uploader={screenshotUploader}
          maxFiles={1}
          rules={screenshotRules}
          error={form.errors.screenshot_document_id}
          fieldName="screenshot_document_id"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {t('feedback.form.submit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function FeedbackItem({
  item,
  isHighlighted,
  onOpenScreenshot,
}: {
  item: Feedback;
  isHighlighted: boolean;
  onOpenScreenshot: (screenshot: NonNullable<Feedback['screenshot']>) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { screenshot } = item;
  return (
    <Card
      component="article"
      id={`feedback-${item.feedback_id}`}
      aria-label={t(`feedback.categories.${item.category}`)}
      style={isHighlighted ? { borderColor: 'var(--mantine-color-bank-5)', borderWidth: 2 } : undefined}
      tabIndex={isHighlighted ? -1 : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>{t(`feedback.categories.${item.category}`)}</Text>
          <RequestStatusBadge isOpen={item.status === 'open'} label={t(`feedback.statuses.${item.status}`)} />
        </Group>
        <Text size="xs" c="dimmed" className="tabular-figures">
          {t('feedback.history.sent_on', { date: formatDateTime(item.submitted_at, language) })}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.text}
        </Text>
        {screenshot ? (
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPhoto size={16} aria-hidden />}
              onClick={() => onOpenScreenshot(screenshot)}
            >
              {t('feedback.history.view_screenshot')}
            </Button>
          </Group>
        ) : null}
        {item.answer ? (
          <Paper bg="gray.0" p="sm" radius="sm" withBorder>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('feedback.history.answer')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {item.answer}
              </Text>
              {item.answered_at ? (
                <Text size="xs" c="dimmed" className="tabular-figures">
                  {t('feedback.history.answered_on', { date: formatDateTime(item.answered_at, language) })}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        ) : (
          <Text size="sm" c="dimmed">
            {t('feedback.history.awaiting', { days: workingDays.feedbackReply })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function FeedbackHistory() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const highlightedId = searchParams.get('id');
  const [screenshot, setScreenshot] = useState<Feedback['screenshot']>(null);
  const history = useInfiniteQuery(screenPagesOptions(listFeedback, historyRequest));
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const isInList = items.some((item) => item.feedback_id === highlightedId);
  // A message may lead to feedback older than the pages loaded: it is fetched alone and shown first.
  const linked = useScreenQuery(
    getFeedback,
    { feedback_id: highlightedId ?? '' },
    { enabled: Boolean(highlightedId) && history.isSuccess && !isInList },
  );
  const shown = !isInList && linked.data ? [linked.data, ...items] : items;
  const isHighlightShown = shown.some((item) => item.feedback_id === highlightedId);

  useEffect(() => {
    if (!highlightedId || !isHighlightShown) return;
    const element = document.getElementById(`feedback-${highlightedId}`);
    element?.scrollIntoView({ block: 'start' });
    element?.focus({ preventScroll: true });
  }, [highlightedId, isHighlightShown]);

  return (
    <Stack gap="md" component="section" aria-labelledby="feedback-history-title">
      <Title order={2} fz="lg" id="feedback-history-title">
        {t('feedback.history.title')}
      </Title>
      {history.isPending ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label={t('shell.loading')}>
          {[0, 1].map((row) => (
            <Paper key={row} withBorder p="lg">
              <Stack gap="sm">
                <Skeleton height={16} width="45%" radius="sm" />
                <Skeleton height={12} radius="sm" />
                <Skeleton height={12} width="80%" radius="sm" />
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : history.isError && items.length === 0 ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<IconMessageCircle size={26} stroke={1.6} />}
          title={t('feedback.history.empty_title')}
          description={t('feedback.history.empty_text')}
        />
      ) : (
        <Stack gap="md">
          {shown.map((item) => (
            <FeedbackItem
              key={item.feedback_id}
              item={item}
              isHighlighted={item.feedback_id === highlightedId}
              onOpenScreenshot={setScreenshot}
            />
          ))}
          <LoadMore
            query={history}
            loadMoreLabel={t('feedback.history.load_more')}
            allLoaded={t('feedback.history.all_loaded')}
          />
        </Stack>
      )}
      <DocumentPreviewDialog document={screenshot} onClose={() => setScreenshot(null)} />
    </Stack>
  );
}
