/** /blockchain_d/deposit_jmhb: receiving digital assets. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function CryptoDepositPage() {
  return <NotYetAvailablePage pageId="crypto_deposit" />;
}
