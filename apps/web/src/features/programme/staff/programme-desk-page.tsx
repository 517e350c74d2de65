/**
 * /admin/programme (staff holding `programme_desk`): companies' card programme contracts (a new one
 * set up in a dialog, the company found by name), pre-orders by status (pending first) to approve or
 * decline with a reason, approved orders' cards allocated to a new print batch, and the print
 * batches at their stage, with the simulator's "print and mail now" (refused in production).
 */
import { defaultPageSize } from '@bank/contract/constants';
import {
  companyAbbreviationMaxLength,
  type PreOrder,
  type PrintBatch,
  type ProgrammeContract,
} from '@bank/contract/programme';
import { stockGroupOf } from '@bank/contract/programme-cards';
import {
  allocatePreOrder,
  createProgrammeContract,
  decidePreOrder,
  listProgrammeCompanies,
  listStaffPreOrders,
  listStaffPrintBatches,
  listStaffProgrammeContracts,
  simulatePrintBatch,
} from '@bank/contract/programme-orders';
import { type PreOrderStatus, preOrderStatuses } from '@bank/contract/states';
import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileInvoice, IconPackage, IconPlus, IconPrinter, IconStack2 } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoldsPermission } from '../../../api/user-info.ts';
import { callApi } from '../../../lib/api-client.ts';
import { useCallForm } from '../../../lib/call-form.tsx';
import { messageOfError } from '../../../lib/form-errors.ts';
import { showError, showSuccess } from '../../../lib/notify.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { Dialog } from '../../../ui/dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { NoPermissionPage } from '../../../ui/no-permission-page.tsx';
import { PageFrame } from '../../../ui/page-frame.tsx';
import { readableErrorColour } from '../../../ui/readable-colour.ts';
import { PageSkeleton } from '../../../ui/skeletons.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { BatchesTable, ContractsTable, OrdersTable, useProgrammeList } from '../programme-tables.tsx';
import { firstOrderStatus } from './programme-desk-page-data.ts';
import { MembershipFeesTab } from './programme-fees-tab.tsx';
import '../../../messages/admin.ts';
import '../../../messages/card-applications.ts';
import '../../../messages/card-money.ts';
import '../../../messages/cards.ts';
import '../../../messages/programme.ts';

const tabs = ['contracts', 'orders', 'batches', 'fees'] as const;
/** The desk opens on the orders. */
const firstTab = 'orders';

function useRefreshDesk() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => String(query.queryKey[0]).startsWith('/api/v1/admin/programme/'),
    });
}

function CompanySelect({ value, onChange, error }: { value: string; onChange: (id: string) => void; error?: unknown }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const companies = useScreenQuery(listProgrammeCompanies, { search: debounced, page_size: defaultPageSize });
  return (
    <Select
      label={t('programme.admin.create.company')}
      placeholder={t('programme.admin.create.company_placeholder')}
      nothingFoundMessage={t('programme.admin.create.company_empty')}
      searchable
      required
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={(companies.data?.items ?? []).map((company) => ({ value: company.id, label: company.name }))}
      value={value || null}
      onChange={(id) => onChange(id ?? '')}
      error={error as never}
    />
  );
}

function CreateContractDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshDesk();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: createProgrammeContract,
    initialValues: {
      company_id: '',
      company_abbreviation: '',
      term_months: 12 as number | string,
      total_quantity: 100 as number | string,
      minimum_order_quantity: 10 as number | string,
      prepayment_per_card: '',
      starts_on: new Date().toISOString().slice(0, 10),
      membership_term_months: 12 as number | string,
    },
    onSuccess: async (contract) => {
      showSuccess(t('programme.admin.create.done', { number: contract.contract_number }));
      form.reset();
      onClose();
      await refresh();
    },
  });
  const companyProps = form.getInputProps('company_id');
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('programme.admin.create.title')} size="lg">
      <form noValidate onSubmit={submit} style={readableErrorColour}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <CompanySelect
            value={form.values.company_id}
            onChange={(id) => form.setFieldValue('company_id', id)}
            error={companyProps.error}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('programme.fields.abbreviation')}
              description={t('programme.admin.create.abbreviation_hint')}
              maxLength={companyAbbreviationMaxLength}
              required
              {...form.getInputProps('company_abbreviation')}
              onChange={(event) => form.setFieldValue('company_abbreviation', event.currentTarget.value.toUpperCase())}
            />
            <TextInput
              type="date"
              label={t('programme.admin.create.starts_on')}
              required
              {...form.getInputProps('starts_on')}
            />
            <NumberInput
              label={t('programme.admin.create.term_months')}
              min={1}
              max={60}
              allowDecimal={false}
              required
              {...form.getInputProps('term_months')}
            />
            <NumberInput
              label={t('programme.admin.create.total_quantity')}
              min={1}
              allowDecimal={false}
              required
              thousandSeparator=","
              {...form.getInputProps('total_quantity')}
            />
            <NumberInput
              label={t('programme.admin.create.minimum_order_quantity')}
              min={1}
              allowDecimal={false}
              required
              {...form.getInputProps('minimum_order_quantity')}
            />
            <TextInput
              label={t('programme.admin.create.prepayment_per_card')}
              inputMode="decimal"
              required
              {...form.getInputProps('prepayment_per_card')}
            />
            <NumberInput
              label={t('programme.admin.create.membership_term_months')}
              min={1}
              max={36}
              allowDecimal={false}
              {...form.getInputProps('membership_term_months')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('programme.order_form.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('programme.admin.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

function DecideDialog({
  order,
  decision,
  onClose,
}: {
  order: PreOrder;
  decision: 'approve' | 'decline';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshDesk();
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: decidePreOrder,
    initialValues: { reason: '' },
    toRequest: (values) => ({ order_id: order.id, decision, ...values }),
    onSuccess: async () => {
      showSuccess(
        t(`programme.admin.decide.${decision === 'approve' ? 'approved' : 'declined'}`, { number: order.order_number }),
      );
      onClose();
      await refresh();
    },
  });
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(`programme.admin.decide.${decision}_title`, { number: order.order_number })}
    >
      <form noValidate onSubmit={submit} style={readableErrorColour}>
        <Stack gap="md">
          <FormAlert message={formError} />
          {decision === 'approve' ? (
            <Text size="sm">
              {t('programme.admin.decide.approve_text', {
                amount: `${order.debit_amount} ${order.asset}`,
                count: order.quantity,
              })}
            </Text>
          ) : (
            <Textarea
              label={t('programme.admin.decide.reason')}
              autosize
              minRows={2}
              required
              data-autofocus
              {...form.getInputProps('reason')}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('programme.order_form.cancel')}
            </Button>
            <Button type="submit" color={decision === 'approve' ? undefined : 'red'} loading={isSubmitting}>
              {t(`programme.admin.decide.${decision}`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

function AllocateDialog({ order, onClose }: { order: PreOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshDesk();
  const rest = order.quantity - order.allocated_quantity;
  const { form, submit, formError, isSubmitting } = useCallForm({
    call: allocatePreOrder,
    initialValues: { quantity: rest as number | string },
    toRequest: (values) => ({ order_id: order.id, ...values }),
    onSuccess: async (batch) => {
      showSuccess(t('programme.admin.allocate.done', { number: batch.batch_number }));
      onClose();
      await refresh();
    },
  });
  return (
    <Dialog isOpen onClose={onClose} title={t('programme.admin.allocate.title', { number: order.order_number })}>
      <form noValidate onSubmit={submit} style={readableErrorColour}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <NumberInput
            label={t('programme.admin.allocate.quantity')}
            description={t('programme.admin.allocate.quantity_hint', { rest, total: order.quantity })}
            min={1}
            max={rest}
            allowDecimal={false}
            required
            data-autofocus
            {...form.getInputProps('quantity')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('programme.order_form.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('programme.admin.allocate.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

type OrderAction = { order: PreOrder; kind: 'approve' | 'decline' | 'allocate' };

function OrdersTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<PreOrderStatus>(firstOrderStatus);
  const [action, setAction] = useState<OrderAction | null>(null);
  const orders = useProgrammeList<PreOrder>(listStaffPreOrders, { status });
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('programme.admin.filter_status')}
        value={status}
        onChange={(value) => setStatus(value as PreOrderStatus)}
        data={preOrderStatuses.map((value) => ({ value, label: t(`states.pre_order.${value}`) }))}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      <OrdersTable
        query={orders}
        showCompany
        empty={
          <EmptyState icon={<IconFileInvoice size={26} stroke={1.6} />} title={t('programme.admin.empty_orders')} />
        }
        actions={(order) => (
          <Group gap="xs" wrap="nowrap">
            {order.status === 'pending' ? (
              <>
                <Button size="xs" onClick={() => setAction({ order, kind: 'approve' })}>
                  {t('programme.admin.decide.approve')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setAction({ order, kind: 'decline' })}>
                  {t('programme.admin.decide.decline')}
                </Button>
              </>
            ) : null}
            {order.status === 'approved' || order.status === 'partially_allocated' ? (
              <Button size="xs" onClick={() => setAction({ order, kind: 'allocate' })}>
                {t('programme.admin.allocate.open')}
              </Button>
            ) : null}
          </Group>
        )}
      />
      {action?.kind === 'allocate' ? <AllocateDialog order={action.order} onClose={() => setAction(null)} /> : null}
      {action && action.kind !== 'allocate' ? (
        <DecideDialog order={action.order} decision={action.kind} onClose={() => setAction(null)} />
      ) : null}
    </Stack>
  );
}

function BatchesTab() {
  const { t } = useTranslation();
  const refresh = useRefreshDesk();
  const batches = useProgrammeList<PrintBatch>(listStaffPrintBatches);
  const printNow = useMutation({
    mutationFn: (batch: PrintBatch) => callApi(simulatePrintBatch, { batch_id: batch.id }),
    onSuccess: async (batch) => {
      showSuccess(t('programme.admin.printed', { number: batch.batch_number }));
      await refresh();
    },
    onError: (error) => {
      const message = messageOfError(error);
      if (message) showError(message);
    },
  });
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('programme.admin.simulator_note')}
      </Text>
      <BatchesTable
        query={batches}
        showCompany
        empty={<EmptyState icon={<IconPackage size={26} stroke={1.6} />} title={t('programme.admin.empty_batches')} />}
        actions={(batch) =>
          // Only a batch still on its way through the printer can be printed and mailed now.
          stockGroupOf(batch.operation_stage) !== 'printing' ? null : (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPrinter size={14} aria-hidden />}
              loading={printNow.isPending && printNow.variables?.id === batch.id}
              onClick={() => printNow.mutate(batch)}
            >
              {t('programme.admin.print_now')}
            </Button>
          )
        }
      />
    </Stack>
  );
}

export function ProgrammeDeskPage() {
  const { t } = useTranslation();
  const mayWork = useHoldsPermission('programme_desk');
  const [tab, setTab] = useState<(typeof tabs)[number]>(firstTab);
  const [isCreating, setIsCreating] = useState(false);
  const contracts = useProgrammeList<ProgrammeContract>(listStaffProgrammeContracts);
  if (mayWork === undefined) return <PageSkeleton />;
  if (!mayWork) return <NoPermissionPage title={t('programme.admin.title')} />;
  return (
    <PageFrame
      title={t('programme.admin.title')}
      description={t('programme.admin.purpose')}
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setIsCreating(true)}>
          {t('programme.admin.create.open')}
        </Button>
      }
    >
      <Tabs value={tab} onChange={(value) => setTab((value as (typeof tabs)[number]) ?? 'orders')}>
        <Tabs.List mb="lg">
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value} fw={500}>
              {t(`programme.admin.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="contracts">
          <ContractsTable
            query={contracts}
            showCompany
            empty={
              <EmptyState icon={<IconStack2 size={26} stroke={1.6} />} title={t('programme.admin.empty_contracts')} />
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="orders">{tab === 'orders' ? <OrdersTab /> : null}</Tabs.Panel>
        <Tabs.Panel value="batches">{tab === 'batches' ? <BatchesTab /> : null}</Tabs.Panel>
        <Tabs.Panel value="fees">{tab === 'fees' ? <MembershipFeesTab /> : null}</Tabs.Panel>
      </Tabs>
      <CreateContractDialog isOpen={isCreating} onClose={() => setIsCreating(false)} />
    </PageFrame>
  );
}
