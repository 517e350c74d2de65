/**
 * /admin/ledger (staff with ledger_explorer): the double-entry ledger as it stands.
 * - Invariant check: run on demand; "sound" with what was counted, or every breach found.
 * - Accounts: the bank's own (conversion, fee, clearing) first, then companies', with balance, held
 *   and available, filtered by kind and asset, 20 at a time with "Load more" (keyset).
 * - Transfers: of the account chosen (or of all), newest first, in a drawer beside the accounts.
 */
import { defaultPageSize } from '@bank/contract/constants';
import {
  checkLedger,
  LedgerAccountKind,
  type LedgerAccountLine,
  type LedgerTransferLine,
  listLedgerAccounts,
  listLedgerTransfers,
} from '@bank/contract/ledger';
import { type Asset, assets } from '@bank/contract/money';
import {
  Badge,
  Box,
  Button,
  Card,
  CloseButton,
  Drawer,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowsRightLeft,
  IconCircleCheck,
  IconDatabaseSearch,
  IconListDetails,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoldsPermission } from '../../../api/user-info.ts';
import { callApi } from '../../../lib/api-client.ts';
import { messageOfError } from '../../../lib/form-errors.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { screenPagesOptions } from '../../../lib/screen-query.ts';
import { Amount } from '../../../ui/amount.tsx';
import { badgeTextStyle } from '../../../ui/badge-text.ts';
import { CopyValueButton } from '../../../ui/copy-value-button.tsx';
import { DateTime } from '../../../ui/date-time.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { formatDateTime } from '../../../ui/format-date.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { type KeysetPage, LoadMore } from '../../../ui/load-more.tsx';
import { NoPermissionPage } from '../../../ui/no-permission-page.tsx';
import { PageFrame } from '../../../ui/page-frame.tsx';
import { TableSkeleton } from '../../../ui/skeletons.tsx';
import { ToneBadge } from '../../../ui/tone-badge.tsx';
import { useOverlayMount } from '../../../ui/use-overlay-mount.ts';
import { accountsRequestOf } from './ledger-explorer-page-data.ts';
import '../../../messages/admin.ts';
import '../../../messages/ledger.ts';

type AccountKind = LedgerAccountLine['kind'];
type TransferState = LedgerTransferLine['state'];

const accountKinds = LedgerAccountKind.options;

const colourOfKind: Record<AccountKind, string> = {
  customer: 'bank',
  conversion: 'violet',
  fee: 'grape',
  clearing: 'cyan',
};

const colourOfState: Record<TransferState, string> = {
  posted: 'teal',
  pending: 'bank',
  voided: 'gray',
};

/** Identifiers are UUIDv7: their first characters are a timestamp that neighbours share, their last are random. */
function shortId(id: string): string {
  return id.length > 10 ? `…${id.slice(-8)}` : id;
}

/** Words for what the wire carries as codes: account kinds, rails, transfer kinds and references. */
function useLedgerWords() {
  const { t, i18n } = useTranslation();
  const known = (key: string, fallback: string) => (i18n.exists(key) ? t(key as never) : fallback);
  return {
    kind: (kind: AccountKind) => t(`ledger.staff.kinds.${kind}`),
    rail: (rail: string) => {
      if (rail === '') return t('shell.date_placeholder');
      if (rail.startsWith('bank_'))
        return t('ledger.staff.accounts.rail_bank', { currency: rail.slice('bank_'.length) });
      return rail;
    },
    owner: (account: LedgerAccountLine) => account.company?.name || t('ledger.staff.accounts.bank'),
    transferKind: (kind: string) => known(`ledger.staff.transfers.kinds.${kind}`, kind),
    referenceType: (type: string) => known(`ledger.staff.transfers.reference_types.${type}`, type),
    rule: (rule: string) => known(`ledger.staff.check.rules.${rule}`, rule),
  };
}

/**
 * "Fee · USDC" for an account id the accounts list has loaded (under any filter), so that the other
 * side of a transfer reads as an account and not only as an id; null for one not loaded yet.
 */
