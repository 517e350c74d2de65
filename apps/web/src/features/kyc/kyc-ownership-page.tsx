/** /kyc_step/kyc_step_three: KYC step 3, shareholders and officers. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function KycOwnershipPage() {
  return <NotYetAvailablePage pageId="kyc_ownership" />;
}
