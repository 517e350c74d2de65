/** /user_info: the user's profile, password and second factor. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function AccountPage() {
  return <NotYetAvailablePage pageId="account" />;
}
