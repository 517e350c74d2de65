/**
 * What /kyc_step/kyc_step_four (trading) loads first: the company's KYC (kyc-api.ts), started before the page's code has
 * arrived (app/page-data.ts).
 */
import { prefetchKycInfo } from './kyc-api.ts';

export function loadKycTradingPage(): void {
  void prefetchKycInfo();
}
