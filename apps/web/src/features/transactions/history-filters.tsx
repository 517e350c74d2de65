/**
 * The history's filter bar: a text search, the period, type, asset and status. The values are the
 * address's search parameters (the page owns them), so a filtered list survives a reload and can
 * be shared; the text is typed here and reaches the address as it is typed. On a phone the filters
 * beyond the search fold behind a button that counts those set.
 */
import { digitalAssets } from '@bank/contract/money';
import { transactionStatuses } from '@bank/contract/states';
import { TransactionFilter, transactionTypes } from '@bank/contract/transaction';
import { Button, Grid } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maxLengthAt } from '../../lib/call-form.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { todayIso } from '../../ui/format-date.ts';
import { HistoryChoice, HistoryFilterBar, HistorySearch } from '../../ui/history-filter-bar.tsx';
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
  const setCount = foldedKeys.filter((key) => values[key] !== '').length;
  // An address that arrives with filters set shows them.
  const [isUnfolded, setIsUnfolded] = useState(setCount > 0);
  const foldable = { className: classes.more, 'data-folded': isUnfolded ? undefined : (true as const) };
  const optionsOf = (options: readonly string[], label: (value: string) => string) =>
    options.map((value) => ({ value, label: label(value) }));

  return (
    <HistoryFilterBar
      label={t('transactions.filters.label')}
      clearLabel={t('transactions.filters.clear')}
      hasFilters={hasFilters}
      onClear={onClear}
    >
      <Grid.Col span={spans.search}>
        <HistorySearch
          label={t('transactions.filters.search')}
          placeholder={t('transactions.filters.search_placeholder')}
          maxLength={textMaxLength}
          value={values.text}
          onChange={(value) => onChange('text', value)}
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
      <HistoryChoice
        span={spans.type}
        col={foldable}
        label={t('transactions.filters.type')}
        allLabel={t('transactions.filters.all_types')}
        options={optionsOf(transactionTypes, (value) => t(`transactions.types.${value}` as never))}
        value={values.type}
        onChange={(value) => onChange('type', value)}
      />
      <HistoryChoice
        span={spans.asset}
        col={foldable}
        label={t('transactions.filters.asset')}
        allLabel={t('transactions.filters.all_assets')}
        options={optionsOf(digitalAssets, (value) => value)}
        value={values.asset}
        onChange={(value) => onChange('asset', value)}
      />
      <HistoryChoice
        span={spans.status}
        col={foldable}
        label={t('transactions.filters.status')}
        allLabel={t('transactions.filters.all_statuses')}
        options={optionsOf(transactionStatuses, (value) => t(`states.transaction.${value}` as never))}
        value={values.status}
        onChange={(value) => onChange('status', value)}
      />
    </HistoryFilterBar>
  );
}
