/** /fiat_withdrawal: withdrawing to the company's bank account. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function FiatWithdrawalPage() {
  return <NotYetAvailablePage pageId="fiat_withdrawal" />;
}
