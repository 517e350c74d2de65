/** /blockchain_w/m_m_addr_list: the wallet address book. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function AddressBookPage() {
  return <NotYetAvailablePage pageId="address_book" />;
}
