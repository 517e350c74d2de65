/** /investment_b: investment banking. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function InvestmentBankingPage() {
  return <NotYetAvailablePage pageId="investment_banking" />;
}
