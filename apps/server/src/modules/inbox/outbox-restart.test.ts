/**
 * An event survives a stop between its commit and its delivery: the change and its event
 * commit together, the server stops before the outbox relay hands the event to the job queue (as a
 * crash right after the commit would leave it), and the next start delivers it to the inbox exactly
 * once; a further restart delivers nothing again.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../platform/db.ts';
import { recordEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { testConfig } from '../../platform/test-app.ts';
import { createTestDatabase } from '../../platform/test-database.ts';
import { ensureCompanyAdministrator } from '../account/index.ts';
import { strongPassword } from '../account/test-support.ts';
import { inboxMessages } from './tables.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function messagesOfEvent(eventId: string, userId: string) {
  return database.db
    .select({ id: inboxMessages.id })
    .from(inboxMessages)
    .where(and(eq(inboxMessages.event_id, eventId), eq(inboxMessages.user_id, userId)));
}

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((wake) => setTimeout(wake, 100));
  }
}

describe('the outbox across a restart', () => {
  it('delivers an event committed before a stop once the server runs again, and only once', async () => {
    const config = testConfig();
    const now = new Date();
    const { companyId, userId } = await ensureCompanyAdministrator(
      database.db,
      {
        companyName: 'Restart Co',
        administrator: { email: `restart-${newId()}@example.com`, password: strongPassword, fullName: 'Rita Restart' },
      },
      now,
    );

    // The first server commits a KYC decision with its event, and stops before its job queue runs.
    const first = await buildApp(config, { database });
    const eventId = await database.db.transaction((tx) =>
      recordEvent(
        tx,
        'kyc.status_changed',
        {
          company_id: companyId,
          from: 'pending_review',
          to: 'kyc_approved',
          round: 1,
          actor_user_id: newId(),
          decision: 'approved',
          reason: null,
          at: now.toISOString(),
        },
        { companyId },
      ),
    );
    await first.close();
    expect(await messagesOfEvent(eventId, userId)).toHaveLength(0);

    // The next start relays what the outbox holds: one message.
    const second = await buildApp(config, { database });
    await second.jobs.start();
    await waitFor(async () => (await messagesOfEvent(eventId, userId)).length > 0, 'the inbox message');
    await second.close();

    // A further restart finds the event consumed: still one message.
    const third = await buildApp(config, { database });
    await third.jobs.start();
    await new Promise((wake) => setTimeout(wake, 3_000));
    await third.close();
    expect(await messagesOfEvent(eventId, userId)).toHaveLength(1);
  }, 60_000);
});
