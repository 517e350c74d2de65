/**
 * Card money: the demo administrator tops up the seeded active card from USDC
 * (the fee shown first, the tick confirmed); staff complete the load in the processor simulator's
 * panel; the top-up shows success and the card's balance rises. Staff make a purchase, which
 * appears in the card's transactions (unsettled, with its details). The card statement downloads
 * in Japanese and its closing balance is the card's balance. A top-up the processor cancels shows
 * "Something went wrong. Please try again later." with Retry. The top-up history on a 375 px phone.
 * From the card's own panel on /cards: a top-up that starts from the coin holding the money (USDT),
 * the panel's balance refreshed once the load completes, and a temporarily blocked card offering
 * Unblock and a lost or stolen report, never Block or Top up; in English and in Chinese on a phone.
 * Staff tell the processor simulator not to answer the next request; a top-up from the panel, in
 * Chinese, then says "Submission failed. We will contact you shortly." with the amount kept, and the
 * card staff's inbox names the company. The server's clock is never moved.
 */
import { readFile } from 'node:fs/promises';
import { getCard, listCards, unblockCard } from '@bank/contract/card-management';
import {
  getSimulatorCardMoney,
  getSimulatorProcessorFault,
  listCardTransactions,
  listTopUps,
  setSimulatorProcessorFault,
  simulateCardLoads,
} from '@bank/contract/card-money';
import { getDepositDetails, simulateBlocks, simulateIncomingDeposit } from '@bank/contract/deposit';
import { type InboxMessage, listMessages } from '@bank/contract/inbox';
import { simulateRates } from '@bank/contract/ledger';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
import { pdfText } from './support/pdf.ts';

/** Seeded by the cards module (cards/money-seed.ts): a system admin kept for this journey. */
const cardMoneyStaff = { email: 'cardmoney@bank.localhost', password: 'Staff-CardMoney#2026' };
/** Seeded by the KYC module; the cards module gives it an active card of Mei Lin with top-ups and purchases. */
const approvedClient = { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026' };
const phone = { width: 375, height: 812 };

let browser: Browser;
let staff: ApiSession;
let client: ApiSession;
let cardId: string;
/** The seeded card as the card choice names it (the company has other cards: the first is not it). */
let cardOption: string;

async function cardBalance(): Promise<{ balance: string; available: string }> {
  const answer = await callOk(listCardTransactions, { card_id: cardId, page_size: 1 }, sessionHeaders(client));
  return { balance: String(answer.balance), available: String(answer.available) };
}

async function select(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option }).click();
}

/** Fills the top-up dialog up to the confirmation, the fee shown first. */
async function fillTopUp(page: Page, amount: string, expectedFee: string) {
  const dialog = page.getByRole('dialog', { name: 'Top up a card' });
  await dialog
    .getByRole('textbox', { name: 'Card', exact: true })
    .or(dialog.getByRole('combobox', { name: 'Card', exact: true }))
    .first()
    .click();
  await page.getByRole('option', { name: cardOption, exact: true }).click();
  await dialog.getByRole('textbox', { name: /Amount the card receives/ }).fill(amount);
  // The company holds more USDT: USDC is a choice the user makes.
  await select(page, 'Pay from', /^USDC · /);
  await dialog.getByTestId('top-up-fee').getByText(expectedFee).waitFor();
  await dialog.getByTestId('top-up-total').getByText(/USDC$/).waitFor();
  await select(page, 'Source of funds', 'Business revenue');
  await dialog.getByRole('checkbox', { name: /I confirm the amount/ }).check();
  return dialog;
}

async function staffPanel() {
  const staffPage = await openSignedIn(browser, staff);
  await staffPage.page.goto(`/admin/cards?card=${cardId}`);
  await staffPage.page.getByRole('heading', { name: 'Card processor simulator: money' }).waitFor();
  return staffPage;
}

