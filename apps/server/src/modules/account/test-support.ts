/**
 * Test support for identity (and for other modules' tests, which need users): a registered and a
 * signed-in user, emailed codes, a paired authenticator. The app, calls and the mailbox are the
 * platform's (platform/test-support.ts).
 */
import type { SignedIn } from '@bank/contract/account';
import type { Language } from '@bank/contract/constants';
import { generate } from 'otplib';
import type { TestApp } from '../../platform/test-app.ts';
import {
  type CallOptions,
  call,
  codeIn,
  mailboxCount,
  nextEmail,
  type RunningTestApp,
  uniqueEmail,
} from '../../platform/test-support.ts';
import { ensureUser } from './seed.ts';

/** Asks for a code and answers it as the email delivered it. */
export async function emailedCode(
  test: TestApp,
  email: string,
  purpose: 'register' | 'login' | 'reset_password' | 'step_up',
  options: CallOptions = {},
): Promise<string> {
  const before = await mailboxCount(test, email);
  const sent = await call(test, '/api/v1/sendEmail', { email, purpose }, options);
  if (sent.code !== 200) throw new Error(`sendEmail answered ${sent.code} ${sent.msg}`);
  return codeIn(await nextEmail(test, email, before));
}

export const strongPassword = 'Vault-Lantern-42!';

export type TestUser = { email: string; password: string };

export async function registerUser(
  test: TestApp,
  options: { email?: string; password?: string; language?: Language; ci_code?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? strongPassword;
  const code = await emailedCode(test, email, 'register', { language: options.language });
  const registered = await call(
    test,
    '/api/v1/account/register',
    {
      full_name: 'Ada Lovelace',
      email,
      email_code: code,
      phone_country: 'GB',
      phone: '+44 20 7946 0958',
      new_password: password,
      confirm_password: password,
      accept_terms: true,
      ...(options.ci_code ? { ci_code: options.ci_code } : {}),
    },
    { language: options.language },
  );
  if (registered.code !== 200) throw new Error(`register answered ${registered.code} ${registered.msg}`);
  return { email, password };
}

type ChallengeData = {
  status: 'second_factor_required';
  challenge_id: string;
  method: 'email' | 'authenticator';
  email_hint: string | null;
};

export async function passwordStep(test: TestApp, user: TestUser, options: CallOptions = {}) {
  return call<ChallengeData>(
    test,
    '/api/v1/account/login',
    { step: 'password', email: user.email, password: user.password },
    options,
  );
}

/** Signs in with the emailed code (or the authenticator secret when given); answers the session. */
export async function signIn(
  test: RunningTestApp,
  user: TestUser,
  options: CallOptions & { authenticatorSecret?: string } = {},
): Promise<SignedIn> {
  const before = await mailboxCount(test, user.email);
  const challenge = await passwordStep(test, user, options);
  if (challenge.code !== 200) throw new Error(`password step answered ${challenge.code} ${challenge.msg}`);
  const code = options.authenticatorSecret
    ? await authenticatorCode(options.authenticatorSecret, test.clock.now())
    : codeIn(await nextEmail(test, user.email, before));
  const signedIn = await call<SignedIn>(
    test,
    '/api/v1/account/login',
    { step: 'second_factor', challenge_id: challenge.data.challenge_id, code },
    options,
  );
  if (signedIn.code !== 200) throw new Error(`second factor answered ${signedIn.code} ${signedIn.msg}`);
  return signedIn.data;
}

export function authenticatorCode(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** Pairs an authenticator for a signed-in user; answers its secret. */
export async function pairAuthenticator(test: RunningTestApp, session: SignedIn): Promise<string> {
  const setup = await call<{ secret: string }>(test, '/api/v1/account/authenticator/setup', {}, { session });
  if (setup.code !== 200) throw new Error(`setup answered ${setup.code} ${setup.msg}`);
  const code = await authenticatorCode(setup.data.secret, test.clock.now());
  const approved = await call(test, '/api/v1/account/approve', { code }, { session });
  if (approved.code !== 200) throw new Error(`approve answered ${approved.code} ${approved.msg}`);
  return setup.data.secret;
}

/**
 * A sub-account of a company in no permission group (so holding no permission), signed in with its
 * authenticator paired (a sub-account may do nothing else before it is).
 */
export async function memberWithoutGroup(test: RunningTestApp, companyId: string): Promise<SignedIn> {
  const email = uniqueEmail('member');
  await ensureUser(
    test.database.db,
    { email, password: strongPassword, fullName: 'Member', role: 'staff_member', companyId },
    test.clock.now(),
  );
  const session = await signIn(test, { email, password: strongPassword });
  await pairAuthenticator(test, session);
  return session;
}
