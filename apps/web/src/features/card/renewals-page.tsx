/** /renew: annual fees and renewals. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function RenewalsPage() {
  return <NotYetAvailablePage pageId="renewals" />;
}
