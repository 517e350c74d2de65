/**
 * The platform's shell: guards both ways, SPEC.md's redirects, the 404 page, deep links,
 * the language switch, the version reset, the inactivity dialog, the drawer on a phone and an
 * accessibility check. Most sessions here are set in storage the way the app keeps them; the server
 * does not know those tokens, so such journeys visit only pages that ask the server nothing. The
 * home page reads the company's balances: journeys through it sign in for real (`homeSession`).
 */
import AxeBuilder from '@axe-core/playwright';
import { listProgrammeContracts } from '@bank/contract/programme-orders';
import { mainPages } from '@bank/contract/routes';
import { hasMessage } from '@bank/i18n/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiSession,
  callOk,
  type NewUser,
  pairStaffByApi,
  registerUser,
  signInByApi,
  staffAccount,
} from './support/accounts.ts';
import {
  baseUrl,
  launchBrowser,
  openPage,
  requestsTo,
  screenshot,
  storedSession,
  viewports,
} from './support/browser.ts';

let browser: Browser;
let user: NewUser;
beforeAll(async () => {
  browser = await launchBrowser();
  user = await registerUser('shell');
});

/** A session the server knows (a journey may end it), for pages that read from the server. */
async function homeSession() {
  return storedSession(await signInByApi(user));
}
afterAll(async () => {
  await browser.close();
});

function pathOf(url: string): string {
  return new URL(url).pathname;
}

describe('route guards (SPEC.md section 2)', () => {
  it('sends a visitor without a session from a feature page to /login', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/cards');
    await page.waitForURL('**/login');
    expect(pathOf(page.url())).toBe('/login');
    await context.close();
  });

  it('sends a visitor with a token but without the 2FA flag to /login', async () => {
    const { page, context } = await openPage(browser, { session: { token: 'e2e-token', is_google: '' } });
    await page.goto('/user_info');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('sends a signed-in user away from every public page to /', async () => {
    const { page, context } = await openPage(browser, { session: storedSession() });
    for (const path of ['/login', '/reg', '/forget_pwd', '/reset_pwd', '/upload']) {
      await page.goto(path);
      await page.waitForURL(`${baseUrl}/`);
      expect(pathOf(page.url()), path).toBe('/');
    }
    await context.close();
  });
});

describe('paths', () => {
  it('redirects each parent path to its first child', async () => {
    // The pages read from the server: a session it knows, or the app signs it out.
    const { page, context } = await openPage(browser, { session: await homeSession() });
    const redirects = {
      '/blockchain_d': '/blockchain_d/deposit_jmhb',
      '/blockchain_w': '/blockchain_w/transfer_p_fiat',
      '/kyc_step': '/kyc_step/kyc_step_one',
      '/affiche': '/affiche/affiche_list',
    };
    for (const [from, to] of Object.entries(redirects)) {
      await page.goto(from);
      await page.waitForURL(`**${to}`);
      expect(pathOf(page.url()), from).toBe(to);
    }
    await context.close();
  });

  it('serves a deep link with HTTP 200 and shows the page', async () => {
    // The page reads the company's requests: a session the server knows, or the app signs it out.
    const { page, context } = await openPage(browser, { session: await homeSession() });
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
    });
    const response = await page.goto('/structured_p');
    expect(response?.status()).toBe(200);
    // Its outline carries the first load's stylesheet, painted without waiting for a second file; the
    // link to that file stays, disabled, so that the shell's loader does not fetch it a second time.
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<link rel="stylesheet"(?! disabled)/);
    // A page drawn whole (isDrawnWhole): its text is in the outline, not only its heading.
    expect(html).toContain('Notes and deposits that combine a bond or deposit with derivatives');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();
    expect(pathOf(page.url())).toBe('/structured_p');
    expect(stylesheets.filter((path) => /\/assets\/index-[\w-]+\.css$/.test(path))).toEqual([]);
    await context.close();
  });

  it('starts a page’s first load before its code has arrived, from its address, and asks the server for it once', async () => {
    const { page, context } = await openPage(browser, { session: await homeSession() });
    const asked = requestsTo(page, '/api/v1/transaction/record');
    // The page's own code (not its data module, app/page-data.ts) is held until the load has left:
    // a load that waited for the code would leave only once the hold gave up.
    const order: string[] = [];
    const isAsked = page
      .waitForRequest((request) => request.url().endsWith('/api/v1/transaction/record'), { timeout: 15_000 })
      .then(() => order.push('load'))
      .catch(() => undefined);
    await page.route(/\/assets\/transactions-page-(?!data-)[\w-]+\.js$/, async (route) => {
      await isAsked;
      order.push('code');
      await route.continue();
    });
    await page.goto('/my_transaction?status=success');
    await page.getByText('No transactions match these filters').first().waitFor();
    expect(order).toEqual(['load', 'code']);
    // The page's load (prefetched before it rendered) and its own query are one: one request, filtered.
    expect(asked).toHaveLength(1);
    expect(JSON.parse(asked[0] ?? '{}')).toMatchObject({ status: 'success' });
    await context.close();
  });

  it('shows the 404 page for any other path, with HTTP 404', async () => {
    const { page, context } = await openPage(browser, { session: storedSession() });
    const response = await page.goto('/no_such_page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await screenshot(page, 'shell-404-desktop-en');
    await context.close();
  });
});

