/** /blockchain_d/bank_details: the account to send fiat transfers to. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function BankDetailsPage() {
  return <NotYetAvailablePage pageId="bank_details" />;
}
