/**
 * What /blockchain_d/bank_details loads first: the details of the currency it opens on, started
 * before the page's code has arrived (app/page-data.ts).
 */
import type { FiatCurrency } from '@bank/contract/money';
import { prefetchCurrencyDetails } from './currency-details.ts';

/** The page opens on the US dollar account. */
export const firstCurrency: FiatCurrency = 'USD';

export function loadBankDetailsPage(): void {
  void prefetchCurrencyDetails(firstCurrency);
}
