/**
 * The inbox (organisation issue, part 3): an event becomes a message in the inbox of the user it
 * concerns, written from the outbox; the header's bell counts it; the drawer writes it in the
 * reader's language, opens the page it leads to (marking it read) and deletes it. Here a new client
 * pairs an authenticator (a change to how they sign in) and reads of it in Japanese, on a phone.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openSignedIn, pairStaffByApi, registerUser, signInByApi } from './support/accounts.ts';
import { launchBrowser, screenshot, viewports } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The bell's accessible name says how many messages are unread. */
const bell = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

describe('inbox', () => {
  it('tells a user in their language of a change to how they sign in, leads to it, and deletes it', async () => {
    const user = await registerUser('inbox');
    // Pairing an authenticator is a security change: the outbox writes it to the user's inbox.
    const authenticator = await pairStaffByApi(user);
    const session = await signInByApi(user, authenticator);
    const { page, context } = await openSignedIn(browser, session, { language: 'jp', viewport: viewports.phone });
    await page.goto('/');

    // The message arrives from the job queue; the bell asks again when the page is loaded anew.
    const unreadBell = bell(page, 'メッセージ、未読 1 件');
    for (let attempt = 0; attempt < 10 && (await unreadBell.count()) === 0; attempt += 1) {
      await page.waitForTimeout(1_000);
      if ((await unreadBell.count()) === 0) await page.reload();
    }
    await unreadBell.waitFor();

    // The keyboard opens the drawer.
    await unreadBell.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'メッセージ' });
    await drawer.waitFor();
    const message = drawer.getByTestId('inbox-message').first();
    await message.getByText('セキュリティの変更').waitFor();
    await message.getByText('認証アプリがアカウントに登録されました。').waitFor();
    expect(await message.getAttribute('data-unread')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    await screenshot(page, 'inbox-drawer-phone-ja');
    await expectAccessible(page, 'inbox drawer');

    // Opening it marks it read and leads to the account page, where the authenticator is.
    await message.getByRole('button', { name: '未読: セキュリティの変更' }).click();
    await page.waitForURL('**/user_info');
    await bell(page, 'メッセージ').waitFor();

    await bell(page, 'メッセージ').click();
    await drawer.waitFor();
    const read = drawer.getByTestId('inbox-message').first();
    await read.getByText('セキュリティの変更').waitFor();
    expect(await read.getAttribute('data-unread')).toBeNull();
    await read.getByRole('button', { name: 'メッセージを削除' }).click();
    await page.getByText('メッセージを削除しました。').waitFor();
    await drawer.getByText('メッセージはまだありません').waitFor();
    await screenshot(page, 'inbox-drawer-empty-phone-ja');
    await context.close();
  });

  it("says so when the drawer's code cannot be loaded, keeps the page, and opens it on the next tap", async () => {
    const user = await registerUser('inbox-offline');
    const session = await signInByApi(user);
    const { page, context } = await openSignedIn(browser, session, { viewport: viewports.phone });
    await page.goto('/');
    const messages = bell(page, 'Messages');
    await messages.waitFor();

    // The drawer's code loads when it first opens (ui/lazy-overlay.tsx): here the network drops it.
    await page.route('**/assets/inbox-drawer-*.js', (route) => route.abort('internetdisconnected'));
    await messages.click();
    await page.getByText('Network timeout').waitFor();
    expect(await page.getByRole('dialog', { name: 'Messages' }).count()).toBe(0);
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The network is back: the next tap loads it and opens the drawer.
    await page.unroute('**/assets/inbox-drawer-*.js');
    await messages.click();
    await page.getByRole('dialog', { name: 'Messages' }).getByText('No messages yet').waitFor();
    await context.close();
  });
});
