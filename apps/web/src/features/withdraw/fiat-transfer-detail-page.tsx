/** /blockchain_w/fiat_t_h_info: one fiat transfer. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function FiatTransferDetailPage() {
  return <NotYetAvailablePage pageId="fiat_transfer_detail" />;
}
