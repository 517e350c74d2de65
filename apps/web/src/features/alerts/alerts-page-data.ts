/**
 * What /alerts loads first: the user's alerts; started before the page's code has arrived
 * (app/page-data.ts).
 */
import { listAlerts } from '@bank/contract/alerts';
import { prefetchScreenData } from '../../lib/screen-query.ts';

export function loadAlertsPage(): void {
  void prefetchScreenData(listAlerts, {});
}
