/** /private_b_p: the private banking product. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function PrivateBankingPage() {
  return <NotYetAvailablePage pageId="private_banking" />;
}
