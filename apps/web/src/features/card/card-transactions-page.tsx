/** /transaction_record: card transactions and statements. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function CardTransactionsPage() {
  return <NotYetAvailablePage pageId="card_transactions" />;
}
