/**
 * Accounts for the browser journeys, made and signed in through the API as the browser calls it:
 * new company administrators registered with the emailed code, the two-step sign-in (emailed code or
 * authenticator), staff paired with an authenticator (codes computed here with otplib, the server's
 * library, on the server's clock), pages opened already signed in, and the accessibility check and
 * the wait-or-screenshot every journey uses.
 *
 * The server allows 5 emailed codes an hour per address: each journey uses its own new user, and
 * staff sign in with their authenticator once paired.
 */
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { approveAuthenticator, login, sendEmail, startAuthenticatorPairing } from '@bank/contract/account';
import type { CallDefinition, RequestOf } from '@bank/contract/calls';
import { register } from '@bank/contract/registration';
import { generate } from 'otplib';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { baseUrl, captureScreen, openPage, type PageOptions, type StoredSession } from './browser.ts';
import { waitForEmailCode } from './server.ts';

/** Seeded staff (apps/server/src/modules/account/seed.ts). */
export const staffAccount = { email: 'admin@bank.localhost', password: 'Staff-System#2026' } as const;
/** Seeded too; paired through the API when a journey needs staff with an authenticator of its own. */
export const complianceAccount = { email: 'compliance@bank.localhost', password: 'Staff-Compliance#2026' } as const;
/** Seeded system administrator used only by the deposit journeys (which pair its authenticator). */
export const operationsAccount = { email: 'operations@bank.localhost', password: 'Staff-Operations#2026' } as const;
export const strongPassword = 'Ledger-Kite#4821';

export type Envelope = { code: number; msg: string; data: unknown };

export async function call<Call extends CallDefinition>(
  definition: Call,
  body: RequestOf<Call>,
  headers: Record<string, string> = {},
): Promise<Envelope> {
  const response = await fetch(`${baseUrl}${definition.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en', 'device-os': 'web', ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope;
}

export async function callOk<Call extends CallDefinition>(
  definition: Call,
  body: RequestOf<Call>,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const answer = await call(definition, body, headers);
  if (answer.code !== 200) throw new Error(`${definition.path} answered ${answer.code}: ${answer.msg}`);
  return (answer.data ?? {}) as Record<string, unknown>;
}

let userCount = 0;
export function newEmail(label: string): string {
  userCount += 1;
  return `e2e-${label}-${Date.now().toString(36)}-${userCount}@example.com`;
}

/** The server's clock now, in seconds (the test clock moves only forward; asking moves it by 1 s). */
async function serverNowSeconds(): Promise<number> {
  const response = await fetch(`${baseUrl}/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_seconds: 1 }),
  });
  const { now } = (await response.json()) as { now: string };
  return Math.floor(new Date(now).getTime() / 1000);
}

const stepSeconds = 30;

/**
 * An authenticator app: codes of successive time steps of the server's clock. The server accepts one
 * step either side of its time and each step once, so each code is of a later step than the last.
 */
export class Authenticator {
  private lastStep = Number.NEGATIVE_INFINITY;
  /**
   * @param stepFile where the last step used is kept when journeys in several workers share this
   * authenticator (a seeded staff member's): a step is then used once across all of them.
   */
  constructor(
    readonly secret: string,
    private readonly stepFile?: string,
  ) {}

  /** @param isForLater the code may be checked a few seconds from now (after a confirmation dialog). */
  async nextCode(isForLater = false): Promise<string> {
    const stepFile = this.stepFile;
    if (!stepFile) return this.nextCodeAfter(isForLater);
    return withFileLock(`${stepFile}.lock`, async () => {
      if (existsSync(stepFile)) this.lastStep = Math.max(this.lastStep, Number(readFileSync(stepFile, 'utf8')));
      const code = await this.nextCodeAfter(isForLater);
      writeFileSync(stepFile, String(this.lastStep));
      return code;
    });
  }

  private async nextCodeAfter(isForLater: boolean): Promise<string> {
    for (;;) {
      const now = await serverNowSeconds();
      const current = Math.floor(now / stepSeconds);
      // The step before is accepted too, unless the clock is about to leave it behind.
      const earliest = !isForLater && now % stepSeconds < 25 ? current - 1 : current;
      const step = Math.max(this.lastStep + 1, earliest);
      if (step <= current + 1) {
        this.lastStep = step;
        return generate({ secret: this.secret, epoch: step * stepSeconds });
      }
      await new Promise((wake) => setTimeout(wake, ((step - 1) * stepSeconds - now + 1) * 1000));
    }
  }
}

export type NewUser = { email: string; password: string; fullName: string };

