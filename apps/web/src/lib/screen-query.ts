/**
 * Loading a screen's data (SPEC.md section 8): a TanStack Query over callApi that gives up after
 * 120 s (screenLoadTimeoutMs) with errors.load_timeout. The timer is a plain setTimeout so that
 * browser tests can move it with Playwright's clock. Queries are never retried automatically.
 */

import type { CallDefinition, RequestOf, ResponseOf } from '@bank/contract/calls';
import { screenLoadTimeoutMs } from '@bank/contract/constants';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryKey,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import type { z } from 'zod';
import { callApi, TransportError } from './api-client.ts';
import { showError } from './notify.ts';
import { queryClient } from './query-client.ts';

/** One screen load: callApi with the screen timeout, cancelled with the query's own signal. */
export async function loadScreenData<Call extends CallDefinition>(
  call: Call,
  body: RequestOf<Call>,
  signal?: AbortSignal,
): Promise<ResponseOf<Call>> {
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  let hasTimedOut = false;
  const timer = setTimeout(() => {
    hasTimedOut = true;
    controller.abort();
  }, screenLoadTimeoutMs);
  try {
    return await callApi(call, body, { signal: controller.signal });
  } catch (error) {
    if (hasTimedOut) {
      const message = i18next.t('errors.load_timeout');
      showError(message);
      throw new TransportError('timeout', message);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** The query key of a call: its path, then its body. */
export function queryKeyOf<Call extends CallDefinition>(call: Call, body: RequestOf<Call>): QueryKey {
  return [call.path, body];
}

/**
 * Starts a screen's load before its page renders, into the cache the page's `useScreenQuery` of
 * the same call and body then reads (a second load of the same key joins the first). A failure is
 * kept for the page to show, as its own load's would be; the answer, when there is one, lets a load
 * that depends on it start too.
 */
export function prefetchScreenData<Call extends CallDefinition>(
  call: Call,
  body: RequestOf<Call>,
): Promise<ResponseOf<Call> | undefined> {
  return queryClient
    .fetchQuery<ResponseOf<Call>>({
      queryKey: queryKeyOf(call, body),
      queryFn: ({ signal }) => loadScreenData(call, body, signal),
    })
    .catch(() => undefined);
}

/**
 * A screen's list loaded a page at a time (the call's cursor): the options of its
 * `useInfiniteQuery`, keyed by `key` (the call's path, then what the list is of), and of its page's
 * first loads (`prefetchScreenPages`), so that both read one cache entry.
 */
export function screenPagesOptions<
  Request extends { cursor?: string },
  Response extends { next_cursor: string | null },
>(call: CallDefinition<z.ZodType<unknown, Request>, z.ZodType<Response>>, request: Request, key: unknown = request) {
  return infiniteQueryOptions({
    queryKey: [call.path, key],
    queryFn: ({ pageParam, signal }) =>
      loadScreenData(call, pageParam ? { ...request, cursor: pageParam } : request, signal) as Promise<Response>,
    initialPageParam: '',
    getNextPageParam: (last: Response) => last.next_cursor ?? undefined,
  });
}

/**
 * Starts a paged list's first page before its page renders (see `screenPagesOptions`). Answers what
 * it brought, for a load that depends on it, and nothing on a failure (the page shows it).
 */
export function prefetchScreenPages<
  Request extends { cursor?: string },
  Response extends { next_cursor: string | null },
>(
  call: CallDefinition<z.ZodType<unknown, Request>, z.ZodType<Response>>,
  request: Request,
  key: unknown = request,
): Promise<InfiniteData<Response, string> | undefined> {
  return queryClient.fetchInfiniteQuery(screenPagesOptions(call, request, key)).catch(() => undefined);
}

/** Where a page opened first is: its path's parameters and its query string. */
export type PagePlace = { params: Readonly<Record<string, string | undefined>>; search: URLSearchParams };

/**
 * What a page loads first, started from its place before the page's code has arrived (app/routes.tsx
 * `preloadPage`): a function of the page's data module, listed in app/page-data.ts, calling
 * `prefetchScreenData` with the very calls and bodies of the page's `useScreenQuery`s and
 * `prefetchScreenPages` with those of its paged lists (a body that differed would be a second
 * request). A load the page makes only once a permission is known, or once the user has typed, is
 * left to the page.
 */
export type PageDataLoader = (place: PagePlace) => void;

/**
 * A signed-in page's component. `isDrawnWhole`: what
 * the page shows first is the same for every visitor but for the skeletons of its data, so its
 * outline, drawn at build time (prerender.tsx), is the page itself rather than its heading over a
 * skeleton: its text is on screen with the first paint. Such a page draws its fixed text (a
 * section's heading and explanation) over its data's skeleton rather than waiting for the data, and,
 * while the user's permissions are unknown (as at build time, where no user is), every section a
 * permission may show, over its skeleton, loading nothing until the permission is known. Its filter
 * shows its default in the outline (the query string is not read at build time).
 */
export type PageWithData = ComponentType & { isDrawnWhole?: true };

export type ScreenQueryOptions<Data = unknown> = {
  enabled?: boolean;
  staleTimeMs?: number;
  /** Loads again after this many ms, given the last answer (a deposit confirming); false stops. */
  refetchIntervalMs?: (data: Data | undefined) => number | false;
};

/**
 * A screen's data from one call: `const cards = useScreenQuery(cardList, { page_size: 20 })`, then
 * render it with `<QueryState query={cards}>{(data) => ...}</QueryState>`.
 */
export function useScreenQuery<Call extends CallDefinition>(
  call: Call,
  body: RequestOf<Call>,
  options: ScreenQueryOptions<ResponseOf<Call>> = {},
): UseQueryResult<ResponseOf<Call>> {
  const { refetchIntervalMs } = options;
  return useQuery<ResponseOf<Call>>({
    queryKey: queryKeyOf(call, body),
    queryFn: ({ signal }) => loadScreenData(call, body, signal),
    enabled: options.enabled ?? true,
    ...(options.staleTimeMs === undefined ? {} : { staleTime: options.staleTimeMs }),
    ...(refetchIntervalMs ? { refetchInterval: (query) => refetchIntervalMs(query.state.data) } : {}),
  });
}
