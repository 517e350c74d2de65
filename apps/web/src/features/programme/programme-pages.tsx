/**
 * The company's card programme (permission card_programme, KYC gated): /programme, the full
 * contract summary table with the order figures on top; /programme/contracts/:contractId, a
 * contract's figures and orders, and for programme_order holders the pre-order form;
 * /programme/orders, the order summary page; /programme/issuing, the card issuing records.
 */

import type { PreOrder, PrintBatch, ProgrammeContract } from '@bank/contract/programme';
import {
  getOrderSummary,
  getProgrammeContract,
  listPreOrders,
  listPrintBatches,
  listProgrammeContracts,
} from '@bank/contract/programme-orders';
import { pathOf } from '@bank/contract/routes';
import { preOrderStatuses } from '@bank/contract/states';
import { Anchor, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileInvoice, IconPackage, IconPlus, IconStack2 } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useHoldsPermission } from '../../api/user-info.ts';
import { useScreenQuery } from '../../lib/screen-query.ts';
import { Amount } from '../../ui/amount.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LabelledValue } from '../../ui/labelled-value.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { pageHeading } from '../../ui/page-heading.ts';
import { PageSkeleton } from '../../ui/skeletons.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { PreOrderDialog } from './pre-order-dialog.tsx';
import { contractRequestOf } from './programme-pages-data.ts';
import { BatchesTable, ContractsTable, OrdersTable, StaticOrdersTable, useProgrammeList } from './programme-tables.tsx';
import '../../messages/admin.ts';
import '../../messages/card-applications.ts';
import '../../messages/documents.ts';
import '../../messages/programme.ts';

const sectionPaths = [
  ['contracts', pathOf('programme_contracts')],
  ['orders', pathOf('programme_orders')],
  ['issuing', pathOf('programme_issuing')],
] as const;

