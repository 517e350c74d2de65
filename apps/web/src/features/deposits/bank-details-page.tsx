/**
 * /blockchain_d/bank_details: where to send a fiat bank transfer. The user picks the currency and
 * sees the bank's receiving account line by line, each with a copy button, and the company's own
 * reference first and foremost: a transfer is credited to the company by it.
 */
import { type BankDetails, getBankDetails } from '@bank/contract/deposit';
import { type FiatCurrency, fiatCurrencies } from '@bank/contract/money';
import { Alert, Card, Group, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { CopyValueButton } from '../../ui/copy-value-button.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { TableSkeleton } from '../../ui/skeletons.tsx';
import { firstCurrency } from './bank-details-page-data.ts';
import '../../messages/deposits.ts';

/** The company's reference and why it matters; `reference` undefined while it loads (its place held). */
function ReferenceCard({ reference }: { reference?: string }) {
  const { t } = useTranslation();
  const label = t('deposits.bank.reference');
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title={label}>
      <Stack gap="xs">
        {reference === undefined ? (
          <Skeleton height={31} width={200} />
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Text ff="monospace" fz="xl" fw={700} data-testid="deposit-reference" c="var(--mantine-color-text)">
              {reference}
            </Text>
            <CopyValueButton
              value={reference}
              label={t('deposits.bank.copy', { field: label })}
              copiedLabel={t('deposits.bank.copied', { field: label })}
            />
          </Group>
        )}
        <Text size="sm" c="var(--mantine-color-text)">
          {t('deposits.bank.reference_help')}
        </Text>
      </Stack>
    </Alert>
  );
}

function AccountLines({ details }: { details: BankDetails }) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="bank-details-title">
      <Stack gap="md">
        <Text component="h2" id="bank-details-title" fw={600} fz="md" m={0}>
          {t('deposits.bank.title', { currency: details.currency })}
        </Text>
        <Table verticalSpacing="xs" withRowBorders>
          <Table.Tbody>
            {details.lines.map((line) => {
              const label = t(`deposits.bank.fields.${line.field}`);
              return (
                <Table.Tr key={line.field}>
                  <Table.Th scope="row" w="34%">
                    <Text size="sm" c="dimmed" fw={400}>
                      {label}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    <Group gap="xs" justify="space-between" wrap="nowrap">
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {line.value}
                      </Text>
                      <CopyValueButton
                        value={line.value}
                        label={t('deposits.bank.copy', { field: label })}
                        copiedLabel={t('deposits.bank.copied', { field: label })}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          {t('deposits.bank.conversion')}
        </Text>
      </Stack>
    </Card>
  );
}

/** The reference and the receiving account for one currency; also shown beside the fiat deposit notice. */
export function CurrencyDetails({ currency }: { currency: FiatCurrency }) {
  const details = useScreenQuery(getBankDetails, { currency });
  return (
    <QueryState
      isReasonHidden
      query={details}
      skeleton={
        <Stack gap="lg">
          <ReferenceCard />
          <TableSkeleton rows={6} columns={2} />
        </Stack>
      }
    >
      {(data) => (
        <Stack gap="lg">
          <ReferenceCard reference={data.reference} />
          <AccountLines details={data} />
        </Stack>
      )}
    </QueryState>
  );
}

export function BankDetailsPage() {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<FiatCurrency>(firstCurrency);
  return (
    <PageFrame title={t('pages.bank_details.title')} description={t('pages.bank_details.purpose')}>
      <Card>
        <Stack gap={6}>
          <Text size="sm" fw={500} id="bank-currency-label">
            {t('deposits.bank.currency')}
          </Text>
          <SegmentedControl
            aria-labelledby="bank-currency-label"
            value={currency}
            onChange={(value) => setCurrency(value as FiatCurrency)}
            data={[...fiatCurrencies]}
            style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
          />
        </Stack>
      </Card>
      <CurrencyDetails key={currency} currency={currency} />
    </PageFrame>
  );
}

BankDetailsPage.isDrawnWhole = true as const;
