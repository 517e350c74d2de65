import type { SignedIn } from '@bank/contract/account';
import { errorCatalogue } from '@bank/contract/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createRunningTestApp,
  mailboxCount,
  nextEmail,
  type RunningTestApp,
  readMailbox,
} from '../../../platform/test-support.ts';
import { users } from '../tables.ts';
import { authenticatorCode, pairAuthenticator, passwordStep, registerUser, signIn } from '../test-support.ts';

let test: RunningTestApp;

beforeAll(async () => {
  test = await createRunningTestApp();
});

afterAll(async () => {
  await test?.close();
});

const incorrect = errorCatalogue.verification_code_incorrect.code;

type Setup = { secret: string; otpauth_uri: string; qr_svg: string };

async function signedInUser() {
  const user = await registerUser(test);
  return { user, session: await signIn(test, user) };
}

/** Moves the clock to the start of the next 30 s step, so that a fresh code is not a replay of the last. */
function nextStep(): void {
  const intoStepMs = test.clock.now().getTime() % 30_000;
  test.clock.advance(Math.ceil((30_000 - intoStepMs) / 1000) + 1);
}

describe('pairing', () => {
  it('sets up a pending secret with its otpauth URI and QR code; the account is not paired yet', async () => {
    const { user, session } = await signedInUser();
    const setup = await call<Setup>(test, '/api/v1/account/authenticator/setup', {}, { session });
    expect(setup.code).toBe(200);
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Bank:/);
    expect(decodeURIComponent(setup.data.otpauth_uri)).toContain(user.email);
    expect(setup.data.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const [row] = await test.database.db.select().from(users).where(eq(users.email, user.email));
    expect(row?.totp_secret_sealed).toBeNull();
    expect(row?.pending_totp_secret_sealed).not.toBeNull();
    expect(row?.pending_totp_secret_sealed).not.toContain(setup.data.secret);
    const info = await call<{ is_authenticator_paired: boolean }>(test, '/api/v1/account/getUserInfo', {}, { session });
    expect(info.data.is_authenticator_paired).toBe(false);
  });

  it('pairs only with a right code from the new secret, and says so by email', async () => {
    const { user, session } = await signedInUser();
    const setup = await call<Setup>(test, '/api/v1/account/authenticator/setup', {}, { session });
    const wrong = await call(test, '/api/v1/account/approve', { code: '000000' }, { session });
    const right = await authenticatorCode(setup.data.secret, test.clock.now());
    if (right !== '000000') expect(wrong.code).toBe(incorrect);

    const before = await mailboxCount(test, user.email);
    expect((await call(test, '/api/v1/account/approve', { code: right }, { session })).code).toBe(200);
    const notice = await nextEmail(test, user.email, before);
    expect(notice.subject).toBe('An authenticator was paired');
    const info = await call<{ is_authenticator_paired: boolean }>(test, '/api/v1/account/getUserInfo', {}, { session });
    expect(info.data.is_authenticator_paired).toBe(true);
    const again = await call(test, '/api/v1/account/authenticator/setup', {}, { session });
    expect(again.code).toBe(errorCatalogue.illegal_state.code);
  });

  it('needs a fresh second factor to pair: after 5 minutes, re-authentication first', async () => {
    const { user, session } = await signedInUser();
    const setup = await call<Setup>(test, '/api/v1/account/authenticator/setup', {}, { session });
    test.clock.advance(5 * 60 + 1);
    const code = await authenticatorCode(setup.data.secret, test.clock.now());
    const stale = await call(test, '/api/v1/account/approve', { code }, { session });
    expect(stale.code).toBe(errorCatalogue.fresh_second_factor_required.code);

    const before = await mailboxCount(test, user.email);
    await call(test, '/api/v1/sendEmail', { email: user.email, purpose: 'step_up' }, { session });
    const stepUpCode = (await nextEmail(test, user.email, before)).text.match(/\b(\d{6})\b/)?.[1];
    const verified = await call<{ verified_until: string }>(
      test,
      '/api/v1/account/verifyLoginPassword',
      { password: user.password, code: stepUpCode },
      { session },
    );
    expect(verified.code).toBe(200);
    expect(new Date(verified.data.verified_until).getTime() - test.clock.now().getTime()).toBeGreaterThan(4 * 60_000);
    expect((await call(test, '/api/v1/account/approve', { code }, { session })).code).toBe(200);
  });
});

