/**
 * The parts the payees page and the address book share: the list's states (loading, error, empty,
 * the lines with "Load more", a note when the user may only read) and the confirmation of a removal.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';

export function SavedListStates({
  query,
  itemCount,
  readOnlyNote,
  skeletonColumns,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  itemCount: number;
  /** Shown above the list to whom may not change it. */
  readOnlyNote: string | null;
  skeletonColumns: number;
  empty: { icon: ReactNode; title: string; description: string; actions: ReactNode };
  children: ReactNode;
}) {
  return (
    <>
      {readOnlyNote ? (
        <Text size="sm" c="dimmed">
          {readOnlyNote}
        </Text>
      ) : null}
      {query.isPending ? (
        <TableSkeleton rows={5} columns={skeletonColumns} />
      ) : query.isError && itemCount === 0 ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : itemCount === 0 ? (
        <EmptyState icon={empty.icon} title={empty.title} description={empty.description} actions={empty.actions} />
      ) : (
        <Stack gap="md">{children}</Stack>
      )}
    </>
  );
}

/** Removing a saved entry asks once more; the removal itself is the page's. */
export function DeleteConfirmDialog({
  isOpen,
  title,
  body,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  isOpen: boolean;
  title: string;
  body: string;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog isOpen={isOpen} onClose={onCancel} title={title}>
      <Stack gap="md">
        <Text size="sm">{body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button color="red" onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
