/**
 * The `{code, msg, data}` envelope every /api/v1 call answers (SPEC.md section 7), and the headers
 * every call sends.
 */

import { z } from 'zod';
import { identifierText, singleLineText } from './text.ts';

export const apiHeaders = {
  language: 'language',
  deviceOs: 'device-os',
  webName: 'web-name',
  userId: 'userid',
  token: 'token',
  /** Sent with every call the contract marks idempotent (calls.ts): one key per intended effect. */
  idempotencyKey: 'idempotency-key',
} as const;

/** What an Idempotency-Key may be: 1 to 255 visible ASCII characters (a UUID, say). */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/** How long the server keeps an idempotent call's answer for replay. */
export const idempotencyKeyLifetimeHours = 24;

/** The value of `device-os` sent by the web app. */
export const webDeviceOs = 'web';
export const webName = 'corporate-dashboard';

/** Keyset pagination of every list call (DECISIONS.md). */
export const PageRequest = z.object({
  page_size: z.number().int().min(1).max(100).default(20),
  cursor: identifierText(200).optional(),
});

/**
 * A back-office queue's search box: words of the item's company, person, reference or text, matched
 * by the server (each queue names the columns it looks in), so that a long queue is searched whole,
 * not only the page loaded.
 */
export const queueSearchMaxLength = 100;
export const QueueSearch = z.object({ search: singleLineText(queueSearchMaxLength).optional() });

export function page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}

/** Calls that take no input accept an empty object. */
export const EmptyRequest = z.object({}).strict();
export const EmptyResponse = z.null();
