import { errorCatalogue } from '@bank/contract/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../platform/audit-table.ts';
import { AppError } from '../../../platform/errors.ts';
import type { SessionContext } from '../../../platform/session.ts';
import {
  call,
  codeIn,
  createRunningTestApp,
  mailboxCount,
  nextEmail,
  queueWaitMs,
  type RunningTestApp,
  uniqueEmail,
} from '../../../platform/test-support.ts';
import { requireFreshSecondFactor } from '../sign-in/second-factor.ts';
import { users } from '../tables.ts';
import { emailedCode, registerUser, signIn, strongPassword } from '../test-support.ts';

let test: RunningTestApp;

beforeAll(async () => {
  test = await createRunningTestApp();
});

afterAll(async () => {
  await test?.close();
});

const newPassword = 'Quartz-Harbour-19!';

async function userInfoCode(session: { token: string; userid: string }) {
  return (await call(test, '/api/v1/account/getUserInfo', {}, { session })).code;
}

async function auditActions(userId: string): Promise<string[]> {
  const rows = await test.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.actor_user_id, userId));
  return rows.map((row) => row.action);
}

describe('changing the password (modifyLoginPassword)', () => {
  it('needs the old password and a step-up code; other sessions end, this one stays, the user is told', async () => {
    const user = await registerUser(test, { language: 'jp' });
    const other = await signIn(test, user);
    test.clock.advance(61);
    const session = await signIn(test, user);
    const code = await emailedCode(test, user.email, 'step_up', { session });
    const before = await mailboxCount(test, user.email);

    const answer = await call(
      test,
      '/api/v1/account/modifyLoginPassword',
      { old_password: user.password, new_password: newPassword, confirm_password: newPassword, code },
      { session },
    );
    expect(answer.code).toBe(200);
    expect(await userInfoCode(session)).toBe(200);
    expect(await userInfoCode(other)).toBe(errorCatalogue.session_invalid.code);
    const notice = await nextEmail(test, user.email, before);
    expect(notice.subject).toBe('パスワードが変更されました');
    expect(await auditActions(session.userid)).toContain('password.changed');

    test.clock.advance(61);
    await expect(signIn(test, user)).rejects.toThrow(/9401/);
    await signIn(test, { ...user, password: newPassword });
  });

  it('refuses a wrong old password (invalid_credentials) and a wrong code, and changes nothing', async () => {
    const user = await registerUser(test);
    const session = await signIn(test, user);
    const [before] = await test.database.db.select().from(users).where(eq(users.email, user.email));
    const wrongOld = await call(
      test,
      '/api/v1/account/modifyLoginPassword',
      { old_password: 'Not-The-Password-1!', new_password: newPassword, confirm_password: newPassword, code: '123456' },
      { session },
    );
    expect(wrongOld.code).toBe(errorCatalogue.invalid_credentials.code);
    const wrongCode = await call(
      test,
      '/api/v1/account/modifyLoginPassword',
      { old_password: user.password, new_password: newPassword, confirm_password: newPassword, code: '123456' },
      { session },
    );
    expect(wrongCode.code).toBe(errorCatalogue.verification_code_incorrect.code);
    const [after] = await test.database.db.select().from(users).where(eq(users.email, user.email));
    expect(after?.password_hash).toBe(before?.password_hash);
    expect(await auditActions(session.userid)).toContain('password.change_failed');
  });

  it('refuses a common new password on new_password', async () => {
    const user = await registerUser(test);
    const session = await signIn(test, user);
    const answer = await call<{ fields: Record<string, string> }>(
      test,
      '/api/v1/account/modifyLoginPassword',
      { old_password: user.password, new_password: 'Password123!', confirm_password: 'Password123!', code: '123456' },
      { session },
    );
    expect(answer.code).toBe(errorCatalogue.validation.code);
    expect(answer.data.fields).toEqual({ new_password: 'This password is too common. Choose another one' });
  });
});

