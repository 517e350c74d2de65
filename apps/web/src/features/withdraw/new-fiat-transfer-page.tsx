/** /blockchain_w/new_fiat: a new fiat transfer. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function NewFiatTransferPage() {
  return <NotYetAvailablePage pageId="new_fiat_transfer" />;
}
