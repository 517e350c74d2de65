/** /fiat_deposit: funding the account in a fiat currency. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function FiatDepositPage() {
  return <NotYetAvailablePage pageId="fiat_deposit" />;
}
