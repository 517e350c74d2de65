/**
 * Each holder acts on their own card: a member of the approved demo company whose permission group
 * holds card use alone, and whose email is the cardholder's of Mei Lin's card, sees that card and no
 * other; another card's URL shows nothing of it and the server answers it as not found; what only the
 * company does (top-up, applications, renewals) is not offered. The administrator then gives the
 * member a company role on the team page, in Japanese on a phone.
 */

import { type CardholderKycSummary, listCardholderKyc } from '@bank/contract/card-applications';
import { getCard, listCards } from '@bank/contract/card-management';
import type { Card } from '@bank/contract/cards';
import {
  acceptTeamInvitation,
  inviteTeamMember,
  listPermissionGroups,
  type PermissionGroup,
} from '@bank/contract/team';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  callOk,
  expectAccessible,
  openSignedIn,
  pairStaffByApi,
  sessionHeaders,
  signInByApi,
  strongPassword,
} from './support/accounts.ts';
import { launchBrowser, screenshot, viewports } from './support/browser.ts';
import { readMailbox } from './support/server.ts';

const approvedClient = { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function invitationToken(email: string): Promise<string> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const token = (await readMailbox(email))
      .map((message) => /\/team_invitation\?token=([\w-]+)/.exec(message.text)?.[1])
      .find((value) => value !== undefined);
    if (token) return token;
    await new Promise((wake) => setTimeout(wake, 500));
  }
  throw new Error(`no invitation reached ${email}`);
}

describe('card holders', () => {
  it('shows a holder their own card only, and the administrator sets the member’s company role', async () => {
    const adminSession = await signInByApi(approvedClient);
    const admin = sessionHeaders(adminSession);
    const cards = (await callOk(listCards, { page_size: 100 }, admin)).items as Card[];
    const meiLin = cards.find((card) => card.cardholder_name === 'Mei Lin');
    const other = cards.find((card) => card.cardholder_name !== 'Mei Lin');
    if (!meiLin || !other) throw new Error('the demo company has Mei Lin’s card and another');
    const holderEmail = (
      (await callOk(listCardholderKyc, { page_size: 100 }, admin)).items as CardholderKycSummary[]
    ).find((cardholder) => cardholder.name === 'Mei Lin')?.email;
    if (!holderEmail) throw new Error('Mei Lin is a cardholder of the demo company');

    // Mei Lin joins the team in the group that holds card use only.
    const groups = (await callOk(listPermissionGroups, {}, admin)).items as PermissionGroup[];
    const cardholders = groups.find((group) => group.name === 'Cardholders');
    if (!cardholders) throw new Error('the demo company has its "Cardholders" group');
    await callOk(
      inviteTeamMember,
      { username: 'Mei Lin', email: holderEmail, group_id: cardholders.group_id },
      { ...admin, 'idempotency-key': crypto.randomUUID() },
    );
    const token = await invitationToken(holderEmail);
    await callOk(acceptTeamInvitation, { token, new_password: strongPassword, confirm_password: strongPassword });
    const authenticator = await pairStaffByApi({ email: holderEmail, password: strongPassword });
    const holderSession = await signInByApi({ email: holderEmail, password: strongPassword }, authenticator);
    const holder = sessionHeaders(holderSession);

    // The server: the holder's card, and no other.
    const seen = ((await callOk(listCards, { page_size: 100 }, holder)).items as Card[]).map((card) => card.id);
    expect(seen).toContain(meiLin.id);
    expect(seen).not.toContain(other.id);
    expect((await call(getCard, { card_id: other.id }, holder)).code).toBe(9404);

    // The browser: the cards page lists Mei Lin's card only; another card's address opens nothing.
    const { page, context } = await openSignedIn(browser, holderSession, {
      viewport: viewports.desktop,
      language: 'en',
    });
    await page.goto('/cards');
    await page.getByRole('heading', { name: 'Cards', level: 1 }).waitFor();
    await page.getByText(`•••• ${meiLin.last4}`).first().waitFor();
    expect(await page.getByText(`•••• ${other.last4}`).count()).toBe(0);
    await page.goto(`/cards?card=${other.id}`);
    await page.getByText(`•••• ${meiLin.last4}`).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(`•••• ${other.last4}`).count()).toBe(0);
    expect(await page.getByText(other.cardholder_name).count()).toBe(0);
    // Company-only pages say so in place of the page; the navigation does not offer them.
    await page.goto('/renew');
    await page
      .getByText(/permission/i)
      .first()
      .waitFor();
    await screenshot(page, 'card-holder-own-card-en-desktop');
    await expectAccessible(page, 'a holder’s renewals page');
    await context.close();

    // The administrator gives Mei Lin a company role, in Japanese on a phone.
    const adminPage = await openSignedIn(browser, adminSession, { viewport: viewports.phone, language: 'jp' });
    await adminPage.page.goto('/team');
    const card = adminPage.page.getByTestId('team-member-card').filter({ hasText: holderEmail });
    await card.getByRole('button').first().click();
    await adminPage.page.getByRole('menuitem', { name: '編集' }).click();
    const dialog = adminPage.page.getByRole('dialog');
    await dialog.getByLabel('社内での役職').click();
    await adminPage.page.getByRole('option', { name: '取締役' }).click();
    await dialog.getByRole('button', { name: /保存/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText('取締役').waitFor();
    await screenshot(adminPage.page, 'team-company-role-jp-phone');
    await adminPage.context.close();
  });
});
