/**
 * API keys (issue 33): a company administrator creates a read-only key on the team page (the server
 * asks for a fresh second factor: the step-up dialog), copies the key shown once, and the typed
 * client generated from the OpenAPI document reads the company's balances with it; the page shows
 * the key's last use; the administrator revokes it and the client is refused at once.
 */
import { errorCatalogue } from '@bank/contract/errors';
import createClient from 'openapi-fetch';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../apps/server/src/modules/team/api-keys/integrator-api.generated.ts';
import { expectAccessible, openSignedIn, registerUser, signInByApi } from './support/accounts.ts';
import { baseUrl, launchBrowser, screenshot, viewports } from './support/browser.ts';
import { advanceServerClock, waitForEmailCode } from './support/server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('API keys', () => {
  it('creates a key with the step-up, uses it from the generated client, and revokes it', async () => {
    const administrator = await registerUser('keys-admin');
    const session = await signInByApi(administrator);
    const { context, page } = await openSignedIn(browser, session, { viewport: viewports.desktop, language: 'en' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    // The sign-in's second factor is over five minutes old: creating a key asks again.
    await advanceServerClock(301);
    // The key form, with its date field, loads with the API keys' tab, not with /team.
    const dateFieldStyles = page.locator('link[rel="stylesheet"][href*="date-field"]');
    await page.goto('/team');
    await page.getByRole('tab', { name: 'Users' }).waitFor();
    expect(await dateFieldStyles.count()).toBe(0);
    await page.getByRole('tab', { name: 'API keys' }).click();
    await page.getByText('No API keys yet.').waitFor();
    await expectAccessible(page, 'api-keys-empty');

    await page.getByRole('button', { name: 'Create API key' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByLabel('Name').waitFor();
    expect(await dateFieldStyles.count()).toBe(1);
    await dialog.getByLabel('Name').fill('Ledger sync');
    await dialog.getByRole('radio', { name: /Read and write/ }).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('A key that can write needs at least one allowed IP range').waitFor();
    await dialog.getByRole('radio', { name: /Read only/ }).check();
    await screenshot(page, 'api-key-form-en-desktop');
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await stepUp.locator('#step-up-password').fill(administrator.password);
    const sentAfter = new Date();
    await stepUp.getByRole('button', { name: 'Send code' }).click();
    await stepUp.locator('#step-up-code').fill(await waitForEmailCode(administrator.email, sentAfter));
    await stepUp.getByRole('button', { name: 'Confirm' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy your new key' });
    const secret = (await shown.getByTestId('api-key-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^bk_[\w-]{12}_[\w-]{43}$/);
    await shown.getByRole('button', { name: 'Copy key' }).click();
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(secret);
    await screenshot(page, 'api-key-shown-en-desktop');
    await shown.getByRole('button', { name: 'I have stored the key' }).click();
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Ledger sync' });
    await row.getByText('Never').first().waitFor();
    expect(await page.content()).not.toContain(secret.slice(-43));

    // The integrator's side: the client generated from /api/openapi.json, with the copied key.
    const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${copied}` } });
    const home = await client.POST('/api/v1/dashboard/home', { body: {} });
    expect(home.data?.code).toBe(200);
    expect(home.data?.data.balances.map((line) => line.asset)).toContain('USDC');

    await page.reload();
    await row.getByText('127.0.0.1').waitFor();
    await expectAccessible(page, 'api-keys-list');

    await row.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Ledger sync?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked', { exact: true }).waitFor();
    const refused = await client.POST('/api/v1/dashboard/home', { body: {} });
    expect(refused.data?.code).toBe(errorCatalogue.session_invalid.code);
    await context.close();
  }, 180_000);
});
