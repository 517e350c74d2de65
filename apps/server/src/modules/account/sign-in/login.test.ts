import type { SignedIn } from '@bank/contract/account';
import { errorCatalogue } from '@bank/contract/errors';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../platform/audit-table.ts';
import {
  call,
  codeIn,
  createRunningTestApp,
  mailboxCount,
  nextEmail,
  type RunningTestApp,
  uniqueEmail,
} from '../../../platform/test-support.ts';
import { loginChallenges, sessions, users } from '../tables.ts';
import { passwordStep, registerUser, signIn, type TestUser } from '../test-support.ts';

let test: RunningTestApp;

beforeAll(async () => {
  test = await createRunningTestApp();
});

afterAll(async () => {
  await test?.close();
});

const codes = errorCatalogue;
let nextIpSuffix = 1;
/** Each test gets its own client address, so that per-address back-off of one test never leaks into another. */
function freshIp(): string {
  nextIpSuffix += 1;
  return `198.51.100.${nextIpSuffix}`;
}

async function wrongPassword(user: TestUser | { email: string }, ip: string) {
  return call<{ retry_after_seconds?: number }>(
    test,
    '/api/v1/account/login',
    { step: 'password', email: user.email, password: 'Wrong-Password-1!' },
    { ip },
  );
}

async function auditActionsOf(email: string): Promise<string[]> {
  const rows = await test.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actor_user_id))
    .where(eq(users.email, email))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return rows.map((row) => row.action);
}

