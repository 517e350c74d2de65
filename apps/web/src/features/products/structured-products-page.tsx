/** /structured_p: structured products. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function StructuredProductsPage() {
  return <NotYetAvailablePage pageId="structured_products" />;
}
