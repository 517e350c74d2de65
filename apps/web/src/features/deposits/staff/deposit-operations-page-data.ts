/**
 * What /admin/deposits lists and loads first: the tab the address opens (`?tab=`), the requests of
 * the tabs' lists (their panels read them), and the page's first loads, the open tab's list and the
 * history the address opens (`?deposit=`), which start before the page's code has arrived
 * (app/page-data.ts).
 */
import { defaultPageSize } from '@bank/contract/constants';
import { type BankCredit, getDepositHistory, listBankCredits, listDepositsInFlight } from '@bank/contract/deposit';
import { type PagePlace, prefetchScreenData, prefetchScreenPages } from '../../../lib/screen-query.ts';
import { searchOf } from '../../../ui/staff-queue-request.ts';

export const tabs = ['to_match', 'decided', 'in_flight', 'simulator'] as const;
type Tab = (typeof tabs)[number];

/** The tab the address opens (`?tab=`), the transfers to match when it names none. */
export function tabOf(search: URLSearchParams): Tab {
  const requested = search.get('tab');
  return tabs.includes(requested as Tab) ? (requested as Tab) : 'to_match';
}

/** The bank transfers of one status, matching the search (deposit-operations-parts.tsx `useBankCredits`). */
export function bankCreditsRequest(status: BankCredit['status'], search: string) {
  return { page_size: defaultPageSize, status, ...searchOf(search) };
}

/** Starts a tab's bank transfers before the page's code has arrived, unsearched. */
function prefetchBankCredits(status: BankCredit['status']) {
  return prefetchScreenPages(listBankCredits, bankCreditsRequest(status, ''));
}

/** The transfers the tab to match lists (to-match-panel.tsx): those no company has been found for yet. */
export const listedStatus = 'unmatched';

/** Starts the tab to match's list before the page's code has arrived. */
function prefetchToMatch() {
  return prefetchBankCredits(listedStatus);
}

/** The decided transfers' statuses, one list each (decided-panel.tsx). */
export const decidedStatuses = ['credited', 'returned'] as const;
export type DecidedStatus = (typeof decidedStatuses)[number];

/** The decided tab opens on the transfers credited. */
export const firstStatus: DecidedStatus = 'credited';

/** Starts the decided tab's first list before the page's code has arrived. */
function prefetchDecided() {
  return prefetchBankCredits(firstStatus);
}

/** The coins confirming (in-flight-panel.tsx). */
export const inFlightRequest = { page_size: defaultPageSize };

/** Starts the coins confirming before the page's code has arrived. */
function prefetchInFlight() {
  return prefetchScreenPages(listDepositsInFlight, inFlightRequest);
}

/** Starts the load of a history the address opens (`?deposit=`) before the page's code has arrived. */
function prefetchDepositHistory(id: string) {
  return prefetchScreenData(getDepositHistory, { id });
}

const prefetchTab: Record<Tab, () => unknown> = {
  to_match: prefetchToMatch,
  decided: prefetchDecided,
  in_flight: prefetchInFlight,
  // The simulator's forms ask nothing until used.
  simulator: () => undefined,
};

export function loadDepositOperationsPage({ search }: PagePlace): void {
  // Only the open tab's panel is drawn (the tabs do not keep the others mounted).
  void prefetchTab[tabOf(search)]();
  const depositId = search.get('deposit');
  if (depositId) void prefetchDepositHistory(depositId);
}
