/**
 * The home page's balances (dashboard/home): the total in US dollars at the rates' time, then one
 * tile per digital asset with its balance, its dollar value, and what is available and held when
 * a payment holds part of it. Zero balances are shown as zero, with a line saying where money will
 * appear; stale rates are said, never hidden.
 */
import { localeOfLanguage } from '@bank/contract/constants';
import { type AssetBalance, getDashboardHome } from '@bank/contract/ledger';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { formatAmount } from '../../ui/format-amount.ts';
import { formatDateTime } from '../../ui/format-date.ts';
import { QueryState } from '../../ui/query-state.tsx';

function isZero(value: string): boolean {
  return /^[0.]+$/.test(value);
}

/** One part of a balance (available, held) under its tile. */
function SplitLine({ label, value, asset }: { label: string; value: string; asset: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Amount value={value} currency={asset} size="xs" isCurrencyHidden />
    </Group>
  );
}

function AssetTile({ line }: { line: AssetBalance }) {
  const { t } = useTranslation();
  const locale = localeOfLanguage[useLanguage()];
  const isHolding = !isZero(line.held);
  return (
    <Card withBorder padding="md" component="li" aria-label={line.asset}>
      <Stack gap={6}>
        <Text size="sm" fw={600} c="dimmed">
          {line.asset}
        </Text>
        <Amount value={line.balance} currency={line.asset} fz="xl" fw={600} isCurrencyHidden />
        <Text size="sm" c="dimmed" className="tabular-figures">
          {line.usd_value === null
            ? '—'
            : t('shell.home.balance_usd', { value: formatAmount(line.usd_value, 'USD', locale) })}
        </Text>
        {isHolding ? (
          <Stack gap={2} mt={4}>
            <SplitLine label={t('shell.home.balance_available')} value={line.available} asset={line.asset} />
            <SplitLine label={t('shell.home.balance_held')} value={line.held} asset={line.asset} />
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

function BalancesSkeleton() {
  const { t } = useTranslation();
  return (
    <Card role="status" aria-busy="true" aria-label={t('shell.loading')}>
      <Stack gap="md">
        <Skeleton height={14} width={160} radius="sm" />
        <Skeleton height={30} width={220} radius="sm" />
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          {[0, 1, 2, 3].map((tile) => (
            <Skeleton key={tile} height={96} radius="md" />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

export function BalancesCard() {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = localeOfLanguage[language];
  const home = useScreenQuery(getDashboardHome, {});
  return (
    <QueryState query={home} skeleton={<BalancesSkeleton />}>
      {(data) => {
        const ratesTime = formatDateTime(data.rates_at, language);
        const isEmpty = data.balances.every((line) => isZero(line.balance) && isZero(line.held));
        return (
          <Card component="section" aria-labelledby="balances-title">
            <Stack gap="md">
              <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Text component="h2" id="balances-title" fw={600} fz="md" m={0}>
                    {t('shell.home.balances_title')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('shell.home.balances_total')}
                  </Text>
                  {data.total_usd === null ? (
                    <Text size="sm">{t('shell.home.balances_total_unknown')}</Text>
                  ) : (
                    <Text fz={28} fw={650} className="tabular-figures" data-testid="balances-total">
                      {formatAmount(data.total_usd, 'USD', locale)}
                      <Text component="span" inherit c="dimmed" fz="0.5em" fw={500} ml={6}>
                        USD
                      </Text>
                    </Text>
                  )}
                </Stack>
                {data.are_rates_stale ? (
                  <Group gap={6} wrap="nowrap">
                    <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden />
                    <Text size="xs">{t('shell.home.balances_rates_stale', { time: ratesTime })}</Text>
                  </Group>
                ) : (
                  <Text size="xs" c="dimmed">
                    {t('shell.home.balances_rates_at', { time: ratesTime })}
                  </Text>
                )}
              </Group>
              <SimpleGrid
                cols={{ base: 2, md: 4 }}
                spacing="md"
                component="ul"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {data.balances.map((line) => (
                  <AssetTile key={line.asset} line={line} />
                ))}
              </SimpleGrid>
              {isEmpty ? (
                <Text size="sm" c="dimmed">
                  {t('shell.home.balances_empty')}
                </Text>
              ) : null}
            </Stack>
          </Card>
        );
      }}
    </QueryState>
  );
}
