/**
 * Feedback and the product pages (organisation issue, parts 6 and 7). A client sends feedback with a
 * screenshot (the documents' upload flow); client service reads it in the back office, with the
 * screenshot, and answers; the answer reaches the client's bell and the client reads it on their
 * feedback page. From a product page a client of the demo relationship manager (CI code RM-DEMO)
 * asks to be contacted; the request lands in that manager's queue, who marks it handled. A product
 * page reads in Japanese on a phone without sideways scrolling.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiSession,
  expectAccessible,
  openSignedIn,
  pairStaffByApi,
  registerUser,
  signInByApi,
} from './support/accounts.ts';
import { launchBrowser, screenshot, viewports } from './support/browser.ts';
import { pngFile } from './support/documents.ts';

/** Seeded by the feedback module and by identity (apps/server/src/modules/{feedback,account}/seed.ts). */
const clientService = { email: 'service@bank.localhost', password: 'Staff-Service#2026' } as const;
const relationshipManager = { email: 'rm@bank.localhost', password: 'Staff-Manager#2026' } as const;

let browser: Browser;
let client: ApiSession;
beforeAll(async () => {
  browser = await launchBrowser();
  // A company registered with the demo relationship manager's CI code: its requests are that manager's.
  client = await signInByApi(await registerUser('feedback', { ciCode: 'RM-DEMO' }));
});
afterAll(async () => {
  await browser.close();
});

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

