/** /top_up_history: card top-ups. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function TopUpHistoryPage() {
  return <NotYetAvailablePage pageId="top_up_history" />;
}
