/**
 * What /feedback loads first: the user's past feedback, and the one a message leads to (`?id=`)
 * when the history's first page does not hold it; started before the page's code has arrived
 * (app/page-data.ts).
 */
import { defaultPageSize } from '@bank/contract/constants';
import { getFeedback, listFeedback } from '@bank/contract/feedback';
import { type PagePlace, prefetchScreenData, prefetchScreenPages } from '../../lib/screen-query.ts';

export const historyRequest = { page_size: defaultPageSize };

/**
 * Starts the history's first page before the page's code has arrived, then, when a message leads
 * to feedback (`?id=`) that this page does not hold, that feedback alone.
 */
function prefetchFeedbackHistory(search: URLSearchParams) {
  const highlightedId = search.get('id');
  void prefetchScreenPages(listFeedback, historyRequest).then((history) => {
    const isInList = history?.pages.some((page) => page.items.some((item) => item.feedback_id === highlightedId));
    if (highlightedId && history && !isInList) void prefetchScreenData(getFeedback, { feedback_id: highlightedId });
  });
}

export function loadFeedbackPage({ search }: PagePlace): void {
  prefetchFeedbackHistory(search);
}
