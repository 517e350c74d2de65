/** /affiche/affiche_list: announcements from the bank. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function AnnouncementsPage() {
  return <NotYetAvailablePage pageId="announcements" />;
}
