/** /blockchain_w/transfer_p_fiat: fiat payouts and their history. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function FiatTransferPage() {
  return <NotYetAvailablePage pageId="fiat_transfer" />;
}
