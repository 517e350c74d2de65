/**
 * Announcements: a member of staff writes one in English, Chinese and Japanese,
 * saves the draft and publishes it to every client company; a client reading in Japanese on a phone
 * finds it in their inbox (the header's bell), opens it from there and reads it in Japanese.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, pairStaffByApi, registerUser, signInByApi } from './support/accounts.ts';
import { launchBrowser, screenshot, viewports } from './support/browser.ts';

/** Seeded by the announcements module: the staff member who writes them. */
const communications = { email: 'communications@bank.localhost', password: 'Staff-Notices#2026' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('announcements', () => {
  it('reach a client’s inbox when staff publish them, and read in the client’s language', async () => {
    // A client registered before the announcement is published is in its audience.
    const client = await registerUser('announcement-reader');
    const clientSession = await signInByApi(client);

    const authenticator = await pairStaffByApi(communications);
    const staffSession = await signInByApi(communications, authenticator);
    const staff = await openSignedIn(browser, staffSession, { viewport: viewports.desktop, language: 'en' });
    const page = staff.page;
    await page.goto('/affiche/affiche_list_admin');
    await page.getByRole('button', { name: 'New announcement' }).click();
    const tag = Date.now().toString(36);
    const texts = {
      English: {
        title: `Cut-off times for the holidays ${tag}`,
        body: 'Payouts after 12:00 on 24 December are reviewed on 27 December.',
      },
      Chinese: { title: `假期截止时间 ${tag}`, body: '12月24日12:00以后提交的付款将于12月27日审核。' },
      Japanese: {
        title: `年末年始の締め切り時刻 ${tag}`,
        body: '12月24日12時以降の出金申請は12月27日に審査いたします。',
      },
    };
    for (const [language, text] of Object.entries(texts)) {
      const fieldset = page.getByRole('group', { name: language, exact: true });
      await fieldset.getByLabel('Title').fill(text.title);
      await fieldset.getByLabel('Text').fill(text.body);
    }
    await page.getByRole('button', { name: 'Save draft' }).click();
    const row = page.getByTestId('managed-announcement').filter({ hasText: texts.English.title }).first();
    await row.getByText('Draft').waitFor();
    await row
      .getByRole('group', { name: `Actions for “${texts.English.title}”` })
      .getByRole('button', { name: 'Publish' })
      .click();
    const publishDialog = page.getByRole('dialog', { name: 'Publish this announcement?' });
    await publishDialog.getByRole('button', { name: 'Publish' }).click();
    await row.getByText('Published', { exact: true }).waitFor();
    await screenshot(page, 'announcements-published-en-desktop');
    await staff.context.close();

    // The client's inbox, in Japanese, on a phone.
    const reader = await openSignedIn(browser, clientSession, { viewport: viewports.phone, language: 'jp' });
    await reader.page.goto('/');
    const bell = reader.page.getByRole('button', { name: 'メッセージ、未読 1 件', exact: true });
    for (let attempt = 0; attempt < 10 && (await bell.count()) === 0; attempt += 1) {
      await reader.page.waitForTimeout(1_000);
      if ((await bell.count()) === 0) await reader.page.reload();
    }
    await bell.click();
    const drawer = reader.page.getByRole('dialog', { name: 'メッセージ' });
    const message = drawer.getByTestId('inbox-message').first();
    await message.getByText('銀行からお知らせが掲載されました。開いて全文をお読みください。').waitFor();
    await message.getByText(texts.Japanese.title).waitFor();
    await screenshot(reader.page, 'announcements-inbox-ja-phone');
    await message.getByText(texts.Japanese.title).click();

    await reader.page.waitForURL(/\/affiche\/affiche_list\?id=/);
    await reader.page.getByRole('heading', { name: texts.Japanese.title }).waitFor();
    await reader.page.getByText(texts.Japanese.body).waitFor();
    expect(await reader.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await screenshot(reader.page, 'announcements-detail-ja-phone');
    await reader.context.close();
  }, 90_000);
});
