/** /login: signing in. An honest frame until the capability that builds it. */
import { NotYetAvailablePublicPage } from '../../ui/not-yet-available.tsx';

export function LoginPage() {
  return <NotYetAvailablePublicPage page="login" />;
}
