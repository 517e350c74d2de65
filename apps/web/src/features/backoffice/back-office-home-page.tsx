/** /admin: staff: the back office's work queues. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function BackOfficeHomePage() {
  return <NotYetAvailablePage pageId="admin_home" />;
}
