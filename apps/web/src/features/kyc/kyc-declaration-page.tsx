/** /kyc_step/kyc_step_one: KYC step 1, the corporate declaration. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function KycDeclarationPage() {
  return <NotYetAvailablePage pageId="kyc_declaration" />;
}
