/**
 * Webhooks (organisation issue, part 4): a company administrator points the KYC status change at a
 * receiver this journey runs (allowed by WEBHOOKS_ALLOW_PRIVATE_TARGETS in global-setup.ts), keeps
 * the signing secret shown once, and a KYC change of their company is delivered, signed so that the
 * Standard Webhooks verifier accepts it. The receiver first fails: the delivery is retried on the
 * server's schedule, every attempt shows in the delivery log, and a replay delivers it again with
 * the same webhook-id. The page is checked on a phone and in Japanese too.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { submitKyc } from '@bank/contract/kyc';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callOk, expectAccessible, openSignedIn, sessionHeaders, signInByApi } from './support/accounts.ts';
import { launchBrowser, screenshot, viewports } from './support/browser.ts';
import { advanceServerClock, runServerSchedule } from './support/server.ts';

/** The seeded company whose KYC was rejected (apps/server/src/modules/kyc/seed.ts): it may submit again. */
const rejectedCompanyAdmin = { email: 'kyc-rejected@demo.bank', password: 'Demo-Rejected#2026' } as const;

type Received = { headers: IncomingHttpHeaders; body: string };

let browser: Browser;
let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];
let answerStatus = 200;

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answerStatus, { 'content-type': 'text/plain' });
      response.end(answerStatus < 300 ? 'accepted' : 'receiver is down');
    });
  });
  await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bank-webhooks`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((closed) => receiver?.close(closed));
});

/**
 * The receiver's check, as an integrator runs it. Its clock is the server's at the delivery: other
 * journeys move the server's test clock ahead of this process's, and the verifier refuses a timestamp
 * more than 5 minutes from its own clock (the signature covers the timestamp all the same).
 */
function verified(secret: string, request: Received) {
  const timestamp = String(request.headers['webhook-timestamp']);
  vi.useFakeTimers({ now: Number(timestamp) * 1000, toFake: ['Date'] });
  try {
    return new Webhook(secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': timestamp,
      'webhook-signature': String(request.headers['webhook-signature']),
    }) as { type: string; data: Record<string, unknown> };
  } finally {
    vi.useRealTimers();
  }
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((wake) => setTimeout(wake, 500));
  }
}

/** The newest delivery of the log, once the log (refreshed) shows it in `status`. */
async function newestDeliveryIn(page: Page, status: string, timeoutMs: number) {
  const newest = page.getByTestId('webhook-delivery').first();
  await until(
    async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(300);
      return (await newest.count()) > 0 && (await newest.getAttribute('data-status')) === status;
    },
    timeoutMs,
    `a delivery in status ${status}`,
  );
  return newest;
}

describe('webhooks', () => {
  it('delivers a signed KYC status change, retries a failing receiver, logs every attempt and replays', async () => {
    const session = await signInByApi(rejectedCompanyAdmin);
    const { page, context } = await openSignedIn(browser, session);
    await page.goto('/webhook_settings');
    await page.getByRole('heading', { name: 'Webhook notification settings', level: 1 }).waitFor();
    await page.getByText('No deliveries yet').waitFor();

    // Every money event is listed, in its group, with its own switch and URL (issue 33).
    for (const group of ['Account', 'Cards', 'Deposits and conversions', 'Payouts', 'Balances'])
      await page.getByRole('heading', { name: group, level: 3, exact: true }).waitFor();
    for (const type of [
      'Deposit credited',
      'Payout waiting for approval',
      'Payout approved',
      'Payout sent',
      'Payout completed',
      'Payout failed',
      'Payout rejected',
      'Payout cancelled',
      'FX conversion settled',
      'OTC trade settled',
      'Balance below threshold',
    ])
      await page
        .getByRole('switch', { name: `Send notifications: ${type}`, exact: true })
        .waitFor({ state: 'attached' });
    await page.getByText('When a payout has been paid.').waitFor();
    await page.getByRole('textbox', { name: 'USDT threshold' }).waitFor();

    // Enabling a type without its API link is refused beside the field, as SPEC.md words it.
    const kyc = page.getByTestId('webhook-endpoint-kyc_status_changed');
    // The switch says its state: "Off" until it is turned on.
    const kycSwitch = kyc.getByRole('switch', { name: 'Send notifications: KYC status change' });
    expect(await kycSwitch.isChecked()).toBe(false);
    await kycSwitch.check({ force: true });
    await kyc.getByText('On', { exact: true }).waitFor();
    expect(await kycSwitch.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await kyc.getByText('please fill in the API link').waitFor();
    await expect(kyc.getByRole('textbox', { name: 'API link' })).toBeTruthy();

    // With the link, the first save makes the signing secret and shows it once.
    await kyc.getByRole('textbox', { name: 'API link' }).fill(receiverUrl);
    await page.getByRole('button', { name: 'Save settings' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Your signing secret' });
    await secretDialog.waitFor();
    const secret = (await secretDialog.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await screenshot(page, 'webhooks-secret-once-desktop');
    await expectAccessible(page, 'webhook secret dialog');
    await secretDialog.getByRole('button', { name: 'I have stored it' }).click();
    await secretDialog.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByText(/Current secret made/).waitFor();
    expect(await page.content()).not.toContain(secret);

    // A KYC status change of the company (it submits again): delivered, signed, but the receiver fails.
    answerStatus = 500;
    await callOk(submitKyc, {}, sessionHeaders(session));
    await until(() => received.length >= 1, 20_000, 'the KYC delivery');
    const [first] = received;
    if (!first) throw new Error('nothing received');
    const body = verified(secret, first);
    expect(body.type).toBe('kyc.status_changed');
    expect(body.data).toMatchObject({ from: 'rejected', to: 'pending_review' });
    const retrying = await newestDeliveryIn(page, 'retrying', 20_000);
    await retrying.getByText('HTTP 500').waitFor();

    // The receiver is back; a minute later (the server's clock) the schedule retries it. Its tick is
    // run at once rather than waited for (the schedule's own minute would take up to 60 s more).
    answerStatus = 200;
    await advanceServerClock(61);
    await runServerSchedule('webhooks__deliver_due');
    const delivered = await newestDeliveryIn(page, 'succeeded', 150_000);
    await delivered.getByText('2 attempts').waitFor();
    expect(received).toHaveLength(2);
    expect(received[1]?.headers['webhook-id']).toBe(first.headers['webhook-id']);
    verified(secret, received[1] as Received);
    await delivered.getByRole('button', { name: 'Show attempts' }).click();
    const attempts = delivered.getByTestId('webhook-attempt');
    await until(async () => (await attempts.count()) === 2, 10_000, 'two attempts listed');
    await attempts.nth(0).getByText('Retry').waitFor();
    await attempts.nth(1).getByText('First attempt').waitFor();
    await attempts.nth(1).getByText('HTTP 500').waitFor();
    await screenshot(page, 'webhooks-delivery-log-desktop');
    await expectAccessible(page, 'webhook delivery log');

    // A replay (from the keyboard) sends it again, with the same webhook-id.
    await delivered.getByRole('button', { name: 'Replay' }).focus();
    await page.keyboard.press('Enter');
    await until(() => received.length >= 3, 20_000, 'the replayed delivery');
    expect(received[2]?.headers['webhook-id']).toBe(first.headers['webhook-id']);
    verified(secret, received[2] as Received);
    const replayed = await newestDeliveryIn(page, 'succeeded', 20_000);
    await replayed.getByText('3 attempts').waitFor();

    // A test send: signed the same way, listed as a test.
    await page.getByRole('button', { name: 'Send test: KYC status change' }).click();
    await until(() => received.length >= 4, 20_000, 'the test delivery');
    expect(verified(secret, received[3] as Received).type).toBe('webhook.test');

    // Rotating shows the new secret once; the next delivery is signed with it, and for a day with the
    // old one beside it, so that a receiver still holding the old secret keeps accepting deliveries.
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    await secretDialog.waitFor();
    const rotated = (await secretDialog.getByTestId('webhook-secret').innerText()).trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await secretDialog.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('button', { name: 'Send test: KYC status change' }).click();
    await until(() => received.length >= 5, 20_000, 'the test delivery after rotation');
    expect(verified(rotated, received[4] as Received).type).toBe('webhook.test');
    expect(verified(secret, received[4] as Received).type).toBe('webhook.test');
    expect(String(received[4]?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    await context.close();

    // On a phone, in Japanese: the same page, no sideways scrolling.
    const phone = await openSignedIn(browser, session, { viewport: viewports.phone, language: 'jp' });
    await phone.page.goto('/webhook_settings');
    await phone.page.getByRole('heading', { name: 'Webhook 通知設定', level: 1 }).waitFor();
    await phone.page.getByTestId('webhook-delivery').first().waitFor();
    await phone.page.getByText('配信済み').first().waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await screenshot(phone.page, 'webhooks-phone-ja');
    await phone.context.close();

    // In Chinese, the same refusal of a switch without its link.
    const chinese = await openSignedIn(browser, session, { language: 'ch' });
    await chinese.page.goto('/webhook_settings');
    await chinese.page.getByRole('heading', { name: 'Webhook 通知设置', level: 1 }).waitFor();
    const activation = chinese.page.getByTestId('webhook-endpoint-card_activation');
    await activation.getByRole('switch', { name: '发送通知: 卡片激活' }).check({ force: true });
    await activation.getByText('开启', { exact: true }).waitFor();
    await chinese.page.getByRole('button', { name: '保存设置' }).click();
    await activation.getByText('请填写API链接').waitFor();
    await screenshot(chinese.page, 'webhooks-validation-zh');
    await chinese.context.close();
  }, 240_000);
});
