/**
 * A worker killed mid-job: its job stays active in the queue with nobody to finish it. Another
 * instance's maintenance takes it as lost once its expiry has passed and it runs again there. The
 * victim is a second job queue whose database connection dies under it while its handler is busy,
 * which is what a SIGKILL leaves behind: the job row active, no complete, no fail.
 */
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db.ts';
import { createJobs, jobRecovery, unhandledRejectionPolicy } from './jobs.ts';
import { deliveryRetry, writeEvent } from './outbox.ts';
import { createTestDatabase } from './test-database.ts';

type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

const eventType = 'test.crash_drill';
const subscriber = 'crash_test';
const shortRecovery = { eventExpirySeconds: 2, maintenanceIntervalSeconds: 1 };
const silent = pino({ level: 'silent' });

let database: Database;
let serverPool: pg.Pool | undefined;
/** How to stop each queue started here, before the database closes. */
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const stop of stops) await stop().catch(() => undefined);
  await serverPool?.end();
  await database?.close();
});

/** The database as the victim's job queue reaches it, until `kill` cuts it off for good. */
function killableConnection(): { executor: SqlExecutor; kill(): void } {
  let base: SqlExecutor;
  const connection = database.jobQueueConnection as { db?: SqlExecutor; connectionString?: string };
  if (connection.db) base = connection.db;
  else {
    serverPool = new pg.Pool({ connectionString: connection.connectionString, max: 2 });
    const pool = serverPool;
    base = { executeSql: async (text, values) => pool.query(text, values) };
  }
  let isDead = false;
  return {
    executor: {
      executeSql: (text, values) => (isDead ? new Promise<never>(() => undefined) : base.executeSql(text, values)),
    },
    kill() {
      isDead = true;
    },
  };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`a worker killed mid-job on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('leaves a job another instance runs again within seconds, not after the queue’s 15 minutes', async () => {
    const taken: string[] = [];
    const finished: string[] = [];

    const connection = killableConnection();
    const victim = createJobs({
      database: { ...database, jobQueueConnection: { db: connection.executor } },
      logger: silent,
      recovery: shortRecovery,
      workerPollIntervalSeconds: 0.5,
    });
    victim.onEvent(eventType, subscriber, async (event) => {
      taken.push(event.id);
      await new Promise<never>(() => undefined);
    });
    await victim.start();
    // Its connection cut, it has nothing more to write: stopped without waiting for its handler.
    stops.push(() => victim.boss.stop({ graceful: false, wait: true }));

    const id = await database.db.transaction((tx) =>
      writeEvent(tx, { type: eventType, payload: { drill: true }, company_id: null }),
    );
    await waitFor(() => taken.includes(id), 'the victim to take the job', 15_000);
    connection.kill();
    const killedAt = Date.now();

    const survivor = createJobs({
      database,
      logger: silent,
      recovery: shortRecovery,
      workerPollIntervalSeconds: 0.5,
    });
    survivor.onEvent(eventType, subscriber, async (event) => {
      finished.push(event.id);
    });
    await survivor.start();
    // Stopped as the app stops it, so that its last job's completion lands before the database closes
    // (a busy machine saw it arrive after: 'PGlite is closed').
    stops.push(() => survivor.stop());

    // Expiry (2 s), the next maintenance (1 s), the retry delay (5 s) and a poll: well within 30 s.
    await waitFor(() => finished.includes(id), 'the survivor to run the job again', 30_000);
    expect(finished.filter((finishedId) => finishedId === id)).toHaveLength(1);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
  });

  it('recovers a killed event job within a minute with the production settings', () => {
    expect(
      jobRecovery.eventExpirySeconds + jobRecovery.maintenanceIntervalSeconds + deliveryRetry.retryDelay,
    ).toBeLessThan(60);
  });
});

describe('a rejection nobody handled', () => {
  it('is logged, not fatal, when the database was lost under a job queue statement', () => {
    const lines: string[] = [];
    const policy = unhandledRejectionPolicy(pino({ level: 'warn' }, { write: (line: string) => lines.push(line) }));
    // What pg-boss's unawaited completion of a job rejects with when the connection is lost.
    expect(() => policy(new Error('Connection terminated unexpectedly'))).not.toThrow();
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual([
      'database unavailable under a job queue statement nobody awaited',
    ]);
  });

  it('ends the process as Node would for anything else', () => {
    const bug = new TypeError('undefined is not a function');
    expect(() => unhandledRejectionPolicy(silent)(bug)).toThrow(bug);
  });
});
