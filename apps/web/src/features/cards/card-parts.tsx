/**
 * Pieces the cards page and the renewals page share: reloading what a card change touches, and the
 * choice of the stable coin a fee is paid from (ui/fee-asset-picker.tsx).
 */
import type { QueryClient } from '@tanstack/react-query';

// The stable coin picker moved to ui/ (the card programme's membership fees use it too).
export { FeeAssetPicker } from '../../ui/fee-asset-picker.tsx';

/**
 * Everything a card change may have moved: the cards, their top-ups, fees and renewals, the
 * programme's cards bound to them, the company's balances and its history. Every action on a card
 * (a top-up, a block, an activation, a PIN, a replacement, a renewal) ends here.
 */
export function refreshCardData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      /^\/api\/v1\/(card|dashboard|programme|transaction)\//.test(String(query.queryKey[0])) ||
      String(query.queryKey[0]).startsWith('/api/v1/account/getUserInfo'),
  });
}
