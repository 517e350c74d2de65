/** /cards: the company's debit cards. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function CardsPage() {
  return <NotYetAvailablePage pageId="cards" />;
}
