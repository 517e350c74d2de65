/**
 * The client's feedback page (/feedback): the form beside the user's past feedback. The back
 * office's queue of the same feedback is staff/feedback-queue-page.tsx.
 */
import { Grid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/page-frame.tsx';
import { FeedbackForm, FeedbackHistory } from './feedback-parts.tsx';
import '../../messages/documents.ts';
import '../../messages/feedback.ts';

/** /feedback: the form beside the user's past feedback (one column on a phone). */
export function FeedbackPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.feedback.title')} description={t('pages.feedback.purpose')}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <FeedbackForm />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <FeedbackHistory />
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}

FeedbackPage.isDrawnWhole = true as const;
