/**
 * Shared fixtures of the browser journeys: one Debian Chromium per test file, a fresh context per
 * page, sessions set the way the web app stores them (SPEC.md section 3), and screenshots.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { clientPermissions } from '@bank/contract/permissions';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = inject('baseUrl');

export const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

export type StoredSession = {
  token: string;
  userid: string;
  username: string;
  is_google: string;
  kyc_status: string;
};

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export type PageOptions = {
  viewport?: { width: number; height: number };
  /** Stored language (en, ch, jp), as the language switch stores it. */
  language?: 'en' | 'ch' | 'jp';
  /** Session keys put in sessionStorage before any page script runs. */
  session?: Partial<StoredSession>;
  /** The browser's IANA time zone (the machine's when absent). */
  timezoneId?: string;
};

export async function openPage(
  browser: Browser,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? viewports.desktop,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  // The language switch also keeps the language in a cookie, for the pages the server sends drawn.
  if (options.language) await context.addCookies([{ name: 'language', value: options.language, url: baseUrl }]);
  if (options.language || options.session) {
    await context.addInitScript(
      ({ language, session }) => {
        // The first document of a page is about:blank, whose storage is not the app's.
        if (window.location.protocol === 'about:') return;
        // Only on the first load of the context: later reloads must see what the app stored itself.
        if (window.name === 'e2e-initialised') return;
        window.name = 'e2e-initialised';
        if (language) window.localStorage.setItem('language', language);
        window.localStorage.setItem('app_version', '0.1.93');
        for (const [key, value] of Object.entries(session ?? {})) window.sessionStorage.setItem(key, String(value));
      },
      { language: options.language, session: options.session },
    );
  }
  // The header's bell asks for the unread count, and the layout for the user (their permissions), on
  // every signed-in page: a session the server does not know (storedSession) would be answered 9400,
  // which signs the page out. A test may answer either itself (a page's route comes first).
  if (options.session?.token === fakeToken) {
    await context.route('**/api/v1/msg/count', (route) =>
      route.fulfill({ json: { code: 200, msg: 'ok', data: { unread: 0 } } }),
    );
    const session = options.session;
    await context.route('**/api/v1/account/getUserInfo', (route) =>
      route.fulfill({ json: { code: 200, msg: 'ok', data: fakeUserInfo(session) } }),
    );
  }
  const page = await context.newPage();
  // E2E_CPU_SLOWDOWN=N runs each page's CPU N times slower, to rehearse a slow CI machine here.
  const slowdown = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);
  if (slowdown > 1)
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  actOnTheApp(page);
  return { context, page };
}

/**
 * A page the server sends drawn (a public page, a signed-in page's outline, a page drawn whole with
 * its form) arrives inert until the app has taken it over: a user's typing does not reach it, and a
 * journey's would be lost. After each navigation the journey waits for the app, as a user's eye
 * would for the page to become usable (a page the app left, or one that is not the app's, has no
 * inert root); one that asks for the page as it arrives (`waitUntil: 'commit'`) looks at the drawing.
 */
function actOnTheApp(page: Page): void {
  const untilTheAppHasTheRoot = () =>
    page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await untilTheAppHasTheRoot();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await untilTheAppHasTheRoot();
    return response;
  };
}

const fakeToken = 'e2e-token';

/** What getUserInfo answers for a stored session the server does not know: a company administrator. */
function fakeUserInfo(session: Partial<StoredSession>) {
  return {
    user_id: session.userid ?? '01J0000000000000000000E2E0',
    email: 'e2e-user@example.com',
    full_name: session.username ?? 'E2E User',
    phone_country: 'GB',
    phone: '+44 20 7946 0123',
    kyc_status: session.kyc_status ?? 'not_submitted',
    role: 'administrator',
    is_staff: false,
    is_authenticator_paired: false,
    must_pair_authenticator: false,
    permissions: [...clientPermissions],
    has_accepted_terms: true,
    company: { id: '01J0000000000000000000C0C0', name: 'E2E Company Ltd' },
  };
}

/** A signed-in session as the web app keeps it; the server does not know this token. */
export function storedSession(overrides: Partial<StoredSession> = {}): StoredSession {
  return {
    token: fakeToken,
    userid: '01J0000000000000000000E2E0',
    username: 'E2E User',
    is_google: '1',
    kyc_status: 'not_submitted',
    ...overrides,
  };
}

/**
 * The bodies the page sends to one call from now on, in order. A page opened first starts its first
 * loads with its code and its own queries join them: a body that differed would be a second request.
 */
export function requestsTo(page: Page, callPath: string): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === callPath) bodies.push(request.postData() ?? '');
  });
  return bodies;
}

/**
 * Notes, in the pages of `page` opened from now on, whether each call was asked while the server's
 * drawing was still on screen, before the app first drew over it (the root stays `inert` until the
 * first drawing's commit, main.tsx), for `askedBeforeFirstDrawing`. Noted as fetch is called: a
 * call made in that commit's effects is after it.
 */
export async function recordFirstDrawing(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: { path: string; isBeforeDrawing: boolean }[] = [];
    (window as unknown as { callsAsked: typeof calls }).callsAsked = calls;
    const fetchOfPage = window.fetch;
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      const isBeforeDrawing = document.getElementById('root')?.hasAttribute('inert') ?? false;
      calls.push({ path: url.pathname, isBeforeDrawing });
      return fetchOfPage(input, init);
    };
  });
}

/**
 * Whether the page first asked for the call before its first drawing (recordFirstDrawing): a load
 * started with the page's code, not by the page once drawn, whose answer would draw it again.
 */
export async function askedBeforeFirstDrawing(page: Page, callPath: string): Promise<boolean> {
  return page.evaluate((path) => {
    const calls = (window as unknown as { callsAsked?: { path: string; isBeforeDrawing: boolean }[] }).callsAsked;
    const first = calls?.find((call) => call.path === path);
    if (!first) throw new Error(`the page did not ask for ${path}`);
    return first.isBeforeDrawing;
  }, callPath);
}

/** Keeps what the page shows now, whole, in e2e/screenshots/<name>.png (a journey that failed shows why). */
export async function captureScreen(page: Page, name: string): Promise<void> {
  const folder = join('e2e', 'screenshots');
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

/**
 * A screenshot for the record, to look at a screen as a user would. CI sets E2E_SCREENSHOTS=off:
 * nobody looks at its 150 screenshots, which cost it about two minutes; the captures of a failure
 * (captureScreen) are kept there too.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  await captureScreen(page, name);
}
