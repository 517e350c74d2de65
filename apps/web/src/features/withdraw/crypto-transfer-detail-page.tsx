/** /blockchain_w/digital_t_h_info: one digital asset transfer. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function CryptoTransferDetailPage() {
  return <NotYetAvailablePage pageId="crypto_transfer_detail" />;
}
