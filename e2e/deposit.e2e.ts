/**
 * Receiving digital assets: the seeded approved company opens its deposit page, sees an
 * address per network with its QR code, the network's warning and confirmations, copies it, and
 * finds the page in Chinese and Japanese and on a phone. Coins sent by the custody simulator show
 * as in process with their confirmations counting up on the open page and on the history's line
 * ("7/19 confirmations"), then success, and the balance on the home page grows by them. A fiat
 * notice goes with a proof of transfer; once staff credit it, they open the deposit's full history
 * (notice, proof, transfer, decision, ledger, audit), on a desktop and on a phone in Chinese.
 */

import { readFile } from 'node:fs/promises';
import { isValidAddress } from '@bank/contract/addresses';
import {
  getBankDetails,
  getDepositConfig,
  getDepositDetails,
  simulateBankCredit,
  simulateBlocks,
  simulateIncomingDeposit,
} from '@bank/contract/deposit';
import { simulateRates } from '@bank/contract/ledger';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiSession,
  callOk,
  expectAccessible,
  openSignedIn,
  operationsAccount,
  pairStaffByApi,
  sessionHeaders,
  signInByApi,
} from './support/accounts.ts';
import { launchBrowser, requestsTo, screenshot, viewports } from './support/browser.ts';
import { pngFile } from './support/documents.ts';
import { pdfText } from './support/pdf.ts';