/** A company administrator registered through the API (sendEmail, the emailed code, register), with a relationship manager's CI code when given. */
export async function registerUser(label: string, options: { ciCode?: string } = {}): Promise<NewUser> {
  const user = { email: newEmail(label), password: strongPassword, fullName: `E2E ${label}` };
  const sentAfter = new Date();
  await callOk(sendEmail, { email: user.email, purpose: 'register' });
  const code = await waitForEmailCode(user.email, sentAfter);
  await callOk(register, {
    full_name: user.fullName,
    email: user.email,
    email_code: code,
    phone_country: 'GB',
    phone: '020 7946 0123',
    new_password: user.password,
    confirm_password: user.password,
    accept_terms: true,
    ...(options.ciCode ? { ci_code: options.ciCode } : {}),
  });
  return user;
}

export type ApiSession = StoredSession & { is_staff: string };

/** A complete sign-in through the API, answered as the web app stores it. */
export async function signInByApi(
  user: { email: string; password: string },
  authenticator?: Authenticator,
): Promise<ApiSession> {
  const sentAfter = new Date();
  const challenge = await callOk(login, { step: 'password', email: user.email, password: user.password });
  const code = authenticator ? await authenticator.nextCode() : await waitForEmailCode(user.email, sentAfter);
  const signedIn = await callOk(login, {
    step: 'second_factor',
    challenge_id: String(challenge.challenge_id),
    code,
  });
  return {
    token: String(signedIn.token),
    userid: String(signedIn.userid),
    username: String(signedIn.username),
    is_google: '1',
    kyc_status: String(signedIn.kyc_status),
    is_staff: signedIn.is_staff ? '1' : '',
  };
}

export function sessionHeaders(session: ApiSession): Record<string, string> {
  return { token: session.token, userid: session.userid };
}

/** Where a seeded staff member's authenticator secret is kept once paired, for this run's server. */
function staffSecretFile(email: string): string {
  return join(inject('staffAuthenticatorsDir'), `${email}.secret`);
}

/** Records a staff member's authenticator paired another way (the pairing journey pairs in the browser). */
export function rememberStaffAuthenticator(email: string, secret: string): Authenticator {
  const file = staffSecretFile(email);
  writeFileSync(file, secret);
  return new Authenticator(secret, `${file}.step`);
}

/**
 * A seeded staff member's authenticator: paired through the API the first time any journey asks
 * (signed in with an emailed code, fresh after sign-in), and read back by every later journey of the
 * run, whichever worker it runs in. A lock file lets one worker pair while the others wait, and the
 * last step used is shared, so that two journeys never send the same code (a replay is refused).
 */
export async function pairStaffByApi(account: { email: string; password: string }): Promise<Authenticator> {
  const file = staffSecretFile(account.email);
  const shared = () => new Authenticator(readFileSync(file, 'utf8'), `${file}.step`);
  if (existsSync(file)) return shared();
  return withFileLock(`${file}.lock`, async () => {
    if (existsSync(file)) return shared();
    const session = await signInByApi(account);
    const setup = await callOk(startAuthenticatorPairing, {}, sessionHeaders(session));
    const authenticator = new Authenticator(String(setup.secret), `${file}.step`);
    await callOk(approveAuthenticator, { code: await authenticator.nextCode() }, sessionHeaders(session));
    writeFileSync(file, String(setup.secret));
    return authenticator;
  });
}

/** Runs `work` while holding a lock file that every worker of the run sees (created exclusively). */
async function withFileLock<Result>(lock: string, work: () => Promise<Result>): Promise<Result> {
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      await new Promise((wake) => setTimeout(wake, 100));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** A page already signed in with `session` (set in sessionStorage before the app starts). */
export async function openSignedIn(browser: Browser, session: ApiSession, options: Omit<PageOptions, 'session'> = {}) {
  const stored: Partial<StoredSession> = session;
  return openPage(browser, { ...options, session: stored });
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Fails the journey on any serious accessibility violation of the page as it is now. Contrast is
 * measured on what is drawn: an element caught in a transition (a notice closing by itself while
 * the page is analysed, a button changing colour) is measured once more after a second, and only a
 * contrast that is still too low fails.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  let serious = await seriousViolations(page);
  if (serious.some((violation) => violation.startsWith('color-contrast:'))) {
    await page.waitForTimeout(1_000);
    serious = await seriousViolations(page);
  }
  expect(serious, name).toEqual([]);
}

/** Waits for a locator; when it never shows, keeps a screenshot of what the page showed instead. */
export async function waitOrCapture(locator: Locator, name: string): Promise<void> {
  try {
    await locator.waitFor();
  } catch (error) {
    await captureScreen(locator.page(), name);
    throw error;
  }
}
