/**
 * /blockchain_w/m_m_addr_list: the company's address book, the wallets its digital asset payouts go
 * to: a name, the asset, the network (only those that carry the asset) and the address, checked
 * for that network by the contract's own rule (a wrong checksum is refused on the field as the form
 * is sent). Adding, changing and deleting need `manage_payees` and a fresh second factor; a new or
 * changed address can be used once the bank's cooling period has passed.
 */

import type { UserInfo } from '@bank/contract/account';
import { defaultPageSize } from '@bank/contract/constants';
import { type DigitalAsset, digitalAssets, type Network, networksOfAsset } from '@bank/contract/money';
import { type AddressBookEntry, addAddress, deleteAddress, editAddress, listAddresses } from '@bank/contract/payouts';
import { pathOf } from '@bank/contract/routes';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconInfoCircle, IconPlus, IconWallet } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHoldsPermission, useUserInfo } from '../../api/user-info.ts';
import { callApi } from '../../lib/api-client.ts';
import { useCallForm } from '../../lib/call-form.tsx';
import { showSuccess } from '../../lib/notify.ts';
import { loadScreenData } from '../../lib/screen-query.ts';
import { CopyValueButton } from '../../ui/copy-value-button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { LoadMore } from '../../ui/load-more.tsx';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { readableErrorColour } from '../../ui/readable-colour.ts';
import { useStepUpAction, useStepUpForm } from '../../widgets/step-up-dialog.tsx';
import { isCooling, refreshPayoutData } from './payout-format.ts';
import { CoolingBadge, usePayoutConfig, WithdrawSections } from './payout-parts.tsx';
import { DeleteConfirmDialog, SavedListStates } from './saved-list-parts.tsx';

const pageSize = defaultPageSize;

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

type Actions = {
  mayManage: boolean;
  mayPay: boolean;
  onEdit: (entry: AddressBookEntry) => void;
  onDelete: (entry: AddressBookEntry) => void;
};

function EntryActions({ entry, actions }: { entry: AddressBookEntry; actions: Actions }) {
  const { t } = useTranslation();
  if (!actions.mayManage && !actions.mayPay) return null;
  const sendPath = `${pathOf('new_crypto_transfer')}?asset=${entry.asset}&network=${entry.network}&address=${encodeURIComponent(entry.address_id)}`;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('payouts.addresses.actions_of', { name: entry.name })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.mayPay ? (
          <Menu.Item component={Link} to={sendPath} disabled={isCooling(entry)}>
            {t('payouts.addresses.send')}
          </Menu.Item>
        ) : null}
        {actions.mayManage ? (
          <>
            <Menu.Item onClick={() => actions.onEdit(entry)}>{t('payouts.addresses.edit')}</Menu.Item>
            <Menu.Item color="red" onClick={() => actions.onDelete(entry)}>
              {t('payouts.addresses.delete')}
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
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

function EntryStatus({ entry }: { entry: AddressBookEntry }) {
  const { t } = useTranslation();
  if (isCooling(entry)) return <CoolingBadge entry={entry} verb="used" />;
  return (
    <Text size="sm" c="teal.9">
      {t('payouts.addresses.ready')}
    </Text>
  );
}

function AddressTable({ entries, actions }: { entries: AddressBookEntry[]; actions: Actions }) {
  const { t } = useTranslation();
  return (
    <Card p={0} visibleFrom="sm">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t('pages.address_book.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payouts.addresses.columns.name')}</Table.Th>
              <Table.Th>{t('payouts.addresses.columns.asset')}</Table.Th>
              <Table.Th>{t('payouts.addresses.columns.address')}</Table.Th>
              <Table.Th>{t('payouts.addresses.columns.status')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('payouts.addresses.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.address_id} data-testid="address-row">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {entry.name}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{entry.asset}</Text>
                  <Text size="xs" c="dimmed">
                    {entry.network}
                  </Text>
                </Table.Td>
                <Table.Td maw={360}>
                  <AddressText entry={entry} />
                </Table.Td>
                <Table.Td>
                  <EntryStatus entry={entry} />
                </Table.Td>
                <Table.Td ta="right">
                  <EntryActions entry={entry} actions={actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function AddressCards({ entries, actions }: { entries: AddressBookEntry[]; actions: Actions }) {
  return (
    <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <Paper key={entry.address_id} withBorder p="md" component="li" data-testid="address-card">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {entry.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {entry.asset} · {entry.network}
                </Text>
              </Stack>
              <EntryActions entry={entry} actions={actions} />
            </Group>
            <AddressText entry={entry} />
            <EntryStatus entry={entry} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function AddressBookPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useUserInfo().data;
  const mayManage = useHoldsPermission('manage_payees');
  const mayPay = useHoldsPermission('prepare_payouts');
  const entries = useInfiniteQuery({
    queryKey: [listAddresses.path, { page_size: pageSize }],
    queryFn: ({ pageParam, signal }) =>
      loadScreenData(listAddresses, { page_size: pageSize, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const [editing, setEditing] = useState<AddressBookEntry | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AddressBookEntry | null>(null);
  const { run, dialog } = useStepUpAction(user, 'payee');

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
  const items = entries.data?.pages.flatMap((page) => page.items) ?? [];
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
      <SavedListStates
        query={entries}
        itemCount={items.length}
        readOnlyNote={mayManage === false ? t('payouts.addresses.read_only') : null}
        skeletonColumns={4}
        empty={{
          icon: <IconWallet size={26} stroke={1.6} />,
          title: t('payouts.addresses.empty_title'),
          description: t('payouts.addresses.empty_description'),
          actions: addButton,
        }}
      >
        <AddressTable entries={items} actions={actions} />
        <AddressCards entries={items} actions={actions} />
        <LoadMore
          query={entries}
          loadMoreLabel={t('payouts.load_more')}
          allLoaded={t('payouts.addresses.all_loaded', { count: items.length })}
        />
      </SavedListStates>
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
        isOpen={deleting !== null}
        title={t('payouts.addresses.delete_dialog.title', { name: deleting?.name ?? '' })}
        body={t('payouts.addresses.delete_dialog.body')}
        cancelLabel={t('payouts.addresses.form.cancel')}
        confirmLabel={t('payouts.addresses.delete_dialog.confirm')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const entry = deleting;
          setDeleting(null);
          if (entry) void remove(entry);
        }}
      />
      {dialog}
    </PageFrame>
  );
}
