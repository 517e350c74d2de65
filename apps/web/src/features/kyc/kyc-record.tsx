/**
 * What the bank decided of a KYC, as the company's pages and the back office's review show it: the
 * reason of the last refusal or return, and the submission rounds, newest first (when each was
 * sent, the decision, its reason and when it was decided).
 */
import type { KycInfo } from '@bank/contract/kyc';
import { Alert, Badge, Card, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeTextStyle } from '../../ui/badge-text.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { readableAlertStyles } from '../../ui/readable-colour.ts';

/** The staff's words, kept as written (line breaks included). */
export function RefusalReason({
  reason,
  title,
  colour,
  icon,
}: {
  reason: string;
  title: string;
  colour: 'orange' | 'red';
  icon: ReactNode;
}) {
  return (
    <Alert color={colour} variant="light" icon={icon} title={title} styles={readableAlertStyles(colour)}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {reason}
      </Text>
    </Alert>
  );
}

function DecisionBadge({ decision }: { decision: KycInfo['history'][number]['decision'] }) {
  const { t } = useTranslation();
  const colour =
    decision === 'approved'
      ? 'teal'
      : decision === 'rejected' || decision === 'refused'
        ? 'red'
        : decision === 'returned'
          ? 'orange'
          : 'bank';
  return (
    <Badge variant="light" color={colour} tt="none" fw={600} style={badgeTextStyle(colour)}>
      {t(`kyc.history.decisions.${decision ?? 'pending'}`)}
    </Badge>
  );
}

export function KycRounds({ history }: { history: KycInfo['history'] }) {
  const { t } = useTranslation();
  const rounds = [...history].sort((left, right) => right.round - left.round);
  return (
    <Card component="section" aria-labelledby="kyc-history-title">
      <Title order={2} fz="h4" id="kyc-history-title" mb="sm">
        {t('kyc.history.title')}
      </Title>
      {rounds.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('kyc.review.no_rounds')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('kyc.history.round')}</Table.Th>
                <Table.Th>{t('kyc.history.submitted')}</Table.Th>
                <Table.Th>{t('kyc.history.decision')}</Table.Th>
                <Table.Th>{t('kyc.history.reason')}</Table.Th>
                <Table.Th>{t('kyc.history.decided')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rounds.map((round) => (
                <Table.Tr key={round.round}>
                  <Table.Td className="tabular-figures">{round.round}</Table.Td>
                  <Table.Td>
                    <DateTime value={round.submitted_at} size="sm" />
                  </Table.Td>
                  <Table.Td>
                    <DecisionBadge decision={round.decision} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', maxWidth: 360 }}>{round.reason ?? '—'}</Table.Td>
                  <Table.Td>
                    <DateTime value={round.decided_at} size="sm" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