/** The programme's pages as tabs: each is its own address (bookmarkable, the back button works). */
function ProgrammeSections() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = sectionPaths.find(([, path]) => path === pathname)?.[0] ?? 'contracts';
  return (
    <Tabs value={current} onChange={(value) => void navigate(sectionPaths.find(([key]) => key === value)?.[1] ?? '/')}>
      <Tabs.List>
        {sectionPaths.map(([key]) => (
          <Tabs.Tab key={key} value={key} fw={500}>
            {t(`programme.sections.${key}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** The page, or the "not part of your permissions" page for a user without card_programme. */
function ProgrammeFrame({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const mayRead = useHoldsPermission('card_programme');
  if (mayRead === undefined) return <PageSkeleton />;
  if (!mayRead) return <NoPermissionPage title={title} />;
  return (
    <PageFrame title={title} description={description} actions={actions}>
      {children}
    </PageFrame>
  );
}

/** One order figure; until its value has arrived, a placeholder as tall as the figure. */
function Figure({ label, value, testId }: { label: string; value?: number; testId: string }) {
  const { i18n } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Text component="div" fz="xl" fw={700}>
          <Skeleton height={20} width={48} style={{ display: 'inline-block', verticalAlign: 'middle' }} />
        </Text>
      ) : (
        <Text fz="xl" fw={700} className="tabular-figures" data-testid={testId}>
          {value.toLocaleString(i18n.language)}
        </Text>
      )}
    </Paper>
  );
}

/** The order figures' labels and values, by their order on the page. */
const summaryFigures = [
  ['contracts', 'contract_count'],
  ['total', 'total_quantity'],
  ['paid', 'paid_quantity'],
  ['pending', 'pending_quantity'],
  ['remaining', 'remaining_quantity'],
  ['allocated', 'allocated_quantity'],
] as const;

function SummaryFigures() {
  const { t } = useTranslation();
  const summary = useScreenQuery(getOrderSummary, {});
  if (summary.isError) return <LoadError error={summary.error} onRetry={() => void summary.refetch()} />;
  // While loading, the same grid with its labels: the lists below do not move when the figures come.
  return (
    <section aria-label={t('programme.contracts.summary_title')} aria-busy={summary.isPending}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {summaryFigures.map(([label, field]) => (
          <Figure
            key={label}
            label={t(`programme.summary.${label}`)}
            value={summary.data?.[field]}
            testId={`summary-${label}`}
          />
        ))}
      </SimpleGrid>
    </section>
  );
}

export function ProgrammeContractsPage() {
  const { t } = useTranslation();
  const contracts = useProgrammeList<ProgrammeContract>(listProgrammeContracts);
  return (
    <ProgrammeFrame {...pageHeading(t, 'programme_contracts')}>
      <ProgrammeSections />
      <SummaryFigures />
      <ContractsTable
        query={contracts}
        linkOf={(contract) => pathOf('programme_contract').replace(':contractId', contract.id)}
        empty={
          <EmptyState
            icon={<IconStack2 size={26} stroke={1.6} />}
            title={t('programme.contracts.empty')}
            description={t('programme.contracts.empty_hint')}
          />
        }
      />
    </ProgrammeFrame>
  );
}

export function ProgrammeContractPage() {
  const { t } = useTranslation();
  const params = useParams();
  const mayOrder = useHoldsPermission('programme_order') ?? false;
  const [isOrdering, setIsOrdering] = useState(false);
  const details = useScreenQuery(getProgrammeContract, contractRequestOf(params));
  const contract = details.data?.contract;
  const back = (
    <Anchor component={Link} to={pathOf('programme_contracts')} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {t('programme.contract.back')}
      </Group>
    </Anchor>
  );
  const isOpen = contract?.status === 'active' && contract.remaining_quantity >= contract.minimum_order_quantity;
  return (
    <ProgrammeFrame
      title={
        contract
          ? t('programme.contract.title', { number: contract.contract_number })
          : t('pages.programme_contract.title')
      }
      actions={
        mayOrder && contract ? (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setIsOrdering(true)}
            disabled={!isOpen}
          >
            {t('programme.contract.pre_order')}
          </Button>
        ) : null
      }
    >
      {back}
      {details.isPending ? <PageSkeleton /> : null}
      {details.isError ? <LoadError error={details.error} onRetry={() => void details.refetch()} /> : null}
      {details.data && contract ? (
        <Stack gap="lg">
          {mayOrder && contract.status !== 'active' ? (
            <Text c="dimmed" size="sm" role="status">
              {t('programme.contract.not_open')}
            </Text>
          ) : null}
          <Paper withBorder p="lg" radius="md">
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
              <LabelledValue label={t('programme.fields.status')}>
                <StatusBadge list="contract" value={contract.status} />
              </LabelledValue>
              <LabelledValue label={t('programme.fields.abbreviation')}>{contract.company_abbreviation}</LabelledValue>
              <LabelledValue label={t('programme.fields.term')}>
                {t('programme.fields.term_months', { count: contract.term_months })}
              </LabelledValue>
              <LabelledValue label={t('programme.fields.prepayment')}>
                <Amount value={contract.prepayment_per_card} currency="USD" />
              </LabelledValue>
              <LabelledValue label={t('programme.fields.total')}>{contract.total_quantity}</LabelledValue>
              <LabelledValue label={t('programme.fields.paid')}>{contract.paid_quantity}</LabelledValue>
              <LabelledValue label={t('programme.fields.pending')}>{contract.pending_quantity}</LabelledValue>
              <LabelledValue label={t('programme.fields.remaining')}>
                <span data-testid="contract-remaining">{contract.remaining_quantity}</span>
              </LabelledValue>
              <LabelledValue label={t('programme.fields.allocated')}>{contract.allocated_quantity}</LabelledValue>
              <LabelledValue label={t('programme.fields.minimum')}>{contract.minimum_order_quantity}</LabelledValue>
              <LabelledValue label={t('programme.fields.starts_on')}>
                <DateTime value={contract.starts_on} isDateOnly />
              </LabelledValue>
              <LabelledValue label={t('programme.fields.ends_on')}>
                <DateTime value={contract.ends_on} isDateOnly />
              </LabelledValue>
            </SimpleGrid>
          </Paper>
          <Title order={2} fz="h4">
            {t('programme.contract.orders_title')}
          </Title>
          {details.data.orders.length === 0 ? (
            <EmptyState
              icon={<IconFileInvoice size={26} stroke={1.6} />}
              title={t('programme.contract.no_orders')}
              description={t('programme.contract.no_orders_hint')}
            />
          ) : (
            <StaticOrdersTable orders={details.data.orders} />
          )}
          {mayOrder ? (
            <PreOrderDialog
              isOpen={isOrdering}
              onClose={() => setIsOrdering(false)}
              contract={contract}
              unitPriceByLevel={details.data.unit_price_by_level}
            />
          ) : null}
        </Stack>
      ) : null}
    </ProgrammeFrame>
  );
}

export function ProgrammeOrdersPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<string | null>(null);
  const orders = useProgrammeList<PreOrder>(listPreOrders, status ? { status } : {});
  return (
    <ProgrammeFrame {...pageHeading(t, 'programme_orders')}>
      <ProgrammeSections />
      <SummaryFigures />
      <Select
        label={t('programme.orders.filter')}
        w={240}
        value={status}
        onChange={setStatus}
        clearable
        placeholder={t('programme.orders.all')}
        data={preOrderStatuses.map((value) => ({ value, label: t(`states.pre_order.${value}`) }))}
      />
      <OrdersTable
        query={orders}
        empty={
          <EmptyState
            icon={<IconFileInvoice size={26} stroke={1.6} />}
            title={t('programme.orders.empty')}
            description={t('programme.orders.empty_hint')}
          />
        }
      />
    </ProgrammeFrame>
  );
}

export function ProgrammeIssuingPage() {
  const { t } = useTranslation();
  const batches = useProgrammeList<PrintBatch>(listPrintBatches);
  return (
    <ProgrammeFrame {...pageHeading(t, 'programme_issuing')}>
      <ProgrammeSections />
      <BatchesTable
        query={batches}
        empty={
          <EmptyState
            icon={<IconPackage size={26} stroke={1.6} />}
            title={t('programme.issuing.empty')}
            description={t('programme.issuing.empty_hint')}
          />
        }
      />
    </ProgrammeFrame>
  );
}
