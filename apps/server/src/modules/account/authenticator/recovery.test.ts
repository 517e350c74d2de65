import { recoveryCodeRules, type SignedIn } from '@bank/contract/account';
import { errorCatalogue } from '@bank/contract/errors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../platform/audit-table.ts';
import { runDemoSeed } from '../../../platform/module.ts';
import {
  call,
  createRunningTestApp,
  mailboxCount,
  nextEmail,
  queueWaitMs,
  type RunningTestApp,
} from '../../../platform/test-support.ts';
import { demoSeeders } from '../../index.ts';
import { identityDemoAccounts } from '../seed.ts';
import { recoveryCodes, sessions, users } from '../tables.ts';
import { authenticatorCode, passwordStep, registerUser, signIn, type TestUser } from '../test-support.ts';

let test: RunningTestApp;

beforeAll(async () => {
  test = await createRunningTestApp();
  await runDemoSeed({ db: test.database.db, now: test.clock.now(), providers: test.providers }, demoSeeders);
});

afterAll(async () => {
  await test?.close();
});

const incorrect = errorCatalogue.verification_code_incorrect.code;
type Codes = { recovery_codes: string[] };
type WithCodesLeft = SignedIn & { recovery_codes_left?: number };

/** Moves the clock to the next 30 s step, so that a fresh authenticator code is not a replay. */
function nextStep(): void {
  const intoStepMs = test.clock.now().getTime() % 30_000;
  test.clock.advance(Math.ceil((30_000 - intoStepMs) / 1000) + 1);
}

/** Pairs an authenticator for a signed-in user; answers its secret and the recovery codes shown once. */
async function pairWithCodes(session: SignedIn): Promise<{ secret: string; codes: string[] }> {
  const setup = await call<{ secret: string }>(test, '/api/v1/account/authenticator/setup', {}, { session });
  const code = await authenticatorCode(setup.data.secret, test.clock.now());
  const approved = await call<Codes>(test, '/api/v1/account/approve', { code }, { session });
  expect(approved.code).toBe(200);
  return { secret: setup.data.secret, codes: approved.data.recovery_codes };
}

async function pairedUser() {
  const user = await registerUser(test);
  const session = await signIn(test, user);
  return { user, session, ...(await pairWithCodes(session)) };
}

async function signInWithRecoveryCode(user: TestUser, recoveryCode: string) {
  const challenge = await passwordStep(test, user);
  expect(challenge.data).toMatchObject({ method: 'authenticator' });
  return call<WithCodesLeft>(test, '/api/v1/account/login', {
    step: 'recovery_code',
    challenge_id: challenge.data.challenge_id,
    recovery_code: recoveryCode,
  });
}

