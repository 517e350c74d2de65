/**
 * What a back-office queue asks for (staff-queue.tsx), and its first page started before the queue's
 * page has arrived (app/page-data.ts): a page, of one status or all, matching the search.
 */
import type { CallDefinition } from '@bank/contract/calls';
import type { z } from 'zod';
import { prefetchScreenPages } from '../lib/screen-query.ts';
import type { KeysetPage } from './load-more.tsx';

const queuePageSize = 20;

export type QueueRequest = { page_size?: number; status?: string; search?: string; cursor?: string };

export type QueueCall<Item> = CallDefinition<z.ZodType<unknown, QueueRequest>, z.ZodType<KeysetPage<Item>>>;

/** The request's `search`, present only when there are words. */
export function searchOf(search: string): { search?: string } {
  return search ? { search } : {};
}

export function queueRequestOf(status: string, search: string): QueueRequest {
  return { page_size: queuePageSize, ...(status === 'all' ? {} : { status }), ...searchOf(search) };
}

/** Starts a queue's first page before its page renders: the status it opens on, unsearched. */
export function prefetchStaffQueue<Item>(call: QueueCall<Item>, status: string) {
  return prefetchScreenPages(call, queueRequestOf(status, ''));
}
