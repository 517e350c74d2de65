/**
 * The history's filter bar: a text search, the period, type, asset and status. The values are the
 * address's search parameters (the page owns them), so a filtered list survives a reload and can
 * be shared; the text is typed here and reaches the address as it is typed. On a phone the filters
 * beyond the search fold behind a button that counts those set.
 */
import { digitalAssets } from '@bank/contract/money';
import { transactionStatuses } from '@bank/contract/states';
import { TransactionFilter, transactionTypes } from '@bank/contract/transaction';
import { Button, Grid, Group, Paper, Select, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maxLengthAt } from '../../lib/call-form.tsx';
import { DateField, todayIso } from '../../ui/date-field.tsx';
import classes from './history-filters.module.css';
import type { HistoryFilterKey } from './transaction-format.ts';

export type HistoryFiltersProps = {
  values: Record<HistoryFilterKey, string>;
  onChange: (key: HistoryFilterKey, value: string) => void;
  onClear: () => void;
  hasFilters: boolean;
};

const textMaxLength = maxLengthAt(TransactionFilter, 'text');

/**
 * Widths in 24ths: one row on a wide screen, the search widest for its hint; narrower, the search,
 * then the period, then the three choices, a row each; on a phone the choices one a row.
 */
const spans = {
  search: { base: 24, lg: 7 },
  date: { base: 12, lg: 3 },
  type: { base: 24, xs: 8, lg: 4 },
  asset: { base: 24, xs: 8, lg: 3 },
  status: { base: 24, xs: 8, lg: 4 },
} as const;

const foldedKeys = ['from', 'to', 'type', 'asset', 'status'] as const;

export function HistoryFilters({ values, onChange, onClear, hasFilters }: HistoryFiltersProps) {
  const { t } = useTranslation();
  // Typed locally so that the cursor never jumps; the address follows each keystroke, and a change of
  // the address (clearing the filters) comes back here.
  const [text, setText] = useState(values.text);
  useEffect(() => {
    setText((current) => (current.trim() === values.text ? current : values.text));
  }, [values.text]);
  const setCount = foldedKeys.filter((key) => values[key] !== '').length;
  // An address that arrives with filters set shows them.
  const [isUnfolded, setIsUnfolded] = useState(setCount > 0);

  const choice = (
    key: 'type' | 'asset' | 'status',
    all: string,
    options: readonly string[],
    label: (value: string) => string,
  ) => ({
    data: [{ value: '', label: all }, ...options.map((value) => ({ value, label: label(value) }))],
    value: values[key],
    allowDeselect: false,
    onChange: (value: string | null) => onChange(key, value ?? ''),
  });
  const foldable = { className: classes.more, 'data-folded': isUnfolded ? undefined : true };

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      role="search"
      aria-label={t('transactions.filters.label')}
      onSubmit={(event) => event.preventDefault()}
    >
      <Grid columns={24} gap="md">
        <Grid.Col span={spans.search}>
          <TextInput
            label={t('transactions.filters.search')}
            placeholder={t('transactions.filters.search_placeholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            maxLength={textMaxLength}
            value={text}
            onChange={(event) => {
              const typed = event.currentTarget.value;
              setText(typed);
              onChange('text', typed.trim());
            }}
          />
          <Button
            hiddenFrom="sm"
            mt="sm"
            variant="default"
            size="xs"
            leftSection={<IconAdjustmentsHorizontal size={14} aria-hidden />}
            aria-expanded={isUnfolded}
            onClick={() => setIsUnfolded((current) => !current)}
          >
            {setCount > 0 ? t('transactions.filters.more_set', { count: setCount }) : t('transactions.filters.more')}
          </Button>
        </Grid.Col>
        <Grid.Col span={spans.date} {...foldable}>
          <DateField
            label={t('transactions.filters.from')}
            value={values.from}
            max={values.to || todayIso()}
            onChange={(value) => onChange('from', value)}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={spans.date} {...foldable}>
          <DateField
            label={t('transactions.filters.to')}
            value={values.to}
            min={values.from}
            max={todayIso()}
            onChange={(value) => onChange('to', value)}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={spans.type} {...foldable}>
          <Select
            label={t('transactions.filters.type')}
            {...choice('type', t('transactions.filters.all_types'), transactionTypes, (value) =>
              t(`transactions.types.${value}` as never),
            )}
          />
        </Grid.Col>
        <Grid.Col span={spans.asset} {...foldable}>
          <Select
            label={t('transactions.filters.asset')}
            {...choice('asset', t('transactions.filters.all_assets'), digitalAssets, (value) => value)}
          />
        </Grid.Col>
        <Grid.Col span={spans.status} {...foldable}>
          <Select
            label={t('transactions.filters.status')}
            {...choice('status', t('transactions.filters.all_statuses'), transactionStatuses, (value) =>
              t(`states.transaction.${value}` as never),
            )}
          />
        </Grid.Col>
      </Grid>
      {hasFilters ? (
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" size="xs" leftSection={<IconFilterOff size={14} aria-hidden />} onClick={onClear}>
            {t('transactions.filters.clear')}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