describe('recovery codes', () => {
  it('are 10 distinct codes shown once at pairing, kept only as keyed hashes', async () => {
    const { user, codes } = await pairedUser();
    expect(codes).toHaveLength(recoveryCodeRules.count);
    expect(new Set(codes).size).toBe(recoveryCodeRules.count);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    const [row] = await test.database.db.select().from(users).where(eq(users.email, user.email));
    const stored = await test.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.user_id, row?.id ?? ''));
    expect(stored).toHaveLength(recoveryCodeRules.count);
    const storedText = JSON.stringify(stored);
    for (const code of codes) {
      expect(storedText).not.toContain(code);
      expect(storedText).not.toContain(code.replace('-', ''));
    }
  });

  it('sign in once each, in any case and without the hyphen; the user is told how many are left and emailed', async () => {
    const { user, codes } = await pairedUser();
    const [first = '', second = ''] = codes;
    const before = await mailboxCount(test, user.email);
    const signedIn = await signInWithRecoveryCode(user, first.toLowerCase().replace('-', ''));
    expect(signedIn.code).toBe(200);
    expect(signedIn.data).toMatchObject({ status: 'signed_in', recovery_codes_left: recoveryCodeRules.count - 1 });
    const notice = await nextEmail(test, user.email, before);
    expect(notice.subject).toBe('A recovery code was used to sign in');
    expect(notice.text).toContain('9 recovery codes are left');

    const again = await signInWithRecoveryCode(user, first);
    expect(again.code).toBe(incorrect);
    expect((await signInWithRecoveryCode(user, second)).data.recovery_codes_left).toBe(recoveryCodeRules.count - 2);

    const [row] = await test.database.db.select().from(users).where(eq(users.email, user.email));
    const audits = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor_user_id, row?.id ?? ''), eq(auditLog.action, 'recovery_code.used')));
    expect(audits.map((audit) => audit.detail)).toEqual(
      expect.arrayContaining([expect.objectContaining({ codes_left: 9 }), expect.objectContaining({ codes_left: 8 })]),
    );
  });

  it('do not stand in for an emailed code, and a wrong one counts as a failed sign-in', async () => {
    const user = await registerUser(test);
    const emailChallenge = await passwordStep(test, user);
    expect(emailChallenge.data).toMatchObject({ method: 'email' });
    const refused = await call(test, '/api/v1/account/login', {
      step: 'recovery_code',
      challenge_id: emailChallenge.data.challenge_id,
      recovery_code: 'ABCDE-12345',
    });
    expect(refused.code).toBe(incorrect);
    const { user: paired } = await pairedUser();
    expect((await signInWithRecoveryCode(paired, 'ABCDE-12345')).code).toBe(incorrect);
  });

  it('are made again only with a fresh second factor, and the old set stops working', async () => {
    const { user, session, secret, codes } = await pairedUser();
    test.clock.advance(6 * 60); // the sign-in's second factor is no longer fresh
    const stale = await call(test, '/api/v1/account/recoveryCodes/regenerate', {}, { session });
    expect(stale.code).toBe(errorCatalogue.fresh_second_factor_required.code);

    nextStep();
    const code = await authenticatorCode(secret, test.clock.now());
    const stepUp = await call(
      test,
      '/api/v1/account/verifyLoginPassword',
      { password: user.password, code },
      { session },
    );
    expect(stepUp.code).toBe(200);
    const before = await mailboxCount(test, user.email);
    const fresh = await call<Codes>(test, '/api/v1/account/recoveryCodes/regenerate', {}, { session });
    expect(fresh.code).toBe(200);
    // The user is told, in case it was not them (the notice is an event's consumer, from the job queue).
    expect((await nextEmail(test, user.email, before)).subject).toBe('New recovery codes were made');
    expect(fresh.data.recovery_codes).toHaveLength(recoveryCodeRules.count);
    expect(fresh.data.recovery_codes).not.toContain(codes[0]);

    expect((await signInWithRecoveryCode(user, codes[0] ?? '')).code).toBe(incorrect);
    expect((await signInWithRecoveryCode(user, fresh.data.recovery_codes[0] ?? '')).code).toBe(200);
    const status = await call(test, '/api/v1/account/recoveryCodes/status', {}, { session });
    expect(status.data).toEqual({ is_authenticator_paired: true, codes_left: recoveryCodeRules.count - 1 });
    const [row] = await test.database.db.select().from(users).where(eq(users.email, user.email));
    const [audit] = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor_user_id, row?.id ?? ''), eq(auditLog.action, 'recovery_codes.regenerated')));
    expect(audit).toBeDefined();
  });

  it('tell a user with an authenticator and no codes (paired before codes existed) to make them', async () => {
    const { user, session, secret } = await pairedUser();
    nextStep();
    const withCodes = await signIn(test, user, { authenticatorSecret: secret });
    expect((withCodes as WithCodesLeft).recovery_codes_left).toBe(recoveryCodeRules.count);
    const [row] = await test.database.db.select().from(users).where(eq(users.email, user.email));
    await test.database.db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, row?.id ?? ''));
    const status = await call(test, '/api/v1/account/recoveryCodes/status', {}, { session });
    expect(status.data).toEqual({ is_authenticator_paired: true, codes_left: 0 });
    nextStep();
    const withoutCodes = await signIn(test, user, { authenticatorSecret: secret });
    expect((withoutCodes as WithCodesLeft).recovery_codes_left).toBe(0);
    // An email user is not told about codes at all.
    const emailUser = await signIn(test, await registerUser(test));
    expect(emailUser).not.toHaveProperty('recovery_codes_left');
  });
});

