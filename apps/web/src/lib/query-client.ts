/**
 * Server state (TanStack Query). Every call is a POST, and a POST is never retried automatically
 * (SPEC.md declares a retry setting that the client does not use); data is not refetched behind the
 * user's back when the window regains focus.
 */
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/**
 * Settles once no load of `client` is running: at once when none is, else when the last one has
 * answered or failed, a load that another's answer starts included.
 */
export function whenLoadsSettle(client: QueryClient = queryClient): Promise<void> {
  return new Promise((settled) => {
    const settleWhenIdle = () => {
      if (client.isFetching() > 0) return;
      unsubscribe();
      settled();
    };
    const unsubscribe = client.getQueryCache().subscribe(settleWhenIdle);
    settleWhenIdle();
  });
}
