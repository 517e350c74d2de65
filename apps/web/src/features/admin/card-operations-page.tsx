/** /admin/cards: an honest frame until the cards capability (issue 14) fills it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function CardOperationsPage() {
  return <NotYetAvailablePage pageId="admin_cards" />;
}
