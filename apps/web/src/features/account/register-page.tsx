/** /reg: registering a company. An honest frame until the capability that builds it. */
import { NotYetAvailablePublicPage } from '../../ui/not-yet-available.tsx';

export function RegisterPage() {
  return <NotYetAvailablePublicPage page="register" />;
}
