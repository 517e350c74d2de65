/** /blockchain_w/new_digital_asset2: confirming a digital asset transfer. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function ConfirmCryptoTransferPage() {
  return <NotYetAvailablePage pageId="new_crypto_transfer_confirm" />;
}
