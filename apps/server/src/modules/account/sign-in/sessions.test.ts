import type { SignedIn } from '@bank/contract/account';
import { session as sessionConstants } from '@bank/contract/constants';
import { errorCatalogue } from '@bank/contract/errors';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../platform/audit-table.ts';
import { call, createRunningTestApp, type RunningTestApp } from '../../../platform/test-support.ts';
import { companies, sessions, users } from '../tables.ts';
import { registerUser, signIn } from '../test-support.ts';

let test: RunningTestApp;

beforeAll(async () => {
  test = await createRunningTestApp();
});

afterAll(async () => {
  await test?.close();
});

const sessionInvalid = errorCatalogue.session_invalid.code;

async function userInfo(session: Pick<SignedIn, 'token' | 'userid'>) {
  return call(test, '/api/v1/account/getUserInfo', {}, { session });
}

async function signedInUser() {
  const user = await registerUser(test);
  return { user, session: await signIn(test, user) };
}

type SessionList = { items: { session_id: string; device: string; is_current: boolean; last_seen_at: string }[] };

describe('session expiry (app clock)', () => {
  it('ends a session after the idle expiry without a call (9400)', async () => {
    // 15 minutes of the client's warning plus its 60 s countdown (contract constants).
    const idleSeconds = sessionConstants.idleExpirySeconds;
    const { session } = await signedInUser();
    test.clock.advance(idleSeconds - 10);
    expect((await userInfo(session)).code).toBe(200);
    // The call above counted as activity: the idle time runs from it, not from the sign-in.
    test.clock.advance(idleSeconds - 10);
    expect((await userInfo(session)).code).toBe(200);
    test.clock.advance(idleSeconds + 1);
    const expired = await userInfo(session);
    expect(expired.code).toBe(sessionInvalid);
    expect(expired.msg).toBe('Your session has expired. Please log in again.');
  });

  it('ends a session 12 hours after sign-in however active it is', async () => {
    const { session } = await signedInUser();
    for (let elapsedMinutes = 0; elapsedMinutes < 11 * 60 + 50; elapsedMinutes += 10) {
      test.clock.advance(10 * 60);
      expect((await userInfo(session)).code, `${elapsedMinutes + 10} min`).toBe(200);
    }
    test.clock.advance(10 * 60 + 1);
    expect((await userInfo(session)).code).toBe(sessionInvalid);
  });

  it('writes last_seen_at at most every 30 s', async () => {
    const { session } = await signedInUser();
    const lastSeen = async () =>
      (await test.database.db.select().from(sessions).where(eq(sessions.user_id, session.userid)))[0]?.last_seen_at;
    const atSignIn = await lastSeen();
    test.clock.advance(10);
    await userInfo(session);
    expect(await lastSeen()).toEqual(atSignIn);
    test.clock.advance(25);
    await userInfo(session);
    expect(((await lastSeen())?.getTime() ?? 0) - (atSignIn?.getTime() ?? 0)).toBeGreaterThanOrEqual(35_000);
  });

  it('accepts a token only with the user id of its owner', async () => {
    const { session } = await signedInUser();
    const other = await signedInUser();
    expect((await userInfo({ token: session.token, userid: other.session.userid })).code).toBe(sessionInvalid);
    expect((await userInfo({ token: `${session.token}x`, userid: session.userid })).code).toBe(sessionInvalid);
    expect((await userInfo({ token: 'x'.repeat(400), userid: session.userid })).code).toBe(sessionInvalid);
  });
});

