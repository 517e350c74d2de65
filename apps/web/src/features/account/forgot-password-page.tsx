/** /forget_pwd: asking for a password reset code. An honest frame until the capability that builds it. */
import { NotYetAvailablePublicPage } from '../../ui/not-yet-available.tsx';

export function ForgotPasswordPage() {
  return <NotYetAvailablePublicPage page="forgotPassword" />;
}
