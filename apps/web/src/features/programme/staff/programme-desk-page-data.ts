/**
 * What /admin/programme loads first: the contracts' list and the orders waiting for the bank's
 * decision (the tab the desk opens on), started before the page's code has arrived (app/page-data.ts).
 */
import { listStaffPreOrders, listStaffProgrammeContracts } from '@bank/contract/programme-orders';
import type { PreOrderStatus } from '@bank/contract/states';
import { prefetchProgrammeList } from '../programme-queries.ts';

/** The orders tab opens on those waiting for the bank's decision. */
export const firstOrderStatus: PreOrderStatus = 'pending';

export function loadProgrammeDeskPage(): void {
  // The contracts' list loads with the page whichever tab is open; the first tab is the orders.
  void prefetchProgrammeList(listStaffProgrammeContracts);
  void prefetchProgrammeList(listStaffPreOrders, { status: firstOrderStatus });
}
