/**
 * /blockchain_w/m_m_addr_list: the company's address book, the wallets its digital asset payouts go
 * to: a name, the asset, the network (only those that carry the asset) and the address, checked
 * for that network by the contract's own rule (a wrong checksum is refused on the field as the form
 * is sent). Adding, changing and deleting need `manage_payees` and a fresh second factor; a new or
 * changed address can be used once the bank's cooling period has passed.
 */

import type { UserInfo } from '@bank/contract/account';
import { type DigitalAsset, digitalAssets, type Network, networksOfAsset } from '@bank/contract/money';
import { type AddressBookEntry, addAddress, deleteAddress, editAddress, listAddresses } from '@bank/contract/payouts';
import { pathOf } from '@bank/contract/routes';
import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconWallet } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoldsPermission, useUserInfo } from '../../api/user-info.ts';
import { callApi } from '../../lib/api-client.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { showSuccess } from '../../lib/notify.ts';
import { screenPagesOptions } from '../../lib/screen-query.ts';
import { CopyValueButton } from '../../ui/copy-value-button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import type { HistoryColumn } from '../../ui/history-table.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { useStepUpAction, useStepUpForm } from '../../widgets/step-up-dialog.tsx';
import { addressesRequest } from './address-book-page-data.ts';
import { refreshPayoutData } from './payout-format.ts';
import { usePayoutConfig, WithdrawSections } from './payout-parts.tsx';
import { DeleteConfirmDialog, type SavedEntryActions, SavedEntryMenu, SavedList } from './saved-list-parts.tsx';
import '../../messages/admin.ts';
import '../../messages/payouts.ts';

type AddressValues = { name: string; asset: DigitalAsset; network: Network; address: string };

function AddressForm({ user, entry, onDone }: { user: UserInfo; entry: AddressBookEntry | null; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = usePayoutConfig();
  const { stepUpOptions, stepUpDialog } = useStepUpForm('payee');
  const onSuccess = async (answer: AddressBookEntry) => {
    showSuccess(t(entry ? 'payouts.addresses.saved_notice' : 'payouts.addresses.added_notice', { name: answer.name }));
    onDone();
    await refreshPayoutData(queryClient);
  };
  const initialValues: AddressValues = entry
    ? { name: entry.name, asset: entry.asset, network: entry.network, address: entry.address }
    : { name: '', asset: 'USDT', network: 'ERC20', address: '' };
  const addForm = useCallForm({ call: addAddress, initialValues, ...stepUpOptions, onSuccess });
  const editForm = useCallForm({
    call: editAddress,
    initialValues,
    toRequest: (values: AddressValues) => ({ address_id: entry?.address_id ?? '', ...values }),
    ...stepUpOptions,
    onSuccess,
  });
  const { form, submit, formError, isSubmitting } = entry ? editForm : addForm;
  const values = form.getValues();
  const networks = networksOfAsset[values.asset];
  const hours = config.data?.cooling_hours;
  return (
    <>
      <form noValidate onSubmit={submit} style={readableErrorColour}>
        <Stack gap="md">
          {hours ? (
            <Alert color="bank" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
              <Text size="sm" c="var(--mantine-color-text)">
                {t('payouts.addresses.form.cooling_note', { count: hours })}
              </Text>
            </Alert>
          ) : null}
          <FormAlert message={formError} />
          <TextInput
            id="address-name"
            label={t('payouts.addresses.form.name')}
            description={t('payouts.addresses.form.name_hint')}
            autoComplete="off"
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Stack gap={6}>
              <Text size="sm" fw={500} id="address-asset-label">
                {t('payouts.addresses.form.asset')}
              </Text>
              <SegmentedControl
                aria-labelledby="address-asset-label"
                data={digitalAssets.map((asset) => ({ value: asset, label: asset }))}
                value={values.asset}
                onChange={(value) => {
                  const asset = value as DigitalAsset;
                  form.setFieldValue('asset', asset);
                  // The network follows the asset: one that does not carry it is never left chosen.
                  if (!networksOfAsset[asset].includes(form.getValues().network))
                    form.setFieldValue('network', networksOfAsset[asset][0] ?? 'ERC20');
                }}
                fullWidth
              />
            </Stack>
            <Stack gap={6}>
              <Text size="sm" fw={500} id="address-network-label">
                {t('payouts.addresses.form.network')}
              </Text>
              <SegmentedControl
                aria-labelledby="address-network-label"
                data={networks.map((network) => ({ value: network, label: network }))}
                value={values.network}
                onChange={(value) => form.setFieldValue('network', value as Network)}
                fullWidth
              />
              {form.errors.network ? (
                <Text size="xs" c="red.8">
                  {form.errors.network}
                </Text>
              ) : null}
            </Stack>
          </SimpleGrid>
          <TextInput
            id="address-address"
            label={t('payouts.addresses.form.address')}
            description={t('payouts.addresses.form.address_hint', { network: values.network, asset: values.asset })}
            autoComplete="off"
            spellCheck={false}
            required
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('address')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone} disabled={isSubmitting}>
              {t('payouts.addresses.form.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t(entry ? 'payouts.addresses.form.save' : 'payouts.addresses.form.add')}
            </Button>
          </Group>
        </Stack>
      </form>
      {stepUpDialog(user, submit)}
    </>
  );
}

type Actions = SavedEntryActions<AddressBookEntry>;

function EntryMenu({ entry, actions }: { entry: AddressBookEntry; actions: Actions }) {
  const { t } = useTranslation();
  return (
    <SavedEntryMenu
      entry={entry}
      actions={actions}
      label={t('payouts.addresses.actions_of', { name: entry.name })}
      pay={{
        to: `${pathOf('new_crypto_transfer')}?asset=${entry.asset}&network=${entry.network}&address=${encodeURIComponent(entry.address_id)}`,
        label: t('payouts.addresses.send'),
      }}
      editLabel={t('payouts.addresses.edit')}
      deleteLabel={t('payouts.addresses.delete')}
    />
  );
}

function AddressText({ entry }: { entry: AddressBookEntry }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="address-value">
        {entry.address}
      </Text>
      <CopyValueButton
        value={entry.address}
        label={t('payouts.addresses.copy', { name: entry.name })}
        copiedLabel={t('payouts.addresses.copied')}
      />
    </Group>
  );
}

/** The entry's own columns; the list adds its readiness and its menu. */
function useAddressColumns(): HistoryColumn<AddressBookEntry>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'name',
      header: t('payouts.addresses.columns.name'),
      cell: (entry) => (
        <Text size="sm" fw={600}>
          {entry.name}
        </Text>
      ),
    },
    {
      key: 'asset',
      header: t('payouts.addresses.columns.asset'),
      isNoWrap: true,
      cell: (entry) => (
        <>
          <Text size="sm">{entry.asset}</Text>
          <Text size="xs" c="dimmed">
            {entry.network}
          </Text>
        </>
      ),
    },
    {
      key: 'address',
      header: t('payouts.addresses.columns.address'),
      maxWidth: 360,
      cell: (entry) => <AddressText entry={entry} />,
    },
  ];
}

