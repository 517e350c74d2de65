/**
 * The database lost under a running server, as a failover loses it: through a proxy the test cuts
 * (test-failing-proxy.ts) in front of the PostgreSQL server of DATABASE_URL.
 */
import { translate } from '@bank/i18n/resources';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, executeRows } from './db.ts';
import { CommitOutcomeUnknownError } from './db-failures.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createTestDatabase } from './test-database.ts';
import { type FailingProxy, startFailingProxy } from './test-failing-proxy.ts';

const databaseUrl = process.env.DATABASE_URL;

/** Polls `isDone` every 50 ms for up to 10 s. */
async function eventually(isDone: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await isDone())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

describe.runIf(databaseUrl)('a database lost under the server (PostgreSQL)', () => {
  let proxy: FailingProxy;
  let database: Database;
  let test: TestApp;

  beforeAll(async () => {
    proxy = await startFailingProxy(databaseUrl ?? '');
    database = await createTestDatabase(proxy.url);
    test = await createTestApp({ databaseUrl: proxy.url });
    await database.db.execute(sql`create table lost_connection_probe (id int primary key)`);
  });
  afterEach(() => proxy.refuseNew(false));
  afterAll(async () => {
    await test?.close();
    await database?.close();
    await proxy?.close();
  });

  const probeRows = async () =>
    (await executeRows<{ id: number }>(database.db, sql`select id from lost_connection_probe order by id`)).map(
      (row) => row.id,
    );

  it('runs a transaction whose connection was lost before COMMIT again, and it commits once', async () => {
    const retriedBefore = database.unavailable.retried;
    let attempts = 0;
    await database.db.transaction(async (tx) => {
      attempts += 1;
      await tx.execute(sql`insert into lost_connection_probe values (1)`);
      if (attempts === 1) proxy.cutAll();
      await tx.execute(sql`select 1`);
    });
    expect(attempts).toBe(2);
    expect(await probeRows()).toEqual([1]);
    expect(database.unavailable.retried).toBe(retriedBefore + 1);
  });

  it('does not run a transaction again when its connection was lost during COMMIT: its outcome is unknown', async () => {
    const unknownBefore = database.unavailable.commitUnknown;
    let attempts = 0;
    proxy.cutOnCommit();
    const outcome = database.db.transaction(async (tx) => {
      attempts += 1;
      await tx.execute(sql`insert into lost_connection_probe values (2)`);
    });
    await expect(outcome).rejects.toBeInstanceOf(CommitOutcomeUnknownError);
    expect(attempts).toBe(1);
    expect(database.unavailable.commitUnknown).toBe(unknownBefore + 1);
    // This COMMIT never reached the server: the caller's retry with its idempotency key runs it anew.
    expect(await probeRows()).toEqual([1]);
  });

  it('answers a call 503 busy with Retry-After while the database cannot be reached, and normally once it can', async () => {
    const login = () =>
      test.app.inject({
        method: 'POST',
        url: '/api/v1/account/login',
        payload: { step: 'password', email: 'nobody@example.com', password: 'Not-The-Password-1!' },
      });
    proxy.refuseNew(true);
    proxy.cutAll();
    const unavailable = await login();
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.headers['retry-after']).toBe('2');
    expect(unavailable.json()).toMatchObject({ code: 9503, msg: translate('en', 'errors.busy'), data: null });

    proxy.refuseNew(false);
    const back = await login();
    expect(back.statusCode).not.toBe(503);
    expect(back.json().code).not.toBe(9503);
  });

  it('listens again once its LISTEN connection is lost, and makes up for what it may have missed', async () => {
    let notified = 0;
    const stopListening = await database.listen('lost_connection_channel', () => {
      notified += 1;
    });
    try {
      proxy.cutAll();
      // Once back, it calls once for what was sent while it was away...
      await eventually(() => notified > 0);
      // ...and hears what is sent from then on.
      notified = 0;
      await database.db.execute(sql`select pg_notify('lost_connection_channel', '')`);
      await eventually(() => notified > 0);
    } finally {
      await stopListening();
    }
  });
});
