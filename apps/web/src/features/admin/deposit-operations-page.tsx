/**
 * /admin/deposits (staff with deposit_operations): the back office's side of deposits.
 * - Bank transfers to match: incoming transfers no one has decided on yet, each with the company
 *   its reference named (or none), the company's notice, and the first-deposit flags; staff credit
 *   one (converted at the current rate less the fee; a reason is required below the minimum first
 *   deposit) or return it to its sender (with a reason).
 * - Decided: credited transfers with their rate, fee and net, and returned ones, with who decided.
 * - Coins confirming: every company's crypto deposits still counting confirmations.
 * - Simulator: make a bank transfer arrive, send coins, add blocks. The web app has no flag saying
 *   whether the server runs in production, so the panel is always shown and the server's refusal
 *   (forbidden, in the user's language) is shown where a simulator is used.
 * - A deposit's full history (deposit-history-drawer.tsx): "History" on any transfer or coins, or
 *   any id typed in the lookup above the tabs (a notice, a history line, a hash). The open history
 *   is in the address (`?deposit=`), so it survives a reload and can be shared with a colleague.
 */

import type { ResponseOf } from '@bank/contract/calls';
import { defaultPageSize, localeOfLanguage } from '@bank/contract/constants';
import {
  type BankCredit,
  creditBankTransfer,
  creditHeldDeposit,
  DepositHistoryRequest,
  fiatDepositTargets,
  listBankCredits,
  listDepositsInFlight,
  returnBankTransfer,
  returnHeldDeposit,
  simulateBankCredit,
  simulateBlocks,
  simulateIncomingDeposit,
} from '@bank/contract/deposit';
import {
  type DigitalAsset,
  digitalAssets,
  type FiatCurrency,
  fiatCurrencies,
  type Network,
  networksOfAsset,
} from '@bank/contract/money';
import { rateOfFiatDeposit } from '@bank/contract/money-text';
import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
  Progress,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconBuildingBank,
  IconCheck,
  IconCoins,
  IconFlask,
  IconHistory,
  IconInbox,
  IconInfoCircle,
  IconSearch,
} from '@tabler/icons-react';
import { type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type FormEvent, type ReactNode, useContext, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { fieldError, useCallForm } from '../../lib/call-form.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import { showSuccess } from '../../lib/notify.ts';
import { loadScreenData } from '../../lib/screen-query.ts';
import { Amount, useAmountText } from '../../ui/amount.tsx';
import { AmountInput } from '../../ui/amount-input.tsx';
import { CopyValueButton } from '../../ui/copy-value-button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { formatAmount, formatRate } from '../../ui/format-amount.ts';
import { formatDate } from '../../ui/format-date.ts';
import { LabelledValue } from '../../ui/labelled-value.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { QueueSearchInput, searchOf, useQueueSearch } from '../../ui/queue-search.tsx';
import { readableErrorColour, readableTextOn } from '../../ui/readable-colour.ts';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { DepositHistoryDrawer } from './deposit-history-drawer.tsx';

const tabs = ['to_match', 'decided', 'in_flight', 'simulator'] as const;
type Tab = (typeof tabs)[number];

const decidedStatuses = ['credited', 'returned'] as const;
type DecidedStatus = (typeof decidedStatuses)[number];
type Target = (typeof fiatDepositTargets)[number];

type DepositInFlight = ResponseOf<typeof listDepositsInFlight>['items'][number];

/** References and addresses are read character by character: the input (not its label) in monospace. */
const monospaceInput = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** Coins confirming are asked for again this often while their tab is open. */
const inFlightRefreshMs = 10_000;

const colourOfStatus: Record<BankCredit['status'], string> = {
  unmatched: 'orange',
  credited: 'teal',
  returned: 'gray',
};

/** Opens a deposit's full history (the page's drawer) from anywhere on the page. */
const OpenHistoryContext = createContext<(id: string) => void>(() => undefined);

/** "History" on a transfer or coins; its accessible name says which (`what`). */
function HistoryButton({ id, what }: { id: string; what: string }) {
  const { t } = useTranslation();
  const openHistory = useContext(OpenHistoryContext);
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconHistory size={14} aria-hidden />}
      onClick={() => openHistory(id)}
      aria-label={t('admin.deposits.history.open_label', { what })}
      style={{ flexShrink: 0 }}
    >
      {t('admin.deposits.history.open')}
    </Button>
  );
}

/**
 * After anything that moves money or makes a transfer arrive: the lists of this page and the ledger
 * explorer's balances are out of date (the screens' data is otherwise fresh for 30 s).
 */
