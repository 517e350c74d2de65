/**
 * A history's filter bar: a search form whose fields the page lays out in a 24-column grid, and a
 * "Clear filters" once one is set. The values are the address's search parameters
 * (useHistoryParams), so a filtered list survives a reload and can be shared.
 */
import { Button, Grid, type GridColProps, Group, Paper, Select, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { historyValuesOf } from './history-values.ts';
import { useIdleAfterPage } from './use-idle-after-page.ts';

export function HistoryFilterBar({
  label,
  clearLabel,
  hasFilters,
  onClear,
  children,
}: {
  label: string;
  clearLabel: string;
  hasFilters: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      role="search"
      aria-label={label}
      onSubmit={(event) => event.preventDefault()}
    >
      <Grid columns={24} gap="md">
        {children}
      </Grid>
      {hasFilters ? (
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" size="xs" leftSection={<IconFilterOff size={14} aria-hidden />} onClick={onClear}>
            {clearLabel}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

/** A choice of one value or all, in its own grid column; `col` carries what folds it on a phone. */
export function HistoryChoice({
  span,
  col,
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  span: GridColProps['span'];
  col?: { className?: string; 'data-folded'?: true | undefined };
  label: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  // The options are drawn, hidden, once the page is idle: the first opening then only shows them,
  // where drawing them inside the tap was most of its time (bench/README.md).
  const isIdle = useIdleAfterPage();
  return (
    <Grid.Col span={span} {...col}>
      <Select
        label={label}
        data={[{ value: '', label: allLabel }, ...options]}
        value={value}
        allowDeselect={false}
        onChange={(chosen) => onChange(chosen ?? '')}
        comboboxProps={{ keepMounted: isIdle }}
      />
    </Grid.Col>
  );
}

/**
 * The text search. Typed locally so that the cursor never jumps; the address follows each
 * keystroke, and a change of the address (clearing the filters) comes back here.
 */
export function HistorySearch({
  label,
  placeholder,
  maxLength,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  maxLength: number | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      type="search"
      maxLength={maxLength}
      value={text}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        onChange(typed.trim());
      }}
    />
  );
}

/**
 * The filters of a history as the address holds them. A change replaces the address entry rather
 * than adding one, so Back leaves the page instead of stepping through filters.
 */
export function useHistoryParams<Key extends string>(filterKeys: readonly Key[]) {
  const [params, setParams] = useSearchParams();
  const values = historyValuesOf(params, filterKeys);
  const setParam = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  /** `kept`: what the page keeps when its filters clear (the card the list is of). */
  const clearFilters = (kept: Record<string, string> = {}) => setParams(new URLSearchParams(kept), { replace: true });
  return {
    params,
    values,
    hasFilters: filterKeys.some((key) => values[key] !== ''),
    setParam,
    clearFilters,
  };
}
