/**
 * /blockchain_w/m_m_payee_list: the company's payees, the bank accounts its fiat payouts go to.
 * Each shows its beneficiary, bank, account number (masked until shown), currency and, during the
 * bank's cooling period after it was added or changed, when it can first be paid. Users holding
 * `manage_payees` add, change and delete them (each with a fresh second factor); users who prepare
 * payouts read them and start a payout from one.
 */

import { defaultPageSize, localeOfLanguage } from '@bank/contract/constants';
import { deletePayee, listPayees, type Payee } from '@bank/contract/payouts';
import { pathOf } from '@bank/contract/routes';
import { ActionIcon, Button, Card, Group, Menu, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconBuildingBank, IconDots, IconEye, IconEyeOff, IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHoldsPermission, useUserInfo } from '../../api/user-info.ts';
import { callApi } from '../../lib/api-client.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { showSuccess } from '../../lib/notify.ts';
import { loadScreenData } from '../../lib/screen-query.ts';
import { countryName } from '../../ui/country-names.ts';
import { LoadMore } from '../../ui/load-more.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { useStepUpAction } from '../../widgets/step-up-dialog.tsx';
import { PayeeFormDialog } from './payee-form-dialog.tsx';
import { groupedAccountNumber, isCooling, maskedAccountNumber, refreshPayoutData } from './payout-format.ts';
import { CoolingBadge, WithdrawSections } from './payout-parts.tsx';
import { DeleteConfirmDialog, SavedListStates } from './saved-list-parts.tsx';

const pageSize = defaultPageSize;

