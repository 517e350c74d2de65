/**
 * Typed domain events and their consumers: recorded in the change's transaction (never delivered
 * when it rolls back), checked against the contract's catalogue, retried when a consumer fails,
 * and acted on once per event even when the queue delivers it again.
 */
import type { DomainEventPayload } from '@bank/contract/events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumedEvents } from './consumed-events-table.ts';
import { executeRows } from './db.ts';
import { consumeEvent, recordEvent } from './events.ts';
import type { AppModule } from './module.ts';
import { currentRequestId, runForRequest } from './request-context.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Effects the consumer commits (a row), and every attempt it made (in memory, kept on failure). */
const attempts: string[] = [];
/** The request each consumed event ran for, by company. */
const requestOfAttempt = new Map<string, string | null>();
const failFirstAttemptOf = new Set<string>();

const consumerModule: AppModule = {
  name: 'events-test',
  register(_app, { jobs, database }) {
    consumeEvent({ jobs, db: database.db }, 'kyc.status_changed', 'events_test', async (tx, payload, event) => {
      attempts.push(payload.company_id);
      requestOfAttempt.set(payload.company_id, currentRequestId());
      await tx.execute(sql`insert into events_test_effects (event_id) values (${event.id}::uuid)`);
      if (failFirstAttemptOf.delete(payload.company_id)) throw new Error('the consumer failed this time');
    });
  },
};

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ modules: [consumerModule] });
  await test.database.db.execute(sql`create table events_test_effects (event_id uuid not null)`);
  await test.app.jobs.start();
});
afterAll(async () => {
  await test?.close();
});

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 25_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function change(companyId: string): DomainEventPayload<'kyc.status_changed'> {
  return {
    company_id: companyId,
    from: 'not_submitted',
    to: 'pending_review',
    round: 1,
    actor_user_id: crypto.randomUUID(),
    at: new Date().toISOString(),
  };
}

async function effectsOf(eventId: string): Promise<number> {
  const rows = await executeRows<{ count: number }>(
    test.database.db,
    sql`select count(*)::int as count from events_test_effects where event_id = ${eventId}::uuid`,
  );
  return rows[0]?.count ?? 0;
}

describe(`domain events on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('never delivers an event whose transaction rolled back', async () => {
    const companyId = crypto.randomUUID();
    await expect(
      test.database.db.transaction(async (tx) => {
        await recordEvent(tx, 'kyc.status_changed', change(companyId), { companyId });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const committed = crypto.randomUUID();
    const eventId = await recordEvent(test.database.db, 'kyc.status_changed', change(committed), {
      companyId: committed,
    });
    await waitFor(async () => (await effectsOf(eventId)) === 1, 'the committed event');
    expect(attempts).not.toContain(companyId);
  });

  it('refuses a payload outside the catalogue', async () => {
    const bad = {
      ...change(crypto.randomUUID()),
      to: 'somewhere',
    } as unknown as DomainEventPayload<'kyc.status_changed'>;
    await expect(recordEvent(test.database.db, 'kyc.status_changed', bad)).rejects.toThrow();
  });

  it('retries a failed consumer and acts once', async () => {
    const companyId = crypto.randomUUID();
    failFirstAttemptOf.add(companyId);
    const eventId = await recordEvent(test.database.db, 'kyc.status_changed', change(companyId), { companyId });
    await waitFor(async () => (await effectsOf(eventId)) === 1, 'the retried consumer');
    expect(attempts.filter((id) => id === companyId)).toHaveLength(2);

    // The queue delivers at least once: a second delivery of the same event finds the claim.
    const [claim] = await test.database.db.select().from(consumedEvents).where(sql`event_id = ${eventId}::uuid`);
    expect(claim?.subscriber).toBe('events_test');
    const queue = 'event__kyc_status_changed__events_test';
    const redelivery = await test.app.jobs.boss.send(queue, {
      id: eventId,
      type: 'kyc.status_changed',
      payload: change(companyId),
      company_id: companyId,
      created_at: new Date().toISOString(),
    });
    if (!redelivery) throw new Error('the redelivery was not queued');
    await waitFor(
      async () => (await test.app.jobs.boss.getJobById(queue, redelivery))?.state === 'completed',
      'redelivery',
    );
    expect(attempts.filter((id) => id === companyId)).toHaveLength(2);
    expect(await effectsOf(eventId)).toBe(1);
  });
});

describe('the request behind an event', () => {
  it('is recorded with the event and carried into its consumer', async () => {
    const companyId = crypto.randomUUID();
    const eventId = await runForRequest('trace-request-0001', () =>
      test.database.db.transaction((tx) => recordEvent(tx, 'kyc.status_changed', change(companyId))),
    );
    const [row] = await executeRows<{ request_id: string | null }>(
      test.database.db,
      sql`select request_id from outbox_events where id = ${eventId}::uuid`,
    );
    expect(row?.request_id).toBe('trace-request-0001');
    await waitFor(() => requestOfAttempt.has(companyId), 'the consumer');
    expect(requestOfAttempt.get(companyId)).toBe('trace-request-0001');
  });
});
