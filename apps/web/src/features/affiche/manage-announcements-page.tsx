/** /affiche/affiche_list_admin: staff: publishing announcements. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function ManageAnnouncementsPage() {
  return <NotYetAvailablePage pageId="announcements_admin" />;
}