describe('KYC gate', () => {
  it('shows the access-denied dialog on a gated page until KYC is approved, with a way to KYC', async () => {
    const { page, context } = await openPage(browser, { session: storedSession({ kyc_status: 'pending_review' }) });
    await page.goto('/cards');
    const dialog = page.getByRole('dialog', { name: 'Company verification required' });
    await dialog.waitFor();
    await screenshot(page, 'shell-kyc-gate-desktop-en');
    await dialog.getByRole('link', { name: 'Go to company KYC' }).click();
    await page.waitForURL('**/kyc');
    await context.close();
  });

  it('opens the gated page once KYC is approved', async () => {
    const { page, context } = await openPage(browser, { session: storedSession({ kyc_status: 'kyc_approved' }) });
    await page.goto('/cards');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});

describe('language', () => {
  it('switches between English, Chinese and Japanese and keeps the choice', async () => {
    const { page, context } = await openPage(browser, { session: await homeSession() });
    await page.goto('/');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Home' }).waitFor();
    await page.getByRole('heading', { name: 'Balances', exact: true }).waitFor();
    expect(await page.getByTestId('balances-total').textContent()).toBe('0.00USD');
    expect(await page.getByRole('listitem', { name: 'USDC' }).textContent()).toContain('0.00');

    await page.getByRole('button', { name: /Change language/ }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页' }).waitFor();
    await page.getByRole('heading', { name: '余额', exact: true }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ch');
    await screenshot(page, 'shell-home-desktop-ch');

    await page.getByRole('button', { name: /切换语言|语言/ }).click();
    await page.getByRole('menuitem', { name: '日本語' }).click();
    await page.getByRole('link', { name: 'ホーム' }).first().waitFor();
    await page.getByRole('heading', { name: '残高', exact: true }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    await screenshot(page, 'shell-home-desktop-jp');

    await page.reload();
    await page.getByRole('link', { name: 'ホーム' }).first().waitFor();
    await context.close();
  });

  it('draws the header’s menus once the page is idle, keeping the focus, and opens and closes them from the keyboard', async () => {
    const { page, context } = await openPage(browser, { session: await homeSession() });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Balances', exact: true }).waitFor();
    const languageButton = page.getByRole('button', { name: /Change language/ });
    const userButton = page.getByRole('button', { name: /^Account menu for / });
    await languageButton.focus();
    // Drawn when the browser is idle after the page (not in its first drawing): a drawn menu's
    // button carries its popover's id.
    for (const button of [languageButton, userButton]) {
      await expect.poll(() => button.getAttribute('id')).not.toBeNull();
      expect(await button.getAttribute('aria-haspopup')).toBe('menu');
      expect(await button.getAttribute('aria-expanded')).toBe('false');
    }
    // The button drawn anew keeps the focus it had.
    expect(await languageButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    const chinese = page.getByRole('menuitem', { name: '中文' });
    await chinese.waitFor();
    expect(await languageButton.getAttribute('aria-expanded')).toBe('true');
    // The focus is in the menu, then back on its button when Escape closes it.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    await page.keyboard.press('Escape');
    await chinese.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => /Change language/.test(document.activeElement?.getAttribute('aria-label') ?? ''));
    // Drawn now, it opens again at once.
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: '日本語' }).click();
    await page.getByRole('heading', { name: '残高', exact: true }).waitFor();
    await context.close();
  });
});

describe('app version (SPEC.md section 4)', () => {
  it('clears all storage and reloads when the stored version differs', async () => {
    const { page, context } = await openPage(browser, { session: await homeSession() });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('app_version', '0.1.0'));
    await page.reload();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('app_version'))).toBe('0.1.93');
    await context.close();
  });
});

