/** /kyc_step/kyc_step_four: KYC step 4, the trading authorisation. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function KycTradingPage() {
  return <NotYetAvailablePage pageId="kyc_trading" />;
}
