/**
 * Batch payouts, through the screens: the demo company's administrator uploads a CSV of three
 * payouts (to its saved address, its saved payee in pounds, and a payee it never saved), reads the
 * bad row's error beside it, fixes the row on the page, reviews the one quote with its totals and
 * submits; above the company's threshold, the seeded approver (who does not prepare payouts) opens
 * the batch waiting for approval and approves it; each row is then a payout of its own, which the
 * bank reviews and the rails simulator completes; the batch's rows read as paid and succeeded.
 * The template downloads with its fixed English columns. A batch waiting for approval is cancelled
 * by its maker and its hold returns. Pages are checked for accessibility and shot on a desk and a
 * phone in English, Chinese and Japanese.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { getPayoutBatch, type PayoutBatch, submitPayoutBatch, uploadPayoutBatch } from '@bank/contract/payout-batches';
import {
  type ApprovalPolicy,
  decidePayoutReview,
  getApprovalPolicy,
  setApprovalPolicy,
  simulatePayoutOutcome,
} from '@bank/contract/payouts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Authenticator,
  callOk,
  expectAccessible,
  openSignedIn,
  pairStaffByApi,
  sessionHeaders,
  signInByApi,
} from './support/accounts.ts';
import { launchBrowser, screenshot, viewports } from './support/browser.ts';

const approvedClient = { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026' };
/** Seeded: its sub-account in "Payment approvers" (approves payouts, may not prepare them). */
const approverAccount = { email: 'approver@demo.bank', password: 'Demo-Approver#2026' };
const staffAccount = { email: 'payouts@bank.localhost', password: 'Staff-Payouts#2026' } as const;

let browser: Browser;
let staffAuthenticator: Authenticator;
let approverAuthenticator: Authenticator;

