import type { SignedIn } from '@bank/contract/account';
import { errorCatalogue } from '@bank/contract/errors';
import type { PasskeyItem } from '@bank/contract/passkeys';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../platform/audit-table.ts';
import {
  call,
  createRunningTestApp,
  mailboxCount,
  type RunningTestApp,
  readMailbox,
  uniqueEmail,
} from '../../../platform/test-support.ts';
import { ensureUser } from '../seed.ts';
import {
  authenticatorCode,
  pairAuthenticator,
  passwordStep,
  registerUser,
  signIn,
  strongPassword,
  type TestUser,
} from '../test-support.ts';
import { addPasskeyWith, type CeremonyOptions, SoftwareAuthenticator } from './test-support.ts';

const origin = 'https://bank.example';
const rpId = 'bank.example';
let test: RunningTestApp;

beforeAll(async () => {
  test = await createRunningTestApp({ config: { publicUrl: origin } });
});

afterAll(async () => {
  await test?.close();
});

const refused = errorCatalogue.passkey_not_verified.code;
const freshNeeded = errorCatalogue.fresh_second_factor_required.code;

type Challenge = { challenge_id: string; method: string; can_use_passkey: boolean };

async function userWithPasskey(): Promise<{ user: TestUser; session: SignedIn; authenticator: SoftwareAuthenticator }> {
  const user = await registerUser(test);
  const session = await signIn(test, user);
  const authenticator = new SoftwareAuthenticator(origin, rpId);
  const added = await addPasskeyWith(test, session, authenticator);
  expect(added.code, added.msg).toBe(200);
  return { user, session, authenticator };
}

async function signInOptions(challengeId: string) {
  return call<{ options: CeremonyOptions }>(test, '/api/v1/account/passkeys/signInOptions', {
    challenge_id: challengeId,
  });
}

async function stepUpOptions(session: SignedIn) {
  const started = await call<{ options: CeremonyOptions }>(
    test,
    '/api/v1/account/passkeys/stepUpOptions',
    {},
    { session },
  );
  expect(started.code, started.msg).toBe(200);
  return started.data.options;
}

/** A step-up with the password and the passkey, answering fresh step-up options. */
async function passkeyStepUp(session: SignedIn, authenticator: SoftwareAuthenticator, password: string) {
  const credential = authenticator.get(await stepUpOptions(session));
  return call(test, '/api/v1/account/passkeys/verify', { password, credential }, { session });
}

async function auditRowsOf(session: SignedIn, action: string) {
  return test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actor_user_id, session.userid)));
}

describe('adding passkeys', () => {
  it('keeps a passkey made from the registration options, lists it by name, and tells the user by email', async () => {
    const { user, session } = await userWithPasskey();
    const listed = await call<{ items: PasskeyItem[]; is_passkey_required: boolean; may_require_passkeys: boolean }>(
      test,
      '/api/v1/account/passkeys/list',
      {},
      { session },
    );
    expect(listed.data.items).toHaveLength(1);
    expect(listed.data.items[0]).toMatchObject({ name: 'Work laptop', last_used_at: null, is_synced: false });
    expect(listed.data).toMatchObject({ is_passkey_required: false, may_require_passkeys: false });
    await mailboxCount(test, user.email);
    const mails = await readMailbox(test, user.email);
    expect(mails.map((mail) => mail.subject)).toContain('A passkey was added to your account');
  });

  it('refuses an answer made for another origin, and its challenge cannot be tried again', async () => {
    const user = await registerUser(test);
    const session = await signIn(test, user);
    const authenticator = new SoftwareAuthenticator(origin, rpId);
    const started = await call<{ options: CeremonyOptions }>(
      test,
      '/api/v1/account/passkeys/registrationOptions',
      {},
      { session },
    );
    const phished = authenticator.create(started.data.options, { origin: 'https://bank.example.evil.test' });
    const answer = await call(
      test,
      '/api/v1/account/passkeys/add',
      { name: 'Phone', credential: phished },
      { session },
    );
    expect(answer.code).toBe(refused);
    // The right origin now: the challenge was used by the refused answer.
    const honest = authenticator.create(started.data.options);
    const again = await call(test, '/api/v1/account/passkeys/add', { name: 'Phone', credential: honest }, { session });
    expect(again.code).toBe(refused);
  });

  it('needs a fresh second factor to add one', async () => {
    const user = await registerUser(test);
    const session = await signIn(test, user);
    test.clock.advance(5 * 60 + 1);
    const started = await call(test, '/api/v1/account/passkeys/registrationOptions', {}, { session });
    expect(started.code).toBe(freshNeeded);
  });
});

