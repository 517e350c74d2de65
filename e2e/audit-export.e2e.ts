/**
 * The audit trail, exportable: a company's administrator reads the company's audit log, filters it
 * to one category and downloads it as CSV (what the file holds is checked), on a desktop in English
 * and on a phone in Chinese and Japanese; a member of the bank's staff chooses a company in the back
 * office's audit log and downloads its log.
 */
import { readFile } from 'node:fs/promises';
import { addPermissionGroup, listTeamMembers } from '@bank/contract/team';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callOk,
  complianceAccount,
  expectAccessible,
  openSignedIn,
  pairStaffByApi,
  registerUser,
  sessionHeaders,
  signInByApi,
} from './support/accounts.ts';
import {
  askedBeforeFirstDrawing,
  launchBrowser,
  recordFirstDrawing,
  screenshot,
  viewports,
} from './support/browser.ts';
import { serverNow } from './support/server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the download dialog, picks CSV and answers the file's text. */
async function downloadCsv(page: Page, dialogName: string): Promise<{ name: string; text: string }> {
  await page.getByRole('button', { name: 'Download' }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('radio', { name: /CSV/ }).check();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const file = await downloading;
  return { name: file.suggestedFilename(), text: await readFile((await file.path()) ?? '', 'utf8') };
}

describe('audit export', () => {
  it('asks for the filter’s people with the page’s code, not once the log is drawn', async () => {
    const { page, context } = await openSignedIn(browser, await signInByApi(await registerUser('audit-first')));
    await recordFirstDrawing(page);
    await page.goto('/audit_log');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    // Asked by the page once drawn, its answer drew the whole log a second time.
    expect(await askedBeforeFirstDrawing(page, listTeamMembers.path)).toBe(true);
    await context.close();
  });

  it("the administrator filters the company's audit log and downloads it as CSV", async () => {
    const administrator = await registerUser('audit-admin');
    const session = await signInByApi(administrator);
    await callOk(
      addPermissionGroup,
      { name: 'Payee keepers', description: '', permissions: ['manage_payees'] },
      { ...sessionHeaders(session), 'idempotency-key': crypto.randomUUID() },
    );

    const admin = await openSignedIn(browser, session, { viewport: viewports.desktop, language: 'en' });
    const page = admin.page;
    // The download's period ends today by the server's clock, which other journeys move ahead.
    await page.clock.install({ time: await serverNow() });
    await page.goto('/audit_log');
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const rows = page.getByTestId('audit-row');
    await rows.filter({ hasText: 'Permission group created' }).waitFor();
    await rows.filter({ hasText: 'Signed in' }).first().waitFor();
    expect(await page.getByText('team.group_created').count()).toBe(0);

    await choose(page, 'Category', 'Team');
    await page.waitForURL(/category=team/);
    await expect.poll(() => rows.count()).toBe(1);
    await rows.filter({ hasText: 'Permission group created' }).filter({ hasText: administrator.email }).waitFor();
    await screenshot(page, 'audit-log-en-desktop');
    await expectAccessible(page, 'audit-log');

    const csv = await downloadCsv(page, 'Download');
    expect(csv.name).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.text).toContain('Permission group created');
    expect(csv.text).toContain(administrator.email);
    expect(csv.text).not.toContain('Signed in');
    await page.getByText('Audit log downloaded.').waitFor();

    // The download is in the log itself.
    await choose(page, 'Category', 'Other');
    await rows.filter({ hasText: 'Audit log downloaded' }).waitFor();
    await admin.context.close();

    for (const language of ['ch', 'jp'] as const) {
      const phone = await openSignedIn(browser, session, { viewport: viewports.phone, language });
      await phone.page.goto('/audit_log?category=team');
      await phone.page.getByTestId('audit-card').first().waitFor();
      await screenshot(phone.page, `audit-log-${language}-phone`);
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewports.phone.width);
      await phone.context.close();
    }
  }, 180_000);

  it("a member of the bank's staff downloads a company's audit log", async () => {
    const authenticator = await pairStaffByApi(complianceAccount);
    const session = await signInByApi(complianceAccount, authenticator);
    const desk = await openSignedIn(browser, session, {
      viewport: viewports.desktop,
      language: 'en',
      timezoneId: 'Asia/Tokyo',
    });
    const page = desk.page;
    await page.clock.install({ time: await serverNow() });
    await page.goto('/admin/audit');
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.getByTestId('audit-row').first().waitFor();
    expect(await page.getByRole('button', { name: 'Download' }).isDisabled()).toBe(true);

    await page.getByRole('combobox', { name: 'Company', exact: true }).fill('Demo Trad');
    await page.getByRole('option', { name: 'Demo Trading Ltd' }).click();
    await page.waitForURL(/company=/);
    await page.getByTestId('audit-row').first().waitFor();
    await screenshot(page, 'audit-log-staff-en-desktop');

    const csv = await downloadCsv(page, 'Download');
    expect(csv.text).toContain('Demo Trading Ltd');
    // Times in the reader's zone, whose days the period is.
    expect(csv.text).toContain('Time (Asia/Tokyo)');
    await desk.context.close();
  }, 120_000);
});
