/** /reset_pwd: choosing a new password. An honest frame until the capability that builds it. */
import { NotYetAvailablePublicPage } from '../../ui/not-yet-available.tsx';

export function ResetPasswordPage() {
  return <NotYetAvailablePublicPage page="resetPassword" />;
}
