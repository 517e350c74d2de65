/** /admin/deposits, "Decided": credited transfers with their rate, fee and net, and returned ones, with who decided. */
import { localeOfLanguage } from '@bank/contract/constants';
import type { BankCredit } from '@bank/contract/deposit';
import { rateOfFiatDeposit } from '@bank/contract/money-text';
import { Box, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n.ts';
import { Amount } from '../../../ui/amount.tsx';
import { DateTime } from '../../../ui/date-time.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { formatAmount, formatRate } from '../../../ui/format-amount.ts';
import { LabelledValue } from '../../../ui/labelled-value.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { LoadMore } from '../../../ui/load-more.tsx';
import { QueueSearchInput, useQueueSearch } from '../../../ui/queue-search.tsx';
import { TableSkeleton } from '../../../ui/skeletons.tsx';
import { ToneBadge } from '../../../ui/tone-badge.tsx';
import { type DecidedStatus, decidedStatuses, firstStatus } from './deposit-operations-page-data.ts';
import {
  CompanyName,
  DeskList,
  HistoryButton,
  PhoneLines,
  useBankCredits,
  useCreditWhat,
} from './deposit-operations-parts.tsx';

const colourOfStatus: Record<BankCredit['status'], string> = {
  unmatched: 'orange',
  credited: 'teal',
  returned: 'gray',
};

/** What a decision did: the credited asset, rate, fee and net, or nothing for a return. */
function CreditedText({ credit }: { credit: BankCredit }) {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  if (!credit.credited) return <Text inherit>{t('shell.date_placeholder')}</Text>;
  const { asset, rate, fee, net } = credit.credited;
  return (
    <Stack gap={2}>
      <Amount value={net} currency={asset} fw={600} inherit />
      <Text inherit size="xs" c="dimmed" className="tabular-figures">
        {formatRate(rateOfFiatDeposit({ currency: credit.currency, asset, rate }), locale)}
      </Text>
      <Text inherit size="xs" c="dimmed" className="tabular-figures">
        {t('deposits.staff.fee_text', { fee: formatAmount(fee, asset, locale), asset })}
      </Text>
    </Stack>
  );
}

function DecidedBy({ credit }: { credit: BankCredit }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <DateTime value={credit.decided_at} />
      {credit.decided_by ? (
        <Text inherit size="xs" c="dimmed">
          {t('deposits.staff.decided_by', { email: credit.decided_by })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The decisions as the table's rows, under DeskList's headers. */
function DecidedRows({ items }: { items: readonly BankCredit[] }) {
  const { t } = useTranslation();
  const creditWhat = useCreditWhat();
  return (
    <>
      {items.map((credit) => (
        <Table.Tr key={credit.credit_id} data-testid="decided-credit">
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <DateTime value={credit.received_at} size="sm" />
          </Table.Td>
          <Table.Td style={{ textAlign: 'right' }}>
            <Amount value={credit.amount} currency={credit.currency} size="sm" />
            <Text size="xs" c="dimmed" ff="monospace">
              {credit.reference}
            </Text>
          </Table.Td>
          <Table.Td fz="sm">
            <CompanyName credit={credit} />
            <Text size="xs" c="dimmed">
              {credit.sender}
            </Text>
          </Table.Td>
          <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
            <CreditedText credit={credit} />
          </Table.Td>
          <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
            <DecidedBy credit={credit} />
          </Table.Td>
          <Table.Td fz="sm" maw={260} style={{ overflowWrap: 'anywhere' }}>
            {credit.reason ?? t('shell.date_placeholder')}
          </Table.Td>
          <Table.Td>
            <HistoryButton id={credit.credit_id} what={creditWhat(credit)} />
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}

/** On a phone: one line per decision. */
function DecidedLines({ items }: { items: readonly BankCredit[] }) {
  const { t } = useTranslation();
  const creditWhat = useCreditWhat();
  return (
    <PhoneLines
      items={items}
      itemKey={(credit) => credit.credit_id}
      line={(credit) => ({
        head: <Amount value={credit.amount} currency={credit.currency} fw={600} />,
        aside: (
          <ToneBadge colour={colourOfStatus[credit.status]}>{t(`deposits.staff.statuses.${credit.status}`)}</ToneBadge>
        ),
        body: (
          <>
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs" mt="xs">
              <LabelledValue label={t('deposits.staff.fields.company')}>
                <CompanyName credit={credit} />
              </LabelledValue>
              <LabelledValue label={t('deposits.staff.fields.received_at')}>
                <DateTime value={credit.received_at} />
              </LabelledValue>
              {credit.credited ? (
                <LabelledValue label={t('deposits.staff.fields.credited')}>
                  <CreditedText credit={credit} />
                </LabelledValue>
              ) : null}
            </SimpleGrid>
            <Box mt="xs">
              <LabelledValue label={t('deposits.staff.fields.decided')}>
                <DecidedBy credit={credit} />
              </LabelledValue>
            </Box>
            {credit.reason ? (
              <Box mt="xs">
                <LabelledValue label={t('deposits.staff.fields.reason')}>{credit.reason}</LabelledValue>
              </Box>
            ) : null}
          </>
        ),
        actions: <HistoryButton id={credit.credit_id} what={creditWhat(credit)} />,
      })}
    />
  );
}

export function DecidedPanel() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DecidedStatus>(firstStatus);
  const { text, setText, search } = useQueueSearch();
  const credits = useBankCredits(status, search);
  const items = credits.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      <QueueSearchInput text={text} onChange={setText} />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="decided-filter-label">
          {t('deposits.staff.decided_filter')}
        </Text>
        <SegmentedControl
          aria-labelledby="decided-filter-label"
          value={status}
          onChange={(value) => setStatus(value as DecidedStatus)}
          data={decidedStatuses.map((value) => ({ value, label: t(`deposits.staff.statuses.${value}`) }))}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      {credits.isPending ? (
        <TableSkeleton rows={4} columns={6} />
      ) : credits.isError ? (
        <LoadError error={credits.error} onRetry={() => void credits.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconInbox size={26} stroke={1.6} />}
          title={t('deposits.staff.decided_empty_title')}
          description={t('deposits.staff.decided_empty')}
        />
      ) : (
        <>
          <DeskList
            minWidth={1040}
            headers={[
              { label: t('deposits.staff.fields.received_at') },
              { label: t('deposits.staff.fields.amount'), isRightAligned: true },
              { label: t('deposits.staff.fields.company') },
              { label: t('deposits.staff.fields.credited') },
              { label: t('deposits.staff.fields.decided') },
              { label: t('deposits.staff.fields.reason') },
            ]}
            rows={<DecidedRows items={items} />}
            lines={<DecidedLines items={items} />}
          />
          <LoadMore
            loadMoreLabel={t('deposits.staff.load_more')}
            query={credits}
            allLoaded={t('deposits.staff.all_loaded')}
          />
        </>
      )}
    </Stack>
  );
}
