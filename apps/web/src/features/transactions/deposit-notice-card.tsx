/**
 * A fiat deposit's notice on its details page: when it was sent, the day the company said it would
 * send the money, and the proof of transfer it attached, which opens through the documents' own
 * short-lived link (init/documentUrl, with its permission checks). The notice comes from
 * deposit/get; a line that tells no notice (a transfer that arrived without one) shows nothing.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import { getDeposit } from '@bank/contract/deposit';
import type { DocumentRef } from '@bank/contract/documents';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { DocumentPreviewDialog } from '../../ui/document-preview.tsx';
import { DocumentRow } from '../../ui/document-upload.tsx';
import { formatDate } from '../../ui/format-date.ts';
import { LabelledValue } from '../../ui/labelled-value.tsx';
import '../../messages/deposits.ts';
import '../../messages/documents.ts';

export function DepositNoticeCard({ transactionId }: { transactionId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const deposit = useScreenQuery(getDeposit, { transaction_id: transactionId });
  const [previewed, setPreviewed] = useState<DocumentRef | null>(null);
  const notice = deposit.data?.notice;
  if (!notice) return null;
  return (
    <Card component="section" aria-labelledby="deposit-notice" data-testid="deposit-notice">
      <Stack gap="md">
        <Text component="h2" id="deposit-notice" fw={600} fz="md" m={0}>
          {t('deposits.notice.title')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
          <LabelledValue label={t('deposits.notice.submitted_at')}>
            <DateTime value={notice.submitted_at} />
          </LabelledValue>
          <LabelledValue label={t('deposits.notice.expected_date')}>
            {formatDate(notice.expected_date, language)}
          </LabelledValue>
          <LabelledValue label={t('deposits.notice.proof')}>
            {notice.proof ? (
              <DocumentRow
                document={notice.proof}
                locale={localeOfLanguage[language]}
                onPreview={() => setPreviewed(notice.proof)}
              />
            ) : (
              <Text inherit c="dimmed">
                {t('deposits.notice.no_proof')}
              </Text>
            )}
          </LabelledValue>
        </SimpleGrid>
      </Stack>
      <DocumentPreviewDialog document={previewed} onClose={() => setPreviewed(null)} />
    </Card>
  );
}
