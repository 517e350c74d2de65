/**
 * Rate limits. Counters are fixed windows in PostgreSQL (rate_limit_counters), so that several
 * server instances behind a load balancer count together; time comes from the app clock, so that
 * tests can move to the next window.
 *
 * The general limit caps the public (anonymous) calls of one client address per minute: sign-in,
 * registration, codes and recovery are where an attacker needs no account, and where a flood costs
 * us password hashes and emails. Finer rules (login back-off, code cool-downs) live with the calls.
 */
import { listedCalls } from '@bank/contract/calls';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, DbHandle } from './db.ts';
import { AppError } from './errors.ts';
import { rateLimitCounters } from './rate-limit-table.ts';
import type { Clock } from './session.ts';

export type WindowCount = { hits: number; windowEndsAt: Date };

/** The fixed window of `windowSeconds` that holds `now`: its start and end. */
export function windowOf(windowSeconds: number, now: Date): { windowStart: Date; windowEndsAt: Date } {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  return { windowStart, windowEndsAt: new Date(windowStart.getTime() + windowMs) };
}

/** Counts one hit of `key` in the fixed window of `windowSeconds` that holds `now`. */
export async function countHit(handle: DbHandle, key: string, windowSeconds: number, now: Date): Promise<WindowCount> {
  const { windowStart, windowEndsAt } = windowOf(windowSeconds, now);
  const [row] = await handle
    .insert(rateLimitCounters)
    .values({ key, window_start: windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.window_start],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ hits: rateLimitCounters.hits });
  return { hits: row?.hits ?? 1, windowEndsAt };
}

/** Counters of windows that ended this long ago can go: no limit looks back further. */
const counterRetentionSeconds = 24 * 60 * 60;

/** Counters whose window ended a day ago are no use to any limit: a schedule removes them (app.ts). */
export const pruneRateLimitCountersSchedule = 'platform__prune_rate_limit_counters';

export async function pruneExpiredCounters(handle: DbHandle, now: Date): Promise<void> {
  await handle
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.window_start, new Date(now.getTime() - counterRetentionSeconds * 1000)));
}

/**
 * The answer of every limit: how long to wait, in seconds in `data` for the client, and in the
 * message in words of the reader's language: seconds under a minute, whole minutes (rounded up)
 * from then on ("in 42 minutes", not "in 2520 seconds").
 */
export function rateLimitedError(retryAfterSeconds: number, detail: string): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const data = { retry_after_seconds: seconds };
  if (seconds < 60) {
    return new AppError('rate_limited', {
      data,
      messageKey: 'email.messages.retry_after',
      params: { seconds },
      detail,
    });
  }
  const minutes = Math.ceil(seconds / 60);
  return new AppError('rate_limited', {
    data,
    messageKey: 'email.messages.retry_after_minutes',
    params: { minutes },
    detail,
  });
}

/** A cap on what one caller may do in a window: `max` hits of a key per `windowSeconds`. */
export type RateCap = { max: number; windowSeconds: number };

/** Counts a hit of `key` and refuses (rate_limited, with the wait) one beyond the cap in its window. */
export async function assertWithinCap(handle: DbHandle, key: string, cap: RateCap, now: Date): Promise<void> {
  const count = await countHit(handle, key, cap.windowSeconds, now);
  if (count.hits > cap.max)
    throw rateLimitedError((count.windowEndsAt.getTime() - now.getTime()) / 1000, `${count.hits} hits of ${key}`);
}

export type PublicCallRateLimitOptions = {
  database: Database;
  clock: Clock;
  callsPerMinute: number;
};

const publicCallWindowSeconds = 60;

/**
 * Installs the general limit as an onRequest hook of the whole app: it runs before the call's
 * session rule and before the body is read, so a refused flood costs one counter update.
 */
export function registerPublicCallRateLimit(app: FastifyInstance, options: PublicCallRateLimitOptions): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST') return;
    const path = request.routeOptions.url;
    if (!path) return;
    const spec = app.callPlatform.calls.get(path) ?? listedCalls.get(path);
    if (spec?.auth !== 'public') return;

    const now = options.clock.now();
    const count = await countHit(options.database.db, `public_call:ip:${request.ip}`, publicCallWindowSeconds, now);
    if (count.hits > options.callsPerMinute) {
      const retryAfterSeconds = Math.ceil((count.windowEndsAt.getTime() - now.getTime()) / 1000);
      reply.header('retry-after', String(Math.max(1, retryAfterSeconds)));
      throw rateLimitedError(retryAfterSeconds, `${count.hits} public calls this minute from ${request.ip}`);
    }
  });
}
