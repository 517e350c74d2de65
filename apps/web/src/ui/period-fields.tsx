/**
 * A filter's period: from and to, each a day no later than today, "to" no earlier than "from".
 * One pair for every history filter bar, each placing it in its own grid columns.
 */
import { Grid, type GridColProps } from '@mantine/core';
import { DateField } from './date-field.tsx';
import { todayIso } from './format-date.ts';

export function PeriodFields({
  from,
  to,
  labels,
  span,
  onChange,
}: {
  from: string;
  to: string;
  labels: { from: string; to: string };
  span: GridColProps['span'];
  onChange: (field: 'from' | 'to', value: string) => void;
}) {
  return (
    <>
      <Grid.Col span={span}>
        <DateField
          label={labels.from}
          value={from}
          max={to || todayIso()}
          onChange={(value) => onChange('from', value)}
          clearable
        />
      </Grid.Col>
      <Grid.Col span={span}>
        <DateField
          label={labels.to}
          value={to}
          min={from}
          max={todayIso()}
          onChange={(value) => onChange('to', value)}
          clearable
        />
      </Grid.Col>
    </>
  );
}
