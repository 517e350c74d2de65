/** /investment_b: the investment banking service (product-page.tsx) and the request to be contacted about it. */
import { ProductPage } from './product-page.tsx';

export function InvestmentBankingPage() {
  return <ProductPage product="investment_banking" />;
}
