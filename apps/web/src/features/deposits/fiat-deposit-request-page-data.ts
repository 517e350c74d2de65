/**
 * What /blockchain_d/deposit_fiat loads first: the bank details of the currency the notice opens in,
 * shown beside it, started before the page's code has arrived (app/page-data.ts).
 */
import type { FiatCurrency } from '@bank/contract/money';
import { prefetchCurrencyDetails } from './currency-details.ts';

/** The notice opens in US dollars, with that account's details beside it. */
export const firstCurrency: FiatCurrency = 'USD';

export function loadFiatDepositRequestPage(): void {
  void prefetchCurrencyDetails(firstCurrency);
}
