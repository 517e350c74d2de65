/** /blockchain_w/new_digital_asset: a new digital asset transfer. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function NewCryptoTransferPage() {
  return <NotYetAvailablePage pageId="new_crypto_transfer" />;
}
