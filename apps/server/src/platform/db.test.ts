import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db.ts';
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
