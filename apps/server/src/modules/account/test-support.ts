/**
 * Test support for identity: the app with a movable clock and a running job queue (emails are sent
 * by jobs), calls through `inject`, the development mailbox for codes, and factories for a
 * registered and a signed-in user.
 */
import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import type { Language } from '@bank/contract/constants';
import { generate } from 'otplib';
import { emailRequestedEventType } from '../../adapters/mail/email-queue.ts';
import type { AppDependencies } from '../../app.ts';
import type { Config } from '../../config.ts';
import { queueNameOf } from '../../platform/jobs.ts';
import { systemClock } from '../../platform/session.ts';
import { createTestApp, type TestApp } from '../../platform/test-app.ts';
import { type AdjustableClock, createOffsetClock } from '../../platform/test-clock.ts';

export type IdentityTestApp = TestApp & { clock: AdjustableClock };

export async function createIdentityTestApp(
  options: { config?: Partial<Config> } & Omit<AppDependencies, 'database' | 'clock'> = {},
): Promise<IdentityTestApp> {
  const clock = createOffsetClock(systemClock);
  // The general per-address limit has its own test; here every call comes from 127.0.0.1.
  const test = await createTestApp({
    ...options,
    clock,
    config: { rateLimitPublicCallsPerMinute: 100_000, ...options.config },
  });
  await test.app.jobs.start();
  return { ...test, clock };
}

export type Envelope<Data = unknown> = { code: number; msg: string; data: Data };

export type CallOptions = {
  headers?: Record<string, string>;
  session?: Pick<SignedIn, 'token' | 'userid'>;
  language?: Language;
  /** The client address (default 127.0.0.1): lets a test keep its per-address counters apart. */
  ip?: string;
};

export async function call<Data = unknown>(
  test: TestApp,
  path: string,
  body: unknown,
  options: CallOptions = {},
): Promise<Envelope<Data>> {
  const response = await test.app.inject({
    method: 'POST',
    url: path,
    payload: body as Record<string, unknown>,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
      ...(options.language ? { language: options.language } : {}),
      ...(options.session ? { token: options.session.token, userid: options.session.userid } : {}),
      ...options.headers,
    },
  });
  return response.json() as Envelope<Data>;
}

export type MailboxEmail = { to: string; subject: string; text: string; time: string };

export async function readMailbox(test: TestApp, to: string): Promise<MailboxEmail[]> {
  const response = await test.app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(to)}` });
  return response.json() as MailboxEmail[];
}

/** How many emails `to` has, once every queued email is sent (so that none arrives later and is miscounted). */
export async function mailboxCount(test: TestApp, to: string): Promise<number> {
  await settleEmails(test);
  return (await readMailbox(test, to)).length;
}

/** Waits until `to` has more than `knownCount` emails and answers the newest. */
export async function nextEmail(
  test: TestApp,
  to: string,
  knownCount: number,
  timeoutMs = 15_000,
): Promise<MailboxEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const emails = await readMailbox(test, to);
    const newest = emails[0];
    if (emails.length > knownCount && newest) return newest;
    if (Date.now() > deadline) throw new Error(`no new email to ${to} within ${timeoutMs} ms`);
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

/** Waits until every queued email is sent, so that a test may assert that nothing (more) arrived. */
export async function settleEmails(test: TestApp): Promise<void> {
  await test.app.jobs.relayNow();
  const deadline = Date.now() + 15_000;
  for (;;) {
    const unfinished = await test.app.jobs.boss.getQueueSize(mailQueue, { before: 'completed' });
    if (unfinished === 0) return;
    if (Date.now() > deadline) throw new Error('emails still queued after 15 s');
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

const mailQueue = queueNameOf(emailRequestedEventType, 'mail_sender');

export function codeIn(email: MailboxEmail): string {
  const code = email.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in "${email.subject}"`);
  return code;
}

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

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
}

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
  test: IdentityTestApp,
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
export async function pairAuthenticator(test: IdentityTestApp, session: SignedIn): Promise<string> {
  const setup = await call<{ secret: string }>(test, '/api/v1/account/authenticator/setup', {}, { session });
  if (setup.code !== 200) throw new Error(`setup answered ${setup.code} ${setup.msg}`);
  const code = await authenticatorCode(setup.data.secret, test.clock.now());
  const approved = await call(test, '/api/v1/account/approve', { code }, { session });
  if (approved.code !== 200) throw new Error(`approve answered ${approved.code} ${approved.msg}`);
  return setup.data.secret;
}
