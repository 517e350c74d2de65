/**
 * The `{code, msg, data}` envelope every /api/v1 call answers (SPEC.md section 7), and the headers
 * every call sends.
 */

import { z } from 'zod';
import { identifierText } from './text.ts';

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

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export type Envelope<T> = { code: number; msg: string; data: T };

/** Field errors of a validation failure: the dotted field path and its message in the caller's language. */
export const ValidationErrorData = z.object({ fields: z.record(z.string(), z.string()) });
export type ValidationErrorData = z.infer<typeof ValidationErrorData>;

/** What an unexpected failure answers: a generic message and the id to quote to support. */
export const InternalErrorData = z.object({ request_id: z.string() });

/** Keyset pagination of every list call (DECISIONS.md). */
export const PageRequest = z.object({
  page_size: z.number().int().min(1).max(100).default(20),
  cursor: identifierText(200).optional(),
});

export function page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}

/** Calls that take no input accept an empty object. */
export const EmptyRequest = z.object({}).strict();
export const EmptyResponse = z.null();