function usePayees() {
  return useInfiniteQuery({
    queryKey: [listPayees.path, { page_size: pageSize }],
    queryFn: ({ pageParam, signal }) =>
      loadScreenData(listPayees, { page_size: pageSize, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** The account number, masked until the user asks to see it (someone may be looking over a shoulder). */
function AccountNumber({ payee }: { payee: Payee }) {
  const { t } = useTranslation();
  const [isShown, setIsShown] = useState(false);
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="payee-account">
        {isShown ? groupedAccountNumber(payee.account_number) : maskedAccountNumber(payee.account_number)}
      </Text>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        onClick={() => setIsShown((current) => !current)}
        aria-pressed={isShown}
        aria-label={t(isShown ? 'payouts.payees.hide_account' : 'payouts.payees.show_account', {
          name: payee.beneficiary_name,
        })}
      >
        {isShown ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
      </ActionIcon>
    </Group>
  );
}

function BankText({ payee }: { payee: Payee }) {
  const locale = localeOfLanguage[useLanguage()];
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm">{payee.bank_name}</Text>
      <Text size="xs" c="dimmed">
        {countryName(payee.bank_country, locale)} · <span style={{ fontFamily: 'monospace' }}>{payee.swift_code}</span>
      </Text>
      {payee.intermediary ? (
        <Text size="xs" c="dimmed">
          {payee.intermediary.bank_name}
        </Text>
      ) : null}
    </Stack>
  );
}

type Actions = {
  mayManage: boolean;
  mayPay: boolean;
  onEdit: (payee: Payee) => void;
  onDelete: (payee: Payee) => void;
};

function PayeeActions({ payee, actions }: { payee: Payee; actions: Actions }) {
  const { t } = useTranslation();
  const isReady = !isCooling(payee);
  if (!actions.mayManage && !actions.mayPay) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('payouts.payees.actions_of', { name: payee.beneficiary_name })}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.mayPay ? (
          <Menu.Item
            component={Link}
            to={`${pathOf('new_fiat_transfer')}?payee=${encodeURIComponent(payee.payee_id)}`}
            disabled={!isReady}
          >
            {t('payouts.payees.pay')}
          </Menu.Item>
        ) : null}
        {actions.mayManage ? (
          <>
            <Menu.Item onClick={() => actions.onEdit(payee)}>{t('payouts.payees.edit')}</Menu.Item>
            <Menu.Item color="red" onClick={() => actions.onDelete(payee)}>
              {t('payouts.payees.delete')}
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

function PayeesTable({ payees, actions }: { payees: Payee[]; actions: Actions }) {
  const { t } = useTranslation();
  return (
    <Card p={0} visibleFrom="sm">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t('pages.payees.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payouts.payees.columns.beneficiary')}</Table.Th>
              <Table.Th>{t('payouts.payees.columns.bank')}</Table.Th>
              <Table.Th>{t('payouts.payees.columns.account')}</Table.Th>
              <Table.Th>{t('payouts.payees.columns.currency')}</Table.Th>
              <Table.Th>{t('payouts.payees.columns.status')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('payouts.payees.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payees.map((payee) => (
              <Table.Tr key={payee.payee_id} data-testid="payee-row">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {payee.beneficiary_name}
                  </Text>
                  {payee.email ? (
                    <Text size="xs" c="dimmed">
                      {payee.email}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <BankText payee={payee} />
                </Table.Td>
                <Table.Td>
                  <AccountNumber payee={payee} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{payee.currency}</Text>
                </Table.Td>
                <Table.Td>
                  <PayeeStatus payee={payee} />
                </Table.Td>
                <Table.Td ta="right">
                  <PayeeActions payee={payee} actions={actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function PayeeStatus({ payee }: { payee: Payee }) {
  const { t } = useTranslation();
  if (isCooling(payee)) return <CoolingBadge entry={payee} />;
  return (
    <Text size="sm" c="teal.9">
      {t('payouts.payees.ready')}
    </Text>
  );
}

function PayeeCards({ payees, actions }: { payees: Payee[]; actions: Actions }) {
  return (
    <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {payees.map((payee) => (
        <Paper key={payee.payee_id} withBorder p="md" component="li" data-testid="payee-card">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {payee.beneficiary_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {payee.currency}
                </Text>
              </Stack>
              <PayeeActions payee={payee} actions={actions} />
            </Group>
            <BankText payee={payee} />
            <AccountNumber payee={payee} />
            <PayeeStatus payee={payee} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function PayeesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useUserInfo().data;
  const mayManage = useHoldsPermission('manage_payees');
  const mayPay = useHoldsPermission('prepare_payouts');
  const payees = usePayees();
  const [editing, setEditing] = useState<Payee | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Payee | null>(null);
  const { run, dialog } = useStepUpAction(user, 'payee');

  if (mayManage === false && mayPay === false) return <NoPermissionPage title={t('pages.payees.title')} />;

  const remove = (payee: Payee) =>
    run(async () => {
      await callApi(deletePayee, { payee_id: payee.payee_id });
      showSuccess(t('payouts.payees.deleted_notice', { name: payee.beneficiary_name }));
      await refreshPayoutData(queryClient);
    });
  const actions: Actions = {
    mayManage: mayManage === true,
    mayPay: mayPay === true,
    onEdit: setEditing,
    onDelete: setDeleting,
  };
  const items = payees.data?.pages.flatMap((page) => page.items) ?? [];
  const addButton =
    mayManage === true ? (
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
        {t('payouts.payees.add')}
      </Button>
    ) : null;

  return (
    <PageFrame title={t('pages.payees.title')} description={t('pages.payees.purpose')} actions={addButton}>
      <WithdrawSections current="payees" />
      <SavedListStates
        query={payees}
        itemCount={items.length}
        readOnlyNote={mayManage === false ? t('payouts.payees.read_only') : null}
        skeletonColumns={5}
        empty={{
          icon: <IconBuildingBank size={26} stroke={1.6} />,
          title: t('payouts.payees.empty_title'),
          description: t('payouts.payees.empty_description'),
          actions: addButton,
        }}
      >
        <PayeesTable payees={items} actions={actions} />
        <PayeeCards payees={items} actions={actions} />
        <LoadMore
          query={payees}
          loadMoreLabel={t('payouts.load_more')}
          allLoaded={t('payouts.payees.all_loaded', { count: items.length })}
        />
      </SavedListStates>
      <PayeeFormDialog editing={editing} user={user} onClose={() => setEditing(undefined)} />
      <DeleteConfirmDialog
        isOpen={deleting !== null}
        title={t('payouts.payees.delete_dialog.title', { name: deleting?.beneficiary_name ?? '' })}
        body={t('payouts.payees.delete_dialog.body')}
        cancelLabel={t('payouts.payees.form.cancel')}
        confirmLabel={t('payouts.payees.delete_dialog.confirm')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const payee = deleting;
          setDeleting(null);
          if (payee) void remove(payee);
        }}
      />
      {dialog}
    </PageFrame>
  );
}
