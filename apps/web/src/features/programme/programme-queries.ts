/**
 * What a card programme list asks for (programme-tables.tsx), the company's pages and the bank's desk
 * alike: a page of 20, with the list's filter; and its first page started by the pages' first loads,
 * before the page's code has arrived (app/page-data.ts).
 */
import type { CallDefinition } from '@bank/contract/calls';
import type { z } from 'zod';
import { prefetchScreenPages } from '../../lib/screen-query.ts';
import type { KeysetPage } from '../../ui/load-more.tsx';

export const programmePageSize = 20;

/** What a programme list is filtered by: a status, or a fee's payment status; all when none. */
export type ListFilter = { status?: string; payment_status?: string };
type ListRequest = ListFilter & { page_size?: number; cursor?: string };
export type ListCall<Item> = CallDefinition<z.ZodType<unknown, ListRequest>, z.ZodType<KeysetPage<Item>>>;

/** Starts a list's first page before its page's code has arrived, with the filter it opens on. */
export function prefetchProgrammeList<Item>(call: ListCall<Item>, filter: ListFilter = {}) {
  return prefetchScreenPages(call, { page_size: programmePageSize, ...filter });
}
