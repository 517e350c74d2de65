/**
 * The parts the payees page and the address book share: the list (ui/history-table.tsx's table,
 * phone cards and states, with a note when the user may only read), an entry's card on a phone, its
 * menu (pay, edit, delete), its readiness and the confirmation of a removal. Each page gives its
 * columns and texts.
 */
import { ActionIcon, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../ui/dialog.tsx';
import {
  HistoryCards,
  type HistoryColumn,
  type HistoryEmpty,
  HistoryResults,
  HistoryTable,
} from '../../ui/history-table.tsx';
import { type KeysetPage, LoadMore } from '../../ui/load-more.tsx';
import { Menu, MenuItem } from '../../ui/menu.tsx';
import { isCooling } from './payout-format.ts';
import { CoolingBadge } from './payout-parts.tsx';

/** What a payee and an address book entry have alike: the bank's cooling period after a change. */
type SavedEntry = { usable_from: string; updated_at: string };

/**
 * The list of saved entries: the note to whom may only read, then the list's states, the table on a
 * desktop and the cards on a phone (ui/history-table.tsx), and "Load more". The page gives its own
 * columns and the body of a card; the list adds to both the entry's readiness and its menu.
 * `testId` names the lines (`<testId>-row`, `<testId>-card`) for the journeys.
 */
export function SavedList<Entry extends SavedEntry>({
  query,
  readOnlyNote,
  label,
  testId,
  columns,
  status,
  menu,
  card,
  entryKey,
  empty,
  allLoaded,
}: {
  query: UseInfiniteQueryResult<InfiniteData<KeysetPage<Entry>>>;
  /** Shown above the list to whom may not change it. */
  readOnlyNote: string | null;
  label: string;
  testId: string;
  columns: HistoryColumn<Entry>[];
  status: { header: string; verb: 'paid' | 'used'; readyLabel: string };
  menu: { header: string; of: (entry: Entry) => ReactNode };
  card: { name: (entry: Entry) => string; detail: (entry: Entry) => string; body: (entry: Entry) => ReactNode };
  entryKey: (entry: Entry) => string;
  empty: HistoryEmpty;
  allLoaded: (count: number) => string;
}) {
  const { t } = useTranslation();
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];
  const statusOf = (entry: Entry) => <EntryStatus entry={entry} verb={status.verb} readyLabel={status.readyLabel} />;
  const allColumns: HistoryColumn<Entry>[] = [
    ...columns,
    { key: 'status', header: status.header, cell: statusOf },
    { key: 'actions', header: <VisuallyHidden>{menu.header}</VisuallyHidden>, isRightAligned: true, cell: menu.of },
  ];
  return (
    <>
      {readOnlyNote ? (
        <Text size="sm" c="dimmed">
          {readOnlyNote}
        </Text>
      ) : null}
      {/* The skeleton draws every column but the menu's. */}
      <HistoryResults
        query={query}
        itemCount={entries.length}
        skeleton={{ rows: 5, columns: allColumns.length - 1 }}
        empty={empty}
      >
        <HistoryTable
          label={label}
          minWidth={760}
          columns={allColumns}
          rows={entries}
          rowKey={entryKey}
          rowTestId={`${testId}-row`}
        />
        <HistoryCards
          rows={entries}
          rowKey={entryKey}
          cardTestId={`${testId}-card`}
          card={(entry) => (
            <EntryCard name={card.name(entry)} detail={card.detail(entry)} menu={menu.of(entry)}>
              {card.body(entry)}
              {statusOf(entry)}
            </EntryCard>
          )}
        />
        <LoadMore query={query} loadMoreLabel={t('payouts.load_more')} allLoaded={allLoaded(entries.length)} />
      </HistoryResults>
    </>
  );
}

/** An entry on a phone: its name and what it holds above, its menu beside them, its details below. */
function EntryCard({
  name,
  detail,
  menu,
  children,
}: {
  name: string;
  detail: string;
  menu: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          </Stack>
          {menu}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** When the entry can be used: the cooling badge while the period runs, then "Ready". */
function EntryStatus({ entry, verb, readyLabel }: { entry: SavedEntry; verb: 'paid' | 'used'; readyLabel: string }) {
  if (isCooling(entry)) return <CoolingBadge entry={entry} verb={verb} />;
  return (
    <Text size="sm" c="teal.9">
      {readyLabel}
    </Text>
  );
}

/** What the user may do with the list's entries, and the page's answers to a change. */
export type SavedEntryActions<Entry> = {
  mayManage: boolean;
  mayPay: boolean;
  onEdit: (entry: Entry) => void;
  onDelete: (entry: Entry) => void;
};

/**
 * An entry's menu: start a payout to it (not while its cooling period runs), change it, delete it;
 * nothing to whom may do none of these.
 */
export function SavedEntryMenu<Entry extends SavedEntry>({
  entry,
  actions,
  label,
  pay,
  editLabel,
  deleteLabel,
}: {
  entry: Entry;
  actions: SavedEntryActions<Entry>;
  label: string;
  pay: { to: string; label: string };
  editLabel: string;
  deleteLabel: string;
}) {
  if (!actions.mayManage && !actions.mayPay) return null;
  return (
    <Menu
      position="bottom-end"
      withinPortal
      target={
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      }
    >
      {actions.mayPay ? (
        <MenuItem component={Link} to={pay.to} disabled={isCooling(entry)}>
          {pay.label}
        </MenuItem>
      ) : null}
      {actions.mayManage ? (
        <>
          <MenuItem onClick={() => actions.onEdit(entry)}>{editLabel}</MenuItem>
          <MenuItem color="red" onClick={() => actions.onDelete(entry)}>
            {deleteLabel}
          </MenuItem>
        </>
      ) : null}
    </Menu>
  );
}

/** Removing a saved entry asks once more (open while `entry` is set); the removal itself is the page's. */
export function DeleteConfirmDialog<Entry>({
  entry,
  title,
  body,
  cancelLabel,
  confirmLabel,
  onClose,
  onConfirm,
}: {
  entry: Entry | null;
  title: string;
  body: string;
  cancelLabel: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (entry: Entry) => void;
}) {
  const confirm = () => {
    onClose();
    if (entry !== null) onConfirm(entry);
  };
  return (
    <Dialog isOpen={entry !== null} onClose={onClose} title={title}>
      <Stack gap="md">
        <Text size="sm">{body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button color="red" onClick={confirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