describe('signing in with the authenticator', () => {
  let user: { email: string; password: string };
  let secret: string;

  beforeAll(async () => {
    const signedIn = await signedInUser();
    user = signedIn.user;
    secret = await pairAuthenticator(test, signedIn.session);
  });

  it('asks for the authenticator, sends no email, and signs in with its code', async () => {
    nextStep();
    const before = await mailboxCount(test, user.email);
    const challenge = await passwordStep(test, user);
    expect(challenge.data).toMatchObject({ method: 'authenticator', email_hint: null });
    const signedIn = await call<SignedIn>(test, '/api/v1/account/login', {
      step: 'second_factor',
      challenge_id: challenge.data.challenge_id,
      code: await authenticatorCode(secret, test.clock.now()),
    });
    expect(signedIn.code).toBe(200);
    // No sign-in code was sent (the pairing's own notice may still arrive through the job queue).
    const newEmails = (await readMailbox(test, user.email)).slice(0, (await mailboxCount(test, user.email)) - before);
    expect(newEmails.filter((email) => /\b\d{6}\b/.test(email.text))).toEqual([]);
  });

  it('refuses a code used before (replay), even within its 30 s step', async () => {
    nextStep();
    const code = await authenticatorCode(secret, test.clock.now());
    const first = await passwordStep(test, user);
    expect(
      (
        await call(test, '/api/v1/account/login', {
          step: 'second_factor',
          challenge_id: first.data.challenge_id,
          code,
        })
      ).code,
    ).toBe(200);
    const second = await passwordStep(test, user);
    const replay = await call(test, '/api/v1/account/login', {
      step: 'second_factor',
      challenge_id: second.data.challenge_id,
      code,
    });
    expect(replay.code).toBe(incorrect);
    // An earlier step's code is refused too once a later one was used.
    const previous = await authenticatorCode(secret, new Date(test.clock.now().getTime() - 30_000));
    const third = await passwordStep(test, user);
    const older = await call(test, '/api/v1/account/login', {
      step: 'second_factor',
      challenge_id: third.data.challenge_id,
      code: previous,
    });
    expect(older.code).toBe(incorrect);
  });

  it('accepts the code of the previous or next 30 s step, not two steps away', async () => {
    // Two steps on, so that the previous step is one no earlier test has used.
    nextStep();
    nextStep();
    const at = (offsetSeconds: number) =>
      authenticatorCode(secret, new Date(test.clock.now().getTime() + offsetSeconds * 1000));
    const tryCode = async (code: string) => {
      const challenge = await passwordStep(test, user);
      return (
        await call(test, '/api/v1/account/login', {
          step: 'second_factor',
          challenge_id: challenge.data.challenge_id,
          code,
        })
      ).code;
    };
    // Each sign-in clears the failures before it, so that the back-off never answers instead.
    expect(await tryCode(await at(-30))).toBe(200);
    expect(await tryCode(await at(-60))).toBe(incorrect);
    nextStep();
    expect(await tryCode(await at(30))).toBe(200);
    expect(await tryCode(await at(60))).toBe(incorrect);
  });
});

describe('removing the authenticator', () => {
  it('needs a current code, then sign-in codes come by email again; the user is told', async () => {
    const { user, session } = await signedInUser();
    const secret = await pairAuthenticator(test, session);
    nextStep();
    const refused = await call(test, '/api/v1/account/authenticator/remove', { code: '000000' }, { session });
    const code = await authenticatorCode(secret, test.clock.now());
    if (code !== '000000') expect(refused.code).toBe(incorrect);

    const before = await mailboxCount(test, user.email);
    expect((await call(test, '/api/v1/account/authenticator/remove', { code }, { session })).code).toBe(200);
    expect((await nextEmail(test, user.email, before)).subject).toBe('Your authenticator was removed');
    test.clock.advance(61);
    expect((await passwordStep(test, user)).data.method).toBe('email');
    const notPaired = await call(test, '/api/v1/account/authenticator/remove', { code }, { session });
    expect(notPaired.code).toBe(errorCatalogue.illegal_state.code);
  });
});
