/**
 * The home page's "Total balance" card: the company's total in US dollars at the end of each of the
 * last 30 or 90 days (dashboard/balanceHistory), the latest total and the change over the period,
 * and the chart. The chart library (@mantine/charts on recharts, and its styles, some 100 KB) is its
 * own chunk, balance-chart.tsx, so that no other page carries it. It loads, and the chart is drawn,
 * when the card comes onto the screen: on a phone the card is below the balances, and the home
 * page's first paint does not wait for a chart nobody sees yet.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import { type BalanceHistoryPoint, balanceHistoryDays, getBalanceHistory } from '@bank/contract/ledger';
import { Card, Chip, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useIntersection, useMergedRef } from '@mantine/hooks';
import { IconChartAreaLine } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatAmount } from '../../ui/format-amount.ts';
import { formatDate } from '../../ui/format-date.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { type Days, firstDays } from './home-page-data.ts';

const loadChart = () => import('./balance-chart.tsx');
const BalanceChart = lazy(loadChart);

const chartHeightPx = 220;

const onScreen: IntersectionObserverInit = { threshold: 0 };

/**
 * Whether no query of the page is fetching. Not `useIsFetching`: an external store's change renders
 * again at once (synchronously), and the queries the page's first drawing starts would make that
 * render, and the effects before it, part of the task that commits the page (about 30 ms on a
 * mid-range phone). Here the answer follows as an ordinary update.
 */
function useIsSettled(): boolean {
  const client = useQueryClient();
  const [isSettled, setIsSettled] = useState(false);
  useEffect(() => {
    const check = () => setIsSettled(client.isFetching() === 0);
    const unsubscribe = client.getQueryCache().subscribe(check);
    check();
    return unsubscribe;
  }, [client]);
  return isSettled;
}

/**
 * Whether the element has come onto the screen (and stays so once it has). Judged only once the
 * page's data has arrived: while the cards above are still skeletons the element sits higher than
 * it will, and would seem on screen on a phone where it is not.
 */
function useHasComeOnScreen() {
  const element = useRef<HTMLDivElement | null>(null);
  const { ref: observed, entry } = useIntersection<HTMLDivElement>(onScreen);
  const ref = useMergedRef(element, observed);
  const isSettled = useIsSettled();
  const [hasComeOnScreen, setHasComeOnScreen] = useState(false);
  const isIntersecting = entry?.isIntersecting === true;
  useEffect(() => {
    if (hasComeOnScreen || !isSettled || !isIntersecting) return;
    // The observer's last word may predate the page's final layout: the layout itself decides, two
    // frames on, once what the data's arrival rendered has been laid out (on a busy machine the cards
    // above can still be growing in the frame the last answer arrived).
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        const top = element.current?.getBoundingClientRect().top;
        if (top !== undefined && top < window.innerHeight) setHasComeOnScreen(true);
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [hasComeOnScreen, isSettled, isIntersecting]);
  return { ref, hasComeOnScreen };
}

/**
 * US dollars with 2 decimals as whole cents, so that the change is worked out without floating
 * point. A total that is not a decimal string counts as nothing rather than breaking the card.
 */
function centsOf(usd: string): bigint {
  const match = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(usd.trim());
  if (!match) return 0n;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
  return sign === '-' ? -cents : cents;
}

/** The change from the first to the last point, as a decimal string with 2 decimals ("-1234.50"). */
function changeOfPoints(points: readonly BalanceHistoryPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return '0.00';
  const change = centsOf(last.total_usd) - centsOf(first.total_usd);
  const size = change < 0n ? -change : change;
  return `${change < 0n ? '-' : ''}${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
}

function Figures({ points }: { points: BalanceHistoryPoint[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = localeOfLanguage[language];
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const change = changeOfPoints(points);
  const isDown = change.startsWith('-');
  const isFlat = /^-?0\.00$/.test(change);
  return (
    <Group gap="xl" wrap="wrap" align="flex-end">
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {t('transactions.chart.latest', { date: formatDate(last.date, language) })}
        </Text>
        <Text fz={24} fw={650} className="tabular-figures" data-testid="chart-latest">
          {formatAmount(last.total_usd, 'USD', locale)}
          <Text component="span" inherit c="dimmed" fz="0.55em" fw={500} ml={6}>
            USD
          </Text>
        </Text>
      </Stack>
      <Stack gap={0} pb={4}>
        <Text size="xs" c="dimmed">
          {t('transactions.chart.change', { date: formatDate(first.date, language) })}
        </Text>
        <Text size="sm" fw={600} c={isFlat ? undefined : isDown ? 'red.9' : 'teal.9'} className="tabular-figures">
          {isFlat ? '' : isDown ? '\u2212' : '+'}
          {formatAmount(change.replace(/^-/, ''), 'USD', locale)} USD
        </Text>
      </Stack>
    </Group>
  );
}

export function BalanceChartCard() {
  const { t } = useTranslation();
  const [days, setDays] = useState<Days>(firstDays);
  const history = useScreenQuery(getBalanceHistory, { days });
  const { ref, hasComeOnScreen } = useHasComeOnScreen();
  // One name makes the chips one radio group: the arrow keys move between them, as in any radio group.
  const periodName = useId();
  // The chart's chunk starts loading as the card comes onto the screen.
  useEffect(() => {
    if (hasComeOnScreen) void loadChart().catch(() => undefined);
  }, [hasComeOnScreen]);
  const chartSkeleton = <Skeleton h={chartHeightPx} radius="md" />;
  return (
    <Card ref={ref} component="section" aria-labelledby="balance-chart-title" h="100%">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Text component="h2" id="balance-chart-title" fw={600} fz="md" m={0}>
              {t('transactions.chart.title')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('transactions.chart.description')}
            </Text>
          </Stack>
          {/* Chips rather than a segmented control, whose sliding indicator measures the layout
              in the task that draws home (a forced layout of the whole page on a slow phone). */}
          <Group gap={6} role="radiogroup" aria-label={t('transactions.chart.period')}>
            <Chip.Group multiple={false} value={String(days)} onChange={(value) => setDays(Number(value) as Days)}>
              {balanceHistoryDays.map((count) => (
                <Chip key={count} name={periodName} value={String(count)} size="xs" variant="light">
                  {t('transactions.chart.days', { count })}
                </Chip>
              ))}
            </Chip.Group>
          </Group>
        </Group>
        <QueryState query={history} skeleton={<Skeleton h={chartHeightPx + 56} radius="md" />}>
          {(data) =>
            data.points.every((point) => centsOf(point.total_usd) === 0n) ? (
              <EmptyState
                isBare
                size="sm"
                icon={<IconChartAreaLine size={22} stroke={1.6} />}
                title={t('transactions.chart.empty_title')}
                description={t('transactions.chart.empty')}
              />
            ) : (
              <Stack gap="sm">
                <Figures points={data.points} />
                {hasComeOnScreen ? (
                  <Suspense fallback={chartSkeleton}>
                    <BalanceChart points={data.points} heightPx={chartHeightPx} />
                  </Suspense>
                ) : (
                  chartSkeleton
                )}
              </Stack>
            )
          }
        </QueryState>
      </Stack>
    </Card>
  );
}