describe('two-step sign-in', () => {
  it('asks for the emailed code after a right password, then signs in with a new session', async () => {
    const user = await registerUser(test);
    const ip = freshIp();
    const before = await mailboxCount(test, user.email);
    const challenge = await passwordStep(test, user, { ip });
    expect(challenge).toMatchObject({
      code: 200,
      data: { status: 'second_factor_required', method: 'email' },
    });
    expect(challenge.data.email_hint).toBe(`${user.email[0]}***@example.com`);
    expect(challenge.data.challenge_id).toMatch(/^[\w-]{43}$/);

    const email = await nextEmail(test, user.email, before);
    expect(email.subject).toBe('Your sign-in code');
    const signedIn = await call<SignedIn>(
      test,
      '/api/v1/account/login',
      { step: 'second_factor', challenge_id: challenge.data.challenge_id, code: codeIn(email) },
      { ip },
    );
    expect(signedIn.code).toBe(200);
    expect(signedIn.data).toMatchObject({
      status: 'signed_in',
      username: 'Ada Lovelace',
      is_google: true,
      is_staff: false,
    });
    expect(await auditActionsOf(user.email)).toEqual(['account.registered', 'login.succeeded']);

    // The challenge is used up with the sign-in.
    const replay = await call(
      test,
      '/api/v1/account/login',
      { step: 'second_factor', challenge_id: challenge.data.challenge_id, code: codeIn(email) },
      { ip },
    );
    expect(replay.code).toBe(codes.verification_code_incorrect.code);
  });

  it('gives a new token at every sign-in, each at least 256 random bits, stored only as a hash', async () => {
    const user = await registerUser(test);
    const first = await signIn(test, user, { ip: freshIp() });
    test.clock.advance(61);
    const second = await signIn(test, user, { ip: freshIp() });
    expect(first.token).not.toBe(second.token);
    expect(first.token).toMatch(/^[\w-]{43}$/);
    expect(Buffer.from(first.token, 'base64url')).toHaveLength(32);
    const stored = await test.database.db.select().from(sessions).where(eq(sessions.user_id, first.userid));
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain(first.token);
    expect(JSON.stringify(stored)).not.toContain(second.token);
    // Both sessions work: a sign-in elsewhere does not end this one.
    expect((await call(test, '/api/v1/account/getUserInfo', {}, { session: first })).code).toBe(200);
    expect((await call(test, '/api/v1/account/getUserInfo', {}, { session: second })).code).toBe(200);
  });

  it('answers a wrong password and an unknown address alike, and audits both', async () => {
    const user = await registerUser(test);
    const ip = freshIp();
    const wrong = await wrongPassword(user, ip);
    const unknown = await wrongPassword({ email: uniqueEmail('nobody') }, ip);
    expect(wrong).toEqual(unknown);
    expect(wrong.code).toBe(codes.invalid_credentials.code);
    expect(await auditActionsOf(user.email)).toContain('login.failed');
    const failures = await test.database.db.select().from(auditLog).where(eq(auditLog.action, 'login.failed'));
    expect(failures.some((entry) => (entry.detail as { is_known_address?: boolean }).is_known_address === false)).toBe(
      true,
    );
  });

  it('kills a challenge after 5 wrong codes', async () => {
    const user = await registerUser(test);
    const ip = freshIp();
    const before = await mailboxCount(test, user.email);
    const challenge = await passwordStep(test, user, { ip });
    const code = codeIn(await nextEmail(test, user.email, before));
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      test.clock.advance(61);
      const answer = await call(
        test,
        '/api/v1/account/login',
        { step: 'second_factor', challenge_id: challenge.data.challenge_id, code: wrongCode },
        { ip },
      );
      expect(answer.code).toBe(codes.verification_code_incorrect.code);
    }
    const right = await call(
      test,
      '/api/v1/account/login',
      { step: 'second_factor', challenge_id: challenge.data.challenge_id, code },
      { ip },
    );
    expect(right.code).toBe(codes.verification_code_incorrect.code);
    const [row] = await test.database.db
      .select({ attempts: loginChallenges.attempts })
      .from(loginChallenges)
      .innerJoin(users, eq(users.id, loginChallenges.user_id))
      .where(and(eq(users.email, user.email)));
    expect(row?.attempts).toBe(5);
  });

  it('refuses a made-up or expired challenge', async () => {
    const user = await registerUser(test);
    const ip = freshIp();
    const madeUp = await call(
      test,
      '/api/v1/account/login',
      { step: 'second_factor', challenge_id: 'x'.repeat(43), code: '123456' },
      { ip },
    );
    expect(madeUp.code).toBe(codes.verification_code_incorrect.code);
    const before = await mailboxCount(test, user.email);
    const challenge = await passwordStep(test, user, { ip });
    const code = codeIn(await nextEmail(test, user.email, before));
    test.clock.advance(10 * 60 + 1);
    const late = await call(
      test,
      '/api/v1/account/login',
      { step: 'second_factor', challenge_id: challenge.data.challenge_id, code },
      { ip },
    );
    expect(late.code).toBe(codes.verification_code_incorrect.code);
  });
});

