/** /blockchain_w/m_m_payee_list: the fiat payees. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function PayeesPage() {
  return <NotYetAvailablePage pageId="payees" />;
}
