/** /kycManage: cardholders' applications and KYC. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function CardApplicationsPage() {
  return <NotYetAvailablePage pageId="cardholder_kyc" />;
}