function refreshBackOffice(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => /^\/api\/v1\/admin\/(deposits|ledger)\//.test(String(query.queryKey[0])),
  });
}

/** "5,000.00 USD · ACME LTD": which bank transfer a History button opens. */
function useCreditWhat(): (credit: BankCredit) => string {
  const amountText = useAmountText();
  return (credit) => `${amountText(credit.amount, credit.currency)} ${credit.currency} · ${credit.sender}`;
}

function useBankCredits(status: BankCredit['status'], search: string) {
  return useInfiniteQuery({
    queryKey: [listBankCredits.path, { status, ...searchOf(search) }],
    queryFn: ({ pageParam, signal }) =>
      loadScreenData(
        listBankCredits,
        { page_size: defaultPageSize, status, ...searchOf(search), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

function CompanyName({ credit }: { credit: BankCredit }) {
  const { t } = useTranslation();
  if (credit.company) return <Text inherit>{credit.company.name}</Text>;
  return (
    <Text inherit c={readableTextOn('orange')} fw={500}>
      {t('admin.deposits.no_company')}
    </Text>
  );
}

function NoticeText({ credit }: { credit: BankCredit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const amountText = useAmountText();
  if (!credit.notice)
    return (
      <Text inherit c="dimmed">
        {t('admin.deposits.no_notice')}
      </Text>
    );
  return (
    <Text inherit>
      {t('admin.deposits.notice_text', {
        amount: amountText(credit.notice.amount, credit.currency),
        currency: credit.currency,
        target: credit.notice.target,
        date: formatDate(credit.notice.expected_date, language),
      })}
    </Text>
  );
}

function FirstDepositBadges({ credit }: { credit: BankCredit }) {
  const { t } = useTranslation();
  if (!credit.is_first_deposit && !credit.is_below_minimum) return null;
  return (
    <Group gap={6}>
      {credit.is_first_deposit ? <ToneBadge colour="bank">{t('admin.deposits.badges.first_deposit')}</ToneBadge> : null}
      {credit.is_below_minimum ? <ToneBadge colour="red">{t('admin.deposits.badges.below_minimum')}</ToneBadge> : null}
    </Group>
  );
}

/** One transfer waiting for a decision: what arrived, whose it seems to be, and the two decisions. */
function CreditToMatch({
  credit,
  onDecide,
}: {
  credit: BankCredit;
  onDecide: (decision: 'credit' | 'return', credit: BankCredit) => void;
}) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const creditWhat = useCreditWhat();
  const labelValues = { amount: amountText(credit.amount, credit.currency), currency: credit.currency };
  const titleId = `credit-${credit.credit_id}`;
  return (
    <Paper withBorder p="md" component="li" aria-labelledby={titleId} data-testid="bank-credit">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6}>
            <Title order={3} fz="lg" id={titleId}>
              <Amount value={credit.amount} currency={credit.currency} inherit />
            </Title>
            <FirstDepositBadges credit={credit} />
          </Stack>
          <Group gap="xs">
            <HistoryButton id={credit.credit_id} what={creditWhat(credit)} />
            {credit.company ? (
              <Button
                leftSection={<IconCheck size={16} aria-hidden />}
                onClick={() => onDecide('credit', credit)}
                aria-label={t('admin.deposits.credit_label', { ...labelValues, sender: credit.sender })}
              >
                {t('admin.deposits.credit')}
              </Button>
            ) : null}
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              onClick={() => onDecide('return', credit)}
              aria-label={t('admin.deposits.return_label', { ...labelValues, sender: credit.sender })}
            >
              {t('admin.deposits.return')}
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md" verticalSpacing="sm">
          <LabelledValue label={t('admin.deposits.fields.reference')}>
            <Text inherit ff="monospace">
              {credit.reference}
            </Text>
          </LabelledValue>
          <LabelledValue label={t('admin.deposits.fields.sender')}>{credit.sender}</LabelledValue>
          <LabelledValue label={t('admin.deposits.fields.received_at')}>
            <DateTime value={credit.received_at} />
          </LabelledValue>
          <LabelledValue label={t('admin.deposits.fields.company')}>
            <CompanyName credit={credit} />
          </LabelledValue>
          <LabelledValue label={t('admin.deposits.fields.notice')}>
            <NoticeText credit={credit} />
          </LabelledValue>
        </SimpleGrid>
        {credit.company ? null : (
          <Text size="sm" c="dimmed">
            {t('admin.deposits.only_return')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** What the dialogs show first: the transfer they decide on. */
function CreditSummary({ credit }: { credit: BankCredit }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" bg="gray.0">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Amount value={credit.amount} currency={credit.currency} fw={600} size="lg" />
          <FirstDepositBadges credit={credit} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          <LabelledValue label={t('admin.deposits.fields.sender')}>{credit.sender}</LabelledValue>
          <LabelledValue label={t('admin.deposits.fields.reference')}>
            <Text inherit ff="monospace">
              {credit.reference}
            </Text>
          </LabelledValue>
          <LabelledValue label={t('admin.deposits.fields.company')}>
            <CompanyName credit={credit} />
          </LabelledValue>
          <LabelledValue label={t('admin.deposits.fields.notice')}>
            <NoticeText credit={credit} />
          </LabelledValue>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function CreditForm({ credit, onClose }: { credit: BankCredit; onClose: () => void }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const queryClient = useQueryClient();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: creditBankTransfer,
    initialValues: { target: (credit.notice?.target ?? 'USDC') as Target, reason: '' },
    toRequest: (values) => ({
      credit_id: credit.credit_id,
      // A notice names the asset itself; the server takes the notice's.
      ...(credit.notice ? {} : { target: values.target }),
      ...(values.reason.trim() ? { reason: values.reason.trim() } : {}),
    }),
    onSuccess: async (answer) => {
      const credited = answer.credited;
      showSuccess(
        t('admin.deposits.credit_dialog.done', {
          net: credited ? amountText(credited.net, credited.asset) : '',
          asset: credited?.asset ?? '',
          company: answer.company?.name ?? '',
        }),
      );
      onClose();
      await refreshBackOffice(queryClient);
    },
  });
  const values = form.getValues();
  const target = credit.notice?.target ?? values.target;

  // The contract leaves the reason optional; the server requires it below the minimum first
  // deposit, and the form says so before the call rather than after.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (credit.is_below_minimum && values.reason.trim() === '') {
      event.preventDefault();
      form.setFieldError('reason', fieldError({ key: 'validation.reason_required' }));
      reasonRef.current?.focus();
      return;
    }
    submit(event);
  };

  return (
    <form noValidate onSubmit={onSubmit} style={readableErrorColour}>
      <Stack gap="md">
        <CreditSummary credit={credit} />
        <FormAlert message={formError} />
        {credit.notice ? (
          <Text size="sm">
            {t('admin.deposits.credit_dialog.target_from_notice', { target: credit.notice.target })}
          </Text>
        ) : (
          <Radio.Group label={t('admin.deposits.credit_dialog.target')} withAsterisk {...form.getInputProps('target')}>
            <Group gap="lg" mt={6}>
              {fiatDepositTargets.map((asset) => (
                <Radio key={asset} value={asset} label={asset} />
              ))}
            </Group>
          </Radio.Group>
        )}
        <Alert color="bank" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          <Text size="sm" c="var(--mantine-color-text)">
            {t('admin.deposits.credit_dialog.what_happens', { target, company: credit.company?.name ?? '' })}
          </Text>
        </Alert>
        <Textarea
          ref={reasonRef}
          label={t('admin.deposits.credit_dialog.reason')}
          description={t(
            credit.is_below_minimum
              ? 'admin.deposits.credit_dialog.reason_required_hint'
              : 'admin.deposits.credit_dialog.reason_optional_hint',
          )}
          required={credit.is_below_minimum}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            {t('admin.deposits.credit_dialog.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} leftSection={<IconCheck size={16} aria-hidden />}>
            {t('admin.deposits.credit_dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReturnForm({ credit, onClose }: { credit: BankCredit; onClose: () => void }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const queryClient = useQueryClient();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: returnBankTransfer,
    initialValues: { reason: '' },
    toRequest: (values) => ({ credit_id: credit.credit_id, reason: values.reason }),
    onSuccess: async () => {
      showSuccess(
        t('admin.deposits.return_dialog.done', {
          amount: amountText(credit.amount, credit.currency),
          currency: credit.currency,
          sender: credit.sender,
        }),
      );
      onClose();
      await refreshBackOffice(queryClient);
    },
  });
  // An empty reason reads "Please fill in the reason" rather than the schema's "at least 3 characters".
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (form.getValues().reason.trim() === '') {
      event.preventDefault();
      form.setFieldError('reason', fieldError({ key: 'validation.reason_required' }));
      reasonRef.current?.focus();
      return;
    }
    submit(event);
  };
  return (
    <form noValidate onSubmit={onSubmit} style={readableErrorColour}>
      <Stack gap="md">
        <CreditSummary credit={credit} />
        <FormAlert message={formError} />
        <Text size="sm">{t('admin.deposits.return_dialog.what_happens')}</Text>
        <Textarea
          ref={reasonRef}
          label={t('admin.deposits.return_dialog.reason')}
          description={t('admin.deposits.return_dialog.reason_hint')}
          required
          autosize
          minRows={2}
          maxRows={6}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            {t('admin.deposits.return_dialog.cancel')}
          </Button>
          <Button
            type="submit"
            color="red"
            loading={isSubmitting}
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
          >
            {t('admin.deposits.return_dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Decision = { kind: 'credit' | 'return'; credit: BankCredit };

/** The bank transfers to match, under the queue's search box (which stays while the list reloads). */
function ToMatchPanel() {
  const { text, setText, search } = useQueueSearch();
  return (
    <Stack gap="md">
      <QueueSearchInput text={text} onChange={setText} />
      <ToMatchList search={search} />
    </Stack>
  );
}

function ToMatchList({ search }: { search: string }) {
  const { t } = useTranslation();
  const credits = useBankCredits('unmatched', search);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const items = credits.data?.pages.flatMap((page) => page.items) ?? [];
  const close = () => setIsDialogOpen(false);

  if (credits.isPending) return <TableSkeleton rows={4} columns={5} />;
  if (credits.isError) return <LoadError error={credits.error} onRetry={() => void credits.refetch()} />;
  return (
    <Stack gap="md">
      {items.length === 0 && search ? (
        <EmptyState
          icon={<IconSearch size={26} stroke={1.6} />}
          title={t('admin.queue_search.none_title')}
          description={t('admin.queue_search.none_description')}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconInbox size={26} stroke={1.6} />}
          title={t('admin.deposits.to_match_empty_title')}
          description={t('admin.deposits.to_match_empty')}
        />
      ) : (
        <>
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((credit) => (
              <CreditToMatch
                key={credit.credit_id}
                credit={credit}
                onDecide={(kind, chosen) => {
                  setDecision({ kind, credit: chosen });
                  setIsDialogOpen(true);
                }}
              />
            ))}
          </Stack>
          <LoadMore
            loadMoreLabel={t('admin.deposits.load_more')}
            query={credits}
            allLoaded={t('admin.deposits.all_loaded')}
          />
        </>
      )}
      <Dialog
        isOpen={isDialogOpen}
        onClose={close}
        title={t(
          decision?.kind === 'return' ? 'admin.deposits.return_dialog.title' : 'admin.deposits.credit_dialog.title',
        )}
        size="lg"
      >
        {decision?.kind === 'credit' ? (
          <CreditForm key={decision.credit.credit_id} credit={decision.credit} onClose={close} />
        ) : decision?.kind === 'return' ? (
          <ReturnForm key={decision.credit.credit_id} credit={decision.credit} onClose={close} />
        ) : null}
      </Dialog>
    </Stack>
  );
}

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
        {t('admin.deposits.fee_text', { fee: formatAmount(fee, asset, locale), asset })}
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
          {t('admin.deposits.decided_by', { email: credit.decided_by })}
        </Text>
      ) : null}
    </Stack>
  );
}

function DecidedTable({ items }: { items: readonly BankCredit[] }) {
  const { t } = useTranslation();
  const creditWhat = useCreditWhat();
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table verticalSpacing="sm">
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{t('admin.deposits.fields.received_at')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('admin.deposits.fields.amount')}</Table.Th>
            <Table.Th>{t('admin.deposits.fields.company')}</Table.Th>
            <Table.Th>{t('admin.deposits.fields.credited')}</Table.Th>
            <Table.Th>{t('admin.deposits.fields.decided')}</Table.Th>
            <Table.Th>{t('admin.deposits.fields.reason')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('admin.deposits.history.open')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: one block per decision. */
function DecidedList({ items }: { items: readonly BankCredit[] }) {
  const { t } = useTranslation();
  const creditWhat = useCreditWhat();
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((credit, index) => (
        <Box
          key={credit.credit_id}
          component="li"
          py="sm"
          px="md"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Amount value={credit.amount} currency={credit.currency} fw={600} />
            <ToneBadge colour={colourOfStatus[credit.status]}>
              {t(`admin.deposits.statuses.${credit.status}`)}
            </ToneBadge>
          </Group>
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs" mt="xs">
            <LabelledValue label={t('admin.deposits.fields.company')}>
              <CompanyName credit={credit} />
            </LabelledValue>
            <LabelledValue label={t('admin.deposits.fields.received_at')}>
              <DateTime value={credit.received_at} />
            </LabelledValue>
            {credit.credited ? (
              <LabelledValue label={t('admin.deposits.fields.credited')}>
                <CreditedText credit={credit} />
              </LabelledValue>
            ) : null}
          </SimpleGrid>
          <Box mt="xs">
            <LabelledValue label={t('admin.deposits.fields.decided')}>
              <DecidedBy credit={credit} />
            </LabelledValue>
          </Box>
          {credit.reason ? (
            <Box mt="xs">
              <LabelledValue label={t('admin.deposits.fields.reason')}>{credit.reason}</LabelledValue>
            </Box>
          ) : null}
          <Group justify="flex-end" mt="xs">
            <HistoryButton id={credit.credit_id} what={creditWhat(credit)} />
          </Group>
        </Box>
      ))}
    </Stack>
  );
}

function DecidedPanel() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DecidedStatus>('credited');
  const { text, setText, search } = useQueueSearch();
  const credits = useBankCredits(status, search);
  const items = credits.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      <QueueSearchInput text={text} onChange={setText} />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="decided-filter-label">
          {t('admin.deposits.decided_filter')}
        </Text>
        <SegmentedControl
          aria-labelledby="decided-filter-label"
          value={status}
          onChange={(value) => setStatus(value as DecidedStatus)}
          data={decidedStatuses.map((value) => ({ value, label: t(`admin.deposits.statuses.${value}`) }))}
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
          title={t('admin.deposits.decided_empty_title')}
          description={t('admin.deposits.decided_empty')}
        />
      ) : (
        <>
          <Paper withBorder px="sm">
            <Box visibleFrom="sm">
              <DecidedTable items={items} />
            </Box>
            <Box hiddenFrom="sm" mx="-sm">
              <DecidedList items={items} />
            </Box>
          </Paper>
          <LoadMore
            loadMoreLabel={t('admin.deposits.load_more')}
            query={credits}
            allLoaded={t('admin.deposits.all_loaded')}
          />
        </>
      )}
    </Stack>
  );
}

function shortHash(hash: string): string {
  return hash.length > 18 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash;
}

type HeldDecision = { kind: 'credit' | 'return'; deposit: DepositInFlight };

/**
 * A first deposit below the minimum, confirmed and held (DECISIONS.md: the back office credits it,
 * saying why, or returns it): its decision, with the reason the audit log keeps.
 */
function HeldDepositForm({ decision, onClose }: { decision: HeldDecision; onClose: () => void }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const queryClient = useQueryClient();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const { deposit, kind } = decision;
  const what = `${amountText(deposit.amount, deposit.asset)} ${deposit.asset} · ${deposit.company.name}`;
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: kind === 'credit' ? creditHeldDeposit : returnHeldDeposit,
    initialValues: { reason: '' },
    toRequest: (values) => ({ deposit_id: deposit.deposit_id, reason: values.reason.trim() }),
    onSuccess: async () => {
      showSuccess(t(`admin.deposits.held.${kind}_done`, { what }));
      onClose();
      await refreshBackOffice(queryClient);
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (form.getValues().reason.trim() === '') {
      event.preventDefault();
      form.setFieldError('reason', fieldError({ key: 'validation.reason_required' }));
      reasonRef.current?.focus();
      return;
    }
    submit(event);
  };
  return (
    <form noValidate onSubmit={onSubmit} style={readableErrorColour}>
      <Stack gap="md">
        <Text fw={600}>{what}</Text>
        <FormAlert message={formError} />
        <Text size="sm">{t(`admin.deposits.held.${kind}_what_happens`)}</Text>
        <Textarea
          ref={reasonRef}
          label={t('admin.deposits.held.reason')}
          description={t('admin.deposits.held.reason_hint')}
          required
          autosize
          minRows={2}
          maxRows={6}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            {t('admin.deposits.held.cancel')}
          </Button>
          <Button type="submit" color={kind === 'return' ? 'red' : undefined} loading={isSubmitting}>
            {t(`admin.deposits.held.${kind}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function HeldActions({ deposit, onDecide }: { deposit: DepositInFlight; onDecide: (decision: HeldDecision) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" onClick={() => onDecide({ kind: 'credit', deposit })}>
        {t('admin.deposits.held.credit')}
      </Button>
      <Button size="xs" variant="default" onClick={() => onDecide({ kind: 'return', deposit })}>
        {t('admin.deposits.held.return')}
      </Button>
    </Group>
  );
}

function Confirmations({ deposit }: { deposit: DepositInFlight }) {
  const { t } = useTranslation();
  if (deposit.status === 'admin_review')
    return (
      <Text size="sm" c="orange.9" miw={130}>
        {t('admin.deposits.held.status')}
      </Text>
    );
  const label = t('admin.deposits.in_flight.confirmations_of', {
    count: deposit.confirmations,
    required: deposit.confirmations_required,
  });
  const percent = Math.min(100, (100 * deposit.confirmations) / Math.max(1, deposit.confirmations_required));
  return (
    <Stack gap={4} miw={130}>
      <Text size="sm" className="tabular-figures">
        {label}
      </Text>
      <Progress
        value={percent}
        size="sm"
        aria-label={`${t('admin.deposits.in_flight.columns.confirmations')}: ${label}`}
      />
    </Stack>
  );
}

function TransactionHash({ hash }: { hash: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" ff="monospace" title={hash}>
        {shortHash(hash)}
      </Text>
      <CopyValueButton
        value={hash}
        label={t('admin.deposits.in_flight.copy_hash')}
        copiedLabel={t('admin.deposits.in_flight.copied')}
      />
    </Group>
  );
}

function InFlightPanel() {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const inFlightWhat = (deposit: DepositInFlight) =>
    `${amountText(deposit.amount, deposit.asset)} ${deposit.asset} ${deposit.network} · ${deposit.company.name}`;
  const deposits = useInfiniteQuery({
    queryKey: [listDepositsInFlight.path],
    queryFn: ({ pageParam, signal }) =>
      loadScreenData(
        listDepositsInFlight,
        { page_size: defaultPageSize, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: inFlightRefreshMs,
  });
  const [held, setHeld] = useState<HeldDecision | null>(null);
  const items = deposits.data?.pages.flatMap((page) => page.items) ?? [];
  if (deposits.isPending) return <TableSkeleton rows={4} columns={6} />;
  if (deposits.isError) return <LoadError error={deposits.error} onRetry={() => void deposits.refetch()} />;
  if (items.length === 0)
    return (
      <EmptyState
        icon={<IconCoins size={26} stroke={1.6} />}
        title={t('admin.deposits.in_flight.empty_title')}
        description={t('admin.deposits.in_flight.empty')}
      />
    );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('admin.deposits.in_flight.refresh_note')}
      </Text>
      <Paper withBorder px="sm">
        <Box visibleFrom="sm">
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm">
              <Table.Thead style={{ whiteSpace: 'nowrap' }}>
                <Table.Tr>
                  <Table.Th>{t('admin.deposits.in_flight.columns.company')}</Table.Th>
                  <Table.Th>{t('admin.deposits.in_flight.columns.asset')}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('admin.deposits.in_flight.columns.amount')}</Table.Th>
                  <Table.Th>{t('admin.deposits.in_flight.columns.confirmations')}</Table.Th>
                  <Table.Th>{t('admin.deposits.in_flight.columns.seen_at')}</Table.Th>
                  <Table.Th>{t('admin.deposits.in_flight.columns.hash')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('admin.deposits.history.open')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((deposit) => (
                  <Table.Tr key={deposit.deposit_id} data-testid="deposit-in-flight">
                    <Table.Td fz="sm">{deposit.company.name}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={500}>
                          {deposit.asset}
                        </Text>
                        {deposit.network === deposit.asset ? null : (
                          <Text size="xs" c="dimmed">
                            {deposit.network}
                          </Text>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>
                      <Amount value={deposit.amount} currency={deposit.asset} size="sm" />
                    </Table.Td>
                    <Table.Td>
                      <Confirmations deposit={deposit} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <DateTime value={deposit.seen_at} size="sm" />
                    </Table.Td>
                    <Table.Td>
                      <TransactionHash hash={deposit.tx_hash} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {deposit.status === 'admin_review' ? (
                          <HeldActions deposit={deposit} onDecide={setHeld} />
                        ) : null}
                        <HistoryButton id={deposit.deposit_id} what={inFlightWhat(deposit)} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
        <Stack hiddenFrom="sm" gap={0} component="ul" m={0} p={0} mx="-sm" style={{ listStyle: 'none' }}>
          {items.map((deposit, index) => (
            <Box
              key={deposit.deposit_id}
              component="li"
              py="sm"
              px="md"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0}>
                  <Amount value={deposit.amount} currency={deposit.asset} fw={600} />
                  {deposit.network === deposit.asset ? null : (
                    <Text size="xs" c="dimmed">
                      {deposit.network}
                    </Text>
                  )}
                </Stack>
                <Text size="sm" ta="right">
                  {deposit.company.name}
                </Text>
              </Group>
              <Box mt="xs">
                <Confirmations deposit={deposit} />
              </Box>
              <Group justify="space-between" gap="xs" mt="xs" wrap="nowrap">
                <DateTime value={deposit.seen_at} size="xs" c="dimmed" />
                <TransactionHash hash={deposit.tx_hash} />
              </Group>
              <Group justify="flex-end" mt="xs">
                {deposit.status === 'admin_review' ? <HeldActions deposit={deposit} onDecide={setHeld} /> : null}
                <HistoryButton id={deposit.deposit_id} what={inFlightWhat(deposit)} />
              </Group>
            </Box>
          ))}
        </Stack>
      </Paper>
      <LoadMore
        loadMoreLabel={t('admin.deposits.load_more')}
        query={deposits}
        allLoaded={t('admin.deposits.all_loaded')}
      />
      <Dialog
        isOpen={held !== null}
        onClose={() => setHeld(null)}
        title={t(held?.kind === 'return' ? 'admin.deposits.held.return_title' : 'admin.deposits.held.credit_title')}
        size="lg"
      >
        {held ? (
          <HeldDepositForm
            key={`${held.kind}-${held.deposit.deposit_id}`}
            decision={held}
            onClose={() => setHeld(null)}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}

function SimulatorCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} fz="md" id={id}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

function BankCreditSimulator() {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: simulateBankCredit,
    initialValues: { currency: 'USD' as FiatCurrency, amount: '', reference: '', sender: '' },
    toRequest: (values) => ({ ...values, amount: values.amount.trim() }),
    onSuccess: async (answer) => {
      showSuccess(
        t('admin.deposits.simulator.bank_credit.done', {
          amount: amountText(answer.amount, answer.currency),
          currency: answer.currency,
          sender: answer.sender,
        }),
      );
      form.setFieldValue('amount', '');
      await refreshBackOffice(queryClient);
    },
  });
  const values = form.getValues();
  return (
    <SimulatorCard
      id="simulator-bank-credit"
      title={t('admin.deposits.simulator.bank_credit.title')}
      description={t('admin.deposits.simulator.bank_credit.description')}
    >
      <form noValidate onSubmit={submit} style={readableErrorColour} aria-labelledby="simulator-bank-credit">
        <Stack gap="sm">
          <FormAlert message={formError} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={t('admin.deposits.simulator.bank_credit.currency')}
              data={[...fiatCurrencies]}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('currency')}
            />
            <AmountInput
              label={t('admin.deposits.simulator.bank_credit.amount')}
              currency={values.currency}
              withAsterisk
              {...form.getInputProps('amount')}
            />
          </SimpleGrid>
          <TextInput
            label={t('admin.deposits.simulator.bank_credit.reference')}
            autoComplete="off"
            withAsterisk
            styles={monospaceInput}
            {...form.getInputProps('reference')}
          />
          <TextInput
            label={t('admin.deposits.simulator.bank_credit.sender')}
            autoComplete="off"
            withAsterisk
            {...form.getInputProps('sender')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} leftSection={<IconBuildingBank size={16} aria-hidden />}>
              {t('admin.deposits.simulator.bank_credit.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SimulatorCard>
  );
}

function CoinsSimulator() {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: simulateIncomingDeposit,
    initialValues: { address: '', asset: 'USDT' as DigitalAsset, network: 'ERC20' as Network, amount: '' },
    toRequest: (values) => ({ ...values, address: values.address.trim(), amount: values.amount.trim() }),
    onSuccess: async (answer) => {
      showSuccess(
        t('admin.deposits.simulator.coins.done', {
          amount: amountText(answer.amount, answer.asset),
          asset: answer.asset,
          network: answer.network,
          required: answer.confirmations_required,
        }),
      );
      form.setFieldValue('amount', '');
      await refreshBackOffice(queryClient);
    },
  });
  const values = form.getValues();
  return (
    <SimulatorCard
      id="simulator-coins"
      title={t('admin.deposits.simulator.coins.title')}
      description={t('admin.deposits.simulator.coins.description')}
    >
      <form noValidate onSubmit={submit} style={readableErrorColour} aria-labelledby="simulator-coins">
        <Stack gap="sm">
          <FormAlert message={formError} />
          <TextInput
            label={t('admin.deposits.simulator.coins.address')}
            autoComplete="off"
            withAsterisk
            styles={monospaceInput}
            {...form.getInputProps('address')}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Select
              label={t('admin.deposits.simulator.coins.asset')}
              data={[...digitalAssets]}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('asset')}
              onChange={(value) => {
                const asset = (value ?? 'USDT') as DigitalAsset;
                form.setFieldValue('asset', asset);
                // A network the new asset does not travel on gives way to its first.
                if (!networksOfAsset[asset].includes(values.network))
                  form.setFieldValue('network', networksOfAsset[asset][0] ?? values.network);
              }}
            />
            <Select
              label={t('admin.deposits.simulator.coins.network')}
              data={[...networksOfAsset[values.asset]]}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('network')}
            />
            <AmountInput
              label={t('admin.deposits.simulator.coins.amount')}
              currency={values.asset}
              withAsterisk
              {...form.getInputProps('amount')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} leftSection={<IconCoins size={16} aria-hidden />}>
              {t('admin.deposits.simulator.coins.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SimulatorCard>
  );
}

function BlocksSimulator() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: simulateBlocks,
    initialValues: { blocks: 1 as number | string },
    toRequest: (values) => ({ blocks: values.blocks === '' ? undefined : Number(values.blocks) }),
    onSuccess: async (answer) => {
      showSuccess(t('admin.deposits.simulator.blocks.done', { count: answer.credited }));
      await refreshBackOffice(queryClient);
    },
  });
  return (
    <SimulatorCard
      id="simulator-blocks"
      title={t('admin.deposits.simulator.blocks.title')}
      description={t('admin.deposits.simulator.blocks.description')}
    >
      <form noValidate onSubmit={submit} style={readableErrorColour} aria-labelledby="simulator-blocks">
        <Stack gap="sm">
          <FormAlert message={formError} />
          <Group align="flex-end" gap="sm">
            <NumberInput
              label={t('admin.deposits.simulator.blocks.blocks')}
              min={1}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              w={140}
              withAsterisk
              {...form.getInputProps('blocks')}
            />
            <Button type="submit" loading={isSubmitting}>
              {t('admin.deposits.simulator.blocks.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SimulatorCard>
  );
}

function SimulatorPanel() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Alert color="yellow" variant="light" icon={<IconFlask size={18} aria-hidden />}>
        <Text size="sm" c="var(--mantine-color-text)">
          {t('admin.deposits.simulator.note')}
        </Text>
      </Alert>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <BankCreditSimulator />
        <Stack gap="lg">
          <CoinsSimulator />
          <BlocksSimulator />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/** Any id or hash staff have in hand (a client's history line, a notice, a hash): its deposit's history. */
function HistoryLookup({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = value.trim();
    const checked = DepositHistoryRequest.safeParse({ id });
    if (!checked.success) {
      setError(t(id === '' ? 'validation.required' : 'validation.invalid_format'));
      return;
    }
    setError(null);
    onOpen(id);
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label={t('admin.deposits.history.lookup_label')}
          placeholder={t('admin.deposits.history.lookup_placeholder')}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autoComplete="off"
          spellCheck={false}
          styles={monospaceInput}
          maxLength={100}
          style={{ flex: 1, maxWidth: 560 }}
        />
        <Button type="submit" variant="default" mt={25} leftSection={<IconHistory size={16} aria-hidden />}>
          {t('admin.deposits.history.lookup_submit')}
        </Button>
      </Group>
    </form>
  );
}

export function DepositOperationsPage() {
  const { t } = useTranslation();
  const mayWork = useHoldsPermission('deposit_operations');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = tabs.includes(requested as Tab) ? (requested as Tab) : 'to_match';
  const depositId = searchParams.get('deposit');
  const setDeposit = (id: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('deposit', id);
      else next.delete('deposit');
      return next;
    });

  if (mayWork === false) return <NoPermissionPage title={t('pages.admin_deposits.title')} />;

  return (
    <PageFrame title={t('pages.admin_deposits.title')} description={t('pages.admin_deposits.purpose')}>
      <OpenHistoryContext.Provider value={setDeposit}>
        <HistoryLookup onOpen={setDeposit} />
        <Tabs
          value={tab}
          onChange={(value) => setSearchParams(value && value !== 'to_match' ? { tab: value } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            {tabs.map((value) => (
              <Tabs.Tab key={value} value={value} fw={500}>
                {t(`admin.deposits.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="to_match">
            <ToMatchPanel />
          </Tabs.Panel>
          <Tabs.Panel value="decided">
            <DecidedPanel />
          </Tabs.Panel>
          <Tabs.Panel value="in_flight">
            <InFlightPanel />
          </Tabs.Panel>
          <Tabs.Panel value="simulator">
            <SimulatorPanel />
          </Tabs.Panel>
        </Tabs>
        <DepositHistoryDrawer depositId={depositId} onClose={() => setDeposit(null)} />
      </OpenHistoryContext.Provider>
    </PageFrame>
  );
}
