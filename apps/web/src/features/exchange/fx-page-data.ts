/**
 * What /fx loads first: the available balances its form shows, for a user who reads balances;
 * started before the page's code has arrived (app/page-data.ts).
 */
import { prefetchAvailableBalances } from '../../api/balances.ts';

export function loadFxPage(): void {
  void prefetchAvailableBalances();
}
