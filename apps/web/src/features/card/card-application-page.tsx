/** /kyc_apply_card_input: applying for a card. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function CardApplicationPage() {
  return <NotYetAvailablePage pageId="card_application" />;
}