beforeAll(async () => {
  browser = await launchBrowser();
  staff = await signInByApi(cardMoneyStaff, await pairStaffByApi(cardMoneyStaff));
  // Other journeys move the server's clock past the rates' freshness: quote them now, as the schedule would.
  await callOk(simulateRates, {}, sessionHeaders(staff));
  client = await signInByApi(approvedClient);
  const { items: cards } = (await callOk(listCards, { page_size: 100 }, sessionHeaders(client))) as {
    items: { id: string; cardholder_name: string; status: string; last4: string }[];
  };
  const seeded = cards.find((card) => card.cardholder_name === 'Mei Lin' && card.status === 'active');
  if (!seeded) throw new Error('the demo card of Mei Lin is not seeded');
  cardId = seeded.id;
  cardOption = `•••• ${seeded.last4} · ${seeded.cardholder_name}`;
  // USDC arrives the way coins do: the custody simulator, then the network's confirmations.
  const { address } = await callOk(getDepositDetails, { asset: 'USDC', network: 'ERC20' }, sessionHeaders(client));
  await callOk(
    simulateIncomingDeposit,
    { address: String(address), asset: 'USDC', network: 'ERC20', amount: '3000' },
    sessionHeaders(staff),
  );
  await callOk(simulateBlocks, { blocks: 12 }, sessionHeaders(staff));
});
afterAll(async () => {
  await browser.close();
});

describe('card top-ups', () => {
  it('tops up the card from USDC with the fee shown, staff complete the load, and the balance rises', async () => {
    const before = await cardBalance();
    const { page, context } = await openSignedIn(browser, client);
    await page.goto('/top_up_history');
    await page.getByTestId('top-up-row').first().waitFor();
    await page.getByRole('button', { name: 'Top up a card' }).first().click();
    const dialog = await fillTopUp(page, '250', '2.50');
    await screenshot(page, 'card-top-up-quote-desktop-en');
    await expectAccessible(page, 'top-up dialog');
    await dialog.getByRole('button', { name: 'Top up 250.00 USD' }).click();
    await dialog.getByText('Top-up under way').waitFor();
    await dialog.getByText(/usually within 3 to 5 working days/).waitFor();
    await screenshot(page, 'card-top-up-processing-desktop-en');

    const desk = await staffPanel();
    await desk.page.getByText('1 top-up being loaded').waitFor();
    await expectAccessible(desk.page, 'card money simulator');
    await desk.page.getByRole('button', { name: 'Complete loads now' }).click();
    await desk.page.getByText('0 top-ups being loaded').waitFor();
    await screenshot(desk.page, 'card-money-simulator-desktop-en');

    await dialog.getByText('Card topped up').waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    const newest = page.getByTestId('top-up-row').first();
    await newest.getByText('Success').waitFor();
    await newest.getByText('250.00').waitFor();
    const after = await cardBalance();
    expect(Number(after.balance) - Number(before.balance)).toBeCloseTo(250, 2);

    await page.goto(`/transaction_record?card=${cardId}`);
    await page
      .getByTestId('card-balance')
      .getByText(Number(after.balance).toLocaleString('en', { minimumFractionDigits: 2 }))
      .waitFor();
    await screenshot(page, 'card-transactions-desktop-en');
    await desk.context.close();
    await context.close();
    // Three pages and four accessibility scans: on two busy cores this takes its time.
  }, 240_000);

  it('shows a failed top-up with Retry', async () => {
    await callOk(simulateCardLoads, { card_id: cardId, next_outcome: 'cancelled' }, sessionHeaders(staff));
    const { page, context } = await openSignedIn(browser, client);
    await page.goto('/top_up_history');
    await page.getByRole('button', { name: 'Top up a card' }).first().click();
    const dialog = await fillTopUp(page, '20', '1.00');
    await dialog.getByRole('button', { name: 'Top up 20.00 USD' }).click();
    await dialog.getByText('Top-up under way').waitFor();
    await callOk(simulateCardLoads, { card_id: cardId, complete_now: true }, sessionHeaders(staff));
    await dialog.getByText('Something went wrong. Please try again later.').waitFor({ timeout: 15_000 });
    await screenshot(page, 'card-top-up-failed-desktop-en');
    await expectAccessible(page, 'failed top-up');
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await dialog.getByRole('textbox', { name: /Amount the card receives/ }).waitFor();
    expect(await dialog.getByRole('textbox', { name: /Amount the card receives/ }).inputValue()).toBe('20');
    await page.keyboard.press('Escape');
    await page.getByTestId('top-up-row').first().getByText('Cancelled').waitFor();
    await context.close();
  }, 120_000);
});