export function AddressBookPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useUserInfo().data;
  const mayManage = useHoldsPermission('manage_payees');
  const mayPay = useHoldsPermission('prepare_payouts');
  const entries = useInfiniteQuery(screenPagesOptions(listAddresses, addressesRequest));
  const [editing, setEditing] = useState<AddressBookEntry | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AddressBookEntry | null>(null);
  const { run, dialog } = useStepUpAction(user, 'payee');
  const columns = useAddressColumns();

  if (mayManage === false && mayPay === false) return <NoPermissionPage title={t('pages.address_book.title')} />;

  const remove = (entry: AddressBookEntry) =>
    run(async () => {
      await callApi(deleteAddress, { address_id: entry.address_id });
      showSuccess(t('payouts.addresses.deleted_notice', { name: entry.name }));
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
        {t('payouts.addresses.add')}
      </Button>
    ) : null;
  const isOpen = editing !== undefined && user !== undefined;

  return (
    <PageFrame title={t('pages.address_book.title')} description={t('pages.address_book.purpose')} actions={addButton}>
      <WithdrawSections current="address_book" />
      <SavedList
        query={entries}
        readOnlyNote={mayManage === false ? t('payouts.addresses.read_only') : null}
        label={t('pages.address_book.title')}
        testId="address"
        columns={columns}
        status={{
          header: t('payouts.addresses.columns.status'),
          verb: 'used',
          readyLabel: t('payouts.addresses.ready'),
        }}
        menu={{
          header: t('payouts.addresses.columns.actions'),
          of: (entry) => <EntryMenu entry={entry} actions={actions} />,
        }}
        card={{
          name: (entry) => entry.name,
          detail: (entry) => `${entry.asset} · ${entry.network}`,
          body: (entry) => <AddressText entry={entry} />,
        }}
        entryKey={(entry) => entry.address_id}
        empty={{
          icon: <IconWallet size={26} stroke={1.6} />,
          title: t('payouts.addresses.empty_title'),
          description: t('payouts.addresses.empty_description'),
          actions: addButton,
        }}
        allLoaded={(count) => t('payouts.addresses.all_loaded', { count })}
      />
      <Dialog
        isOpen={isOpen}
        onClose={() => setEditing(undefined)}
        title={
          editing
            ? t('payouts.addresses.form.edit_title', { name: editing.name })
            : t('payouts.addresses.form.add_title')
        }
      >
        {isOpen && user ? (
          <AddressForm user={user} entry={editing ?? null} onDone={() => setEditing(undefined)} />
        ) : null}
      </Dialog>
      <DeleteConfirmDialog
        entry={deleting}
        title={t('payouts.addresses.delete_dialog.title', { name: deleting?.name ?? '' })}
        body={t('payouts.addresses.delete_dialog.body')}
        cancelLabel={t('payouts.addresses.form.cancel')}
        confirmLabel={t('payouts.addresses.delete_dialog.confirm')}
        onClose={() => setDeleting(null)}
        onConfirm={(entry) => void remove(entry)}
      />
      {dialog}
    </PageFrame>
  );
}
