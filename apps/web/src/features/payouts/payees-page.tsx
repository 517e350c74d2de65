/**
 * /blockchain_w/m_m_payee_list: the company's payees, the bank accounts its fiat payouts go to.
 * Each shows its beneficiary, bank, account number (masked until shown), currency and, during the
 * bank's cooling period after it was added or changed, when it can first be paid. Users holding
 * `manage_payees` add, change and delete them (each with a fresh second factor); users who prepare
 * payouts read them and start a payout from one.
 */

import { localeOfLanguage } from '@bank/contract/constants';
import { deletePayee, listPayees, type Payee } from '@bank/contract/payouts';
import { pathOf } from '@bank/contract/routes';
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconEye, IconEyeOff, IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoldsPermission, useUserInfo } from '../../api/user-info.ts';
import { callApi } from '../../lib/api-client.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { showSuccess } from '../../lib/notify.ts';
import { screenPagesOptions } from '../../lib/screen-query.ts';
import { countryName } from '../../ui/country-names.ts';
import type { HistoryColumn } from '../../ui/history-table.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { useStepUpAction } from '../../widgets/step-up-dialog.tsx';
import { PayeeFormDialog } from './payee-form-dialog.tsx';
import { payeesRequest } from './payees-page-data.ts';
import { groupedAccountNumber, maskedAccountNumber, refreshPayoutData } from './payout-format.ts';
import { WithdrawSections } from './payout-parts.tsx';
import { DeleteConfirmDialog, type SavedEntryActions, SavedEntryMenu, SavedList } from './saved-list-parts.tsx';
import '../../messages/admin.ts';
import '../../messages/documents.ts';
import '../../messages/payouts.ts';

function usePayees() {
  return useInfiniteQuery(screenPagesOptions(listPayees, payeesRequest));
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

type Actions = SavedEntryActions<Payee>;

function PayeeMenu({ payee, actions }: { payee: Payee; actions: Actions }) {
  const { t } = useTranslation();
  return (
    <SavedEntryMenu
      entry={payee}
      actions={actions}
      label={t('payouts.payees.actions_of', { name: payee.beneficiary_name })}
      pay={{
        to: `${pathOf('new_fiat_transfer')}?payee=${encodeURIComponent(payee.payee_id)}`,
        label: t('payouts.payees.pay'),
      }}
      editLabel={t('payouts.payees.edit')}
      deleteLabel={t('payouts.payees.delete')}
    />
  );
}

/** The payee's own columns; the list adds its readiness and its menu. */
function usePayeeColumns(): HistoryColumn<Payee>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'beneficiary',
      header: t('payouts.payees.columns.beneficiary'),
      cell: (payee) => (
        <>
          <Text size="sm" fw={600}>
            {payee.beneficiary_name}
          </Text>
          {payee.email ? (
            <Text size="xs" c="dimmed">
              {payee.email}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'bank', header: t('payouts.payees.columns.bank'), cell: (payee) => <BankText payee={payee} /> },
    { key: 'account', header: t('payouts.payees.columns.account'), cell: (payee) => <AccountNumber payee={payee} /> },
    {
      key: 'currency',
      header: t('payouts.payees.columns.currency'),
      cell: (payee) => <Text size="sm">{payee.currency}</Text>,
    },
  ];
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
  const columns = usePayeeColumns();

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
  const addButton =
    mayManage === true ? (
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
        {t('payouts.payees.add')}
      </Button>
    ) : null;

  return (
    <PageFrame title={t('pages.payees.title')} description={t('pages.payees.purpose')} actions={addButton}>
      <WithdrawSections current="payees" />
      <SavedList
        query={payees}
        readOnlyNote={mayManage === false ? t('payouts.payees.read_only') : null}
        label={t('pages.payees.title')}
        testId="payee"
        columns={columns}
        status={{ header: t('payouts.payees.columns.status'), verb: 'paid', readyLabel: t('payouts.payees.ready') }}
        menu={{
          header: t('payouts.payees.columns.actions'),
          of: (payee) => <PayeeMenu payee={payee} actions={actions} />,
        }}
        card={{
          name: (payee) => payee.beneficiary_name,
          detail: (payee) => payee.currency,
          body: (payee) => (
            <>
              <BankText payee={payee} />
              <AccountNumber payee={payee} />
            </>
          ),
        }}
        entryKey={(payee) => payee.payee_id}
        empty={{
          icon: <IconBuildingBank size={26} stroke={1.6} />,
          title: t('payouts.payees.empty_title'),
          description: t('payouts.payees.empty_description'),
          actions: addButton,
        }}
        allLoaded={(count) => t('payouts.payees.all_loaded', { count })}
      />
      <PayeeFormDialog editing={editing} user={user} onClose={() => setEditing(undefined)} />
      <DeleteConfirmDialog
        entry={deleting}
        title={t('payouts.payees.delete_dialog.title', { name: deleting?.beneficiary_name ?? '' })}
        body={t('payouts.payees.delete_dialog.body')}
        cancelLabel={t('payouts.payees.form.cancel')}
        confirmLabel={t('payouts.payees.delete_dialog.confirm')}
        onClose={() => setDeleting(null)}
        onConfirm={(payee) => void remove(payee)}
      />
      {dialog}
    </PageFrame>
  );
}
