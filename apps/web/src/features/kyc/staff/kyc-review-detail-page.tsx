/**
 * /admin/kyc/:companyId (staff only): one company's KYC as submitted. Who applied, the status and
 * round, every section read-only with its documents and signatures previewed in the page, the
 * history of every round, and — while it is under review — the decision panel.
 */

import type { KycInfo } from '@bank/contract/kyc';
import { getKycReview } from '@bank/contract/kyc';
import { pathOf } from '@bank/contract/routes';
import { Alert, Box, Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useHoldsPermission } from '../../../api/user-info.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { DateTime } from '../../../ui/date-time.tsx';
import { NoPermissionPage } from '../../../ui/no-permission-page.tsx';
import { PageFrame } from '../../../ui/page-frame.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { KycRounds, RefusalReason } from '../kyc-record.tsx';
import { DecisionPanel } from './decision-panel.tsx';
import { reviewRequestOf } from './kyc-review-detail-page-data.ts';
import { CompanyReview, CorporateReview, OwnershipReview, ReviewSection, TradingReview } from './review-sections.tsx';
import '../../../messages/admin.ts';
import '../../../messages/documents.ts';
import '../../../messages/kyc.ts';

function Review({
  review,
}: {
  review: KycInfo & { company_id: string; company_name: string | null; applicant_email: string };
}) {
  const { t } = useTranslation();
  const name = review.company_name ?? t('kyc.review.unnamed_company');
  const latest = [...review.history].sort((left, right) => right.round - left.round)[0];
  const isUnderReview = review.status === 'pending_review';
  return (
    <PageFrame
      title={name}
      description={t('kyc.review.applicant', { email: review.applicant_email })}
      actions={
        <Button
          component={Link}
          to={pathOf('admin_kyc')}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('kyc.review.back_to_queue')}
        </Button>
      }
    >
      <Paper withBorder p="md">
        <Group gap="xl" wrap="wrap">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('kyc.review.columns.status')}
            </Text>
            <StatusBadge list="account_kyc" value={review.status} size="lg" />
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('kyc.review.columns.round')}
            </Text>
            <Text fw={600} className="tabular-figures">
              {latest?.round ?? '—'}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('kyc.review.columns.submitted')}
            </Text>
            <DateTime value={latest?.submitted_at} fw={600} />
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('kyc.review.columns.applicant')}
            </Text>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {review.applicant_email}
            </Text>
          </Stack>
        </Group>
      </Paper>
      {review.refusal_reason && !isUnderReview ? (
        <RefusalReason
          reason={review.refusal_reason}
          title={t('kyc.review.last_reason')}
          colour="orange"
          icon={<IconAlertCircle size={18} aria-hidden />}
        />
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <ReviewSection
              id="review-corporate"
              title={t('pages.kyc_declaration.title')}
              state={review.sections.corporate}
            >
              <CorporateReview info={review} />
            </ReviewSection>
            <ReviewSection id="review-company" title={t('pages.kyc_company.title')} state={review.sections.company}>
              <CompanyReview info={review} />
            </ReviewSection>
            <ReviewSection
              id="review-ownership"
              title={t('pages.kyc_ownership.title')}
              state={review.sections.shareholder}
            >
              <OwnershipReview info={review} />
            </ReviewSection>
            <ReviewSection id="review-trading" title={t('pages.kyc_trading.title')} state={review.sections.trading}>
              <TradingReview info={review} />
            </ReviewSection>
            <KycRounds history={review.history} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Box style={{ position: 'sticky', top: 76 }}>
            {isUnderReview ? (
              <DecisionPanel companyId={review.company_id} companyName={name} />
            ) : (
              <Alert
                color="bank"
                variant="light"
                icon={<IconInfoCircle size={18} aria-hidden />}
                title={t('kyc.review.no_decision_title')}
              >
                <Text size="sm">{t('kyc.review.no_decision')}</Text>
              </Alert>
            )}
          </Box>
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}

export function KycReviewDetailPage() {
  const { t } = useTranslation();
  const mayReview = useHoldsPermission('kyc_review');
  if (mayReview === false) return <NoPermissionPage title={t('pages.admin_kyc.title')} />;
  return <KycReviewDetail />;
}

function KycReviewDetail() {
  const review = useScreenQuery(getKycReview, reviewRequestOf(useParams()));
  return <QueryState query={review}>{(data) => <Review review={data} />}</QueryState>;
}
