/**
 * Alerts (issue 33, item 6): the seeded approved company's administrator adds a balance alert just
 * under what the company holds on the Alerts page, an FX conversion takes the balance below it, and
 * the alert is in their inbox, once; a second conversion while below tells nothing more. The page on
 * a phone and in Japanese, and its list kept to the user's own alerts.
 */
import { listAlerts } from '@bank/contract/alerts';
import { acceptFxQuote, quoteFx } from '@bank/contract/exchange';
import { getDashboardHome, simulateRates } from '@bank/contract/ledger';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiSession,
  callOk,
  expectAccessible,
  openSignedIn,
  pairStaffByApi,
  sessionHeaders,
  signInByApi,
} from './support/accounts.ts';
import { launchBrowser, screenshot, viewports } from './support/browser.ts';

/** Seeded by the KYC module (kyc/seed.ts): a company whose KYC is approved, holding USDT. */
const approvedClient = { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026' };
/** Seeded by the exchange module (exchange/seed.ts): a system admin who may quote the simulated rates. */
const treasuryAccount = { email: 'treasury@bank.localhost', password: 'Staff-Treasury#2026' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const operator = await signInByApi(treasuryAccount, await pairStaffByApi(treasuryAccount));
  await callOk(simulateRates, {}, sessionHeaders(operator));
});
afterAll(async () => {
  await browser.close();
});

async function availableUsdt(session: ApiSession): Promise<number> {
  const home = (await callOk(getDashboardHome, {}, sessionHeaders(session))) as {
    balances: { asset: string; available: string }[];
  };
  return Number(home.balances.find((line) => line.asset === 'USDT')?.available ?? '0');
}

/** Converts USDT to USDC through the calls the FX page makes. */
async function convertUsdt(session: ApiSession, amount: string): Promise<void> {
  const quote = (await callOk(quoteFx, { from: 'USDT', to: 'USDC', amount }, sessionHeaders(session))) as {
    quote_id: string;
  };
  await callOk(
    acceptFxQuote,
    { quote_id: quote.quote_id },
    {
      ...sessionHeaders(session),
      'idempotency-key': `alerts-journey-${quote.quote_id}`,
    },
  );
}

/** The inbox's messages titled `title`, once the newest has arrived (the outbox writes them from the job queue). */
async function inboxMessages(page: Page, title: string, atLeast: number) {
  const drawer = page.getByRole('dialog', { name: 'Messages' });
  const messages = drawer.getByTestId('inbox-message').filter({ hasText: title });
  for (let attempt = 0; attempt < 15; attempt += 1) {
    await page.getByRole('button', { name: /^Messages/ }).click();
    await drawer.waitFor();
    await drawer
      .getByTestId('inbox-message')
      .first()
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
    if ((await messages.count()) >= atLeast) return messages;
    await page.waitForTimeout(1_000);
    await page.reload();
  }
  await screenshot(page, `alerts-inbox-missing`);
  throw new Error(`no message "${title}" in the inbox`);
}

describe('alerts', () => {
  it('sets a balance alert, a conversion crosses it, and the inbox tells it once', { timeout: 180_000 }, async () => {
    const session = await signInByApi(approvedClient);
    const { page, context } = await openSignedIn(browser, session);
    await page.goto('/alerts');
    await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Your alerts', level: 2 }).waitFor();

    // The threshold just under what the company holds now: 100 USDT converted takes it below.
    const threshold = Math.floor((await availableUsdt(session)) - 50);
    expect(threshold).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Add alert' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add an alert' });
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('abc');
    await dialog.getByRole('button', { name: 'Save alert' }).click();
    await dialog.getByRole('textbox', { name: 'Amount' }).waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Amount' }).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('textbox', { name: 'Amount' }).fill(String(threshold));
    await screenshot(page, 'alerts-add-desktop-en');
    await expectAccessible(page, 'alert dialog');
    await dialog.getByRole('button', { name: 'Save alert' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('alert-row').filter({ hasText: 'Available USDT below' });
    await row.getByText(`${threshold.toLocaleString('en')}.00 USDT`, { exact: false }).waitFor();
    await screenshot(page, 'alerts-list-desktop-en');
    await expectAccessible(page, 'alerts list');

    await convertUsdt(session, '100');
    const told = await inboxMessages(page, 'Balance below your alert', 1);
    await told
      .first()
      .getByText(/^Your available balance is now [\d,]+\.\d{2} USDT, below the [\d,]+\.00 USDT of your alert\.$/)
      .waitFor();
    await screenshot(page, 'alerts-inbox-desktop-en');
    await page.keyboard.press('Escape');

    // Still below: a second conversion tells nothing more.
    await convertUsdt(session, '10');
    await page.waitForTimeout(3_000);
    await page.reload();
    expect(await (await inboxMessages(page, 'Balance below your alert', 1)).count()).toBe(1);
    await page.keyboard.press('Escape');

    // Removed: the list is empty again.
    await row.getByRole('button', { name: /^Remove:/ }).click();
    await page
      .getByRole('dialog', { name: 'Remove this alert?' })
      .getByRole('button', { name: 'Remove alert' })
      .click();
    await row.waitFor({ state: 'detached' });
    const left = (await callOk(listAlerts, {}, sessionHeaders(session))) as { items: unknown[] };
    expect(left.items.filter((item) => JSON.stringify(item).includes('balance_below'))).toHaveLength(0);
    await context.close();
  });

  it('reads on a phone and in Japanese', async () => {
    const session = await signInByApi(approvedClient);
    const phone = await openSignedIn(browser, session, { viewport: viewports.phone });
    await phone.page.goto('/alerts');
    await phone.page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
    await phone.page.getByRole('button', { name: 'Add alert' }).first().click();
    await phone.page.getByRole('dialog', { name: 'Add an alert' }).waitFor();
    await screenshot(phone.page, 'alerts-add-phone-en');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.context.close();

    const japanese = await openSignedIn(browser, session, { language: 'jp' });
    await japanese.page.goto('/alerts');
    await japanese.page.getByRole('heading', { name: 'アラート', level: 1 }).waitFor();
    await japanese.page.getByRole('heading', { name: 'アラート一覧', level: 2 }).waitFor();
    await screenshot(japanese.page, 'alerts-list-desktop-ja');
    await japanese.context.close();
  });
});
