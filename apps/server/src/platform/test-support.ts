/**
 * Test support every module shares: the app with a movable clock and a running job queue (emails
 * are sent by jobs), calls through `inject`, the development mailbox, unique addresses.
 */
import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import type { Language } from '@bank/contract/constants';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDependencies } from '../app.ts';
import type { Config } from '../config.ts';
import { executeRows } from './db.ts';
import { jobQueueSchema } from './jobs.ts';
import { outboxEvents } from './outbox-table.ts';
import { systemClock } from './session.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { type AdjustableClock, createOffsetClock } from './test-clock.ts';

export type RunningTestApp = TestApp & { clock: AdjustableClock };

export async function createRunningTestApp(
  options: { config?: Partial<Config> } & Omit<AppDependencies, 'database' | 'clock'> = {},
): Promise<RunningTestApp> {
  const clock = createOffsetClock(systemClock);
  // The general per-address limit has its own test; here every call comes from 127.0.0.1.
  const test = await createTestApp({
    ...options,
    clock,
    config: { rateLimitPublicCallsPerMinute: 100_000, rateLimitEmailCodesPerClientPerHour: 100_000, ...options.config },
  });
  await test.app.jobs.start();
  return { ...test, clock };
}

export type Envelope<Data = unknown> = { code: number; msg: string; data: Data };

export type CallOptions = {
  headers?: Record<string, string>;
  session?: Pick<SignedIn, 'token' | 'userid'>;
  language?: Language;
  /** The client address (default 127.0.0.1): lets a test keep its per-address counters apart. */
  ip?: string;
};

export async function call<Data = unknown>(
  test: TestApp,
  path: string,
  body: unknown,
  options: CallOptions = {},
): Promise<Envelope<Data>> {
  const response = await test.app.inject({
    method: 'POST',
    url: path,
    payload: body as Record<string, unknown>,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
      ...(options.language ? { language: options.language } : {}),
      ...(options.session ? { token: options.session.token, userid: options.session.userid } : {}),
      ...options.headers,
    },
  });
  return response.json() as Envelope<Data>;
}

export type MailboxEmail = { to: string; subject: string; text: string; time: string };

/**
 * How long a test waits for an email or for the job queue to settle: a limit for a hang, not for
 * speed. CI runs the server suites at the lowest priority beside the journeys (scripts/test.mjs),
 * where this process, which also runs the queue's workers, may get little of the CPU for many
 * seconds: 15 s once ran out there with nothing stuck (a payouts test on PostgreSQL).
 */
export const queueWaitMs = 60_000;

export async function readMailbox(test: TestApp, to: string): Promise<MailboxEmail[]> {
  const response = await test.app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(to)}` });
  return response.json() as MailboxEmail[];
}

/** How many emails `to` has, once every queued email is sent (so that none arrives later and is miscounted). */
export async function mailboxCount(test: TestApp, to: string): Promise<number> {
  await settleEmails(test);
  return (await readMailbox(test, to)).length;
}

/**
 * Waits until `to` has more than `knownCount` emails and answers the newest, or the newest of the new
 * ones that `matches` (a notice of an earlier change may still arrive among them: notices go out
 * through the job queue).
 */
export async function nextEmail(
  test: TestApp,
  to: string,
  knownCount: number,
  timeoutMs = queueWaitMs,
  matches: (email: MailboxEmail) => boolean = () => true,
): Promise<MailboxEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const emails = await readMailbox(test, to);
    const found = emails.slice(0, Math.max(0, emails.length - knownCount)).find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no new email to ${to} within ${timeoutMs} ms`);
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

/**
 * Waits until every event is handed on and every consumer has run (an email may take two hops: a
 * domain event's consumer queues it, the mail sender sends it), so that a test may count the
 * mailbox, or assert that nothing (more) arrived.
 */
export async function settleEmails(test: TestApp): Promise<void> {
  const deadline = Date.now() + queueWaitMs;
  for (;;) {
    await test.app.jobs.relayNow();
    // Unfinished: a job not done yet, or an event still in the outbox (a consumer that just committed
    // one after the relay last looked, whose own job is already complete).
    const rows = await executeRows<{ what: string; unfinished: number }>(
      test.database.db,
      sql`select name || ' (' || state || ')' as what, count(*)::int as unfinished
            from ${sql.identifier(jobQueueSchema)}.job
           where name like 'event\_\_%' and state in ('created', 'retry', 'active')
           group by name, state
          union all
          select 'outbox', count(*)::int from ${outboxEvents} where ${outboxEvents.published_at} is null
          having count(*) > 0`,
    );
    if (rows.length === 0) return;
    if (Date.now() > deadline) {
      const unfinished = rows.map((row) => `${row.what}: ${row.unfinished}`).join(', ');
      throw new Error(`events or emails still queued after ${queueWaitMs / 1000} s: ${unfinished}`);
    }
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

export function codeIn(email: MailboxEmail): string {
  const code = email.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in "${email.subject}"`);
  return code;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
}

/**
 * The fields of `data` (a response as it arrived) that its contract schema does not name, at any
 * depth, as paths: the response allow-list proven on the wire. Empty when every field is named; a
 * field the server added beside the contract (an internal note, a staff name) is listed.
 */
export function fieldsOutsideContract(schema: z.ZodType, data: unknown, path = 'data'): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (key: string) => def[key] as z.ZodType;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return data === null || data === undefined ? [] : fieldsOutsideContract(inner('innerType'), data, path);
    case 'pipe':
      return fieldsOutsideContract(inner('out'), data, path);
    case 'lazy':
      return fieldsOutsideContract((def.getter as () => z.ZodType)(), data, path);
    case 'array':
      return Array.isArray(data)
        ? data.flatMap((item, index) => fieldsOutsideContract(inner('element'), item, `${path}[${index}]`))
        : [];
    case 'union': {
      // The narrowest reading: a field counts as named if one of the options names it.
      const readings = (def.options as z.ZodType[]).map((option) => fieldsOutsideContract(option, data, path));
      return readings.reduce((narrowest, reading) => (reading.length < narrowest.length ? reading : narrowest));
    }
    case 'object': {
      if (typeof data !== 'object' || data === null) return [];
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.entries(data).flatMap(([key, value]) =>
        key in shape ? fieldsOutsideContract(shape[key] as z.ZodType, value, `${path}.${key}`) : [`${path}.${key}`],
      );
    }
    default:
      return [];
  }
}