describe('staff reset of a lost authenticator', () => {
  let staffSession: SignedIn;

  beforeAll(async () => {
    const staff = identityDemoAccounts.complianceOfficer;
    const session = await signIn(test, staff);
    const { secret } = await pairWithCodes(session);
    nextStep();
    staffSession = await signIn(test, staff, { authenticatorSecret: secret });
  });

  const identityCheck = 'Called back on the registered phone; passport number matched the KYC copy.';

  it('removes the authenticator and codes, ends every session, audits the check and emails the user', async () => {
    const { user, session, codes } = await pairedUser();
    const before = await mailboxCount(test, user.email);
    const reset = await call(
      test,
      '/api/v1/admin/users/resetAuthenticator',
      { email: user.email, identity_check: identityCheck },
      { session: staffSession },
    );
    expect(reset.code).toBe(200);

    const [row] = await test.database.db.select().from(users).where(eq(users.email, user.email));
    expect(row?.totp_secret_sealed).toBeNull();
    expect(
      await test.database.db
        .select()
        .from(recoveryCodes)
        .where(eq(recoveryCodes.user_id, row?.id ?? '')),
    ).toEqual([]);
    const live = await test.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.user_id, row?.id ?? ''));
    expect(live.every((each) => each.revoked_reason === 'authenticator_reset' || each.revoked_at !== null)).toBe(true);
    expect((await call(test, '/api/v1/account/getUserInfo', {}, { session })).code).toBe(
      errorCatalogue.session_invalid.code,
    );
    const [audit] = await test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'authenticator.reset_by_staff'))
      .orderBy(auditLog.at);
    expect(audit?.detail).toMatchObject({ user_email: user.email, identity_check: identityCheck });
    const notice = await nextEmail(test, user.email, before, queueWaitMs, (email) => email.subject.includes('reset'));
    expect(notice.subject).toBe('Your authenticator was reset by our staff');

    // The user signs in with password and an emailed code, and the old recovery codes are dead.
    test.clock.advance(61); // past the login code's resend cool-down, so each password step mails one
    expect((await signInWithEmailOrRecovery(user, codes[0] ?? '')).code).toBe(incorrect);
    test.clock.advance(61);
    expect(await signIn(test, user)).toMatchObject({ status: 'signed_in' });
  });

  it('needs a noted identity check and a system admin or compliance officer, never for oneself', async () => {
    const { user } = await pairedUser();
    const withoutCheck = await call(
      test,
      '/api/v1/admin/users/resetAuthenticator',
      { email: user.email, identity_check: 'ok' },
      { session: staffSession },
    );
    expect(withoutCheck.code).toBe(errorCatalogue.validation.code);
    const own = await call(
      test,
      '/api/v1/admin/users/resetAuthenticator',
      { email: identityDemoAccounts.complianceOfficer.email, identity_check: identityCheck },
      { session: staffSession },
    );
    expect(own.code).toBe(errorCatalogue.forbidden.code);
  });

  it('cannot be called by a client', async () => {
    const { user } = await pairedUser();
    const { session: client } = await pairedUser();
    const refused = await call(
      test,
      '/api/v1/admin/users/resetAuthenticator',
      { email: user.email, identity_check: identityCheck },
      { session: client },
    );
    expect(refused.code).toBe(errorCatalogue.forbidden.code);
    const [row] = await test.database.db.select().from(users).where(eq(users.email, user.email));
    expect(row?.totp_secret_sealed).not.toBeNull();
  });
});

/** After a reset the password step asks for an emailed code: a recovery code is refused there. */
async function signInWithEmailOrRecovery(user: TestUser, recoveryCode: string) {
  const before = await mailboxCount(test, user.email);
  const challenge = await passwordStep(test, user);
  expect(challenge.data).toMatchObject({ method: 'email' });
  await nextEmail(test, user.email, before);
  return call(test, '/api/v1/account/login', {
    step: 'recovery_code',
    challenge_id: challenge.data.challenge_id,
    recovery_code: recoveryCode,
  });
}
