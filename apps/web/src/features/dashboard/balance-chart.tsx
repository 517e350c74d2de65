/**
 * The drawing of the balance chart, with @mantine/charts (on recharts) and its styles: a chunk of
 * its own that balance-chart-card.tsx loads lazily, so that only the home page carries it. Days on
 * the axis in the reader's order (day/month in English, month/day in Chinese and Japanese), the
 * full date and the exact total in the tooltip.
 *
 * recharts plots numbers, so the totals become numbers here and only here, for drawing; a total of
 * 2 decimals below 10^13 dollars comes back exactly with toFixed(2) in the tooltip, and every other
 * figure shown as text comes from the decimal strings (balance-chart-card.tsx).
 */
import '@mantine/charts/styles.layer.css';
import { localeOfLanguage } from '@bank/contract/constants';
import type { BalanceHistoryPoint } from '@bank/contract/ledger';
import { AreaChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n.ts';
import { formatAmount } from '../../ui/format-amount.ts';
import { formatDate } from '../../ui/format-date.ts';
import '../../messages/transactions.ts';

export default function BalanceChart({ points, heightPx }: { points: BalanceHistoryPoint[]; heightPx: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = localeOfLanguage[language];
  const axisMoney = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const data = points.map((point) => ({ date: point.date, total: Number(point.total_usd) }));
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? t('transactions.chart.summary', {
          from: formatDate(first.date, language),
          to: formatDate(last.date, language),
          start: formatAmount(first.total_usd, 'USD', locale),
          end: formatAmount(last.total_usd, 'USD', locale),
        })
      : t('transactions.chart.title');
  const shortDate = (date: string) => {
    const [, month = '', day = ''] = date.split('-');
    return language === 'en' ? `${day}/${month}` : `${month}/${day}`;
  };
  return (
    // The figures above the chart and this summary say what it shows; the drawing itself is an image.
    <div role="img" aria-label={summary}>
      <AreaChart
        h={heightPx}
        data={data}
        dataKey="date"
        series={[{ name: 'total', label: t('transactions.chart.series'), color: 'bank.6' }]}
        curveType="monotone"
        withGradient
        fillOpacity={0.25}
        withDots={false}
        gridAxis="x"
        strokeDasharray="3 3"
        tickLine="none"
        valueFormatter={(value) => `${formatAmount(value.toFixed(2), 'USD', locale)} USD`}
        areaChartProps={{ accessibilityLayer: false }}
        xAxisProps={{ tickFormatter: shortDate, minTickGap: 28 }}
        yAxisProps={{ width: 56, tickFormatter: (value: number) => axisMoney.format(value) }}
        tooltipProps={{
          labelFormatter: (date: unknown) => (typeof date === 'string' ? formatDate(date, language) : ''),
        }}
        tooltipAnimationDuration={150}
      />
    </div>
  );
}