describe('back-off and lock', () => {
  it('delays an account increasingly from its 3rd failure (rate_limited until retry_after)', async () => {
    const user = await registerUser(test);
    const ip = freshIp();
    // The delays are seconds long: the clock moves only as the test says, however busy the machine.
    await test.clock.standingStill(async () => {
      expect((await wrongPassword(user, ip)).code).toBe(codes.invalid_credentials.code);
      expect((await wrongPassword(user, ip)).code).toBe(codes.invalid_credentials.code);
      expect((await wrongPassword(user, ip)).code).toBe(codes.invalid_credentials.code);

      const delayed = await wrongPassword(user, ip);
      expect(delayed.code).toBe(codes.rate_limited.code);
      expect(delayed.data.retry_after_seconds).toBe(2);
      // Even the right password waits: the delay is decided before the password is looked at.
      expect((await passwordStep(test, user, { ip })).code).toBe(codes.rate_limited.code);
      test.clock.advance(2);
      expect((await wrongPassword(user, ip)).code).toBe(codes.invalid_credentials.code);
      const longer = await wrongPassword(user, ip);
      expect(longer.data.retry_after_seconds).toBe(4);

      // A complete sign-in clears the account's failures.
      test.clock.advance(4);
      await signIn(test, user, { ip });
      expect((await wrongPassword(user, ip)).code).toBe(codes.invalid_credentials.code);
      expect((await wrongPassword(user, ip)).code).toBe(codes.invalid_credentials.code);
    });
  });

  it('locks an account for 30 minutes at the 10th failure, tells the owner, and never reveals a right password', async () => {
    const user = await registerUser(test, { language: 'ch' });
    const ip = freshIp();
    const answers: number[] = [];
    for (let failure = 1; failure <= 10; failure += 1) {
      test.clock.advance(61);
      answers.push((await wrongPassword(user, ip)).code);
    }
    expect(answers.slice(0, 9).every((code) => code === codes.invalid_credentials.code)).toBe(true);
    expect(answers[9]).toBe(codes.account_locked.code);

    const notice = await nextEmail(test, user.email, 1);
    expect(notice.subject).toBe('您的账户已被临时锁定');
    expect(await auditActionsOf(user.email)).toContain('login.locked');

    const withRightPassword = await passwordStep(test, user, { ip: freshIp() });
    const withWrongPassword = await wrongPassword(user, freshIp());
    expect(withRightPassword.code).toBe(codes.account_locked.code);
    // The same answer; the seconds left may tick between the two calls on a busy machine.
    const secondsLeft = (answer: { data: unknown }) =>
      (answer.data as { retry_after_seconds: number }).retry_after_seconds;
    expect({ ...withRightPassword, data: null }).toEqual({ ...withWrongPassword, data: null });
    expect(Math.abs(secondsLeft(withRightPassword) - secondsLeft(withWrongPassword))).toBeLessThanOrEqual(2);

    test.clock.advance(29 * 60);
    expect((await passwordStep(test, user, { ip })).code).toBe(codes.account_locked.code);
    test.clock.advance(60);
    expect((await passwordStep(test, user, { ip })).code).toBe(200);
  });

  it('locks an unknown address exactly like a registered one', async () => {
    const ip = freshIp();
    const nobody = { email: uniqueEmail('nobody') };
    let last = 0;
    for (let failure = 1; failure <= 10; failure += 1) {
      test.clock.advance(61);
      last = (await wrongPassword(nobody, ip)).code;
    }
    expect(last).toBe(codes.account_locked.code);
  });

  it('counts wrong second-factor codes as failures of the account', async () => {
    const user = await registerUser(test);
    const ip = freshIp();
    for (let round = 0; round < 2; round += 1) {
      test.clock.advance(61);
      const challenge = await passwordStep(test, user, { ip });
      expect(challenge.code).toBe(200);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        test.clock.advance(61);
        const answer = await call(
          test,
          '/api/v1/account/login',
          { step: 'second_factor', challenge_id: challenge.data.challenge_id, code: '000000' },
          { ip },
        );
        expect([codes.verification_code_incorrect.code, codes.account_locked.code]).toContain(answer.code);
      }
    }
    test.clock.advance(61);
    expect((await passwordStep(test, user, { ip })).code).toBe(codes.account_locked.code);
  });

  it('delays a network address from its 20th failure, whatever the accounts', async () => {
    const ip = freshIp();
    // The delay is seconds long: the clock moves only as the test says, however busy the machine.
    await test.clock.standingStill(async () => {
      for (let failure = 1; failure <= 19; failure += 1) {
        expect((await wrongPassword({ email: uniqueEmail('spray') }, ip)).code).toBe(codes.invalid_credentials.code);
      }
      expect((await wrongPassword({ email: uniqueEmail('spray') }, ip)).code).toBe(codes.invalid_credentials.code);
      const delayed = await wrongPassword({ email: uniqueEmail('spray') }, ip);
      expect(delayed.code).toBe(codes.rate_limited.code);
      expect(delayed.data.retry_after_seconds).toBe(2);
      // Another address is not slowed by this one.
      expect((await wrongPassword({ email: uniqueEmail('spray') }, freshIp())).code).toBe(
        codes.invalid_credentials.code,
      );
    });
  });
});