function useAccountDescriptions(): (id: string) => string | null {
  const queryClient = useQueryClient();
  const words = useLedgerWords();
  return (id) => {
    const cached = queryClient.getQueriesData<InfiniteData<KeysetPage<LedgerAccountLine>>>({
      queryKey: [listLedgerAccounts.path],
    });
    for (const [, data] of cached) {
      const account = data?.pages.flatMap((page) => page.items).find((line) => line.account_id === id);
      if (!account) continue;
      // A chain's own coin travels on a rail of its name (BTC on BTC): said once.
      const rail = account.rail && account.rail !== account.asset ? ` · ${words.rail(account.rail)}` : '';
      const owner = account.company ? ` · ${account.company.name}` : '';
      return `${words.kind(account.kind)} · ${account.asset}${rail}${owner}`;
    }
    return null;
  };
}

function InvariantCheckCard() {
  const { t } = useTranslation();
  const language = useLanguage();
  const words = useLedgerWords();
  const check = useMutation({ mutationFn: () => callApi(checkLedger, {}) });
  const result = check.data;
  const counted = result
    ? { accounts: result.accounts, transfers: result.transfers, time: formatDateTime(result.checked_at, language) }
    : null;
  return (
    <Card component="section" aria-labelledby="ledger-check-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4} style={{ flex: '1 1 320px' }}>
            <Title order={2} fz="h4" id="ledger-check-title">
              {t('ledger.staff.check.title')}
            </Title>
            <Text size="sm" c="dimmed" maw={720}>
              {t('ledger.staff.check.description')}
            </Text>
          </Stack>
          <Button
            onClick={() => check.mutate()}
            loading={check.isPending}
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
          >
            {t('ledger.staff.check.run')}
          </Button>
        </Group>
        <FormAlert message={check.isError ? messageOfError(check.error) : null} />
        <Box role="status" aria-live="polite">
          {!result || !counted ? (
            <Text size="sm" c="dimmed">
              {t('ledger.staff.check.not_run')}
            </Text>
          ) : result.breaches.length === 0 ? (
            <Group gap="sm" wrap="wrap" data-testid="ledger-sound">
              <Badge
                color="teal"
                size="lg"
                tt="none"
                fw={600}
                leftSection={<IconCircleCheck size={16} aria-hidden />}
                style={badgeTextStyle('teal')}
              >
                {t('ledger.staff.check.sound')}
              </Badge>
              <Text size="sm" className="tabular-figures">
                {t('ledger.staff.check.sound_text', counted)}
              </Text>
            </Group>
          ) : (
            <Stack gap="sm" data-testid="ledger-breaches">
              <Group gap="sm" wrap="wrap">
                <Badge
                  color="red"
                  size="lg"
                  tt="none"
                  fw={600}
                  leftSection={<IconAlertTriangle size={16} aria-hidden />}
                  style={badgeTextStyle('red')}
                >
                  {t('ledger.staff.check.breached', { count: result.breaches.length })}
                </Badge>
                <Text size="sm" className="tabular-figures">
                  {t('ledger.staff.check.breached_text', counted)}
                </Text>
              </Group>
              <Paper withBorder px="sm" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
                <Table.ScrollContainer minWidth={640}>
                  <Table verticalSpacing="xs">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('ledger.staff.check.columns.rule')}</Table.Th>
                        <Table.Th>{t('ledger.staff.check.columns.subject')}</Table.Th>
                        <Table.Th>{t('ledger.staff.check.columns.detail')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.breaches.map((breach) => (
                        <Table.Tr key={`${breach.rule}-${breach.subject}`}>
                          <Table.Td fz="sm" c="red.9" fw={500}>
                            {words.rule(breach.rule)}
                          </Table.Td>
                          <Table.Td fz="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                            {breach.subject}
                          </Table.Td>
                          <Table.Td fz="sm" ff="monospace" className="tabular-figures">
                            {breach.detail}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Paper>
            </Stack>
          )}
        </Box>
      </Stack>
    </Card>
  );
}

/** Which transfers the drawer shows: one account's, or all of them. */
type TransferSelection = { account: LedgerAccountLine | null };

function AccountsTable({
  accounts,
  selectedId,
  onSelect,
}: {
  accounts: readonly LedgerAccountLine[];
  selectedId: string | null;
  onSelect: (account: LedgerAccountLine) => void;
}) {
  const { t } = useTranslation();
  const words = useLedgerWords();
  const numeric = { textAlign: 'right' } as const;
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm">
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{t('ledger.staff.accounts.columns.kind')}</Table.Th>
            <Table.Th>{t('ledger.staff.accounts.columns.asset')}</Table.Th>
            <Table.Th>{t('ledger.staff.accounts.columns.rail')}</Table.Th>
            <Table.Th>{t('ledger.staff.accounts.columns.company')}</Table.Th>
            <Table.Th style={numeric}>{t('ledger.staff.accounts.columns.balance')}</Table.Th>
            <Table.Th style={numeric}>{t('ledger.staff.accounts.columns.held')}</Table.Th>
            <Table.Th style={numeric}>{t('ledger.staff.accounts.columns.available')}</Table.Th>
            <Table.Th style={numeric}>{t('ledger.staff.accounts.columns.version')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('ledger.staff.accounts.columns.transfers')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account) => {
            const isSelected = account.account_id === selectedId;
            return (
              <Table.Tr
                key={account.account_id}
                bg={isSelected ? 'var(--mantine-color-bank-0)' : undefined}
                data-testid="ledger-account"
              >
                <Table.Td>
                  <ToneBadge colour={colourOfKind[account.kind]}>{words.kind(account.kind)}</ToneBadge>
                </Table.Td>
                <Table.Td fz="sm" fw={500}>
                  {account.asset}
                </Table.Td>
                <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {words.rail(account.rail)}
                </Table.Td>
                <Table.Td fz="sm" c={account.company ? undefined : 'dimmed'}>
                  {words.owner(account)}
                </Table.Td>
                <Table.Td style={numeric}>
                  <Amount value={account.balance} currency={account.asset} size="sm" isCurrencyHidden fw={500} />
                </Table.Td>
                <Table.Td style={numeric}>
                  <Amount value={account.held} currency={account.asset} size="sm" isCurrencyHidden />
                </Table.Td>
                <Table.Td style={numeric}>
                  <Amount value={account.available} currency={account.asset} size="sm" isCurrencyHidden />
                </Table.Td>
                <Table.Td style={numeric} fz="sm" className="tabular-figures">
                  {account.version}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  <Button
                    size="compact-sm"
                    variant={isSelected ? 'filled' : 'light'}
                    leftSection={<IconListDetails size={14} aria-hidden />}
                    onClick={() => onSelect(account)}
                    aria-label={t('ledger.staff.accounts.view_transfers_label', {
                      kind: words.kind(account.kind),
                      asset: account.asset,
                      owner: words.owner(account),
                    })}
                  >
                    {t('ledger.staff.accounts.view_transfers')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: one block per account, its balance first. */
function AccountsList({
  accounts,
  onSelect,
}: {
  accounts: readonly LedgerAccountLine[];
  onSelect: (account: LedgerAccountLine) => void;
}) {
  const { t } = useTranslation();
  const words = useLedgerWords();
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {accounts.map((account, index) => (
        <Box
          key={account.account_id}
          component="li"
          py="sm"
          px="md"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={4} miw={0}>
              <Group gap={6}>
                <ToneBadge colour={colourOfKind[account.kind]}>{words.kind(account.kind)}</ToneBadge>
                <Text size="sm" fw={600}>
                  {account.asset}
                </Text>
                {account.rail ? (
                  <Text size="xs" c="dimmed">
                    {words.rail(account.rail)}
                  </Text>
                ) : null}
              </Group>
              <Text size="sm" c={account.company ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                {words.owner(account)}
              </Text>
            </Stack>
            <Amount value={account.balance} currency={account.asset} fw={600} />
          </Group>
          <Group justify="space-between" gap="xs" mt={6} wrap="nowrap">
            <Text size="xs" c="dimmed" className="tabular-figures">
              {`${t('ledger.staff.accounts.columns.held')} `}
              <Amount value={account.held} currency={account.asset} isCurrencyHidden inherit />
              {` · ${t('ledger.staff.accounts.columns.available')} `}
              <Amount value={account.available} currency={account.asset} isCurrencyHidden inherit />
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => onSelect(account)}
              aria-label={t('ledger.staff.accounts.view_transfers_label', {
                kind: words.kind(account.kind),
                asset: account.asset,
                owner: words.owner(account),
              })}
            >
              {t('ledger.staff.accounts.view_transfers')}
            </Button>
          </Group>
        </Box>
      ))}
    </Stack>
  );
}

function AccountsCard({
  selectedId,
  onSelect,
  onShowAll,
}: {
  selectedId: string | null;
  onSelect: (account: LedgerAccountLine) => void;
  onShowAll: () => void;
}) {
  const { t } = useTranslation();
  const words = useLedgerWords();
  const [kind, setKind] = useState<AccountKind | ''>('');
  const [asset, setAsset] = useState<Asset | ''>('');
  const accounts = useInfiniteQuery(screenPagesOptions(listLedgerAccounts, accountsRequestOf(kind, asset)));
  const items = accounts.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card component="section" aria-labelledby="ledger-accounts-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <Title order={2} fz="h4" id="ledger-accounts-title">
            {t('ledger.staff.accounts.title')}
          </Title>
          <Button variant="default" leftSection={<IconArrowsRightLeft size={16} aria-hidden />} onClick={onShowAll}>
            {t('ledger.staff.accounts.all_transfers')}
          </Button>
        </Group>
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 4 }}
          spacing="md"
          role="search"
          aria-label={t('ledger.staff.accounts.filters')}
        >
          <Select
            label={t('ledger.staff.accounts.kind')}
            data={[
              { value: '', label: t('ledger.staff.accounts.all_kinds') },
              ...accountKinds.map((value) => ({ value, label: words.kind(value) })),
            ]}
            value={kind}
            onChange={(value) => setKind((value ?? '') as AccountKind | '')}
            allowDeselect={false}
          />
          <Select
            label={t('ledger.staff.accounts.asset')}
            data={[
              { value: '', label: t('ledger.staff.accounts.all_assets') },
              ...assets.map((value) => ({ value, label: value })),
            ]}
            value={asset}
            onChange={(value) => setAsset((value ?? '') as Asset | '')}
            allowDeselect={false}
          />
        </SimpleGrid>
        {accounts.isPending ? (
          <TableSkeleton rows={6} columns={8} />
        ) : accounts.isError ? (
          <LoadError error={accounts.error} onRetry={() => void accounts.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            isBare
            icon={<IconDatabaseSearch size={26} stroke={1.6} />}
            title={t('ledger.staff.accounts.empty_title')}
            description={t('ledger.staff.accounts.empty')}
          />
        ) : (
          <>
            <Box visibleFrom="sm">
              <AccountsTable accounts={items} selectedId={selectedId} onSelect={onSelect} />
            </Box>
            <Box hiddenFrom="sm" mx="calc(var(--mantine-spacing-lg) * -1)">
              <AccountsList accounts={items} onSelect={onSelect} />
            </Box>
            <LoadMore
              loadMoreLabel={t('ledger.staff.accounts.load_more')}
              query={accounts}
              allLoaded={t('ledger.staff.accounts.all_loaded')}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}

/** An account id, shortened (whole on hover and when copied), or "This account" in its own list. */
function AccountId({
  id,
  selectedId,
  describe,
}: {
  id: string;
  selectedId: string | null;
  describe: (id: string) => string | null;
}) {
  const { t } = useTranslation();
  if (id === selectedId)
    return (
      <Text size="sm" fw={600} c="bank.8">
        {t('ledger.staff.transfers.this_account')}
      </Text>
    );
  const description = describe(id);
  return (
    <Group gap={4} wrap="nowrap">
      <Stack gap={0}>
        <Text size="sm" ff="monospace" title={id} style={{ whiteSpace: 'nowrap' }}>
          {shortId(id)}
        </Text>
        {description ? (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      <CopyValueButton
        value={id}
        label={t('ledger.staff.transfers.copy_id')}
        copiedLabel={t('ledger.staff.transfers.copied')}
      />
    </Group>
  );
}

function TransferTime({ transfer }: { transfer: LedgerTransferLine }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Stack gap={0}>
      <DateTime value={transfer.created_at} size="sm" style={{ whiteSpace: 'nowrap' }} />
      {transfer.resolved_at && transfer.resolved_at !== transfer.created_at ? (
        <Text size="xs" c="dimmed">
          {t('ledger.staff.transfers.resolved', { time: formatDateTime(transfer.resolved_at, language) })}
        </Text>
      ) : null}
    </Stack>
  );
}

function TransferReference({ transfer }: { transfer: LedgerTransferLine }) {
  const { t } = useTranslation();
  const words = useLedgerWords();
  return (
    <Group gap={4} wrap="nowrap">
      <Stack gap={0}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {words.referenceType(transfer.reference_type)}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace" title={transfer.reference_id} style={{ whiteSpace: 'nowrap' }}>
          {shortId(transfer.reference_id)}
        </Text>
      </Stack>
      <CopyValueButton
        value={transfer.reference_id}
        label={t('ledger.staff.transfers.copy_reference')}
        copiedLabel={t('ledger.staff.transfers.copied')}
      />
    </Group>
  );
}

function TransferState({ state }: { state: TransferState }) {
  const { t } = useTranslation();
  return <ToneBadge colour={colourOfState[state]}>{t(`ledger.staff.transfers.states.${state}`)}</ToneBadge>;
}

function TransfersOf({
  account,
  describe,
}: {
  account: LedgerAccountLine | null;
  describe: (id: string) => string | null;
}) {
  const { t } = useTranslation();
  const words = useLedgerWords();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const accountId = account?.account_id ?? null;
  const transfers = useInfiniteQuery(
    screenPagesOptions(listLedgerTransfers, {
      page_size: defaultPageSize,
      ...(accountId ? { account_id: accountId } : {}),
    }),
  );
  const items = transfers.data?.pages.flatMap((page) => page.items) ?? [];
  if (transfers.isPending) return <TableSkeleton rows={5} columns={6} />;
  if (transfers.isError) return <LoadError error={transfers.error} onRetry={() => void transfers.refetch()} />;
  if (items.length === 0)
    return (
      <EmptyState
        icon={<IconArrowsRightLeft size={26} stroke={1.6} />}
        title={t('ledger.staff.transfers.empty_title')}
        description={t('ledger.staff.transfers.empty')}
      />
    );
  return (
    <Stack gap="md">
      {isPhone ? (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((transfer) => (
            <Paper key={transfer.transfer_id} withBorder p="sm" component="li">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {words.transferKind(transfer.kind)}
                  </Text>
                  <TransferTime transfer={transfer} />
                </Stack>
                <Stack gap={4} align="flex-end">
                  <Amount value={transfer.amount} currency={transfer.asset} fw={600} />
                  <TransferState state={transfer.state} />
                </Stack>
              </Group>
              <SimpleGrid cols={2} spacing="xs" mt="xs">
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    {t('ledger.staff.transfers.columns.debit')}
                  </Text>
                  <AccountId id={transfer.debit_account_id} selectedId={accountId} describe={describe} />
                </Stack>
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    {t('ledger.staff.transfers.columns.credit')}
                  </Text>
                  <AccountId id={transfer.credit_account_id} selectedId={accountId} describe={describe} />
                </Stack>
              </SimpleGrid>
              <Stack gap={2} mt="xs">
                <Text size="xs" c="dimmed">
                  {t('ledger.staff.transfers.columns.reference')}
                </Text>
                <TransferReference transfer={transfer} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Paper withBorder px="sm">
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm">
              <Table.Thead style={{ whiteSpace: 'nowrap' }}>
                <Table.Tr>
                  <Table.Th>{t('ledger.staff.transfers.columns.time')}</Table.Th>
                  <Table.Th>{t('ledger.staff.transfers.columns.kind')}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('ledger.staff.transfers.columns.amount')}</Table.Th>
                  <Table.Th>{t('ledger.staff.transfers.columns.state')}</Table.Th>
                  <Table.Th>{t('ledger.staff.transfers.columns.debit')}</Table.Th>
                  <Table.Th>{t('ledger.staff.transfers.columns.credit')}</Table.Th>
                  <Table.Th>{t('ledger.staff.transfers.columns.reference')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((transfer) => (
                  <Table.Tr key={transfer.transfer_id} data-testid="ledger-transfer">
                    <Table.Td>
                      <TransferTime transfer={transfer} />
                    </Table.Td>
                    <Table.Td fz="sm">{words.transferKind(transfer.kind)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>
                      <Amount value={transfer.amount} currency={transfer.asset} size="sm" />
                    </Table.Td>
                    <Table.Td>
                      <TransferState state={transfer.state} />
                    </Table.Td>
                    <Table.Td>
                      <AccountId id={transfer.debit_account_id} selectedId={accountId} describe={describe} />
                    </Table.Td>
                    <Table.Td>
                      <AccountId id={transfer.credit_account_id} selectedId={accountId} describe={describe} />
                    </Table.Td>
                    <Table.Td>
                      <TransferReference transfer={transfer} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <LoadMore
        loadMoreLabel={t('ledger.staff.accounts.load_more')}
        query={transfers}
        allLoaded={t('ledger.staff.transfers.all_loaded')}
      />
    </Stack>
  );
}

function TransfersDrawer({
  selection,
  isOpen,
  onClose,
  describe,
}: {
  selection: TransferSelection;
  isOpen: boolean;
  onClose: () => void;
  describe: (id: string) => string | null;
}) {
  const { t } = useTranslation();
  const words = useLedgerWords();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const { account } = selection;
  const title = account
    ? t('ledger.staff.transfers.title_account', {
        kind: words.kind(account.kind),
        asset: account.asset,
        owner: words.owner(account),
      })
    : t('ledger.staff.transfers.title_all');
  const overlay = useOverlayMount(isOpen);
  if (!overlay.isMounted) return null;
  return (
    // Compound parts: no <header> inside the drawer, which axe would count as a second banner.
    <Drawer.Root opened={overlay.isOpened} onClose={onClose} position="right" size={isPhone ? '100%' : 1120}>
      <Drawer.Overlay backgroundOpacity={0.45} />
      <Drawer.Content aria-label={title}>
        <Drawer.Body p={{ base: 'md', sm: 'lg' }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" mb="md">
            <Title order={2} fz="lg">
              {title}
            </Title>
            <CloseButton onClick={onClose} aria-label={t('ledger.staff.transfers.close')} size="lg" />
          </Group>
          <Stack gap="md">
            {account ? (
              <Group gap="lg" wrap="wrap">
                {(['balance', 'held', 'available'] as const).map((field) => (
                  <Stack key={field} gap={2}>
                    <Text size="xs" c="dimmed">
                      {t(`ledger.staff.accounts.columns.${field}`)}
                    </Text>
                    <Amount value={account[field]} currency={account.asset} fw={field === 'balance' ? 600 : 400} />
                  </Stack>
                ))}
                {account.rail ? (
                  <Stack gap={2}>
                    <Text size="xs" c="dimmed">
                      {t('ledger.staff.accounts.columns.rail')}
                    </Text>
                    <Text size="sm">{words.rail(account.rail)}</Text>
                  </Stack>
                ) : null}
              </Group>
            ) : null}
            <TransfersOf key={account?.account_id ?? 'all'} account={account} describe={describe} />
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

export function LedgerExplorerPage() {
  const { t } = useTranslation();
  const mayWork = useHoldsPermission('ledger_explorer');
  const [selection, setSelection] = useState<TransferSelection>({ account: null });
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const describe = useAccountDescriptions();

  if (mayWork === false) return <NoPermissionPage title={t('pages.admin_ledger.title')} />;

  return (
    <PageFrame title={t('pages.admin_ledger.title')} description={t('pages.admin_ledger.purpose')}>
      <InvariantCheckCard />
      <AccountsCard
        selectedId={isDrawerOpen ? (selection.account?.account_id ?? null) : null}
        onSelect={(account) => {
          setSelection({ account });
          setIsDrawerOpen(true);
        }}
        onShowAll={() => {
          setSelection({ account: null });
          setIsDrawerOpen(true);
        }}
      />
      <TransfersDrawer
        selection={selection}
        isOpen={isDrawerOpen}
        onClose={() => setIsDrawerOpen(false)}
        describe={describe}
      />
    </PageFrame>
  );
}
