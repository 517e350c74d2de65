/**
 * The back office's front page (the staff shell, features/admin) with the account domain's reset of
 * a lost authenticator in it: app/ puts the two together because a feature never imports another.
 */
import { ResetAuthenticatorCard } from '../features/account/staff/reset-authenticator-card.tsx';
import { BackOfficeHomePage } from '../features/admin/back-office-home-page.tsx';
import '../messages/account.ts';
import '../messages/admin.ts';
import '../messages/payouts.ts';

export function BackOfficeHome() {
  return <BackOfficeHomePage userSupport={<ResetAuthenticatorCard />} />;
}
