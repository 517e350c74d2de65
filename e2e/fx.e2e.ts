/**
 * FX and OTC: the seeded approved company converts USDT to BTC at a 30-second
 * quote with its countdown; a quote the server finds expired is refused and quoted again; the
 * conversion shows in the history and the inbox. Then, funded past the OTC threshold, it asks for
 * an OTC quote, which the desk answers in the back office; the client accepts it within its
 * validity, and the settled trade shows in the history and the inbox. Both pages on a phone, in
 * Chinese and Japanese.
 */

import { getDepositDetails, simulateBlocks, simulateIncomingDeposit } from '@bank/contract/deposit';
import { simulateRates } from '@bank/contract/ledger';
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
import { advanceServerClock } from './support/server.ts';

/** Seeded by the exchange module (exchange/seed.ts): a system admin kept for this journey's OTC desk. */
const treasuryAccount = { email: 'treasury@bank.localhost', password: 'Staff-Treasury#2026' };

/** Seeded by the KYC module (kyc/seed.ts): a company whose KYC is approved, holding 25,000 USDT. */
const approvedClient = { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026' };

let browser: Browser;
let operator: ApiSession;
beforeAll(async () => {
  browser = await launchBrowser();
  operator = await signInByApi(treasuryAccount, await pairStaffByApi(treasuryAccount));
  // Other journeys move the server's clock past the rates' freshness: quote them now, as the schedule would.
  await callOk(simulateRates, {}, sessionHeaders(operator));
});
afterAll(async () => {
  await browser.close();
});

/** Chooses an option of a Mantine select by the field's label. */
async function select(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The focused element sits inside the open dialog (the app moves focus there as it opens). */
async function waitForFocusIn(page: Page, dialogName: string): Promise<void> {
  await page.waitForFunction(
    (name) => document.activeElement?.closest(`[role="dialog"][aria-label="${name}"]`) != null,
    dialogName,
  );
}

/** Opens the inbox once its newest message has arrived (the outbox writes it from the job queue). */
async function newestMessage(page: Page, title: string) {
  const drawer = page.getByRole('dialog', { name: 'Messages' });
  const message = drawer.getByTestId('inbox-message').filter({ hasText: title }).first();
  for (let attempt = 0; attempt < 15; attempt += 1) {
    await page.getByRole('button', { name: /^Messages/ }).click();
    await drawer.waitFor();
    await drawer
      .getByTestId('inbox-message')
      .first()
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
    if ((await message.count()) > 0) return message;
    await page.waitForTimeout(1_000);
    await page.reload();
  }
  await screenshot(page, `inbox-missing-${title}`);
  throw new Error(`no message "${title}" in the inbox`);
}

describe('FX', () => {
  it('converts at a 30-second quote, quotes again when the server finds it expired, and shows it in the history and the inbox', async () => {
    const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient));
    await page.goto('/fx');
    await page.getByRole('heading', { name: 'What to convert' }).waitFor();
    await select(page, 'To', 'BTC');
    await page.getByRole('textbox', { name: 'Amount' }).fill('1000');
    await page.getByRole('button', { name: 'Get a quote' }).click();
    const quote = page.getByTestId('fx-quote');
    await quote.getByText(/^Rate held for \d+ s$/).waitFor();
    await quote.getByText(/^1 USDT = 0\.\d+ BTC$/).waitFor();
    await screenshot(page, 'fx-quote-desktop-en');
    await expectAccessible(page, 'fx quote');

    // The server's clock passes the quote's validity while the page still counts: it refuses, and quotes anew.
    await advanceServerClock(31);
    await quote.getByRole('button', { name: 'Convert now' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Convert now?' });
    await confirmation.getByRole('button', { name: 'Convert', exact: true }).click();
    await page.getByText('The quote expired before it was accepted: this is a new one at the current rate.').waitFor();
    await screenshot(page, 'fx-requoted-desktop-en');
    // Money moves on accept: the dialog says what converts at which rate; focus is in it and Escape cancels.
    await page.getByTestId('fx-quote').getByRole('button', { name: 'Convert now' }).click();
    await confirmation
      .getByText(/^Convert 1,000\.00 USDT to 0\.\d+ BTC at 1 USDT = 0\.\d+ BTC\? This cannot be undone\.$/)
      .waitFor();
    await confirmation.getByText(/^Rate held for \d+ s$/).waitFor();
    await waitForFocusIn(page, 'Convert now?');
    // The dialog's opening has ended: axe judges its colours as they are read, not mid-transition.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await screenshot(page, 'fx-confirm-desktop-en');
    await expectAccessible(page, 'fx confirmation');
    await page.keyboard.press('Escape');
    await confirmation.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('fx-done').count()).toBe(0);
    await page.getByTestId('fx-quote').getByRole('button', { name: 'Convert now' }).click();
    await confirmation.getByRole('button', { name: 'Convert', exact: true }).click();
    const done = page.getByTestId('fx-done');
    await done.getByText(/^1,000\.00 USDT converted to 0\.\d+ BTC\.$/).waitFor();
    await screenshot(page, 'fx-done-desktop-en');

    await done.getByRole('link', { name: 'See it in the history' }).click();
    await page.waitForURL('**/my_transaction_info**');
    await page.getByText('Currency conversion').first().waitFor();
    await page.getByText('Converted at the quoted rate').waitFor();
    await page.goto('/my_transaction?type=fx_conversion');
    await page.getByTestId('transaction-row').first().getByText('Success').waitFor();
    await screenshot(page, 'fx-history-desktop-en');

    const message = await newestMessage(page, 'Conversion made');
    await message.getByText(/^1,000\.00 USDT converted to 0\.\d+ BTC\.$/).waitFor();
    await context.close();
  }, 120_000);

  it('points to OTC from the threshold', async () => {
    const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient));
    await page.goto('/fx');
    await page.getByRole('textbox', { name: 'Amount' }).fill('150000');
    await page.getByRole('button', { name: 'Get a quote' }).click();
    await page.getByText('From 100,000 US dollars, ask for an OTC quote instead (OTC page)').waitFor();
    await page.getByTestId('fx-go-otc').click();
    await page.waitForURL('**/otc');
    await context.close();
  });
});

