/**
 * What the tabs of /admin/deposits share: the History button that opens a deposit's drawer, a list's
 * frame (its table, its lines on a phone), the refresh after a decision, a bank transfer's company, notice and first-deposit
 * flags.
 */
import { type BankCredit, listBankCredits } from '@bank/contract/deposit';
import { Box, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n.ts';
import { screenPagesOptions } from '../../../lib/screen-query.ts';
import { useAmountText } from '../../../ui/amount.tsx';
import { formatDate } from '../../../ui/format-date.ts';
import { readableTextOn } from '../../../ui/readable-colour.ts';
import { ToneBadge } from '../../../ui/tone-badge.tsx';
import { bankCreditsRequest } from './deposit-operations-page-data.ts';

/** References and addresses are read character by character: the input (not its label) in monospace. */
export const monospaceInput = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** Opens a deposit's full history (the page's drawer) from anywhere on the page. */
export const OpenHistoryContext = createContext<(id: string) => void>(() => undefined);

/** "History" on a transfer or coins; its accessible name says which (`what`). */
export function HistoryButton({ id, what }: { id: string; what: string }) {
  const { t } = useTranslation();
  const openHistory = useContext(OpenHistoryContext);
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconHistory size={14} aria-hidden />}
      onClick={() => openHistory(id)}
      aria-label={t('deposits.staff.history.open_label', { what })}
      style={{ flexShrink: 0 }}
    >
      {t('deposits.staff.history.open')}
    </Button>
  );
}

/**
 * A tab's list in one frame: its table from small screens up (the page's rows under these headers,
 * and a last column for each row's buttons) and, on a phone, its `lines` (PhoneLines).
 */
export function DeskList({
  minWidth,
  headers,
  rows,
  lines,
}: {
  minWidth: number;
  headers: { label: string; isRightAligned?: boolean }[];
  rows: ReactNode;
  lines: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder px="sm">
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={minWidth}>
          <Table verticalSpacing="sm">
            <Table.Thead style={{ whiteSpace: 'nowrap' }}>
              <Table.Tr>
                {headers.map((header) => (
                  <Table.Th key={header.label} style={header.isRightAligned ? { textAlign: 'right' } : undefined}>
                    {header.label}
                  </Table.Th>
                ))}
                <Table.Th>
                  <VisuallyHidden>{t('deposits.staff.history.open')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      {lines}
    </Paper>
  );
}

/**
 * A tab's list on a phone (inside DeskList's frame): one block a line,
 * ruled between. A line's head holds its amount and, opposite, what matters most beside it; its
 * buttons (History last) close it.
 */
export function PhoneLines<Item>({
  items,
  itemKey,
  line,
}: {
  items: readonly Item[];
  itemKey: (item: Item) => string;
  line: (item: Item) => { head: ReactNode; aside: ReactNode; body: ReactNode; actions: ReactNode };
}) {
  return (
    <Stack hiddenFrom="sm" gap={0} component="ul" m={0} p={0} mx="-sm" style={{ listStyle: 'none' }}>
      {items.map((item, index) => {
        const { head, aside, body, actions } = line(item);
        return (
          <Box
            key={itemKey(item)}
            component="li"
            py="sm"
            px="md"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
          >
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              {head}
              {aside}
            </Group>
            {body}
            <Group justify="flex-end" mt="xs">
              {actions}
            </Group>
          </Box>
        );
      })}
    </Stack>
  );
}

/**
 * After anything that moves money or makes a transfer arrive: the lists of this page and the ledger
 * explorer's balances are out of date (the screens' data is otherwise fresh for 30 s).
 */
export function refreshBackOffice(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => /^\/api\/v1\/admin\/(deposits|ledger)\//.test(String(query.queryKey[0])),
  });
}

/** "5,000.00 USD · ACME LTD": which bank transfer a History button opens. */
export function useCreditWhat(): (credit: BankCredit) => string {
  const amountText = useAmountText();
  return (credit) => `${amountText(credit.amount, credit.currency)} ${credit.currency} · ${credit.sender}`;
}

export function useBankCredits(status: BankCredit['status'], search: string) {
  return useInfiniteQuery(screenPagesOptions(listBankCredits, bankCreditsRequest(status, search)));
}

export function CompanyName({ credit }: { credit: BankCredit }) {
  const { t } = useTranslation();
  if (credit.company) return <Text inherit>{credit.company.name}</Text>;
  return (
    <Text inherit c={readableTextOn('orange')} fw={500}>
      {t('deposits.staff.no_company')}
    </Text>
  );
}

export function NoticeText({ credit }: { credit: BankCredit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const amountText = useAmountText();
  if (!credit.notice)
    return (
      <Text inherit c="dimmed">
        {t('deposits.staff.no_notice')}
      </Text>
    );
  return (
    <Text inherit>
      {t('deposits.staff.notice_text', {
        amount: amountText(credit.notice.amount, credit.currency),
        currency: credit.currency,
        target: credit.notice.target,
        date: formatDate(credit.notice.expected_date, language),
      })}
    </Text>
  );
}

export function FirstDepositBadges({ credit }: { credit: BankCredit }) {
  const { t } = useTranslation();
  if (!credit.is_first_deposit && !credit.is_below_minimum) return null;
  return (
    <Group gap={6}>
      {credit.is_first_deposit ? <ToneBadge colour="bank">{t('deposits.staff.badges.first_deposit')}</ToneBadge> : null}
      {credit.is_below_minimum ? <ToneBadge colour="red">{t('deposits.staff.badges.below_minimum')}</ToneBadge> : null}
    </Group>
  );
}
