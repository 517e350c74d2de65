/**
 * What clients ask of the bank and the bank answers (organisation issue, parts 6 and 7): the
 * client's feedback page and the back office's two queues, feedback and contact requests. The
 * three pages are one module so that the route table names one chunk for them: every page the route
 * table names adds to the first load of /login, whose budget is nearly spent.
 */
import { Grid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHoldsPermission } from '../../api/user-info.ts';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { ContactRequestQueue } from './contact-review.tsx';
import { FeedbackForm, FeedbackHistory } from './feedback-parts.tsx';
import { FeedbackQueue } from './feedback-review.tsx';

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
