import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentionRetry, type Database, executeRows } from './db.ts';
import { createTestDatabase } from './test-database.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('the database', () => {
  it('lets a timer run in the middle of a long chain of statements', async () => {
    // On PGlite the statements run on this thread: without a turn of the event loop between them,
    // requests and timers would wait for the whole chain (a job queue catching up after a start).
    let statementsRun = 0;
    let statementsRunWhenTheTimerFired: number | undefined;
    const timerFired = new Promise<void>((resolve) =>
      setTimeout(() => {
        statementsRunWhenTheTimerFired = statementsRun;
        resolve();
      }, 0),
    );
    for (let index = 0; index < 200; index += 1) {
      await database.db.execute(sql`select ${index}::int`);
      statementsRun += 1;
    }
    await timerFired;
    expect(statementsRunWhenTheTimerFired).toBeLessThan(200);
  });
});

/** Two transactions that each hold one row the other wants: PostgreSQL makes one of them the victim. */
describe.runIf(process.env.DATABASE_URL)('a transaction that loses to contention (PostgreSQL)', () => {
  it('runs again, a bounded number of times, and commits', async () => {
    const db = database.db;
    await db.execute(sql`create table if not exists contention_probe (id int primary key, touched int not null)`);
    await db.execute(
      sql`insert into contention_probe values (1, 0), (2, 0) on conflict (id) do update set touched = 0`,
    );
    const retriedBefore = database.contention.retried;
    const attempts = { first: 0, second: 0 };
    let release: () => void = () => undefined;
    const bothHoldOne = new Promise<void>((resolve) => {
      let holding = 0;
      release = () => {
        holding += 1;
        if (holding === 2) resolve();
      };
    });
    /** Takes `mine`, waits (first try only) until the other holds its row, then takes `theirs`. */
    const crossing = (name: 'first' | 'second', mine: number, theirs: number) =>
      db.transaction(async (tx) => {
        attempts[name] += 1;
        await tx.execute(sql`update contention_probe set touched = touched + 1 where id = ${mine}`);
        if (attempts[name] === 1) {
          release();
          await bothHoldOne;
        }
        await tx.execute(sql`update contention_probe set touched = touched + 1 where id = ${theirs}`);
      });
    await Promise.all([crossing('first', 1, 2), crossing('second', 2, 1)]);
    // Each transaction committed once: the victim's first try left nothing behind.
    const rows = await executeRows<{ touched: number }>(db, sql`select touched from contention_probe order by id`);
    expect(rows.map((row) => Number(row.touched))).toEqual([2, 2]);
    // One victim, one more try, as a rule; on a busy machine a try may lose more than once (each
    // loss is one more try, counted as a retry), within the bound.
    const tries = attempts.first + attempts.second;
    expect(tries).toBeGreaterThanOrEqual(3);
    expect(Math.max(attempts.first, attempts.second)).toBeLessThanOrEqual(contentionRetry.attempts);
    expect(database.contention.retried - retriedBefore).toBe(tries - 2);
    expect(contentionRetry.attempts).toBeGreaterThan(1);
  });
});