describe('the user info read with the session', () => {
  it('answers the user and company as they are at each call', async () => {
    const { user, session } = await signedInUser();
    const [row] = await test.database.db
      .select({ companyId: users.company_id })
      .from(users)
      .where(eq(users.id, session.userid));
    const companyId = row?.companyId;
    if (!companyId) throw new Error('a registered administrator has a company');
    expect((await userInfo(session)).data).toMatchObject({
      user_id: session.userid,
      email: user.email,
      full_name: 'Ada Lovelace',
      phone_country: 'GB',
      has_accepted_terms: true,
      company: { id: companyId, name: null },
    });

    const changed = await call(
      test,
      '/api/v1/account/modify',
      { full_name: 'Ada King', phone_country: 'GB', phone: '+44 20 7946 0959' },
      { session },
    );
    expect(changed.code).toBe(200);
    await test.database.db.update(companies).set({ name: 'Analytical Engines Ltd' }).where(eq(companies.id, companyId));
    expect((await userInfo(session)).data).toMatchObject({
      full_name: 'Ada King',
      phone: '+44 20 7946 0959',
      company: { id: companyId, name: 'Analytical Engines Ltd' },
    });
  });
});

describe('sign-out and the session list', () => {
  it('exitLogin ends the session it is called with', async () => {
    const { session } = await signedInUser();
    expect((await call(test, '/api/v1/account/exitLogin', {}, { session })).code).toBe(200);
    expect((await userInfo(session)).code).toBe(sessionInvalid);
  });

  it('lists the live sessions of the user only, with the device and the current one marked', async () => {
    const { user, session: first } = await signedInUser();
    test.clock.advance(61);
    const second = await signIn(test, user);
    const stranger = await signedInUser();

    const listed = await call<SessionList>(test, '/api/v1/account/sessions/list', {}, { session: second });
    expect(listed.code).toBe(200);
    expect(listed.data.items).toHaveLength(2);
    expect(listed.data.items.filter((item) => item.is_current)).toHaveLength(1);
    expect(listed.data.items[0]?.device).toBe('Chrome on macOS');
    const ids = listed.data.items.map((item) => item.session_id);
    const [strangerRow] = await test.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.user_id, stranger.session.userid));
    expect(ids).not.toContain(strangerRow?.id);

    await call(test, '/api/v1/account/exitLogin', {}, { session: first });
    const afterSignOut = await call<SessionList>(test, '/api/v1/account/sessions/list', {}, { session: second });
    expect(afterSignOut.data.items).toHaveLength(1);
  });

  it('revokes one of the user’s own sessions, and never another user’s', async () => {
    const { user, session: first } = await signedInUser();
    test.clock.advance(61);
    const second = await signIn(test, user);
    const stranger = await signedInUser();
    const [strangerRow] = await test.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.user_id, stranger.session.userid));

    const foreign = await call(
      test,
      '/api/v1/account/sessions/revoke',
      { session_id: strangerRow?.id },
      { session: first },
    );
    expect(foreign.code).toBe(errorCatalogue.not_found.code);
    expect((await userInfo(stranger.session)).code).toBe(200);
    const madeUp = await call(
      test,
      '/api/v1/account/sessions/revoke',
      { session_id: 'not-a-session' },
      { session: first },
    );
    expect(madeUp.code).toBe(errorCatalogue.not_found.code);

    const listed = await call<SessionList>(test, '/api/v1/account/sessions/list', {}, { session: first });
    const other = listed.data.items.find((item) => !item.is_current);
    expect(
      (await call(test, '/api/v1/account/sessions/revoke', { session_id: other?.session_id }, { session: first })).code,
    ).toBe(200);
    expect((await userInfo(second)).code).toBe(sessionInvalid);
    expect((await userInfo(first)).code).toBe(200);

    const audit = await test.database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.actor_user_id, first.userid))
      .orderBy(asc(auditLog.at));
    expect(audit.map((entry) => entry.action)).toContain('session.revoked');
  });

  it('revokes every other session of the user and keeps this one', async () => {
    const { user, session: first } = await signedInUser();
    test.clock.advance(61);
    const second = await signIn(test, user);
    test.clock.advance(61);
    const third = await signIn(test, user);
    const answer = await call<{ ended: number }>(test, '/api/v1/account/sessions/revokeOthers', {}, { session: third });
    expect(answer).toMatchObject({ code: 200, data: { ended: 2 } });
    expect((await userInfo(first)).code).toBe(sessionInvalid);
    expect((await userInfo(second)).code).toBe(sessionInvalid);
    expect((await userInfo(third)).code).toBe(200);
  });
});
