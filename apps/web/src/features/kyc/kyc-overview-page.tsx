/** /kyc: the company KYC and its four sections. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function KycOverviewPage() {
  return <NotYetAvailablePage pageId="kyc" />;
}