describe('inactivity (SPEC.md section 4)', () => {
  it('warns after 900 s without a click, lets the user stay, and logs out when the countdown ends', async () => {
    const { page, context } = await openPage(browser, { session: storedSession() });
    await page.route('**/api/v1/account/exitLogin', (route) =>
      route.fulfill({ json: { code: 200, msg: 'ok', data: null } }),
    );
    // The home page's balances, chart and recent transactions: this journey's token is not the server's.
    await page.route('**/api/v1/dashboard/home', (route) =>
      route.fulfill({
        json: { code: 200, msg: 'ok', data: { balances: [], total_usd: '0', rates_at: null, are_rates_stale: false } },
      }),
    );
    await page.route('**/api/v1/dashboard/balanceHistory', (route) =>
      route.fulfill({ json: { code: 200, msg: 'ok', data: { points: [] } } }),
    );
    await page.route('**/api/v1/transaction/record', (route) =>
      route.fulfill({ json: { code: 200, msg: 'ok', data: { items: [], next_cursor: null } } }),
    );
    await page.clock.install();
    await page.goto('/');
    // The shell itself, whose inactivity timer this journey runs, not home's heading: the first view
    // draws the heading before the shell has loaded. The page's clock is then stopped and the idle
    // time starts from a click, so that the seconds a busy machine takes between two steps do not count.
    await page.getByRole('link', { name: 'Skip to main content' }).waitFor({ state: 'attached' });
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('heading', { level: 1 }).click();

    await page.clock.runFor(899_000);
    expect(await page.getByRole('dialog', { name: 'Are you still there?' }).count()).toBe(0);
    await page.clock.runFor(2_000);
    await page.clock.resume(); // the dialog's transition runs on the page's timers
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await dialog.waitFor();
    await screenshot(page, 'shell-inactivity-desktop-en');
    await page.unroute('**/api/v1/account/getUserInfo');
    await page.route('**/api/v1/account/getUserInfo', (route) =>
      route.fulfill({ json: { code: 200, msg: 'ok', data: null } }),
    );
    await dialog.getByRole('button', { name: 'Stay logged in' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const exitLoginRequest = page.waitForRequest('**/api/v1/account/exitLogin');
    await page.clock.runFor(900_000 + 61_000);
    await page.waitForURL('**/login');
    const request = await exitLoginRequest;
    expect(request.headers().token).toBe('e2e-token');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await context.close();
  });
});

describe('phone-sized screen', () => {
  it('turns the sidebar into a drawer opened by the menu button, drawn from its first opening', async () => {
    const { page, context } = await openPage(browser, { session: await homeSession(), viewport: viewports.phone });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The shell's closed drawers and dialogs are not drawn (each drew its page again at once).
    expect(await page.locator('[data-portal]').count()).toBe(0);
    const navigationLink = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Company KYC' });
    expect(await navigationLink.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const kycLink = page.getByRole('dialog').getByRole('link', { name: 'Company KYC' });
    await kycLink.waitFor();
    await screenshot(page, 'shell-drawer-phone-en');
    await kycLink.click();
    // The page drawn, not only its address: on a loaded machine the drawer, opened again as soon as
    // the address had changed, still showed Home as current and closed under the click.
    await page.getByRole('heading', { level: 1, name: 'Company KYC' }).waitFor();
    // It closes with its transition and opens again.
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('accessibility', () => {
  for (const [name, path, session] of [
    ['login', '/login', undefined],
    ['home', '/', 'signed in'],
    ['404', '/no_such_page', storedSession()],
  ] as const) {
    it(`has no serious or critical axe violations on ${name}`, async () => {
      const { page, context } = await openPage(browser, {
        session: session === 'signed in' ? await homeSession() : session,
      });
      await page.goto(path);
      if (session === 'signed in') await page.getByRole('heading', { name: 'Balances', exact: true }).waitFor();
      await page
        .getByRole('heading', { level: 1 })
        .or(page.getByRole('heading', { level: 2 }))
        .first()
        .waitFor();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      );
      expect(
        serious.map(
          (violation) =>
            `${violation.id}: ${violation.help} ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html} ${node.failureSummary}`).join(', ')}`,
        ),
      ).toEqual([]);
      await context.close();
    });
  }
});

describe('first load', () => {
  it('breaks no rule of the Content-Security-Policy (zod compiles no code) on registration', async () => {
    const { page, context } = await openPage(browser);
    await page.addInitScript(() => {
      const violations: string[] = [];
      Object.assign(window, { cspViolations: violations });
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await page.goto('/reg');
    // The phone field needs the contract's schemas and libphonenumber's metadata: all loaded.
    await page.getByRole('textbox', { name: /Mobile number/ }).waitFor();
    // Submitting the empty form runs the contract's schemas in the browser.
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please check the highlighted fields.').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    await context.close();
  });

  it.each([
    ['ch', '企业网银', 'zh-CN'],
    ['jp', '法人バンキング', 'ja'],
  ] as const)(
    'shows a %s user their language from the first paint, never English first',
    async (language, productName, lang) => {
      const { page, context } = await openPage(browser, { language });
      await page.addInitScript(() => {
        // The first text on the page (drawn by the server, or put there by the app), whatever comes later.
        const observer = new MutationObserver(() => {
          const text = document.getElementById('root')?.innerText.trim();
          if (text) {
            Object.assign(window, { firstText: text });
            observer.disconnect();
          }
        });
        document.addEventListener('DOMContentLoaded', () => {
          // A page the server sent drawn: its drawing is the first text.
          const drawn = document.getElementById('root')?.innerText.trim();
          if (drawn) Object.assign(window, { firstText: drawn });
          else observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        });
      });
      await page.goto('/login');
      await page
        .getByRole('heading', { level: 1 })
        .or(page.getByRole('heading', { level: 2 }))
        .first()
        .waitFor();
      const firstText = await page.evaluate(() => (window as unknown as { firstText?: string }).firstText ?? '');
      expect(firstText).toContain(productName);
      expect(firstText).not.toContain('Corporate Banking');
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      await context.close();
    },
  );
});

describe('messages', () => {
  const approvedClient = { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026' };

  /** The message keys the page shows as text: words joined by dots that name a message of the catalogue. */
  async function keysShownOn(page: Page): Promise<string[]> {
    const text = await page.evaluate(() => document.body.innerText);
    return [...new Set(text.match(/\b[a-z_]+(?:\.[a-z0-9_]+)+\b/g) ?? [])].filter(hasMessage);
  }

  /** Each page of `pages` opened first (a reload), as `session`: the keys it shows, by path. */
  async function keysOnEveryPage(session: ApiSession, paths: string[]): Promise<Record<string, string[]>> {
    const { page, context } = await openPage(browser, { session });
    const shown: Record<string, string[]> = {};
    for (const path of paths) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const keys = await keysShownOn(page);
      if (keys.length > 0) shown[path] = keys;
    }
    await context.close();
    return shown;
  }

  it('shows every client page opened first in words, never a message key (each brings its English)', async () => {
    const client = await signInByApi(approvedClient);
    const headers = { token: client.token, userid: client.userid };
    const contracts = await callOk(listProgrammeContracts, { page_size: 1 }, headers);
    const contractId = String((contracts.items as { id: string }[])[0]?.id);
    const pathOfPage = (path: string) => path.replace(':contractId', encodeURIComponent(contractId));
    // The check reads what it should: a key on screen is found.
    const { page, context } = await openPage(browser);
    await page.setContent('<h1>cards.money.top_up.close</h1>');
    expect(await keysShownOn(page)).toEqual(['cards.money.top_up.close']);
    await context.close();

    const clientPaths = mainPages.filter((entry) => !entry.isStaffOnly).map((entry) => pathOfPage(entry.path));
    expect(await keysOnEveryPage(client, clientPaths)).toEqual({});
  }, 300_000);

  // Apart from the client's pages: on a busy CI machine each half takes a minute or two, and a retry
  // runs only the half that failed.
  it('shows every staff page opened first in words, never a message key', async () => {
    const staff = await signInByApi(staffAccount, await pairStaffByApi(staffAccount));
    const staffPaths = mainPages.filter((entry) => entry.isStaffOnly).map((entry) => entry.path);
    expect(await keysOnEveryPage(staff, staffPaths)).toEqual({});
  }, 300_000);
});
