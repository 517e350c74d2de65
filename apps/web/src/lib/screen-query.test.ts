/**
 * A page's first loads started before it renders (app/page-data.ts) land in the cache entry its own
 * queries read: the page asks the server once, not twice. Fetch and storage are stand-ins.
 */
import type { CallDefinition } from '@bank/contract/calls';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { queryClient } from './query-client.ts';
import { prefetchScreenData, prefetchScreenPages, screenPagesOptions } from './screen-query.ts';

const identity = { safeParse: (data: unknown) => ({ success: true as const, data }) };
const pagedCall = {
  path: '/api/v1/test/list',
  auth: 'session',
  summary: 'a paged list',
  request: identity,
  response: identity,
} as unknown as CallDefinition<
  z.ZodType<unknown, { page_size: number; cursor?: string }>,
  z.ZodType<{ items: string[]; next_cursor: string | null }>
>;

const answer = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  const storage = new Map<string, string>([['token', 'token-1']]);
  const stand = { getItem: (key: string) => storage.get(key) ?? null, setItem: () => undefined };
  vi.stubGlobal('sessionStorage', stand);
  vi.stubGlobal('localStorage', stand);
  vi.stubGlobal('window', { location: { pathname: '/my_transaction' } });
  fetchMock = vi.fn(async () => answer({ items: ['first'], next_cursor: 'c2' }));
  vi.stubGlobal('fetch', fetchMock);
  queryClient.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a page’s first loads, started before it renders', () => {
  it('fills the entry the page’s paged list reads, so that the page asks once', async () => {
    void prefetchScreenPages(pagedCall, { page_size: 20 });
    // The page renders while the load is under way: its query joins it.
    const read = await queryClient.fetchInfiniteQuery(screenPagesOptions(pagedCall, { page_size: 20 }));
    expect(read.pages).toEqual([{ items: ['first'], next_cursor: 'c2' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Another list (another filter) is another entry.
    await queryClient.fetchInfiniteQuery(screenPagesOptions(pagedCall, { page_size: 50 }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('answers what a single load brought, for a load that depends on it, and nothing on a failure', async () => {
    await expect(prefetchScreenData(pagedCall, { page_size: 20 })).resolves.toEqual({
      items: ['first'],
      next_cursor: 'c2',
    });
    // A refusal (here bad input) is the page's to show when it renders: the prefetch answers nothing.
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ code: 9422, msg: 'Some information is missing', data: null })),
    );
    queryClient.clear();
    await expect(prefetchScreenData(pagedCall, { page_size: 20 })).resolves.toBeUndefined();
  });
});
