/**
 * /admin/deposits (staff with deposit_operations): the back office's side of deposits, one tab per
 * section, each its own file (to-match-panel.tsx, decided-panel.tsx, in-flight-panel.tsx,
 * simulator-panel.tsx; what they share in deposit-operations-parts.tsx).
 * - Bank transfers to match: incoming transfers no one has decided on yet, each with the company
 *   its reference named (or none), the company's notice, and the first-deposit flags; staff credit
 *   one (converted at the current rate less the fee; a reason is required below the minimum first
 *   deposit) or return it to its sender (with a reason).
 * - Decided: credited transfers with their rate, fee and net, and returned ones, with who decided.
 * - Coins confirming: every company's crypto deposits still counting confirmations.
 * - Simulator: make a bank transfer arrive, send coins, add blocks. The web app has no flag saying
 *   whether the server runs in production, so the panel is always shown and the server's refusal
 *   (forbidden, in the user's language) is shown where a simulator is used.
 * - A deposit's full history (deposit-history-drawer.tsx): "History" on any transfer or coins, or
 *   any id typed in the lookup above the tabs (a notice, a history line, a hash). The open history
 *   is in the address (`?deposit=`), so it survives a reload and can be shared with a colleague.
 */
import { DepositHistoryRequest } from '@bank/contract/deposit';
import { Button, Group, Tabs, TextInput } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHoldsPermission } from '../../../api/user-info.ts';
import { NoPermissionPage } from '../../../ui/no-permission-page.tsx';
import { PageFrame } from '../../../ui/page-frame.tsx';
import { DecidedPanel } from './decided-panel.tsx';
import { DepositHistoryDrawer } from './deposit-history-drawer.tsx';
import { tabOf, tabs } from './deposit-operations-page-data.ts';
import { monospaceInput, OpenHistoryContext } from './deposit-operations-parts.tsx';
import { InFlightPanel } from './in-flight-panel.tsx';
import { SimulatorPanel } from './simulator-panel.tsx';
import { ToMatchPanel } from './to-match-panel.tsx';
import '../../../messages/account.ts';
import '../../../messages/admin.ts';
import '../../../messages/deposits.ts';
import '../../../messages/documents.ts';
import '../../../messages/kyc.ts';
import '../../../messages/payout-steps.ts';
import '../../../messages/team.ts';
import '../../../messages/transactions.ts';

/** Any id or hash staff have in hand (a client's history line, a notice, a hash): its deposit's history. */
function HistoryLookup({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = value.trim();
    const checked = DepositHistoryRequest.safeParse({ id });
    if (!checked.success) {
      setError(t(id === '' ? 'validation.required' : 'validation.invalid_format'));
      return;
    }
    setError(null);
    onOpen(id);
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label={t('deposits.staff.history.lookup_label')}
          placeholder={t('deposits.staff.history.lookup_placeholder')}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autoComplete="off"
          spellCheck={false}
          styles={monospaceInput}
          maxLength={100}
          style={{ flex: 1, maxWidth: 560 }}
        />
        <Button type="submit" variant="default" mt={25} leftSection={<IconHistory size={16} aria-hidden />}>
          {t('deposits.staff.history.lookup_submit')}
        </Button>
      </Group>
    </form>
  );
}

export function DepositOperationsPage() {
  const { t } = useTranslation();
  const mayWork = useHoldsPermission('deposit_operations');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams);
  const depositId = searchParams.get('deposit');
  const setDeposit = (id: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('deposit', id);
      else next.delete('deposit');
      return next;
    });

  if (mayWork === false) return <NoPermissionPage title={t('pages.admin_deposits.title')} />;

  return (
    <PageFrame title={t('pages.admin_deposits.title')} description={t('pages.admin_deposits.purpose')}>
      <OpenHistoryContext.Provider value={setDeposit}>
        <HistoryLookup onOpen={setDeposit} />
        <Tabs
          value={tab}
          onChange={(value) => setSearchParams(value && value !== 'to_match' ? { tab: value } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            {tabs.map((value) => (
              <Tabs.Tab key={value} value={value} fw={500}>
                {t(`deposits.staff.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="to_match">
            <ToMatchPanel />
          </Tabs.Panel>
          <Tabs.Panel value="decided">
            <DecidedPanel />
          </Tabs.Panel>
          <Tabs.Panel value="in_flight">
            <InFlightPanel />
          </Tabs.Panel>
          <Tabs.Panel value="simulator">
            <SimulatorPanel />
          </Tabs.Panel>
        </Tabs>
        <DepositHistoryDrawer depositId={depositId} onClose={() => setDeposit(null)} />
      </OpenHistoryContext.Provider>
    </PageFrame>
  );
}
