/**
 * One currency's bank details (the company's reference and the receiving account), which two pages
 * show: /blockchain_d/bank_details and the fiat deposit notice (bank-details-page.tsx
 * `CurrencyDetails`). Their first loads start it before the page's code has arrived (app/page-data.ts).
 */
import { getBankDetails } from '@bank/contract/deposit';
import type { FiatCurrency } from '@bank/contract/money';
import { prefetchScreenData } from '../../lib/screen-query.ts';

/** Starts one currency's details before the code of a page that shows them has arrived. */
export function prefetchCurrencyDetails(currency: FiatCurrency) {
  return prefetchScreenData(getBankDetails, { currency });
}
