/** /fx: currency conversion. An honest frame until the capability that builds it. */
import { NotYetAvailablePage } from '../../ui/not-yet-available.tsx';

export function FxPage() {
  return <NotYetAvailablePage pageId="fx" />;
}