describe('card transactions and the statement', () => {
  it('shows a purchase staff made, and the Japanese statement closes at the card’s balance', async () => {
    const desk = await staffPanel();
    const purchase = desk.page.getByRole('form', { name: 'Purchase' });
    await purchase.getByRole('textbox', { name: 'Amount (USD)' }).fill('42.50');
    await purchase.getByRole('textbox', { name: 'Merchant' }).fill('E2E Bookshop');
    await purchase.getByRole('button', { name: 'Make purchase' }).click();
    await desk.page.getByText('Authorised: 42.50 USD at E2E Bookshop.').waitFor();
    await desk.context.close();
    const state = await callOk(getSimulatorCardMoney, { card_id: cardId }, sessionHeaders(staff));
    expect(Number(state.held)).toBeGreaterThanOrEqual(42.5);

    const { page, context } = await openSignedIn(browser, client);
    await page.goto(`/transaction_record?card=${cardId}`);
    const row = page.getByTestId('card-transaction-row').filter({ hasText: 'E2E Bookshop' }).first();
    await row.getByText('Unsettled').waitFor();
    await row.getByText('42.50').waitFor();
    await row.getByRole('button', { name: 'Details of E2E Bookshop' }).click();
    const details = page.getByTestId('card-transaction-details');
    await details.getByText(/has not settled this purchase yet/).waitFor();
    await expectAccessible(page, 'card transaction details');
    await page.keyboard.press('Escape');
    await context.close();

    const japanese = await openSignedIn(browser, client, { language: 'jp' });
    await japanese.page.goto(`/transaction_record?card=${cardId}`);
    await japanese.page.getByTestId('card-transaction-row').first().waitFor();
    await japanese.page.getByRole('button', { name: '明細書' }).click();
    const dialog = japanese.page.getByRole('dialog', { name: 'カード利用明細書' });
    const [download] = await Promise.all([
      japanese.page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'ダウンロード' }).click(),
    ]);
    const text = await pdfText(await readFile((await download.path()) ?? ''));
    expect(text.replace(/\s/g, '')).toContain('カード利用明細書');
    // The summary row: USD, opening, credits, purchases, fees, closing.
    const summary = /USD\s+(-?[\d,]+\.\d\d)\s+([\d,]+\.\d\d)\s+([\d,]+\.\d\d)\s+([\d,]+\.\d\d)\s+(-?[\d,]+\.\d\d)/.exec(
      text,
    );
    expect(summary, text.slice(0, 600)).not.toBeNull();
    const closing = (summary?.[5] ?? '').replace(/,/g, '');
    expect(closing).toBe(Number((await cardBalance()).balance).toFixed(2));
    await screenshot(japanese.page, 'card-transactions-desktop-jp');
    await japanese.context.close();
  }, 120_000);
});