describe('OTC', () => {
  it('is answered by the desk, accepted within its validity, and settles into the history and the inbox', async () => {
    const client = await signInByApi(approvedClient);
    // Funded past the threshold the way coins arrive: the custody simulator, then the network's blocks.
    const { address } = await callOk(getDepositDetails, { asset: 'USDT', network: 'TRC20' }, sessionHeaders(client));
    await callOk(
      simulateIncomingDeposit,
      { address: String(address), asset: 'USDT', network: 'TRC20', amount: '150000' },
      sessionHeaders(operator),
    );
    await callOk(simulateBlocks, { blocks: 19 }, sessionHeaders(operator));

    const { page, context } = await openSignedIn(browser, client);
    await page.goto('/otc');
    await page.getByRole('heading', { name: 'Request a quote' }).waitFor();
    await page.getByRole('textbox', { name: 'Amount' }).fill('120000');
    await page
      .getByRole('textbox', { name: 'Note for your relationship manager (optional)' })
      .fill('Quarter-end rebalancing');
    await page.getByRole('button', { name: 'Request a quote' }).click();
    const trade = page.getByTestId('otc-trade').filter({ hasText: 'Quarter-end rebalancing' }).first();
    await trade.getByText('Requested', { exact: true }).waitFor();
    await trade.getByText('Waiting for your relationship manager’s quote.').waitFor();
    await screenshot(page, 'otc-requested-desktop-en');
    await expectAccessible(page, 'otc page');

    // The desk answers in the back office.
    const desk = await openSignedIn(browser, operator);
    await desk.page.goto('/admin/otc');
    await desk.page
      .getByRole('button', { name: /^Open the request of / })
      .first()
      .click();
    const drawer = desk.page.getByRole('dialog', { name: 'OTC request' });
    await drawer.getByText('Quarter-end rebalancing').waitFor();
    await drawer.getByRole('textbox', { name: /^Rate: 1 USDT = … USDC/ }).fill('0.999');
    await drawer.getByRole('textbox', { name: /^Validity \(minutes\)/ }).fill('10');
    await screenshot(desk.page, 'otc-desk-desktop-en');
    await expectAccessible(desk.page, 'otc desk');
    await drawer.getByRole('button', { name: 'Send the quote' }).click();
    await drawer.getByText('Quoted', { exact: true }).waitFor();
    await desk.context.close();

    // Without a reload: the open page follows the desk's answer.
    await trade.getByText('Quoted', { exact: true }).waitFor({ timeout: 15_000 });
    await trade.getByText('119,880.00').waitFor();
    await trade.getByRole('timer').waitFor();
    await screenshot(page, 'otc-quoted-desktop-en');
    await trade.getByRole('button', { name: 'Accept and settle' }).click();
    const acceptance = page.getByRole('dialog', { name: 'Accept this quote?' });
    await acceptance
      .getByText(
        /^Convert 120,000\.00 USDT to 119,880\.00 USDC at 1 USDT = 0\.999\d* USDC\? The trade settles at once and cannot be undone\.$/,
      )
      .waitFor();
    await acceptance.getByText(/^Valid until .+ · \d+:\d{2} left$/).waitFor();
    await waitForFocusIn(page, 'Accept this quote?');
    await screenshot(page, 'otc-confirm-desktop-en');
    await acceptance.getByRole('button', { name: 'Accept and settle' }).click();
    await trade.getByText('Settled', { exact: true }).waitFor();
    await trade.getByRole('link', { name: 'See it in the history' }).click();
    await page.waitForURL('**/my_transaction_info**');
    await page.getByText('OTC trade').first().waitFor();
    await page.goto('/my_transaction?type=otc_trade');
    await page.getByTestId('transaction-row').first().getByText('119,880.00').waitFor();
    await screenshot(page, 'otc-history-desktop-en');

    const message = await newestMessage(page, 'OTC trade settled');
    await message.getByText('120,000.00 USDT exchanged for 119,880.00 USDC.').waitFor();
    await context.close();
  }, 150_000);

  for (const [language, path, heading] of [
    ['ch', '/otc', '申请报价'],
    ['jp', '/fx', '両替の内容'],
  ] as const) {
    it(`reads in ${language} on a phone (${path})`, async () => {
      const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient), {
        viewport: viewports.phone,
        language,
      });
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      if (path === '/otc') await page.getByTestId('otc-trade').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewports.phone.width,
      );
      await screenshot(page, `${path.slice(1)}-phone-${language}`);
      await expectAccessible(page, `${path} on a phone`);
      await context.close();
    });
  }
});
