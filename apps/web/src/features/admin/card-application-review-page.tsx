/** /admin/card_applications: an honest frame until the cards capability (issue 14) fills it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function CardApplicationReviewPage() {
  return <NotYetAvailablePage pageId="admin_card_applications" />;
}
