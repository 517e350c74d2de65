/**
 * Sub-accounts and permission groups: a company administrator creates the
 * group "Payments preparers", invites a colleague into it; the colleague accepts through the link in
 * their email, signs in, pairs an authenticator (required of sub-accounts) and sees only what the
 * group allows. A call outside the group is refused by the server itself. The administrator's
 * permission view in Japanese on a phone.
 */

import { getUserInfo } from '@bank/contract/account';
import { getDepositConfig } from '@bank/contract/deposit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Authenticator,
  call,
  expectAccessible,
  newEmail,
  openSignedIn,
  registerUser,
  signInByApi,
  strongPassword,
} from './support/accounts.ts';
import { launchBrowser, openPage, screenshot, viewports } from './support/browser.ts';
import { readMailbox, waitForEmailCode } from './support/server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function invitationLink(email: string): Promise<string> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const found = (await readMailbox(email)).map(
      (message) => /\/team_invitation\?token=[\w-]+/.exec(message.text)?.[0],
    );
    const link = found.find((value) => value !== undefined);
    if (link) return link;
    await new Promise((wake) => setTimeout(wake, 500));
  }
  throw new Error(`no invitation reached ${email}`);
}

describe('team', () => {
  it('invites a payments preparer who accepts, pairs an authenticator and does only what the group allows', async () => {
    const administrator = await registerUser('team-admin');
    const adminSession = await signInByApi(administrator);
    const admin = await openSignedIn(browser, adminSession, { viewport: viewports.desktop, language: 'en' });
    const page = admin.page;
    await page.goto('/team');
    await page.getByRole('heading', { name: 'Team & permissions', level: 1 }).waitFor();
    await page.getByText('Only you so far').waitFor();

    // The group: its name, and what its users may do.
    await page.getByRole('button', { name: 'New group' }).first().click();
    const groupDialog = page.getByRole('dialog', { name: 'New permission group' });
    await groupDialog.getByLabel('Name').fill('Payments preparers');
    await groupDialog.getByLabel('Description').fill('Prepare payouts; others approve them.');
    await groupDialog.getByRole('button', { name: 'Save group' }).click();
    await groupDialog.getByText('Choose at least one permission').waitFor();
    await groupDialog.getByRole('checkbox', { name: /View balances and history/ }).check();
    await groupDialog.getByRole('checkbox', { name: /Prepare payouts/ }).check();
    await screenshot(page, 'team-group-form-en-desktop');
    await groupDialog.getByRole('button', { name: 'Save group' }).click();
    await groupDialog.waitFor({ state: 'hidden' });

    // The invitation.
    const preparerEmail = newEmail('preparer');
    await page.getByRole('button', { name: 'Invite a user' }).first().click();
    const inviteDialog = page.getByRole('dialog', { name: 'Invite a user' });
    await inviteDialog.getByLabel('Username').fill('Pat Preparer');
    await inviteDialog.getByLabel('Email').fill(preparerEmail);
    expect(await inviteDialog.getByLabel('Permission group').inputValue()).toBe('Payments preparers');
    await inviteDialog.getByLabel('Description').fill('Prepares supplier payments');
    await inviteDialog.getByRole('button', { name: 'Send invitation' }).click();
    await inviteDialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('team-member').filter({ hasText: preparerEmail });
    await row.getByText('Invited', { exact: true }).waitFor();
    await row.getByText('Payments preparers').waitFor();
    await screenshot(page, 'team-members-en-desktop');
    await expectAccessible(page, 'team members');

    await page.getByRole('tab', { name: 'Permission view' }).click();
    const matrix = page.getByTestId('permission-matrix');
    await matrix.getByRole('columnheader', { name: 'Payments preparers' }).waitFor();
    const depositRow = matrix.getByRole('row', { name: /^Deposit/ });
    expect(await depositRow.getByText('Not allowed').count()).toBe(1);
    await admin.context.close();

    // The invitee accepts through the link, then signs in.
    const link = await invitationLink(preparerEmail);
    const invitee = await openPage(browser, { viewport: viewports.phone, language: 'en' });
    await invitee.page.goto(link);
    await invitee.page.getByText(/invites you as Pat Preparer/).waitFor();
    await invitee.page.locator('#invitation-password').fill(strongPassword);
    await invitee.page.locator('#invitation-confirm-password').fill(strongPassword);
    await invitee.page.getByRole('button', { name: 'Accept and set password' }).click();
    await invitee.page.getByText('Your password is set').waitFor();
    await screenshot(invitee.page, 'team-invitation-accepted-en-phone');
    // The link works once.
    await invitee.page.reload();
    await invitee.page.getByText('This invitation cannot be used').waitFor();

    await invitee.page.goto('/login');
    await invitee.page.locator('#login-email').fill(preparerEmail);
    await invitee.page.locator('#login-password').fill(strongPassword);
    const sentAfter = new Date();
    await invitee.page.getByRole('button', { name: 'Continue' }).click();
    await invitee.page.locator('#login-code').fill(await waitForEmailCode(preparerEmail, sentAfter));
    await invitee.page.getByRole('button', { name: 'Log in' }).click();

    // A sub-account pairs an authenticator before anything else.
    await invitee.page.waitForURL('**/user_info');
    await invitee.page.getByText('Set up your authenticator to continue').waitFor();
    const secret = (await invitee.page.getByTestId('authenticator-secret').innerText()).replace(/\s+/g, '');
    await invitee.page.locator('#authenticator-code').fill(await new Authenticator(secret).nextCode());
    await invitee.page.getByRole('button', { name: 'Turn on' }).click();
    await invitee.page.getByTestId('recovery-codes').waitFor();
    // Paired: the call to pair is gone while the recovery codes are shown.
    await invitee.page.getByText('Set up your authenticator to continue').waitFor({ state: 'detached' });
    await invitee.page.getByRole('button', { name: 'I have saved my codes' }).click();
    await invitee.page.waitForURL(/\/$/);
    // Home drawn (the address changes first): a drawer opened before is closed by the change of page.
    await invitee.page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();

    // Only what the group allows: the navigation, and the server.
    await invitee.page.getByRole('button', { name: 'Open navigation' }).click();
    const navigation = invitee.page.getByRole('dialog').getByRole('navigation');
    await navigation.getByRole('link', { name: 'Transactions' }).waitFor();
    await navigation.getByRole('link', { name: 'Transfer & payout' }).waitFor();
    for (const hidden of ['Digital asset deposit', 'Fiat deposit', 'Company KYC', 'Team & permissions', 'Cards'])
      expect(await navigation.getByRole('link', { name: hidden, exact: true }).count(), hidden).toBe(0);
    await screenshot(invitee.page, 'team-member-navigation-en-phone');

    const headers = await invitee.page.evaluate(() => ({
      token: sessionStorage.getItem('token') ?? '',
      userid: sessionStorage.getItem('userid') ?? '',
    }));
    const info = await call(getUserInfo, {}, headers);
    expect(info.data).toMatchObject({ permissions: ['view_balances', 'prepare_payouts'], role: 'staff_member' });
    const refused = await call(getDepositConfig, {}, headers);
    expect(refused.code).toBe(9403);

    // Opening a page outside the group says so.
    await invitee.page.goto('/team');
    await invitee.page.getByText('Not in your permissions').waitFor();
    await invitee.context.close();

    // The administrator's permission view in Japanese on a phone.
    const adminAgain = await signInByApi(administrator);
    const japanese = await openSignedIn(browser, adminAgain, { viewport: viewports.phone, language: 'jp' });
    await japanese.page.goto('/team?tab=matrix');
    await japanese.page.getByRole('heading', { name: 'チームと権限', level: 1 }).waitFor();
    await japanese.page
      .getByTestId('permission-matrix')
      .getByRole('columnheader', { name: 'Payments preparers' })
      .waitFor();
    await japanese.page.getByRole('tab', { name: 'ユーザー' }).click();
    await japanese.page.getByTestId('team-member-card').filter({ hasText: preparerEmail }).getByText('有効').waitFor();
    expect(await japanese.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await screenshot(japanese.page, 'team-members-ja-phone');
    await japanese.context.close();
  }, 120_000);
});
