/**
 * The pieces of a KYC list of people (shareholders, officers, authorised persons): a card per row
 * with its remove button, the list's own error, and the button that adds a row with what is left.
 */
import { ActionIcon, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One row: its numbered title, labelling the group for a screen reader, and its fields. */
export function RowCard({
  rowKey,
  title,
  removeLabel,
  isEditable,
  onRemove,
  children,
}: {
  rowKey: string;
  title: string;
  removeLabel: string;
  isEditable: boolean;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" bg="gray.0" role="group" aria-labelledby={`${rowKey}-title`}>
      <Group justify="space-between" mb="xs">
        <Text id={`${rowKey}-title`} fw={600} size="sm">
          {title}
        </Text>
        {isEditable ? (
          <Tooltip label={removeLabel}>
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={removeLabel}>
              <IconTrash size={18} stroke={1.6} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      {children}
    </Paper>
  );
}

/** The list's own error (none given, too many), where a failed save moves the focus. */
export function ListError({ message, fieldName }: { message: string | undefined; fieldName: string }) {
  if (!message) return null;
  return (
    <Text size="sm" c="red.8" role="alert" tabIndex={-1} data-field={fieldName}>
      {message}
    </Text>
  );
}

/** Adds a row until the list holds its maximum, and says how many it holds of how many. */
export function AddRowButton({
  label,
  count,
  max,
  onAdd,
}: {
  label: string;
  count: number;
  max: number;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd} disabled={count >= max}>
        {label}
      </Button>
      <Text size="xs" c="dimmed">
        {t('kyc.ownership.rows_left', { count, max })}
      </Text>
    </Group>
  );
}
