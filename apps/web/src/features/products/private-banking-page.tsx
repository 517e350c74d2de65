/** /private_b_p: the private banking service (product-page.tsx) and the request to be contacted about it. */
import { ProductPage } from './product-page.tsx';

export function PrivateBankingPage() {
  return <ProductPage product="private_banking" />;
}
