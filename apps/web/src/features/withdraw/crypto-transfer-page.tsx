/** /blockchain_w/transfer_p_jmhb: digital asset transfers and their history. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function CryptoTransferPage() {
  return <NotYetAvailablePage pageId="crypto_transfer" />;
}