describe('signing in with a passkey', () => {
  it('is offered after the right password, emails no code, and signs in; the use is audited', async () => {
    const { user, authenticator } = await userWithPasskey();
    const before = await mailboxCount(test, user.email);
    const challenge = await passwordStep(test, user);
    const data = challenge.data as unknown as Challenge;
    expect(data).toMatchObject({ method: 'email', can_use_passkey: true });
    const options = await signInOptions(data.challenge_id);
    expect(options.code).toBe(200);
    const signedIn = await call<SignedIn>(test, '/api/v1/account/login', {
      step: 'passkey',
      challenge_id: data.challenge_id,
      credential: authenticator.get(options.data.options),
    });
    expect(signedIn.code, signedIn.msg).toBe(200);
    expect(signedIn.data.token).toBeTruthy();
    // The code is emailed only when asked for: nothing arrived with the password step.
    expect(await mailboxCount(test, user.email)).toBe(before);
    const rows = await auditRowsOf(signedIn.data, 'login.succeeded');
    expect(rows.some((row) => (row.detail as { method?: string }).method === 'passkey')).toBe(true);
  });

  it('refuses a replayed answer, an answer for another origin, and a counter that went back', async () => {
    const { user, authenticator } = await userWithPasskey();
    const first = (await passwordStep(test, user)).data as unknown as Challenge;
    const options = (await signInOptions(first.challenge_id)).data.options;
    const answer = authenticator.get(options);
    const accepted = await call(test, '/api/v1/account/login', {
      step: 'passkey',
      challenge_id: first.challenge_id,
      credential: answer,
    });
    expect(accepted.code).toBe(200);

    const second = (await passwordStep(test, user)).data as unknown as Challenge;
    const replay = await call(test, '/api/v1/account/login', {
      step: 'passkey',
      challenge_id: second.challenge_id,
      credential: answer,
    });
    expect(replay.code).toBe(refused);

    const wrongOrigin = authenticator.get((await signInOptions(second.challenge_id)).data.options, {
      origin: 'https://evil.example',
    });
    const phished = await call(test, '/api/v1/account/login', {
      step: 'passkey',
      challenge_id: second.challenge_id,
      credential: wrongOrigin,
    });
    expect(phished.code).toBe(refused);

    // A cloned authenticator shows itself by a counter that does not move on.
    const cloned = authenticator.get((await signInOptions(second.challenge_id)).data.options, { counter: 1 });
    const clone = await call(test, '/api/v1/account/login', {
      step: 'passkey',
      challenge_id: second.challenge_id,
      credential: cloned,
    });
    expect(clone.code).toBe(refused);
  });

  it("refuses another user's passkey", async () => {
    const victim = await userWithPasskey();
    const attacker = await userWithPasskey();
    const challenge = (await passwordStep(test, victim.user)).data as unknown as Challenge;
    const options = (await signInOptions(challenge.challenge_id)).data.options;
    const answer = await call(test, '/api/v1/account/login', {
      step: 'passkey',
      challenge_id: challenge.challenge_id,
      credential: attacker.authenticator.get(options),
    });
    expect(answer.code).toBe(refused);
  });

  it('offers no options without an open sign-in', async () => {
    const answer = await signInOptions('not-a-challenge');
    expect(answer.code).toBe(refused);
  });
});

describe('step-up and removal', () => {
  it('removes a passkey only with a fresh second factor, which a passkey and the password give', async () => {
    const { user, session, authenticator } = await userWithPasskey();
    const listed = await call<{ items: PasskeyItem[] }>(test, '/api/v1/account/passkeys/list', {}, { session });
    const passkeyId = listed.data.items[0]?.passkey_id ?? '';
    test.clock.advance(5 * 60 + 1);
    const stale = await call(test, '/api/v1/account/passkeys/remove', { passkey_id: passkeyId }, { session });
    expect(stale.code).toBe(freshNeeded);

    const wrongPassword = await passkeyStepUp(session, authenticator, 'Not-The-Password-1!');
    expect(wrongPassword.code).toBe(errorCatalogue.invalid_credentials.code);
    const verified = await passkeyStepUp(session, authenticator, user.password);
    expect(verified.code, verified.msg).toBe(200);
    const removed = await call(test, '/api/v1/account/passkeys/remove', { passkey_id: passkeyId }, { session });
    expect(removed.code).toBe(200);
    const after = await call<{ items: PasskeyItem[] }>(test, '/api/v1/account/passkeys/list', {}, { session });
    expect(after.data.items).toHaveLength(0);
    expect(await auditRowsOf(session, 'passkey.removed')).toHaveLength(1);
    const stepUps = await auditRowsOf(session, 'step_up.verified');
    expect(stepUps.map((row) => (row.detail as { method?: string }).method)).toContain('passkey');
  });

  it("renames only the user's own passkey", async () => {
    const owner = await userWithPasskey();
    const other = await userWithPasskey();
    const listed = await call<{ items: PasskeyItem[] }>(
      test,
      '/api/v1/account/passkeys/list',
      {},
      { session: owner.session },
    );
    const passkeyId = listed.data.items[0]?.passkey_id ?? '';
    const stranger = await call(
      test,
      '/api/v1/account/passkeys/rename',
      { passkey_id: passkeyId, name: 'Mine now' },
      { session: other.session },
    );
    expect(stranger.code).toBe(errorCatalogue.not_found.code);
    const renamed = await call(
      test,
      '/api/v1/account/passkeys/rename',
      { passkey_id: passkeyId, name: 'Office security key' },
      { session: owner.session },
    );
    expect(renamed.code).toBe(200);
    const after = await call<{ items: PasskeyItem[] }>(
      test,
      '/api/v1/account/passkeys/list',
      {},
      { session: owner.session },
    );
    expect(after.data.items[0]?.name).toBe('Office security key');
  });
});

