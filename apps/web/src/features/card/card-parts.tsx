/**
 * Pieces the cards page and the renewals page share: reloading what a card change touches, and the
 * choice of the stable coin a fee is paid from (ui/fee-asset-picker.tsx).
 */
import type { QueryClient } from '@tanstack/react-query';

// The stable coin picker moved to ui/ (the card programme's membership fees use it too).
export { FeeAssetPicker } from '../../ui/fee-asset-picker.tsx';

/** Everything a card change may have moved: the cards, their fees and renewals, the company's balances. */
export function refreshCardData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      /^\/api\/v1\/(card|dashboard)\//.test(String(query.queryKey[0])) ||
      String(query.queryKey[0]).startsWith('/api/v1/account/getUserInfo'),
  });
}
