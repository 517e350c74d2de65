/**
 * The client's error catalogue (SPEC.md section 8), with the server's answers forced through
 * page.route: HTTP 500/502/404 shown as 'status - statusText' after 1 s, any other failure as
 * 'Network timeout' in the user's language, and 9400 clearing storage and reloading after 2 s,
 * except on the login page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, storedSession, viewports } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function submitLogin(page: Page): Promise<void> {
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Any-Password-1');
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('error catalogue (SPEC.md section 8)', () => {
  for (const [status, statusText] of [
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [404, 'Not Found'],
  ] as const) {
    it(`shows '${status} - ${statusText}' for an HTTP ${status}, after a second`, async () => {
      const { page, context } = await openPage(browser);
      await page.route('**/api/v1/account/login', (route) => route.fulfill({ status, body: '' }));
      await page.goto('/login');
      await submitLogin(page);
      const startedAt = Date.now();
      await page.getByText(`${status} - ${statusText}`).waitFor();
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
      await context.close();
    });
  }

  it("shows 'Network timeout' in the user's language when there is no answer", async () => {
    const { page, context } = await openPage(browser, { language: 'jp' });
    await page.route('**/api/v1/account/login', (route) => route.abort('failed'));
    await page.goto('/login');
    await page.getByLabel('メールアドレス').fill('someone@example.com');
    await page.getByLabel('パスワード', { exact: true }).fill('Any-Password-1');
    await page.locator('form button[type="submit"]').click();
    await page.getByText('ネットワークタイムアウト').waitFor();
    await context.close();
  });

  it('on 9400 outside the login page: shows the message, clears storage and reloads after 2 s', async () => {
    const { page, context } = await openPage(browser, { session: storedSession() });
    await page.route('**/api/v1/account/kyc/getKycInfo', (route) =>
      route.fulfill({ json: { code: 9400, msg: 'Your session has expired. Please log in again.', data: null } }),
    );
    await page.goto('/kyc');
    await page.getByText('Your session has expired. Please log in again.').first().waitFor();
    await page.waitForURL('**/login', { timeout: 10_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('on a phone, shows the notice as a toast at the bottom, across the screen', async () => {
    const { page, context } = await openPage(browser, { session: storedSession(), viewport: viewports.phone });
    await page.route('**/api/v1/account/kyc/getKycInfo', (route) =>
      route.fulfill({ json: { code: 9400, msg: 'Your session has expired. Please log in again.', data: null } }),
    );
    await page.goto('/kyc');
    const toast = page.getByRole('alert').filter({ hasText: 'Your session has expired. Please log in again.' });
    await toast.waitFor();
    const box = await toast.boundingBox();
    if (!box) throw new Error('the toast has no box');
    // Within thumb's reach, and as wide as the screen allows (a desktop notice is 400 px at the top right).
    expect(box.y).toBeGreaterThan(viewports.phone.height / 2);
    expect(box.width).toBeGreaterThan(viewports.phone.width * 0.8);
    await context.close();
  });

  it('on 9400 on the login page: shows the message and keeps the page', async () => {
    const { page, context } = await openPage(browser);
    await page.route('**/api/v1/account/login', (route) =>
      route.fulfill({ json: { code: 9400, msg: 'Session check failed', data: null } }),
    );
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('marker', 'kept'));
    await submitLogin(page);
    await page.getByText('Session check failed').first().waitFor();
    await page.waitForTimeout(2500);
    expect(await page.evaluate(() => localStorage.getItem('marker'))).toBe('kept');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