describe('staff who require passkeys', () => {
  async function staffMember() {
    const email = uniqueEmail('staff');
    await ensureUser(
      test.database.db,
      { email, password: strongPassword, fullName: 'Staff', role: 'compliance_officer' },
      test.clock.now(),
    );
    const user = { email, password: strongPassword };
    const session = await signIn(test, user);
    const secret = await pairAuthenticator(test, session);
    return { user, session, secret };
  }

  it('cannot require passkeys without one; with one, the authenticator code is refused and recovery codes work', async () => {
    const { user, session, secret } = await staffMember();
    const early = await call(test, '/api/v1/account/passkeys/requirement', { is_required: true }, { session });
    expect(early.code).toBe(errorCatalogue.illegal_state.code);

    const authenticator = new SoftwareAuthenticator(origin, rpId);
    expect((await addPasskeyWith(test, session, authenticator)).code).toBe(200);
    const codes = await call<{ recovery_codes: string[] }>(
      test,
      '/api/v1/account/recoveryCodes/regenerate',
      {},
      { session },
    );
    const required = await call(test, '/api/v1/account/passkeys/requirement', { is_required: true }, { session });
    expect(required.code).toBe(200);

    const challenge = (await passwordStep(test, user)).data as unknown as Challenge;
    expect(challenge).toMatchObject({ method: 'passkey', can_use_passkey: true });
    test.clock.advance(31);
    const code = await authenticatorCode(secret, test.clock.now());
    const byCode = await call(test, '/api/v1/account/login', {
      step: 'second_factor',
      challenge_id: challenge.challenge_id,
      code,
    });
    expect(byCode.code).toBe(errorCatalogue.verification_code_incorrect.code);
    const byRecovery = await call(test, '/api/v1/account/login', {
      step: 'recovery_code',
      challenge_id: challenge.challenge_id,
      recovery_code: codes.data.recovery_codes[0],
    });
    expect(byRecovery.code).toBe(200);

    const stepUpByCode = await call(
      test,
      '/api/v1/account/verifyLoginPassword',
      { password: user.password, code: await authenticatorCode(secret, test.clock.now()) },
      { session },
    );
    expect(stepUpByCode.code).toBe(errorCatalogue.verification_code_incorrect.code);

    // The last passkey stays while passkeys are required.
    const listed = await call<{ items: PasskeyItem[] }>(test, '/api/v1/account/passkeys/list', {}, { session });
    const last = await call(
      test,
      '/api/v1/account/passkeys/remove',
      { passkey_id: listed.data.items[0]?.passkey_id },
      { session },
    );
    expect(last.code).toBe(errorCatalogue.illegal_state.code);
  });

  it('changes the password after a passkey step-up, with no code; without one it asks for the step-up', async () => {
    const { user, session } = await staffMember();
    const authenticator = new SoftwareAuthenticator(origin, rpId);
    expect((await addPasskeyWith(test, session, authenticator)).code).toBe(200);
    expect((await call(test, '/api/v1/account/passkeys/requirement', { is_required: true }, { session })).code).toBe(
      200,
    );
    test.clock.advance(5 * 60 + 1);
    const newPassword = 'Another-Strong-Pass-9';
    const change = (oldPassword: string) =>
      call(
        test,
        '/api/v1/account/modifyLoginPassword',
        { old_password: oldPassword, new_password: newPassword, confirm_password: newPassword },
        { session },
      );
    expect((await change(user.password)).code).toBe(freshNeeded);
    const verified = await passkeyStepUp(session, authenticator, user.password);
    expect(verified.code, verified.msg).toBe(200);
    // The step-up proves the second factor, never the password.
    expect((await change('Not-The-Password-1!')).code).toBe(errorCatalogue.invalid_credentials.code);
    const changed = await change(user.password);
    expect(changed.code, changed.msg).toBe(200);
    expect((await passwordStep(test, { ...user, password: newPassword })).code).toBe(200);
    const audits = await auditRowsOf(session, 'password.changed');
    expect(audits.map((row) => (row.detail as { second_factor?: string }).second_factor)).toEqual(['step_up']);
  });

  it('is a setting of staff only', async () => {
    const user = await registerUser(test);
    const session = await signIn(test, user);
    const answer = await call(test, '/api/v1/account/passkeys/requirement', { is_required: true }, { session });
    expect(answer.code).toBe(errorCatalogue.forbidden.code);
  });
});