describe('the card’s own panel', () => {
  // Each journey starts from the active card: one that failed after blocking it (CI tries it once
  // more) would otherwise hand the card on blocked, and fail its own second try and the next journey.
  beforeEach(async () => {
    const card = await callOk(getCard, { card_id: cardId }, sessionHeaders(client));
    if (card.status === 'blocked') await callOk(unblockCard, { card_id: cardId }, sessionHeaders(client));
  });

  it('tops up the card from its panel, from the coin that holds the money, and the panel follows', async () => {
    const { page, context } = await openSignedIn(browser, client);
    await page.goto(`/cards?card=${cardId}`);
    const drawer = page.getByRole('dialog', { name: /^Card •••• \d{4}$/ });
    await drawer.getByTestId('card-top-up').waitFor();
    const availableBefore = (await cardBalance()).available;
    await drawer.getByTestId('card-top-up').click();
    const dialog = page.getByRole('dialog', { name: 'Top up a card' });
    // The dialog is already on this card, and on USDT (the demo company's USDC holds less), once
    // the balances it chooses from have arrived.
    const field = (name: string) =>
      dialog
        .getByRole('textbox', { name, exact: true })
        .or(dialog.getByRole('combobox', { name, exact: true }))
        .first();
    await expect.poll(() => field('Card').inputValue()).toBe(cardOption);
    await expect.poll(() => field('Pay from').inputValue()).toMatch(/^USDT · /);
    expect(await dialog.getByTestId('top-up-cannot-pay').count()).toBe(0);
    await dialog.getByRole('textbox', { name: /Amount the card receives/ }).fill('30');
    await dialog.getByTestId('top-up-total').getByText(/USDT$/).waitFor();
    await select(page, 'Source of funds', 'Company reserves');
    await dialog.getByRole('checkbox', { name: /I confirm the amount/ }).check();
    await screenshot(page, 'card-panel-top-up-desktop-en');
    await expectAccessible(page, 'top-up from the card panel');
    await dialog.getByRole('button', { name: 'Top up 30.00 USD' }).click();
    await dialog.getByText('Top-up under way').waitFor();
    await callOk(simulateCardLoads, { card_id: cardId, complete_now: true }, sessionHeaders(staff));
    await dialog.getByText('Card topped up').waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    // No reload: the panel shows the new balance.
    const availableAfter = (await cardBalance()).available;
    expect(Number(availableAfter) - Number(availableBefore)).toBeCloseTo(30, 2);
    const shown = Number(availableAfter).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await drawer.getByText(shown).first().waitFor();
    await drawer.getByText('Topped up').first().waitFor();
    await screenshot(page, 'card-panel-desktop-en');
    await context.close();
  }, 120_000);

  it('says in Chinese that a top-up failed when the processor does not answer, keeping the amount', async () => {
    // Staff tell the processor simulator not to answer the next request, on the back office's page.
    const desk = await openSignedIn(browser, staff);
    await desk.page.goto('/admin/cards');
    await desk.page.getByRole('tab', { name: 'Processor simulator' }).click();
    const panel = desk.page.getByRole('region', { name: 'Card processor simulator: failures' });
    await panel.getByText('The processor answers as usual.').waitFor();
    await panel.getByRole('button', { name: 'Set failure' }).click();
    await panel.getByText('Does not answer: the next request fails.').waitFor();
    await screenshot(desk.page, 'card-processor-fault-desktop-en');
    await expectAccessible(desk.page, 'card processor simulator failures');
    const topUpCount = async () =>
      ((await callOk(listTopUps, { card_id: cardId, page_size: 100 }, sessionHeaders(client))).items as unknown[])
        .length;
    const before = await topUpCount();

    const { page, context } = await openSignedIn(browser, client, { language: 'ch' });
    try {
      await page.goto(`/cards?card=${cardId}`);
      const drawer = page.getByRole('dialog', { name: /^卡片 •••• \d{4}$/ });
      await drawer.getByTestId('card-top-up').click();
      const dialog = page.getByRole('dialog', { name: '为卡片充值' });
      const amount = dialog.getByRole('textbox', { name: /卡片到账金额/ });
      await amount.fill('40');
      await dialog.getByTestId('top-up-total').waitFor();
      await select(page, '资金来源', '公司储备金');
      await dialog.getByRole('checkbox', { name: /我已确认金额/ }).check();
      await dialog.getByRole('button', { name: /^充值 40/ }).click();
      await dialog.getByText('提交失败，我们会尽快与您联系。').waitFor();
      expect(await amount.inputValue()).toBe('40');
      await screenshot(page, 'card-top-up-submission-failed-desktop-ch');
      await page.keyboard.press('Escape');
    } finally {
      await context.close();
      await callOk(setSimulatorProcessorFault, { fault: null, calls: null }, sessionHeaders(staff));
    }

    // Nothing was topped up; the fault was one request, spent; the card staff are told whom to contact.
    expect(await topUpCount()).toBe(before);
    expect(await callOk(getSimulatorProcessorFault, {}, sessionHeaders(staff))).toMatchObject({ fault: null });
    // The message comes through the outbox and the job queue: a moment after the answer.
    const staffMessage = async () => {
      const { items } = await callOk(listMessages, { page_size: 20 }, sessionHeaders(staff));
      return (items as InboxMessage[]).find((message) => message.kind === 'card_processor_failed');
    };
    let told = await staffMessage();
    for (let waited = 0; !told && waited < 30; waited += 1) {
      await new Promise((wake) => setTimeout(wake, 500));
      told = await staffMessage();
    }
    expect(told?.params).toMatchObject({ action: 'top_up', fault: 'unavailable' });
    await desk.context.close();
  }, 120_000);

  it('offers a blocked card Unblock and a lost or stolen report, never Block or Top up', async () => {
    const { page, context } = await openSignedIn(browser, client);
    await page.goto(`/cards?card=${cardId}`);
    const drawer = page.getByRole('dialog', { name: /^Card •••• \d{4}$/ });
    await drawer.getByRole('button', { name: 'Block', exact: true }).click();
    const block = page.getByRole('dialog', { name: /^Block card •••• / });
    await block.getByRole('textbox', { name: 'Reason' }).fill('Misplaced for the weekend');
    await block.getByRole('button', { name: 'Block card' }).click();
    await drawer.getByRole('button', { name: 'Unblock' }).waitFor();
    await drawer.getByRole('button', { name: 'Report lost, stolen or damaged' }).waitFor();
    expect(await drawer.getByRole('button', { name: 'Block', exact: true }).count()).toBe(0);
    expect(await drawer.getByTestId('card-top-up').count()).toBe(0);
    await screenshot(page, 'card-panel-blocked-desktop-en');
    await drawer.getByRole('button', { name: 'Report lost, stolen or damaged' }).click();
    const report = page.getByRole('dialog', { name: /^Report card •••• \d{4} lost, stolen or damaged$/ });
    await report.getByText('Lost or stolen', { exact: true }).waitFor();
    expect(await report.getByText('For now', { exact: true }).count()).toBe(0);
    await report.getByRole('button', { name: 'Cancel' }).click();
    await report.waitFor({ state: 'hidden' });
    await drawer.getByRole('button', { name: 'Unblock' }).click();
    await page
      .getByRole('dialog', { name: /^Unblock card/ })
      .getByRole('button', { name: /^Unblock/ })
      .click();
    await drawer.getByTestId('card-top-up').waitFor();
    await drawer.getByRole('button', { name: 'Block', exact: true }).waitFor();
    expect(await drawer.getByRole('button', { name: 'Unblock' }).count()).toBe(0);
    await context.close();
  }, 120_000);

  it('reads in Chinese on a phone', async () => {
    const { page, context } = await openSignedIn(browser, client, { viewport: viewports.phone, language: 'ch' });
    await page.goto('/cards');
    await page.getByTestId('card-tile').first().waitFor();
    await screenshot(page, 'cards-phone-ch');
    await page.goto(`/cards?card=${cardId}`);
    const drawer = page.getByRole('dialog', { name: /^卡片 •••• \d{4}$/ });
    await drawer.getByTestId('card-top-up').getByText('充值').waitFor();
    await screenshot(page, 'card-panel-phone-ch');
    await expectAccessible(page, 'card panel in Chinese on a phone');
    await drawer.getByTestId('card-top-up').click();
    const dialog = page.getByRole('dialog', { name: '为卡片充值' });
    await dialog
      .getByTestId('top-up-total')
      .or(dialog.getByText('输入金额后将显示手续费和支付金额。'))
      .first()
      .waitFor();
    await screenshot(page, 'card-panel-top-up-phone-ch');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewports.phone.width);
    await context.close();
  }, 60_000);
});

describe('on a phone', () => {
  it('shows the top-up history at 375 px, keyboard and screen-reader friendly', async () => {
    const { page, context } = await openSignedIn(browser, client, { viewport: phone, language: 'ch' });
    await page.goto('/top_up_history');
    await page.getByTestId('top-up-card').first().waitFor();
    await page.getByTestId('top-up-card').filter({ hasText: '成功' }).first().waitFor();
    await page.getByTestId('top-up-card').filter({ hasText: '已取消' }).first().waitFor();
    await screenshot(page, 'card-top-up-history-phone-ch');
    await expectAccessible(page, 'top-up history on a phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    await context.close();
  }, 60_000);
});
