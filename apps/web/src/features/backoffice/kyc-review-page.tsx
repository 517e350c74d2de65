/** /admin/kyc: staff: reviewing KYC submissions. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function KycReviewPage() {
  return <NotYetAvailablePage pageId="admin_kyc" />;
}
