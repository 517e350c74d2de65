/**
 * A deposit's full history for staff (admin/deposits/history), in a drawer over /admin/deposits:
 * opened from any bank transfer, coins confirming, or an id typed in the page's lookup (a notice,
 * a history line, a hash). One place for everything about it: the company's history line and its
 * steps, the notice with who sent it and its proof of transfer (opened through the documents' own
 * link), the bank transfer and the decision on it (credited or returned, by whom, when, why), the
 * coins and their confirmations, the ledger movements it caused and the audit entries naming it.
 * The drawer is a dialog: focus moves into it, Escape closes it and focus returns; full screen on
 * a phone.
 */

import { localeOfLanguage } from '@bank/contract/constants';
import { type DepositHistory, getDepositHistory } from '@bank/contract/deposit';
import type { DocumentRef } from '@bank/contract/documents';
import { rateOfFiatDeposit } from '@bank/contract/money-text';
import { Box, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { Amount } from '../../../ui/amount.tsx';
import { actionColour, useActionLabel, useDetailText } from '../../../ui/audit-entry-text.ts';
import { CopyValueButton } from '../../../ui/copy-value-button.tsx';
import { DateTime } from '../../../ui/date-time.tsx';
import { DocumentPreviewDialog } from '../../../ui/document-preview.tsx';
import { DocumentRow } from '../../../ui/document-upload.tsx';
import { Drawer } from '../../../ui/drawer.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { formatAmount, formatRate } from '../../../ui/format-amount.ts';
import { formatDate } from '../../../ui/format-date.ts';
import { LabelledValue } from '../../../ui/labelled-value.tsx';
import { useLabel } from '../../../ui/labels.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { StepsTimeline } from '../../../ui/steps-timeline.tsx';
import { ToneBadge } from '../../../ui/tone-badge.tsx';

/** While the deposit still moves, the open drawer asks again this often. */
const movingRefreshMs = 5000;

const colourOfDecision = { unmatched: 'orange', credited: 'teal', returned: 'gray' } as const;
const colourOfNotice = { open: 'bank', credited: 'teal', returned: 'gray' } as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} withBorder shadow="none" padding="md">
      <Stack gap="sm">
        <Title order={3} fz="sm" fw={600} id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Fields({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}

function Monospace({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" align="center">
      <Text inherit ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      <CopyValueButton
        value={value}
        label={`${t('deposits.staff.history.copy_id')}: ${label}`}
        copiedLabel={t('deposits.staff.history.copied')}
      />
    </Group>
  );
}

function Dimmed({ children }: { children: ReactNode }) {
  return (
    <Text inherit c="dimmed">
      {children}
    </Text>
  );
}

function LineSection({ history }: { history: DepositHistory }) {
  const { t } = useTranslation();
  const line = history.transaction;
  return (
    <Section id="history-line" title={t('deposits.staff.history.sections.line')}>
      {line ? (
        <>
          <Group justify="space-between" align="flex-start" gap="sm">
            <Group gap="xs">
              <StatusBadge list="transaction" value={line.status} />
              {line.status === 'in_process' && line.confirmations ? (
                <Text size="xs" c="dimmed" className="tabular-figures">
                  {t('transactions.confirmations', {
                    count: line.confirmations.count,
                    required: line.confirmations.required,
                  })}
                </Text>
              ) : null}
            </Group>
            <Amount value={line.amount} currency={line.asset} fw={600} />
          </Group>
          <LabelledValue label={t('deposits.staff.history.fields.line_id')}>
            <Monospace value={line.transaction_id} label={t('deposits.staff.history.fields.line_id')} />
          </LabelledValue>
          {history.steps.length > 0 ? <StepsTimeline steps={history.steps} bulletSize={18} /> : null}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('deposits.staff.history.no_line')}
        </Text>
      )}
    </Section>
  );
}

