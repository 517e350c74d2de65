/**
 * Browser journey of passkeys, with Chromium's virtual authenticator (DevTools protocol: ctap2, an
 * internal platform authenticator with resident keys and user verification): a user signs in with
 * an emailed code, adds a passkey on My account, renames it, logs out, signs in with the passkey as
 * the second factor (no code emailed), and later confirms a sensitive action (removing the passkey,
 * whose fresh second factor has lapsed) with the password and the passkey in the step-up dialog.
 * A member of staff who requires passkeys changes the password with a passkey: the form asks for no
 * code, and the step-up dialog for the password and the passkey.
 *
 * WebAuthn takes a relying party id that is a domain, never an IP address: the journey opens the
 * server as http://localhost:<port> (a secure context too), and the server takes its relying party
 * from the address it was reached at.
 */
import { login, modifyLoginPassword } from '@bank/contract/account';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, call, pairStaffByApi, registerUser, signInByApi } from './support/accounts.ts';
import { baseUrl, launchBrowser, screenshot, viewports } from './support/browser.ts';
import { advanceServerClock, readMailbox, waitForEmailCode } from './support/server.ts';

let browser: Browser;
const localhostUrl = baseUrl.replace('127.0.0.1', 'localhost');

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * A page at localhost with a virtual platform authenticator that the user always touches and
 * verifies; signed in already when given a session (kept as the web app keeps it).
 */
async function pageWithAuthenticator(session?: ApiSession): Promise<Page> {
  const context = await browser.newContext({ baseURL: localhostUrl, viewport: viewports.desktop });
  if (session)
    await context.addInitScript((stored) => {
      if (window.location.protocol === 'about:' || window.sessionStorage.getItem('token')) return;
      for (const [key, value] of Object.entries(stored)) window.sessionStorage.setItem(key, value);
    }, session);
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send('WebAuthn.enable');
  await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

async function passwordStep(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.locator('#login-email').fill(user.email);
  await page.locator('#login-password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('passkeys', () => {
  it('adds a passkey, signs in with it as the second factor, and confirms a sensitive action with it', async () => {
    const user = await registerUser('passkey');
    const page = await pageWithAuthenticator();

    // First sign-in with the emailed code.
    await page.goto('/login');
    const sentAfter = new Date();
    await passwordStep(page, user);
    await page.locator('#login-code').fill(await waitForEmailCode(user.email, sentAfter));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${localhostUrl}/`);

    // Add a passkey on My account (the sign-in has just made the second factor fresh).
    await page.goto('/user_info');
    const card = page.locator('#passkeys');
    await card.getByText('No passkeys yet').waitFor();
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await addDialog.getByLabel('Name').fill('Office laptop');
    await addDialog.getByRole('button', { name: 'Create passkey' }).click();
    await page.getByText('Passkey added').first().waitFor();
    await card.getByText('Office laptop').waitFor();
    await expect.poll(async () => (await card.getByText('Not used yet').count()) > 0).toBe(true);
    await screenshot(page, 'passkeys-card-en-desktop');

    // Rename it.
    await card.getByRole('button', { name: 'Rename Office laptop' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename passkey' });
    await renameDialog.getByLabel('Name').fill('Work laptop');
    await renameDialog.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Work laptop').waitFor();

    // Log out, then sign in with the passkey: no code is emailed.
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    const signInCodes = async () =>
      (await readMailbox(user.email)).filter((mail) => mail.subject === 'Your sign-in code').length;
    const codesBefore = await signInCodes();
    await passwordStep(page, user);
    const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
    await usePasskey.waitFor();
    await expect(page.locator('#login-code').count()).resolves.toBe(0);
    await screenshot(page, 'login-passkey-en-desktop');
    await usePasskey.click();
    await page.waitForURL(`${localhostUrl}/`);
    expect(await signInCodes()).toBe(codesBefore);

    // Later: removing the passkey needs a fresh second factor, given with the password and the passkey.
    await advanceServerClock(6 * 60);
    await page.goto('/user_info');
    await card.getByText('Work laptop').waitFor();
    await card.getByRole('button', { name: 'Remove Work laptop' }).click();
    await page.getByRole('dialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await stepUp.getByRole('button', { name: 'Confirm with a passkey' }).waitFor();
    await screenshot(page, 'step-up-passkey-en-desktop');
    await stepUp.locator('#step-up-password').fill(user.password);
    await stepUp.getByRole('button', { name: 'Confirm with a passkey' }).click();
    await page.getByText('Passkey removed').first().waitFor();
    await card.getByText('No passkeys yet').waitFor();
    await page.context().close();
  }, 240_000);

  it('lets staff who require passkeys change the password with a passkey, where no code is asked', async () => {
    // Seeded, and signed in by the feedback journey only (files run one after another): put back as found.
    const staff = { email: 'service@bank.localhost', password: 'Staff-Service#2026' };
    const page = await pageWithAuthenticator(await signInByApi(staff, await pairStaffByApi(staff)));
    await page.goto('/user_info');
    const card = page.locator('#passkeys');
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await addDialog.getByLabel('Name').fill('Desk key');
    await addDialog.getByRole('button', { name: 'Create passkey' }).click();
    await card.getByText('Desk key').waitFor();
    const requirement = card.getByRole('switch', { name: 'Require passkeys for my account' });
    await requirement.click();
    await page.getByText('Passkeys are now required for your account.').first().waitFor();

    // Later, the sign-in's second factor no longer fresh: the form asks for no code, the passkey confirms.
    await advanceServerClock(6 * 60);
    const changePassword = async (from: string, to: string) => {
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.locator('#password-old').fill(from);
      await page.locator('#password-password').fill(to);
      await page.locator('#password-confirm-password').fill(to);
      await page.getByText('You confirm the change with one of your passkeys').waitFor();
      expect(await page.locator('#password-code').count()).toBe(0);
      await page.locator('#password').getByRole('button', { name: 'Change password' }).click();
    };
    const changed = page.getByText('Your password was changed. Your other sessions were signed out.');
    await changePassword(staff.password, 'Lantern-Quay#4821');
    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await stepUp.locator('#step-up-password').fill(staff.password);
    await screenshot(page, 'password-passkey-step-up-en-desktop');
    await stepUp.getByRole('button', { name: 'Confirm with a passkey' }).click();
    await changed.first().waitFor();

    // Signed in with once the change has answered: a sign-in tried before fails, and each failure
    // delays the next (login's limits), so it is not asked again and again.
    const passwordAccepted = async (password: string) =>
      (await call(login, { step: 'password', email: staff.email, password })).code === 200;
    expect(await passwordAccepted('Lantern-Quay#4821')).toBe(true);

    // Back as the other journeys know it, while the step-up is fresh: the old password, no requirement, no
    // passkey. The first change's notice may still show: the change's answer says when it is done.
    const changedBack = page.waitForResponse((response) => response.url().endsWith(modifyLoginPassword.path));
    await changePassword('Lantern-Quay#4821', staff.password);
    expect((await (await changedBack).json()).code).toBe(200);
    expect(await passwordAccepted(staff.password)).toBe(true);
    await requirement.click();
    await page.getByText('Codes from your authenticator app are accepted again.').first().waitFor();
    await card.getByRole('button', { name: 'Remove Desk key' }).click();
    await page.getByRole('dialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove' }).click();
    await card.getByText('No passkeys yet').waitFor();
    await page.context().close();
  }, 240_000);
});