describe('feedback', () => {
  it('with a screenshot reaches the back office; the answer reaches the client’s bell and feedback page', async () => {
    const tag = `F${Date.now().toString(36)}`;
    const { page, context } = await openSignedIn(browser, client);
    await page.goto('/');
    // The header's user menu leads to the feedback page.
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Send feedback' }).click();
    await page.waitForURL('**/feedback');
    await page.getByRole('heading', { name: 'Send us feedback' }).waitFor();
    await page.getByText('No feedback yet').waitFor();

    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText('Please write your feedback').waitFor();

    await page.getByRole('combobox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: 'Something is not working' }).click();
    await page
      .getByRole('textbox', { name: 'Your feedback' })
      .fill(`${tag}: the payee list does not sort by name.\nIt sorts by date added.`);
    await page.locator('input[type="file"]').setInputFiles(pngFile('payee-list.png'));
    await page.getByRole('listitem').filter({ hasText: 'payee-list.png' }).waitFor();
    await screenshot(page, 'feedback-form-desktop-en');
    await expectAccessible(page, 'feedback form');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    const mine = page.getByRole('article', { name: 'Something is not working' });
    await mine.getByText('Awaiting answer').waitFor();
    await mine.getByText(`${tag}: the payee list`).waitFor();

    // Client service reads it, with its screenshot, and answers.
    const staffSession = await signInByApi(clientService, await pairStaffByApi(clientService));
    const staff = await openSignedIn(browser, staffSession);
    await staff.page.goto('/admin');
    await staff.page.getByRole('link', { name: 'Open: Client feedback' }).waitFor();
    await screenshot(staff.page, 'admin-home-client-service-desktop-en');
    await staff.page.getByRole('link', { name: 'Open: Client feedback' }).click();
    await staff.page.waitForURL('**/admin/feedback');
    await staff.page
      .getByRole('button', { name: /Open feedback from/ })
      .filter({ hasText: tag })
      .waitFor();
    await expectAccessible(staff.page, 'feedback queue');
    await staff.page
      .getByRole('button', { name: /Open feedback from/ })
      .filter({ hasText: tag })
      .click();
    const drawer = staff.page.getByRole('dialog', { name: 'Feedback' });
    await drawer.getByRole('img', { name: 'payee-list.png' }).waitFor();
    await drawer.getByLabel('Answer').fill('Thank you. Sorting by name arrives in the next release.');
    await drawer.getByRole('button', { name: 'Send answer' }).click();
    await staff.page.getByText('Answer sent.').waitFor();
    await drawer.getByText(/^Answered by service@bank\.localhost/).waitFor();
    await screenshot(staff.page, 'feedback-answered-staff-desktop-en');
    await staff.context.close();

    // The answer reaches the client's inbox: the bell counts it, the message leads to the feedback.
    await page.goto('/');
    const unreadBell = page.getByRole('button', { name: 'Messages, 1 unread', exact: true });
    for (let attempt = 0; attempt < 10 && (await unreadBell.count()) === 0; attempt += 1) {
      await page.waitForTimeout(1_000);
      if ((await unreadBell.count()) === 0) await page.reload();
    }
    await unreadBell.click();
    const inbox = page.getByRole('dialog', { name: 'Messages' });
    await inbox.getByRole('button', { name: 'Unread: Your feedback was answered' }).click();
    await page.waitForURL('**/feedback?id=*');
    const answered = page.getByRole('article', { name: 'Something is not working' });
    await answered.getByText('Answered', { exact: true }).waitFor();
    await answered.getByText('Thank you. Sorting by name arrives in the next release.').waitFor();
    await screenshot(page, 'feedback-answered-desktop-en');
    await page.setViewportSize(viewports.phone);
    await page.reload();
    await answered.getByText('Answered', { exact: true }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'feedback-answered-phone-en');
    await context.close();
  });
});

describe('product pages', () => {
  it('send a request to the company’s relationship manager, who sees it in their queue and handles it', async () => {
    const tag = `R${Date.now().toString(36)}`;
    const { page, context } = await openSignedIn(browser, client);
    await page.goto('/structured_p');
    await page.getByRole('heading', { name: 'Structured products', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Risks and important information' }).waitFor();
    const form = page.getByRole('region', { name: 'Contact my relationship manager' });
    await form.getByText('You have not asked about this service yet.').waitFor();
    await form.locator('label', { hasText: 'Video call' }).click();
    expect(await form.getByRole('radio', { name: 'Video call' }).isChecked()).toBe(true);
    await form.getByLabel('Message').fill(`${tag}: dual currency deposits for USD 2m over six months.`);
    await form.getByLabel('Preferred time (optional)').fill('Weekdays after 14:00 Hong Kong time');
    await form.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Your request was sent to your relationship manager.').waitFor();
    await form.getByText('Sent', { exact: true }).waitFor();
    await screenshot(page, 'product-structured-desktop-en');
    await expectAccessible(page, 'structured products page');

    const managerSession = await signInByApi(relationshipManager, await pairStaffByApi(relationshipManager));
    const manager = await openSignedIn(browser, managerSession);
    // The manager's inbox tells of the request and leads to the queue.
    await manager.page.goto('/admin');
    const managerBell = manager.page.getByRole('button', { name: /^Messages, \d+ unread$/ });
    await managerBell.click();
    await manager.page
      .getByRole('dialog', { name: 'Messages' })
      .getByRole('button', { name: 'Unread: New contact request' })
      .first()
      .click();
    await manager.page.waitForURL('**/admin/contact_requests');
    await manager.page
      .getByRole('button', { name: /Open request from/ })
      .filter({ hasText: tag })
      .waitFor();
    await expectAccessible(manager.page, 'contact requests queue');
    const row = manager.page.getByRole('button', { name: /Open request from/ }).filter({ hasText: tag });
    await row.getByText('Remy Manager', { exact: false }).waitFor();
    await row.click();
    const drawer = manager.page.getByRole('dialog', { name: 'Contact request' });
    await drawer.getByText('Weekdays after 14:00 Hong Kong time').waitFor();
    await drawer.getByText('Video call').waitFor();
    // The drawer's slide has ended: axe judges its colours as they are read, not mid-transition.
    await manager.page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    await expectAccessible(manager.page, 'contact request drawer');
    await drawer.getByLabel('Note').fill('Video call booked for Tuesday 15:00 HKT.');
    await drawer.getByRole('button', { name: 'Mark handled' }).click();
    await manager.page.getByText('Request marked handled.').waitFor();
    await drawer.getByText(/^Handled by rm@bank\.localhost/).waitFor();
    await screenshot(manager.page, 'contact-requests-desktop-en');
    await manager.page.keyboard.press('Escape');
    await manager.page.setViewportSize(viewports.phone);
    await manager.page.locator('label', { hasText: /^Handled$/ }).click();
    await row.waitFor();
    await expectNoSidewaysScroll(manager.page);
    await screenshot(manager.page, 'contact-requests-phone-en');
    // A queue outside the manager's role, opened by its address: the page says so instead of the server's refusal.
    await manager.page.goto('/admin/feedback');
    await manager.page.getByText('Not part of your role').waitFor();
    await manager.context.close();

    await page.reload();
    await form.getByText('Handled', { exact: true }).waitFor();
    await context.close();
  });

  it('reads in Chinese on a desktop', async () => {
    const { page, context } = await openSignedIn(browser, client, { language: 'ch', viewport: viewports.desktop });
    await page.goto('/investment_b');
    await page.getByRole('heading', { name: '投资银行', level: 1 }).waitFor();
    await page.getByRole('heading', { name: '联系我的客户经理' }).waitFor();
    await screenshot(page, 'product-investment-banking-desktop-zh');
    await context.close();
  });

  it('reads in Japanese on a phone without sideways scrolling', async () => {
    const { page, context } = await openSignedIn(browser, client, { language: 'jp', viewport: viewports.phone });
    await page.goto('/private_b_p');
    await page.getByRole('heading', { name: 'プライベートバンキング', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'リスクと重要事項' }).waitFor();
    await page.getByRole('heading', { name: '担当者に連絡を依頼' }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'product-private-banking-phone-ja');
    await expectAccessible(page, 'private banking page, Japanese, phone');
    await context.close();
  });
});
