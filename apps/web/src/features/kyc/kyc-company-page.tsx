/** /kyc_step/kyc_step_two: KYC step 2, company information. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function KycCompanyPage() {
  return <NotYetAvailablePage pageId="kyc_company" />;
}
