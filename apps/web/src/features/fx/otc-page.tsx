/** /otc: quotes for large trades. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function OtcPage() {
  return <NotYetAvailablePage pageId="otc" />;
}
