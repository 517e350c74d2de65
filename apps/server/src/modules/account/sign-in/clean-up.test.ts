import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunningTestApp, type RunningTestApp } from '../../../platform/test-support.ts';
import { emailCodes, loginChallenges, sessions } from '../tables.ts';
import { registerUser, signIn } from '../test-support.ts';
import { cleanSignInRecordsSchedule } from './clean-up.ts';

let test: RunningTestApp;

beforeAll(async () => {
  test = await createRunningTestApp();
});

afterAll(async () => {
  await test?.close();
});

const daySeconds = 24 * 60 * 60;

async function countsOf(email: string, userId: string) {
  const db = test.database.db;
  return {
    codes: (await db.select().from(emailCodes).where(eq(emailCodes.email, email))).length,
    challenges: (await db.select().from(loginChallenges).where(eq(loginChallenges.user_id, userId))).length,
    sessions: (await db.select().from(sessions).where(eq(sessions.user_id, userId))).length,
  };
}

describe('the sign-in clean-up schedule', () => {
  it('is declared on the job queue with its cron', async () => {
    const scheduled = await test.app.jobs.boss.getSchedules();
    expect(scheduled.map((schedule) => schedule.name)).toEqual(
      expect.arrayContaining([cleanSignInRecordsSchedule, 'platform__prune_rate_limit_counters']),
    );
  });

  it('keeps what a rule still needs and removes what has outlived it', async () => {
    const user = await registerUser(test);
    const session = await signIn(test, user);
    const before = await countsOf(user.email, session.userid);
    expect(before.codes).toBeGreaterThan(0);
    expect(before.challenges).toBeGreaterThan(0);
    expect(before.sessions).toBe(1);

    // An hour on: the codes still count towards the hourly limits, the session is still live.
    test.clock.advance(60 * 60);
    await test.app.jobs.runSchedule(cleanSignInRecordsSchedule);
    expect(await countsOf(user.email, session.userid)).toEqual(before);

    // Two days on: codes and challenges are gone; the session ended (12 h) but is kept 30 days.
    test.clock.advance(2 * daySeconds);
    await test.app.jobs.runSchedule(cleanSignInRecordsSchedule);
    expect(await countsOf(user.email, session.userid)).toEqual({ codes: 0, challenges: 0, sessions: 1 });

    test.clock.advance(30 * daySeconds);
    await test.app.jobs.runSchedule(cleanSignInRecordsSchedule);
    expect(await countsOf(user.email, session.userid)).toEqual({ codes: 0, challenges: 0, sessions: 0 });
  });
});
