/**
 * Screens a client meets first, on a phone 375 px wide: home's Deposit and Send,
 * the menu's fiat deposit and withdrawal opening their own pages (bank details on the fiat deposit
 * page), the brand never cut, and the history found by an amount. In Japanese and Chinese as well.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, signInByApi } from './support/accounts.ts';
import { launchBrowser, screenshot } from './support/browser.ts';

const approvedClient = { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026' };
const narrowPhone = { width: 375, height: 812 } as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Nothing is wider than the screen: no sideways scrolling, nothing cut at the right edge. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(narrowPhone.width);
}

async function openMenuLink(page: Page, openLabel: string, link: string): Promise<void> {
  await page.getByRole('button', { name: openLabel }).click();
  await page.getByRole('dialog').getByRole('link', { name: link, exact: true }).click();
}

describe('first screens on a phone', () => {
  it('home offers Deposit and Send; the brand reads whole (English)', async () => {
    const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient), { viewport: narrowPhone });
    await page.goto('/');
    const actions = page.getByRole('group', { name: 'Quick actions' });
    await actions.getByRole('link', { name: 'Send' }).waitFor();
    // The product's name is never cut with an ellipsis: every line of it fits its box.
    const brand = page.getByRole('banner').getByText('Corporate Banking', { exact: true });
    await brand.waitFor();
    expect(await brand.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'screens-home-phone-en');
    await actions.getByRole('link', { name: 'Deposit' }).click();
    await page.waitForURL('**/blockchain_d/deposit_jmhb');
    await page.getByTestId('deposit-address').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'screens-crypto-deposit-phone-en');
    await context.close();
  });

  it('the menu opens the fiat deposit page with the bank details on it, and the fiat payout form (Japanese)', async () => {
    const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient), {
      viewport: narrowPhone,
      language: 'jp',
    });
    await page.goto('/');
    await page.getByRole('group', { name: 'クイック操作' }).getByRole('link', { name: '送金' }).waitFor();
    await screenshot(page, 'screens-home-phone-ja');

    await openMenuLink(page, 'ナビゲーションを開く', '法定通貨の入金');
    await page.waitForURL('**/blockchain_d/deposit_fiat');
    // Where to send the money is on the page itself, with the company's reference.
    expect(await page.getByTestId('deposit-reference').textContent()).toMatch(/^CB[0-9A-Z]{8}$/);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'screens-fiat-deposit-phone-ja');

    await openMenuLink(page, 'ナビゲーションを開く', '法定通貨の出金');
    await page.waitForURL('**/blockchain_w/new_fiat');
    // The item of the page shown is the current one.
    await page.getByRole('button', { name: 'ナビゲーションを開く' }).click();
    const current = page.getByRole('dialog').locator('a[aria-current="page"]');
    await expect.poll(() => current.allTextContents()).toEqual(['法定通貨の出金']);
    await screenshot(page, 'screens-menu-phone-ja');
    await context.close();
  });

  it('a deposit screen that fails to load says so as SPEC.md words it, and Retry loads it', async () => {
    const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient), { viewport: narrowPhone });
    // The answer fails (the server is unreachable) until the route is let through again.
    await page.route('**/api/v1/deposit/getConfig', (route) => route.abort('connectionrefused'));
    await page.goto('/blockchain_d/deposit_jmhb');
    await page.getByText('Something went wrong. Please try again later.').waitFor();
    await screenshot(page, 'screens-deposit-load-failed-phone-en');
    await page.unroute('**/api/v1/deposit/getConfig');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('deposit-address').waitFor();
    await context.close();
  });

  it('the history finds a line by its amount as shown (Chinese)', async () => {
    const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient), {
      viewport: narrowPhone,
      language: 'ch',
    });
    await page.goto('/my_transaction');
    const search = page.getByPlaceholder('金额、编号、哈希、参考编号或汇款人');
    await search.fill('25,000');
    const cards = page.getByTestId('transaction-card');
    await cards.first().waitFor();
    await expect
      .poll(async () => (await cards.allTextContents()).every((text) => text.includes('25,000.00')))
      .toBe(true);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'screens-history-amount-phone-ch');
    await search.fill('25,000.01');
    await expect.poll(() => cards.count()).toBe(0);
    await context.close();
  });
});

/**
 * The platform's own screens (API keys, passkeys, alerts, webhooks, the company's audit log) as
 * their reader meets them in Chinese and Japanese: each page's heading in the language, its data
 * drawn, no text left as a catalogue key or an internal code, and on a phone nothing wider than the
 * screen. Screenshots of each, on a phone and on a desktop, to look at.
 */
describe('the platform screens in Chinese and Japanese, on a phone and a desktop', () => {
  const pages = [
    { path: '/team?tab=api_keys', name: 'api-keys' },
    { path: '/user_info', name: 'account' },
    { path: '/alerts', name: 'alerts' },
    { path: '/webhook_settings', name: 'webhooks' },
    { path: '/audit_log', name: 'audit-log' },
  ] as const;
  const headings = {
    ch: ['团队', '我的账户', '提醒', 'Webhook', '审计日志'],
    jp: ['チーム', 'マイアカウント', 'アラート', 'Webhook', '監査ログ'],
  } as const;
  const sizes = { phone: narrowPhone, desktop: { width: 1280, height: 900 } } as const;

  for (const language of ['ch', 'jp'] as const) {
    it(`reads whole in ${language === 'ch' ? 'Chinese' : 'Japanese'}`, async () => {
      const session = await signInByApi(approvedClient);
      for (const [size, viewport] of Object.entries(sizes)) {
        const { page, context } = await openSignedIn(browser, session, { viewport, language });
        for (const [index, entry] of pages.entries()) {
          await page.goto(entry.path);
          const heading = page.getByRole('heading', { level: 1 });
          await expect.poll(() => heading.textContent()).toContain(headings[language][index]);
          // The data drawn: no skeleton left.
          await expect.poll(() => page.locator('.mantine-Skeleton-root').count(), { timeout: 15_000 }).toBe(0);
          // The page's words, without the addresses it shows (web addresses and emails are as typed).
          const text = (await page.locator('main').innerText()).replace(/https?:\/\/\S+|\S+@\S+/g, '');
          expect(
            text.match(/\{\{|\b[a-z]+\.[a-z_]+\.[a-z_]+\b/)?.[0],
            `${entry.path}: a catalogue key`,
          ).toBeUndefined();
          expect(text.match(/\b[a-z]+_[a-z]+(_[a-z]+)*\b/)?.[0], `${entry.path}: an internal code`).toBeUndefined();
          if (size === 'phone') await expectNoSidewaysScroll(page);
          await screenshot(page, `screens-${entry.name}-${size}-${language}`);
        }
        await context.close();
      }
    }, 180_000);
  }
});
