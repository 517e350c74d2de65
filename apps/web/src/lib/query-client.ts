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
