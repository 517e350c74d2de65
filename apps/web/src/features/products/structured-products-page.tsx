/** /structured_p: structured products (product-page.tsx) and the request to be contacted about it. */
import { ProductPage } from './product-page.tsx';

export function StructuredProductsPage() {
  return <ProductPage product="structured_products" />;
}
