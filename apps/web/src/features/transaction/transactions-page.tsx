/** /my_transaction: every movement on the company's accounts. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function TransactionsPage() {
  return <NotYetAvailablePage pageId="transactions" />;
}