beforeAll(async () => {
  browser = await launchBrowser();
  staffAuthenticator = await pairStaffByApi(staffAccount);
  approverAuthenticator = await pairStaffByApi(approverAccount);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const file = [
  'payee,amount,currency,purpose,remarks',
  'Treasury cold wallet,9000,USDT,Supplier payment,Batch journey 1',
  'Northwind Supplies Ltd,1500.00,GBP,Services payment,Batch journey 2',
  'Unknown Supplier GmbH,200,USDT,Supplier payment,Batch journey 3',
].join('\n');

describe('batch payouts', () => {
  it('uploads a batch with an error, fixes it, a colleague approves, and the rows settle', async () => {
    const administrator = await signInByApi(approvedClient);
    const { page, context } = await openSignedIn(browser, administrator);
    await page.goto('/blockchain_w/batch');

    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the template' }).click(),
    ]);
    expect((await readFile((await template.path()) ?? '', 'utf8')).split('\r\n')[0]).toBe(
      'payee,amount,currency,purpose,remarks',
    );

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'suppliers.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.locator('#batch-sender').fill('Meridian Treasury');
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByText('3 rows, 1 to fix').waitFor();
    const bad = page.locator('[data-testid="batch-row"][data-state="invalid"]');
    await bad.first().waitFor();
    expect(await bad.count()).toBe(1);
    await bad.getByText(/No saved payee or address matches this in USDT/).waitFor();
    await expectAccessible(page, 'batch with an error');
    await screenshot(page, 'batch-payouts-error-desk-en');
    expect(await page.getByRole('button', { name: 'Review and submit' }).isDisabled()).toBe(true);

    await bad.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Row 4' });
    await edit.locator('#batch-row-payee').fill('Treasury cold wallet');
    await edit.getByRole('button', { name: 'Check the row' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByText('3 rows, 0 to fix').waitFor();

    await page.getByRole('button', { name: 'Review and submit' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the batch' });
    await confirm.getByText('3 payouts will be made.', { exact: false }).waitFor();
    await screenshot(page, 'batch-payouts-confirm-desk-en');
    await confirm.getByRole('button', { name: 'Submit the batch' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Waiting for approval').first().waitFor();
    const batchId = new URL(page.url()).searchParams.get('batch') ?? '';
    await context.close();

    // The approver opens the batch from the list of those waiting, in Chinese, and approves it.
    const approver = await openSignedIn(browser, await signInByApi(approverAccount, approverAuthenticator), {
      language: 'ch',
    });
    await approver.page.goto('/blockchain_w/batch');
    await approver.page.getByRole('button', { name: '打开 suppliers.csv' }).first().click();
    await approver.page.getByRole('button', { name: '批准批次' }).click();
    await approver.page.getByRole('dialog', { name: '批准批次' }).getByRole('button', { name: '批准批次' }).click();
    await approver.page.getByText('已批准').first().waitFor();
    // An approver, who prepares no payouts, goes back to the list, not to an upload.
    await approver.page.getByRole('button', { name: '全部批次' }).waitFor();
    expect(await approver.page.getByRole('button', { name: '上传另一个文件' }).count()).toBe(0);
    await expectAccessible(approver.page, 'batch approved');
    await screenshot(approver.page, 'batch-payouts-approved-desk-ch');
    await approver.context.close();

    // Each row is a payout: the bank reviews it and the rails simulator completes it.
    const batch = await callOk(
      getPayoutBatch,
      { batch_id: batchId },
      sessionHeaders(await signInByApi(approvedClient)),
    );
    const rows = (batch as PayoutBatch).rows;
    expect(rows.map((row) => row.state)).toEqual(['paid', 'paid', 'paid']);
    const staff = sessionHeaders(await signInByApi(staffAccount, staffAuthenticator));
    for (const row of rows) {
      const payoutId = row.payout?.payout_id ?? '';
      await callOk(decidePayoutReview, { payout_id: payoutId, decision: 'approve', reason: '' }, staff);
      await callOk(simulatePayoutOutcome, { payout_id: payoutId, outcome: 'complete' }, staff);
    }

    const phone = await openSignedIn(browser, await signInByApi(approvedClient), {
      viewport: viewports.phone,
      language: 'jp',
    });
    await phone.page.goto(`/blockchain_w/batch?batch=${batchId}`);
    await phone.page.getByText('送金作成済み').nth(2).waitFor();
    await phone.page.getByText('成功').first().waitFor();
    await screenshot(phone.page, 'batch-payouts-settled-phone-jp');
    await phone.context.close();
  }, 300_000);

  it('lets the maker cancel a batch waiting for approval, and its hold returns', async () => {
    const headers = sessionHeaders(await signInByApi(approvedClient));
    const policy = (await callOk(getApprovalPolicy, {}, headers)) as ApprovalPolicy;
    await callOk(setApprovalPolicy, { approve_all: true, thresholds: policy.thresholds }, headers);
    try {
      const csv = ['payee,amount,currency,purpose,remarks', 'Treasury cold wallet,40,USDT,Supplier payment,Cancelled'];
      const uploaded = (await callOk(
        uploadPayoutBatch,
        {
          file_name: 'to-cancel.csv',
          csv: csv.join('\n'),
          fiat_asset: 'USDT',
          sender_account_name: 'Meridian Treasury',
        },
        headers,
      )) as PayoutBatch;
      await callOk(submitPayoutBatch, { batch_id: uploaded.batch_id }, { ...headers, 'idempotency-key': randomUUID() });

      const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient));
      await page.goto(`/blockchain_w/batch?batch=${uploaded.batch_id}`);
      await page.getByRole('button', { name: 'Cancel the batch' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this batch?' });
      await dialog.getByText('No row of this batch will be paid', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Cancel the batch' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Cancelled').first().waitFor();
      expect(await page.getByRole('button', { name: 'Cancel the batch' }).count()).toBe(0);
      await context.close();
      const cancelled = (await callOk(getPayoutBatch, { batch_id: uploaded.batch_id }, headers)) as PayoutBatch;
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.rows.map((row) => row.payout)).toEqual([null]);
    } finally {
      await callOk(setApprovalPolicy, policy, headers);
    }
  }, 120_000);
});