/** Seeded by the KYC module (kyc/seed.ts): a company whose KYC is approved. */
const approvedClient = { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026' };

/** Picks an option of a segmented choice (asset, network, currency) by its label. */
async function choose(page: Page, option: string): Promise<void> {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${option.replace(/[()]/g, '\\$&')}$`) })
    .first()
    .click();
}

let browser: Browser;
/** The seeded operations administrator drives the simulator (paired once for the file). */
let operator: ApiSession;
beforeAll(async () => {
  browser = await launchBrowser();
  operator = await signInByApi(operationsAccount, await pairStaffByApi(operationsAccount));
});
afterAll(async () => {
  await browser.close();
});

describe('crypto deposit', () => {
  it('shows an address per network with its QR code and warning, and copies it', async () => {
    const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/blockchain_d/deposit_jmhb');
    await page.getByRole('heading', { name: 'Your USDT deposit address on ERC20' }).waitFor();

    await choose(page, 'TRC20');
    await page.getByRole('heading', { name: 'Your USDT deposit address on TRC20' }).waitFor();
    const trc20 = (await page.getByTestId('deposit-address').textContent()) ?? '';
    expect(isValidAddress('TRC20', trc20), trc20).toBe(true);
    await page.getByRole('img', { name: 'QR code of the TRC20 deposit address' }).waitFor();
    await page.getByText('Send only USDT on TRC20 to this address').waitFor();
    await page.getByText('Credited after 19 network confirmations.').waitFor();
    await page.getByRole('button', { name: 'Copy address' }).click();
    await page.getByRole('button', { name: 'Address copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(trc20);
    await screenshot(page, 'deposit-crypto-desktop-en');
    await expectAccessible(page, 'deposit-crypto');

    // The same company keeps its address; BTC has its own.
    await page.reload();
    await choose(page, 'TRC20');
    await page.getByRole('heading', { name: 'Your USDT deposit address on TRC20' }).waitFor();
    expect(await page.getByTestId('deposit-address').textContent()).toBe(trc20);
    await choose(page, 'BTC');
    await page.getByRole('heading', { name: 'Your BTC deposit address on BTC' }).waitFor();
    expect(isValidAddress('BTC', (await page.getByTestId('deposit-address').textContent()) ?? '')).toBe(true);
    await context.close();
  });

  it('starts the configuration, then the first address, with the page’s code, and asks for each once', async () => {
    const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient));
    const configs = requestsTo(page, getDepositConfig.path);
    const addresses = requestsTo(page, getDepositDetails.path);
    await page.goto('/blockchain_d/deposit_jmhb');
    await page.getByRole('heading', { name: 'Your USDT deposit address on ERC20' }).waitFor();
    // The address asked for from the configuration's answer is the one the page shows first: one request each.
    expect(configs).toHaveLength(1);
    expect(addresses.map((body) => JSON.parse(body))).toEqual([{ asset: 'USDT', network: 'ERC20' }]);

    const bankDetails = requestsTo(page, getBankDetails.path);
    await page.goto('/blockchain_d/deposit_fiat');
    await page.getByTestId('deposit-reference').waitFor();
    expect(bankDetails.map((body) => JSON.parse(body))).toEqual([{ currency: 'USD' }]);
    await context.close();
  });

  for (const [language, heading] of [
    ['ch', '您在 TRC20 上的 USDT 充值地址'],
    ['jp', 'TRC20 上の USDT 入金アドレス'],
  ] as const) {
    it(`reads in ${language} on a phone`, async () => {
      const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient), {
        viewport: viewports.phone,
        language,
      });
      await page.goto('/blockchain_d/deposit_jmhb');
      await choose(page, 'TRC20');
      await page.getByRole('heading', { name: heading }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewports.phone.width);
      await screenshot(page, `deposit-crypto-phone-${language}`);
      await context.close();
    });
  }

  it('shows incoming coins in process with confirmations counting up, then credited to the balance', async () => {
    const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient));
    await page.goto('/');
    await page.getByRole('heading', { name: 'Balances', exact: true }).waitFor();
    const usdtTile = page.getByRole('listitem', { name: 'USDT' });
    const before = Number(
      ((await usdtTile.locator('.tabular-figures').first().textContent()) ?? '0').replace(/,/g, ''),
    );

    await page.goto('/blockchain_d/deposit_jmhb');
    await choose(page, 'TRC20');
    const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
    await callOk(
      simulateIncomingDeposit,
      { address, asset: 'USDT', network: 'TRC20', amount: '1250.75' },
      sessionHeaders(operator),
    );
    const row = page.getByTestId('deposit-row').filter({ hasText: '1,250.75' }).first();
    // Without a reload: the open page asks again every few seconds.
    await row.getByText('0 of 19').waitFor({ timeout: 25_000 });
    await row.getByText('In process').waitFor();
    await callOk(simulateBlocks, { blocks: 7 }, sessionHeaders(operator));
    await row.getByText('7 of 19').waitFor({ timeout: 15_000 });
    await screenshot(page, 'deposit-confirming-desktop-en');

    // The history's line counts the confirmations too, in English and, on a phone, in Chinese.
    const history = await context.newPage();
    await history.goto('/my_transaction?type=crypto_deposit&status=in_process');
    const line = history.getByTestId('transaction-row').filter({ hasText: '1,250.75' }).first();
    await line.getByText('In process').waitFor();
    await line.getByText('7/19 confirmations').waitFor();
    await screenshot(history, 'transactions-confirming-desktop-en');
    await history.close();
    const phone = await openSignedIn(browser, await signInByApi(approvedClient), {
      viewport: viewports.phone,
      language: 'ch',
    });
    await phone.page.goto('/my_transaction?type=crypto_deposit&status=in_process');
    const card = phone.page.getByTestId('transaction-card').filter({ hasText: '1,250.75' }).first();
    await card.getByText('7/19 个确认').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await screenshot(phone.page, 'transactions-confirming-phone-ch');
    await phone.context.close();
    await callOk(simulateBlocks, { blocks: 12 }, sessionHeaders(operator));
    await row.getByText('Success').waitFor({ timeout: 15_000 });
    await row.getByText('19 of 19').waitFor();

    await page.goto('/');
    await page.getByRole('heading', { name: 'Balances', exact: true }).waitFor();
    const after = Number(((await usdtTile.locator('.tabular-figures').first().textContent()) ?? '0').replace(/,/g, ''));
    expect(after - before).toBeCloseTo(1250.75, 2);
    await context.close();
  });
});

describe('bank details', () => {
  it('shows where to send each currency with the company reference, every line copyable', async () => {
    const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/blockchain_d/bank_details');
    await page.getByRole('heading', { name: 'Send USD to this account' }).waitFor();
    const reference = (await page.getByTestId('deposit-reference').textContent()) ?? '';
    expect(reference).toMatch(/^CB[0-9A-Z]{8}$/);
    await page.getByRole('rowheader', { name: 'Routing number (ABA)' }).waitFor();
    await page.getByRole('button', { name: 'Copy Your reference' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    await choose(page, 'GBP');
    await page.getByRole('heading', { name: 'Send GBP to this account' }).waitFor();
    await page.getByRole('button', { name: 'Copy IBAN' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('GB33BUKB20201555555555');
    expect(await page.getByTestId('deposit-reference').textContent()).toBe(reference);
    await screenshot(page, 'deposit-bank-details-desktop-en');
    await expectAccessible(page, 'bank-details');
    await context.close();
  });

  it('reads in Chinese on a phone', async () => {
    const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient), {
      viewport: viewports.phone,
      language: 'ch',
    });
    await page.goto('/blockchain_d/bank_details');
    await page.getByRole('heading', { name: '请将 USD 汇至此账户' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    await screenshot(page, 'deposit-bank-details-phone-ch');
    await context.close();
  });
});

/** The number a balance tile of the home page shows for an asset. */
async function homeBalance(page: Page, asset: string): Promise<number> {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Balances', exact: true }).waitFor();
  const tile = page.getByRole('listitem', { name: asset });
  return Number(((await tile.locator('.tabular-figures').first().textContent()) ?? '0').replace(/,/g, ''));
}

/** The total in US dollars the home page's chart shows for today. */
async function chartLatest(page: Page): Promise<number> {
  const latest = page.getByTestId('chart-latest');
  await latest.waitFor();
  return Number(((await latest.textContent()) ?? '').replace(/[^\d.]/g, ''));
}

describe('fiat deposit', () => {
  it('sends a 5,000 USD notice, the bank credit arrives, staff credit it, and the balance shows USDC less the fee', async () => {
    const client = await signInByApi(approvedClient);
    const { page, context } = await openSignedIn(browser, client);
    const usdcBefore = await homeBalance(page, 'USDC');
    const chartBefore = await chartLatest(page);

    await page.goto('/blockchain_d/bank_details');
    const reference = (await page.getByTestId('deposit-reference').textContent()) ?? '';

    await page.goto('/blockchain_d/deposit_fiat');
    await page.getByRole('heading', { name: 'Tell us about your transfer' }).waitFor();
    await page.getByLabel('Amount').fill('5000');
    await page.getByText('You receive (indicative)').waitFor();
    // The proof of transfer goes through the documents' upload flow (checked by its content).
    await page.locator('input[type="file"]').setInputFiles(pngFile('transfer-confirmation.png'));
    await page.getByRole('listitem').filter({ hasText: 'transfer-confirmation.png' }).waitFor();
    await screenshot(page, 'deposit-fiat-notice-desktop-en');
    await expectAccessible(page, 'deposit-fiat-notice');
    await page.getByRole('button', { name: 'Send notice' }).click();
    await page.getByRole('heading', { name: 'Notice sent' }).waitFor();
    expect(await page.getByTestId('notice-reference').textContent()).toBe(reference);

    // The bank rail reports the transfer; a member of staff credits it in the back office.
    const sender = `JOURNEY TRADING ${Date.now()}`;
    const arrived = await callOk(
      simulateBankCredit,
      { currency: 'USD', amount: '5000', reference: `payment ${reference}`, sender },
      sessionHeaders(operator),
    );
    // Other journeys move the server's clock past the rates' freshness: quote them now, as the schedule would.
    await callOk(simulateRates, {}, sessionHeaders(operator));
    const staff = await openSignedIn(browser, operator);
    await staff.page.goto('/admin/deposits');
    await staff.page.getByRole('button', { name: `Credit 5,000.00 USD from ${sender}` }).click();
    const dialog = staff.page.getByRole('dialog', { name: 'Credit this bank transfer' });
    await dialog.getByText('The company’s notice asks for USDC.').waitFor();
    await screenshot(staff.page, 'admin-deposits-credit-desktop-en');
    await dialog.getByRole('button', { name: 'Credit' }).click();
    await staff.page.getByText(/USDC credited to/).waitFor();

    // The deposit's full history, opened from the decided transfer: everything in one place.
    await staff.page.getByRole('tab', { name: 'Decided' }).click();
    await staff.page
      .getByRole('button', { name: new RegExp(`^Full history of 5,000\\.00 USD · ${sender}$`) })
      .first()
      .click();
    const drawer = staff.page.getByRole('dialog', { name: /Deposit history/ });
    const full = drawer.getByTestId('deposit-history');
    await full.waitFor();
    await full.getByText('transfer-confirmation.png', { exact: true }).waitFor();
    await full.getByText('Matched company').waitFor();
    await full.getByText('Credited', { exact: true }).first().waitFor();
    await full.getByText(operationsAccount.email).first().waitFor();
    expect(await full.getByTestId('history-movement').count()).toBe(2);
    for (const action of ['Deposit notice sent', 'Simulator: bank transfer received', 'Bank transfer credited'])
      await full.getByTestId('history-audit-entry').filter({ hasText: action }).waitFor();
    await screenshot(staff.page, 'admin-deposit-history-desktop-en');
    // The whole drawer at once, on a tall window: decision, ledger and audit beneath the notice.
    await staff.page.setViewportSize({ width: viewports.desktop.width, height: 2200 });
    await screenshot(staff.page, 'admin-deposit-history-full-desktop-en');
    await staff.page.setViewportSize(viewports.desktop);
    await expectAccessible(staff.page, 'admin-deposit-history');
    // The proof opens through the documents' own link, for staff too.
    await full.getByRole('button', { name: 'Preview transfer-confirmation.png' }).click();
    await staff.page.getByRole('img', { name: 'transfer-confirmation.png' }).waitFor();
    await staff.page.keyboard.press('Escape');
    // Keyboard: Escape closes the drawer, and the address forgets it.
    await staff.page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(new URL(staff.page.url()).searchParams.get('deposit')).toBeNull();
    await staff.context.close();

    // On a phone, in Chinese, from the address (as a colleague would open a shared link).
    const staffPhone = await openSignedIn(browser, operator, { viewport: viewports.phone, language: 'ch' });
    await staffPhone.page.goto(`/admin/deposits?tab=decided&deposit=${String(arrived.credit_id)}`);
    await staffPhone.page.getByTestId('deposit-history').getByText('转账凭证').first().waitFor();
    await staffPhone.page
      .getByTestId('deposit-history')
      .getByText('transfer-confirmation.png', { exact: true })
      .waitFor();
    await screenshot(staffPhone.page, 'admin-deposit-history-phone-ch');
    await staffPhone.context.close();

    const usdcAfter = await homeBalance(page, 'USDC');
    const credited = usdcAfter - usdcBefore;
    // 5,000 USD at about one USDC a dollar, less the 0.5% fee.
    expect(credited).toBeGreaterThan(4960);
    expect(credited).toBeLessThan(4990);
    // The chart's last day counts it (USDC at about a dollar; the rates quoted since revalue the
    // other holdings by well under 1%), and the recent transactions list it.
    const chartChange = (await chartLatest(page)) - chartBefore;
    expect(Math.abs(chartChange - credited)).toBeLessThan(0.01 * chartBefore + 5);
    await page.getByTestId('recent-transaction').first().waitFor();
    await screenshot(page, 'home-after-fiat-deposit-desktop-en');
    // On a phone the chart is below the balances: it is drawn (and its library loaded) as it comes into view.
    await page.setViewportSize(viewports.phone);
    await page.reload();
    await chartLatest(page);
    const chart = page.locator('section[aria-labelledby="balance-chart-title"] [role="img"]');
    expect(await chart.count()).toBe(0);
    await page.getByTestId('chart-latest').scrollIntoViewIfNeeded();
    await chart.waitFor();
    // The period is one radio group of chips: from the keyboard, the arrow key chooses 90 days and
    // the figures follow.
    const changeSince = page.getByText(/^Change since /);
    const sinceThirtyDays = await changeSince.textContent();
    await page.getByRole('radio', { name: '30 days' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '90 days' }).isChecked()).toBe(true);
    await expect.poll(() => changeSince.textContent()).not.toBe(sinceThirtyDays);
    await page.setViewportSize(viewports.desktop);

    // The history shows it credited, its details the rate it was converted at and the fee's entry.
    await page.goto('/my_transaction?type=fiat_deposit&status=success');
    const line = page.getByTestId('transaction-row').filter({ hasText: sender }).first();
    await line.getByText('Success').waitFor();
    await line.getByRole('link').click();
    await page.getByText('Conversion rate').waitFor();
    await page.getByText(/^1 USD = [\d.]+ USDC$/).waitFor();
    expect(await page.getByTestId('ledger-movement').count()).toBe(2);
    await page.getByTestId('ledger-movement').filter({ hasText: 'Conversion fee' }).waitFor();
    // The notice's proof shows with the deposit's details.
    await page.getByTestId('deposit-notice').getByText('transfer-confirmation.png').waitFor();
    await screenshot(page, 'transaction-fiat-detail-desktop-en');
    await expectAccessible(page, 'transaction-detail');
    await context.close();
  }, 150_000);

  it('lists coins and fiat in the history, and downloads statements whose totals equal the balances', async () => {
    const client = await signInByApi(approvedClient);
    const { page, context } = await openSignedIn(browser, client);
    const balances = { USDT: await homeBalance(page, 'USDT'), USDC: await homeBalance(page, 'USDC') };
    await page.goto('/my_transaction?type=crypto_deposit');
    await page.getByTestId('transaction-row').first().waitFor();
    await page.getByTestId('transaction-row').filter({ hasText: 'TRC20' }).first().getByText('Success').waitFor();
    await expectAccessible(page, 'transactions');
    await screenshot(page, 'transactions-desktop-en');

    async function downloadStatement(format: 'PDF' | 'CSV' | 'Excel (XLSX)', dialogTitle = 'Download a statement') {
      await page.getByRole('button', { name: /Download statement|下载对账单/ }).click();
      const dialog = page.getByRole('dialog', { name: dialogTitle });
      await choose(page, format);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: /^(Download|下载)$/ }).click(),
      ]);
      return readFile((await download.path()) ?? '');
    }

    const xlsx = new ExcelJS.Workbook();
    await xlsx.xlsx.load((await downloadStatement('Excel (XLSX)')) as unknown as ArrayBuffer);
    const summarySheet = xlsx.worksheets[0];
    const xlsxRows: string[][] = [];
    summarySheet?.eachRow((row) => {
      xlsxRows.push((row.values as unknown[]).slice(1).map((cell) => String(cell ?? '')));
    });
    const usdtRow = xlsxRows.find((row) => row[0] === 'USDT');
    expect(Number(usdtRow?.[5])).toBeCloseTo(balances.USDT, 2);

    const englishPdf = await downloadStatement('PDF');
    expect(englishPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(englishPdf)).toContain('Account statement');
    await context.close();

    // The same statement in Chinese: the CSV is one table (one header row, every record of its
    // width) that a CSV library reads as it is, its times in the browser's zone, named in the header;
    // per asset the lines add up to the balance the home page shows.
    const chinese = await openSignedIn(browser, client, { language: 'ch' });
    const page2 = chinese.page;
    await page2.goto('/my_transaction');
    await page2.getByTestId('transaction-row').first().waitFor();
    async function downloadChinese(format: 'PDF' | 'CSV') {
      await page2.getByRole('button', { name: '下载对账单' }).click();
      const dialog = page2.getByRole('dialog', { name: '下载对账单' });
      await choose(page2, format);
      const [download] = await Promise.all([
        page2.waitForEvent('download'),
        dialog.getByRole('button', { name: '下载' }).click(),
      ]);
      return readFile((await download.path()) ?? '');
    }
    const zone = await page2.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const [header, ...lines] = parse(await downloadChinese('CSV'), { bom: true }) as string[][];
    expect(header).toEqual([`日期（${zone}）`, '资产', '摘要', '业务编号', '贷方', '借方', '余额', '状态']);
    for (const asset of ['USDT', 'USDC'] as const) {
      const ofAsset = lines.filter((row) => row[1] === asset);
      expect(ofAsset.length, asset).toBeGreaterThan(0);
      const signed = (row: string[]) => Number(row[4] || 0) - Number(row[5] || 0);
      const first = ofAsset[0] ?? [];
      const opening = Number(first[6]) - signed(first);
      const closing = Number(ofAsset.at(-1)?.[6]);
      // opening + credits − debits = closing, to the last unit; the closing is the balance shown.
      expect(opening + ofAsset.reduce((sum, row) => sum + signed(row), 0)).toBeCloseTo(closing, 6);
      expect(closing, asset).toBeCloseTo(balances[asset], 2);
    }
    // A reference is the transaction id the history shows: searching it finds the line.
    const reference = lines.find((row) => row[1] === 'USDT')?.[3] ?? '';
    await page2.goto(`/my_transaction?text=${reference}`);
    await page2.getByTestId('transaction-row').first().waitFor();
    expect(await page2.getByTestId('transaction-row').count()).toBe(1);

    const text = await pdfText(await downloadChinese('PDF'));
    expect(text.replace(/\s/g, '')).toContain('账户对账单');
    expect(text).toContain(zone);
    await screenshot(page2, 'transactions-desktop-ch');
    await chinese.context.close();
  }, 150_000);

  it('says in Chinese what is wrong with an amount', async () => {
    const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient), { language: 'ch' });
    await page.goto('/blockchain_d/deposit_fiat');
    await page.getByRole('heading', { name: '告知我们您的转账' }).waitFor();
    await page.getByLabel('金额').fill('0.001');
    await page.getByRole('button', { name: '发送通知' }).click();
    await page.getByText('小数').first().waitFor();
    await screenshot(page, 'deposit-fiat-notice-desktop-ch');
    await context.close();
  });
});