describe('recovering the password (forgetLoginPassword)', () => {
  it('sets the new password with the emailed code, ends every session, and tells the user', async () => {
    const user = await registerUser(test);
    const first = await signIn(test, user);
    test.clock.advance(61);
    const second = await signIn(test, user);
    const code = await emailedCode(test, user.email, 'reset_password');
    const before = await mailboxCount(test, user.email);

    const answer = await call(test, '/api/v1/account/forgetLoginPassword', {
      email: user.email,
      code,
      new_password: newPassword,
      confirm_password: newPassword,
    });
    expect(answer.code).toBe(200);
    expect(await userInfoCode(first)).toBe(errorCatalogue.session_invalid.code);
    expect(await userInfoCode(second)).toBe(errorCatalogue.session_invalid.code);
    expect((await nextEmail(test, user.email, before)).subject).toBe('Your password was reset');
    expect(await auditActions(first.userid)).toContain('password.reset');
    test.clock.advance(61);
    await signIn(test, { ...user, password: newPassword });
  });

  it('answers an unknown address exactly as a wrong code', async () => {
    const user = await registerUser(test);
    test.clock.advance(61);
    await call(test, '/api/v1/sendEmail', { email: user.email, purpose: 'reset_password' });
    const body = { code: '123456', new_password: newPassword, confirm_password: newPassword };
    const wrongCode = await call(test, '/api/v1/account/forgetLoginPassword', { ...body, email: user.email });
    const unknown = await call(test, '/api/v1/account/forgetLoginPassword', { ...body, email: uniqueEmail('nobody') });
    expect(unknown).toEqual(wrongCode);
    expect(unknown.code).toBe(errorCatalogue.verification_code_incorrect.code);
  });

  it('lifts a sign-in lock: proving the mailbox is what the lock waits for', async () => {
    const user = await registerUser(test);
    for (let failure = 0; failure < 10; failure += 1) {
      test.clock.advance(61);
      await call(test, '/api/v1/account/login', { step: 'password', email: user.email, password: 'Wrong-Password-1!' });
    }
    const locked = await call(test, '/api/v1/account/login', {
      step: 'password',
      email: user.email,
      password: user.password,
    });
    expect(locked.code).toBe(errorCatalogue.account_locked.code);
    test.clock.advance(61);
    const code = await emailedCode(test, user.email, 'reset_password');
    await call(test, '/api/v1/account/forgetLoginPassword', {
      email: user.email,
      code,
      new_password: newPassword,
      confirm_password: newPassword,
    });
    const before = await mailboxCount(test, user.email);
    test.clock.advance(61);
    const challenge = await call(test, '/api/v1/account/login', {
      step: 'password',
      email: user.email,
      password: newPassword,
    });
    expect(challenge.code).toBe(200);
    const codeEmail = await nextEmail(test, user.email, before, queueWaitMs, (email) => /\b\d{6}\b/.test(email.text));
    expect(codeIn(codeEmail)).toMatch(/^\d{6}$/);
  });
});

describe('re-authentication (verifyLoginPassword) and requireFreshSecondFactor', () => {
  it('marks the session fresh for 5 minutes with password and code', async () => {
    const user = await registerUser(test);
    const session = await signIn(test, user);
    test.clock.advance(10 * 60);
    await call(test, '/api/v1/account/getUserInfo', {}, { session });
    const code = await emailedCode(test, user.email, 'step_up', { session });
    const wrong = await call(
      test,
      '/api/v1/account/verifyLoginPassword',
      { password: strongPassword, code: code === '000000' ? '111111' : '000000' },
      { session },
    );
    expect(wrong.code).toBe(errorCatalogue.verification_code_incorrect.code);
    const startedAt = test.clock.now().getTime();
    const answer = await call<{ verified_until: string }>(
      test,
      '/api/v1/account/verifyLoginPassword',
      { password: user.password, code },
      { session },
    );
    const endedAt = test.clock.now().getTime();
    expect(answer.code).toBe(200);
    const verifiedUntil = Date.parse(answer.data.verified_until);
    expect(verifiedUntil).toBeGreaterThanOrEqual(startedAt + 5 * 60_000);
    expect(verifiedUntil).toBeLessThanOrEqual(endedAt + 5 * 60_000);
  });

  it('requireFreshSecondFactor refuses without a second factor in the last 5 minutes', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    const session: SessionContext = {
      user_id: 'u',
      company_id: 'c',
      role: 'administrator',
      is_staff: false,
      permissions: [],
      kyc_status: 'kyc_approved',
      session_id: 's',
      step_up_until: new Date(now.getTime() + 1000),
    };
    expect(() => requireFreshSecondFactor({ session, now })).not.toThrow();
    const stale = { ...session, step_up_until: now };
    expect(() => requireFreshSecondFactor({ session: stale, now })).toThrow(AppError);
    try {
      requireFreshSecondFactor({ session: { ...session, step_up_until: null }, now });
    } catch (error) {
      expect((error as AppError).key).toBe('fresh_second_factor_required');
    }
  });
});

describe('profile and terms', () => {
  it('changes name and phone, keeps the language of the request for emails', async () => {
    const user = await registerUser(test);
    const session = await signIn(test, user);
    const answer = await call(
      test,
      '/api/v1/account/modify',
      { full_name: 'Ada King', phone_country: 'FR', phone: '+33 1 42 68 53 00' },
      { session, language: 'ch' },
    );
    expect(answer.code).toBe(200);
    const info = await call<{ full_name: string; phone_country: string }>(
      test,
      '/api/v1/account/getUserInfo',
      {},
      { session },
    );
    expect(info.data).toMatchObject({ full_name: 'Ada King', phone_country: 'FR' });
    const [row] = await test.database.db.select().from(users).where(eq(users.email, user.email));
    expect(row?.language).toBe('ch');
  });

  it('records acceptance of the terms', async () => {
    const user = await registerUser(test);
    const session = await signIn(test, user);
    await test.database.db.update(users).set({ terms_accepted_at: null }).where(eq(users.email, user.email));
    const before = await call<{ has_accepted_terms: boolean }>(test, '/api/v1/account/getUserInfo', {}, { session });
    expect(before.data.has_accepted_terms).toBe(false);
    expect((await call(test, '/api/v1/account/modifyProtocolStatus', { accept_terms: true }, { session })).code).toBe(
      200,
    );
    const after = await call<{ has_accepted_terms: boolean }>(test, '/api/v1/account/getUserInfo', {}, { session });
    expect(after.data.has_accepted_terms).toBe(true);
    expect(await auditActions(session.userid)).toContain('terms.accepted');
  });
});
