/**
 * Browser journeys of the lost authenticator, the user's side: pairing shows the 10
 * recovery codes once (download and copy), a recovery code signs in once and is refused the second
 * time, and the second-factor step with a recovery code in Chinese and Japanese on a phone. The staff
 * reset is in identity.e2e.ts, in the journey that pairs the seeded system admin (the seeded staff
 * can be paired only once per server).
 */
import { readFile } from 'node:fs/promises';
import { catalogues } from '@bank/i18n/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Authenticator,
  expectAccessible,
  type NewUser,
  openSignedIn,
  pairStaffByApi,
  registerUser,
  signInByApi,
} from './support/accounts.ts';
import { baseUrl, launchBrowser, openPage, screenshot, viewports } from './support/browser.ts';
import { advanceServerClock, readMailbox } from './support/server.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function passwordStep(page: Page, user: NewUser): Promise<void> {
  await page.goto('/login');
  await page.locator('#login-email').fill(user.email);
  await page.locator('#login-password').fill(user.password);
  await page.locator('#login-password').press('Enter');
}

describe('recovery codes', () => {
  it('are shown once at pairing, sign in once each, and the same code is refused the second time', async () => {
    const user = await registerUser('recovery');
    const session = await signInByApi(user);
    const { context, page } = await openSignedIn(browser, session, { viewport: viewports.desktop, language: 'en' });
    await page.goto('/user_info');
    await page.getByRole('button', { name: 'Set up authenticator' }).click();
    const secret = (await page.getByTestId('authenticator-secret').innerText()).replace(/\s+/g, '');
    await page.locator('#authenticator-code').fill(await new Authenticator(secret).nextCode());
    await page.getByRole('button', { name: 'Turn on' }).click();

    const panel = page.getByTestId('recovery-codes');
    await panel.waitFor();
    const codes = (await panel.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    await screenshot(page, 'recovery-codes-en-desktop');
    // The toast's close button has no name of its own: check the page once the toast has gone.
    await page.getByText('Your authenticator is paired. Use it at your next sign-in.').waitFor({ state: 'detached' });
    await expectAccessible(page, 'recovery codes panel');

    // The download is a text file with every code.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download (.txt)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bank-recovery-codes.txt');
    const downloaded = await readFile((await download.path()) ?? '', 'utf8');
    for (const code of codes) expect(downloaded).toContain(code);

    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.getByText('Unused recovery codes: 10').waitFor();
    await context.close();

    // Lost the phone: the recovery code link, reached with the keyboard, signs in once.
    const [first = ''] = codes;
    const signIn = await openPage(browser, { viewport: viewports.desktop, language: 'en' });
    await passwordStep(signIn.page, user);
    await signIn.page.getByText('Enter the code from your authenticator app').first().waitFor();
    const link = signIn.page.getByRole('button', { name: 'Lost your authenticator? Use a recovery code' });
    await link.focus();
    await signIn.page.keyboard.press('Enter');
    await signIn.page.locator('#login-recovery-code').waitFor();
    // The field takes the focus on the next frame; type only once it has it.
    await expect.poll(() => signIn.page.evaluate(() => document.activeElement?.id)).toBe('login-recovery-code');
    await signIn.page.keyboard.type(first.toLowerCase());
    await signIn.page.keyboard.press('Enter');
    // A client-side navigation: the page's load event fired long before.
    await signIn.page.waitForURL(`${baseUrl}/`, { waitUntil: 'commit' });
    await signIn.page.getByText('Signed in with a recovery code. Recovery codes left: 9.').waitFor();
    await expect
      .poll(async () => (await readMailbox(user.email)).map((email) => email.subject))
      .toContain('A recovery code was used to sign in');
    await signIn.context.close();

    // The same code a second time: refused.
    const again = await openPage(browser, { viewport: viewports.desktop, language: 'en' });
    await passwordStep(again.page, user);
    await again.page.getByRole('button', { name: 'Lost your authenticator? Use a recovery code' }).click();
    await again.page.locator('#login-recovery-code').fill(first);
    await again.page.getByRole('button', { name: 'Log in' }).click();
    await again.page.getByText('Incorrect verification code').waitFor();
    expect(new URL(again.page.url()).pathname).toBe('/login');
    await again.context.close();
  }, 120_000);

  it('are made anew after a step-up once the sign-in is not fresh; the new set signs in and the user is told', async () => {
    const user = await registerUser('recovery-new');
    const authenticator = await pairStaffByApi(user);
    const session = await signInByApi(user, authenticator);
    const { context, page } = await openSignedIn(browser, session, { viewport: viewports.desktop, language: 'en' });
    await page.goto('/user_info');
    await page.getByText('Unused recovery codes: 10').waitFor();
    // The sign-in's second factor is fresh for 5 minutes only.
    await advanceServerClock(301);
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();

    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await stepUp.locator('#step-up-password').fill(user.password);
    await stepUp.locator('#step-up-code').fill(await authenticator.nextCode(true));
    await stepUp.getByRole('button', { name: 'Confirm' }).click();

    const panel = page.getByTestId('recovery-codes');
    await panel.waitFor();
    const codes = (await panel.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    await expect
      .poll(async () => (await readMailbox(user.email)).map((email) => email.subject))
      .toContain('New recovery codes were made');
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText('Unused recovery codes: 10').waitFor();
    await context.close();

    // A code of the new set signs in.
    const signIn = await openPage(browser, { viewport: viewports.desktop, language: 'en' });
    await passwordStep(signIn.page, user);
    await signIn.page.getByRole('button', { name: 'Lost your authenticator? Use a recovery code' }).click();
    await signIn.page.locator('#login-recovery-code').fill(codes[0] ?? '');
    await signIn.page.getByRole('button', { name: 'Log in' }).click();
    await signIn.page.waitForURL(`${baseUrl}/`, { waitUntil: 'commit' });
    await signIn.context.close();
  }, 120_000);

  it('reads well on a phone in Chinese and Japanese', async () => {
    const user = await registerUser('recovery-phone');
    const session = await signInByApi(user);
    const paired = await openSignedIn(browser, session, { viewport: viewports.phone, language: 'ch' });
    await paired.page.goto('/user_info');
    await paired.page.getByRole('button', { name: '设置身份验证器' }).click();
    const secret = (await paired.page.getByTestId('authenticator-secret').innerText()).replace(/\s+/g, '');
    await paired.page.locator('#authenticator-code').fill(await new Authenticator(secret).nextCode());
    await paired.page.getByRole('button', { name: '启用' }).click();
    await paired.page.getByTestId('recovery-codes').waitFor();
    await screenshot(paired.page, 'recovery-codes-zh-phone');
    await paired.context.close();

    for (const [language, locale] of [
      ['ch', 'zh-CN'],
      ['jp', 'ja'],
    ] as const) {
      const { context, page } = await openPage(browser, { viewport: viewports.phone, language });
      await passwordStep(page, user);
      await page.getByRole('button', { name: catalogues[locale].auth.login.use_recovery_code }).click();
      await page.locator('#login-recovery-code').waitFor();
      await screenshot(page, `recovery-login-${language}-phone`);
      await expectAccessible(page, `recovery sign-in ${language}`);
      await context.close();
    }
  }, 120_000);
});
