/** /blockchain_w/new_fiat2: confirming a fiat transfer. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function ConfirmFiatTransferPage() {
  return <NotYetAvailablePage pageId="new_fiat_transfer_confirm" />;
}
