/**
 * What /webhook_settings loads first: the settings and the delivery log's first page; started
 * before the page's code has arrived (app/page-data.ts).
 */
import { defaultPageSize } from '@bank/contract/constants';
import { getWebhookSettings, listWebhookDeliveries } from '@bank/contract/webhooks';
import { prefetchScreenData, prefetchScreenPages } from '../../lib/screen-query.ts';

export const logRequest = { page_size: defaultPageSize };

/** Starts the log's first page before the settings page's code has arrived. */
function prefetchDeliveryLog() {
  return prefetchScreenPages(listWebhookDeliveries, logRequest);
}

export function loadWebhookSettingsPage(): void {
  void prefetchScreenData(getWebhookSettings, {});
  void prefetchDeliveryLog();
}
