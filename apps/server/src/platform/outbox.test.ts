import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows, postgresErrorCode } from './db.ts';
import { jobQueueSchema } from './jobs.ts';
import type { AppModule } from './module.ts';
import { type DomainEvent, writeEvent } from './outbox.ts';
import { outboxEvents } from './outbox-table.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const eventType = 'test.happened';
const received: Record<'ledger' | 'inbox', DomainEvent[]> = { ledger: [], inbox: [] };

const subscribersModule: AppModule = {
  name: 'outbox-test',
  register(_app, { jobs }) {
    jobs.onEvent(eventType, 'ledger', async (event) => {
      received.ledger.push(event);
    });
    jobs.onEvent(eventType, 'inbox', async (event) => {
      received.inbox.push(event);
    });
  },
};

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ modules: [subscribersModule] });
  await test.app.jobs.start();
});
afterAll(async () => {
  await test?.close();
});

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function deliveriesOf(id: string): { ledger: number; inbox: number } {
  return {
    ledger: received.ledger.filter((event) => event.id === id).length,
    inbox: received.inbox.filter((event) => event.id === id).length,
  };
}

async function jobStatesOf(id: string): Promise<string[]> {
  const rows = await executeRows<{ state: string }>(
    test.database.db,
    sql`select state from ${sql.identifier(jobQueueSchema)}.job where id = ${id}::uuid order by name`,
  );
  return rows.map((row) => row.state);
}

async function writeCommitted(payload: unknown): Promise<string> {
  return test.database.db.transaction(async (tx) => writeEvent(tx, { type: eventType, payload, company_id: null }));
}

describe(`outbox delivery on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('delivers an event of a committed transaction to each handler exactly once', async () => {
    const id = await writeCommitted({ step: 'committed' });

    // No explicit relay: the commit's notification (or the poll) moves the event.
    await waitFor(() => deliveriesOf(id).ledger === 1 && deliveriesOf(id).inbox === 1, 'both handlers');
    await waitFor(async () => (await jobStatesOf(id)).every((state) => state === 'completed'), 'jobs completed');
    expect(await jobStatesOf(id)).toEqual(['completed', 'completed']);

    const [row] = await test.database.db.select().from(outboxEvents).where(eq(outboxEvents.id, id));
    expect(row?.published_at).toBeInstanceOf(Date);
    const delivered = received.ledger.find((event) => event.id === id);
    expect(delivered).toMatchObject({ id, type: eventType, payload: { step: 'committed' }, company_id: null });
    expect(Date.parse(delivered?.created_at ?? '')).not.toBeNaN();

    // Running the relay again finds nothing to do, and no handler runs a second time.
    expect(await test.app.jobs.relayNow()).toBe(0);
    expect(deliveriesOf(id)).toEqual({ ledger: 1, inbox: 1 });
  });

  it('never delivers an event whose transaction rolled back', async () => {
    let rolledBackId = '';
    await expect(
      test.database.db.transaction(async (tx) => {
        rolledBackId = await writeEvent(tx, { type: eventType, payload: { step: 'rolled back' } });
        throw new Error('the change failed after the event was written');
      }),
    ).rejects.toThrow('the change failed');
    expect(rolledBackId).not.toBe('');

    // Events are relayed in order: once an event written afterwards has arrived, the rolled-back one would have too.
    const markerId = await writeCommitted({ step: 'marker' });
    await waitFor(() => deliveriesOf(markerId).ledger === 1 && deliveriesOf(markerId).inbox === 1, 'the marker');
    await test.app.jobs.relayNow();

    expect(deliveriesOf(rolledBackId)).toEqual({ ledger: 0, inbox: 0 });
    expect(await jobStatesOf(rolledBackId)).toEqual([]);
    expect(await test.database.db.select().from(outboxEvents).where(eq(outboxEvents.id, rolledBackId))).toEqual([]);
  });

  it('does not send an event twice when the relay runs again over it', async () => {
    const id = await writeCommitted({ step: 'relayed twice' });
    await waitFor(async () => (await jobStatesOf(id)).length === 2 && deliveriesOf(id).inbox === 1, 'first delivery');

    // As if the relay had crashed after sending but before its mark was seen: the row is pending again.
    await test.database.db.update(outboxEvents).set({ published_at: null }).where(eq(outboxEvents.id, id));
    await test.app.jobs.relayNow();

    expect(await jobStatesOf(id)).toHaveLength(2);
    await waitFor(async () => (await jobStatesOf(id)).every((state) => state === 'completed'), 'jobs completed');
    expect(deliveriesOf(id)).toEqual({ ledger: 1, inbox: 1 });
  });

  it('delivers many events, each once', async () => {
    const ids = await test.database.db.transaction(async (tx) => {
      const written: string[] = [];
      for (let index = 0; index < 25; index += 1) {
        written.push(await writeEvent(tx, { type: eventType, payload: { index } }));
      }
      return written;
    });
    await waitFor(() => ids.every((id) => deliveriesOf(id).ledger === 1 && deliveriesOf(id).inbox === 1), 'all events');
    await test.app.jobs.relayNow();
    for (const id of ids) expect(deliveriesOf(id)).toEqual({ ledger: 1, inbox: 1 });
  });
});

describe('postgresErrorCode', () => {
  it('finds the PostgreSQL code inside drizzle’s wrapped error', async () => {
    const failure = await test.database.db.execute(sql`select 'x'::integer`).catch((error: unknown) => error);
    expect(postgresErrorCode(failure)).toBe('22P02');
    expect(postgresErrorCode(new Error('plain'))).toBeUndefined();
  });
});