function NoticeSection({ notice }: { notice: NonNullable<DepositHistory['notice']> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [previewed, setPreviewed] = useState<DocumentRef | null>(null);
  const field = (name: string) => t(`deposits.staff.history.fields.${name}` as never);
  return (
    <Section id="history-notice" title={t('deposits.staff.history.sections.notice')}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <ToneBadge colour={colourOfNotice[notice.status]}>
          {t(`deposits.staff.history.notice_statuses.${notice.status}`)}
        </ToneBadge>
        <Amount value={notice.amount} currency={notice.currency} fw={600} />
      </Group>
      <Fields>
        <LabelledValue label={field('submitted_by')}>{notice.submitted_by ?? '—'}</LabelledValue>
        <LabelledValue label={field('submitted_at')}>
          <DateTime value={notice.submitted_at} />
        </LabelledValue>
        <LabelledValue label={field('target')}>{notice.target}</LabelledValue>
        <LabelledValue label={field('expected_date')}>{formatDate(notice.expected_date, language)}</LabelledValue>
        <LabelledValue label={field('reference')}>
          <Text inherit ff="monospace">
            {notice.reference}
          </Text>
        </LabelledValue>
      </Fields>
      <LabelledValue label={field('proof')}>
        {notice.proof ? (
          <DocumentRow
            document={notice.proof}
            locale={localeOfLanguage[language]}
            onPreview={() => setPreviewed(notice.proof)}
          />
        ) : (
          <Dimmed>{t('deposits.staff.history.no_proof')}</Dimmed>
        )}
      </LabelledValue>
      <DocumentPreviewDialog document={previewed} onClose={() => setPreviewed(null)} />
    </Section>
  );
}

function BankCreditSections({ history }: { history: DepositHistory }) {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  const credit = history.bank_credit;
  const field = (name: string) => t(`deposits.staff.history.fields.${name}` as never);
  if (!credit)
    return (
      <Section id="history-credit" title={t('deposits.staff.history.sections.bank_credit')}>
        <Text size="sm" c="dimmed">
          {t('deposits.staff.history.no_credit')}
        </Text>
      </Section>
    );
  const credited = credit.credited;
  return (
    <>
      <Section id="history-credit" title={t('deposits.staff.history.sections.bank_credit')}>
        <Group justify="flex-end">
          <Amount value={credit.amount} currency={credit.currency} fw={600} />
        </Group>
        <Fields>
          <LabelledValue label={field('received_at')}>
            <DateTime value={credit.received_at} />
          </LabelledValue>
          <LabelledValue label={field('sender')}>{credit.sender}</LabelledValue>
          <LabelledValue label={field('reference_received')}>
            <Text inherit ff="monospace">
              {credit.reference}
            </Text>
          </LabelledValue>
          <LabelledValue label={field('company')}>
            {credit.company ? credit.company.name : <Dimmed>{t('deposits.staff.no_company')}</Dimmed>}
          </LabelledValue>
        </Fields>
        {history.notice ? null : (
          <Text size="sm" c="dimmed">
            {t('deposits.staff.history.no_notice')}
          </Text>
        )}
      </Section>
      <Section id="history-decision" title={t('deposits.staff.history.sections.decision')}>
        <Group>
          <ToneBadge colour={colourOfDecision[credit.status]}>
            {t(`deposits.staff.history.decisions.${credit.status}`)}
          </ToneBadge>
        </Group>
        {credit.status === 'unmatched' ? null : (
          <Fields>
            <LabelledValue label={field('decided_by')}>{credit.decided_by ?? '—'}</LabelledValue>
            <LabelledValue label={field('decided_at')}>
              <DateTime value={credit.decided_at} />
            </LabelledValue>
            {credited ? (
              <>
                <LabelledValue label={field('rate')}>
                  <Text inherit className="tabular-figures">
                    {formatRate(
                      rateOfFiatDeposit({ currency: credit.currency, asset: credited.asset, rate: credited.rate }),
                      locale,
                    )}
                  </Text>
                </LabelledValue>
                <LabelledValue label={field('fee')}>
                  <Amount value={credited.fee} currency={credited.asset} inherit />
                </LabelledValue>
                <LabelledValue label={field('net')}>
                  <Amount value={credited.net} currency={credited.asset} inherit fw={600} />
                </LabelledValue>
              </>
            ) : null}
          </Fields>
        )}
        {credit.status === 'unmatched' ? null : (
          <LabelledValue label={field('reason')}>
            {credit.reason ?? <Dimmed>{t('deposits.staff.history.no_reason')}</Dimmed>}
          </LabelledValue>
        )}
      </Section>
    </>
  );
}

function CryptoSection({ crypto }: { crypto: NonNullable<DepositHistory['crypto']> }) {
  const { t } = useTranslation();
  const field = (name: string) => t(`deposits.staff.history.fields.${name}` as never);
  const label = t('deposits.staff.in_flight.confirmations_of', {
    count: crypto.confirmations,
    required: crypto.confirmations_required,
  });
  return (
    <Section id="history-crypto" title={t('deposits.staff.history.sections.crypto')}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <StatusBadge list="transaction" value={crypto.status} />
        <Stack gap={0} align="flex-end">
          <Amount value={crypto.amount} currency={crypto.asset} fw={600} />
          {crypto.network === crypto.asset ? null : (
            <Text size="xs" c="dimmed">
              {crypto.network}
            </Text>
          )}
        </Stack>
      </Group>
      <LabelledValue label={field('confirmations')}>
        <Stack gap={4}>
          <Text inherit className="tabular-figures">
            {label}
          </Text>
          <Progress
            value={Math.min(100, (100 * crypto.confirmations) / Math.max(1, crypto.confirmations_required))}
            size="sm"
            color={crypto.status === 'success' ? 'teal' : 'bank'}
            aria-label={`${field('confirmations')}: ${label}`}
          />
        </Stack>
      </LabelledValue>
      <Fields>
        <LabelledValue label={field('seen_at')}>
          <DateTime value={crypto.seen_at} />
        </LabelledValue>
        <LabelledValue label={field('credited_at')}>
          {crypto.credited_at ? <DateTime value={crypto.credited_at} /> : <Dimmed>—</Dimmed>}
        </LabelledValue>
      </Fields>
      <LabelledValue label={field('address')}>
        <Monospace value={crypto.address} label={field('address')} />
      </LabelledValue>
      <LabelledValue label={field('hash')}>
        <Monospace value={crypto.tx_hash} label={field('hash')} />
      </LabelledValue>
    </Section>
  );
}

function MovementsSection({ history }: { history: DepositHistory }) {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  const kindName = useLabel('ledger_movement');
  return (
    <Section id="history-movements" title={t('deposits.staff.history.sections.movements')}>
      {history.movements.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('deposits.staff.history.no_movements')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={6} aria-labelledby="history-movements">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('transactions.detail.movement_columns.kind')}</Table.Th>
                <Table.Th ta="right">{t('transactions.detail.movement_columns.amount')}</Table.Th>
                <Table.Th ta="right">{t('transactions.detail.movement_columns.balance')}</Table.Th>
                <Table.Th>{t('transactions.detail.movement_columns.time')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.movements.map((movement) => (
                <Table.Tr key={`${movement.at}-${movement.kind}-${movement.direction}`} data-testid="history-movement">
                  <Table.Td fz="sm">{kindName(movement.kind)}</Table.Td>
                  <Table.Td ta="right" fz="sm" className="tabular-figures" style={{ whiteSpace: 'nowrap' }}>
                    {movement.direction === 'credit' ? '+' : '\u2212'}
                    {formatAmount(movement.amount, movement.asset, locale)} {movement.asset}
                  </Table.Td>
                  <Table.Td ta="right" fz="sm" className="tabular-figures" style={{ whiteSpace: 'nowrap' }}>
                    {formatAmount(movement.balance_after, movement.asset, locale)}
                  </Table.Td>
                  <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    <DateTime value={movement.at} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function AuditSection({ history }: { history: DepositHistory }) {
  const { t } = useTranslation();
  const actionLabel = useActionLabel();
  const detailText = useDetailText();
  return (
    <Section id="history-audit" title={t('deposits.staff.history.sections.audit')}>
      {history.audit.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('deposits.staff.history.no_audit')}
        </Text>
      ) : (
        <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {history.audit.map((entry, index) => (
            <Box
              component="li"
              key={entry.id}
              py="xs"
              data-testid="history-audit-entry"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                  <Box
                    w={8}
                    h={8}
                    style={{
                      borderRadius: '50%',
                      flexShrink: 0,
                      background: `var(--mantine-color-${actionColour(entry.action)}-6)`,
                    }}
                    aria-hidden
                  />
                  <Text size="sm" fw={500}>
                    {actionLabel(entry.action)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  <DateTime value={entry.at} />
                </Text>
              </Group>
              <Text size="xs" c="dimmed" mt={2}>
                {entry.actor_email ?? t('deposits.staff.history.by_system')}
              </Text>
              {detailText(entry.detail) ? (
                <Text size="xs" mt={2} style={{ overflowWrap: 'anywhere' }}>
                  {detailText(entry.detail)}
                </Text>
              ) : null}
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function HistorySkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t('shell.loading')}>
      <Skeleton h={28} w="60%" />
      <Skeleton h={140} radius="md" />
      <Skeleton h={180} radius="md" />
      <Skeleton h={120} radius="md" />
    </Stack>
  );
}

function isMoving(history: DepositHistory): boolean {
  const status = history.transaction?.status ?? history.crypto?.status;
  return status === 'in_process' || status === 'admin_review' || history.bank_credit?.status === 'unmatched';
}

export function DepositHistoryDrawer({ depositId, onClose }: { depositId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const history = useScreenQuery(
    getDepositHistory,
    { id: depositId ?? '' },
    {
      enabled: Boolean(depositId),
      refetchIntervalMs: (data) => (data && isMoving(data) ? movingRefreshMs : false),
    },
  );
  const data = history.data;
  const isNotFound = history.isError && errorKeyOf(history.error) === 'not_found';
  return (
    <Drawer
      opened={depositId !== null}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 640}
      title={
        <Stack gap={2}>
          <Text component="span" fw={600} fz="lg">
            {t('deposits.staff.history.title')}
          </Text>
          {data ? (
            <Text component="span" size="sm" c="dimmed">
              {[t(`deposits.staff.history.kinds.${data.kind}`), data.company?.name].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
        </Stack>
      }
      closeButtonProps={{ 'aria-label': t('deposits.staff.history.close') }}
      padding="lg"
    >
      {isNotFound ? (
        <EmptyState
          icon={<IconSearch size={26} stroke={1.6} />}
          title={t('deposits.staff.history.title')}
          description={t('deposits.staff.history.not_found')}
        />
      ) : history.isError ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : !data ? (
        <HistorySkeleton />
      ) : (
        <Stack gap="md" data-testid="deposit-history">
          <LineSection history={data} />
          {data.kind === 'fiat' ? (
            <>
              {data.notice ? <NoticeSection notice={data.notice} /> : null}
              <BankCreditSections history={data} />
            </>
          ) : data.crypto ? (
            <CryptoSection crypto={data.crypto} />
          ) : null}
          <MovementsSection history={data} />
          <AuditSection history={data} />
        </Stack>
      )}
    </Drawer>
  );
}
