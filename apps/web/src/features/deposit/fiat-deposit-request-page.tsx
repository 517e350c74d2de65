/** /blockchain_d/deposit_fiat: a fiat deposit converted to a stable coin. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function FiatDepositRequestPage() {
  return <NotYetAvailablePage pageId="fiat_deposit_request" />;
}
