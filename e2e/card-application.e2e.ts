/**
 * Card applications, through the screens as the demo company's administrator
 * and the bank's card review desk use them:
 * (a) the administrator applies for a director's card in six steps: the username checked free at
 *     the processor, the cardholder's email proven by its code, the ID and the proof of address
 *     uploaded, the fees read on the review, submitted; the application reads pending;
 * (b) staff approve it in the back office, and reject a second one with a reason, which the client
 *     then reads; the approved cardholder shows in kycManage with its KYC under review;
 * (c) Japanese on kycManage, and the application form on a phone (375 px) without sideways scroll;
 * (d) an application left half-way is a draft on the server: leaving with changes not yet saved asks
 *     first, the page opens again (in Japanese) on the draft at its step with the ID uploaded and
 *     the ID's dates still empty (never filled in for the user), and "Start over" blanks it.
 * Pages are checked for accessibility.
 */
import { randomUUID } from 'node:crypto';
import {
  authorizeCardDocument,
  completeCardDocument,
  sendCardholderCode,
  submitCardApplication,
  verifyCardholderCode,
} from '@bank/contract/card-applications';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiSession,
  type Authenticator,
  callOk,
  expectAccessible,
  openSignedIn,
  pairStaffByApi,
  sessionHeaders,
  signInByApi,
  waitOrCapture,
} from './support/accounts.ts';
import { baseUrl, captureScreen, launchBrowser, screenshot, viewports } from './support/browser.ts';
import { pdfFile } from './support/documents.ts';
import { waitForEmailCode } from './support/server.ts';

/** Seeded: the approved demo company's administrator (its USDT pays the card cost). */
const client = { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026' };
/** Seeded for this journey alone: the card review desk (a compliance officer), paired once for the file. */
const reviewDesk = { email: 'cardreview@bank.localhost', password: 'Staff-CardReview#2026' } as const;

let browser: Browser;
let deskAuthenticator: Authenticator;
let clientSession: ApiSession;

beforeAll(async () => {
  browser = await launchBrowser();
  deskAuthenticator = await pairStaffByApi(reviewDesk);
  clientSession = await signInByApi(client);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const suffix = () => randomUUID().slice(0, 8);
const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
/** As the page shows dates in English: DD/MM/YYYY. */
const shownDate = (iso: string) => iso.split('-').reverse().join('/');

async function choose(page: Page, selector: string, option: string | RegExp, search?: string): Promise<void> {
  const input = page.locator(selector);
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

async function typeDate(page: Page, selector: string, date: string): Promise<void> {
  await page.locator(selector).fill(date);
  await page.locator(selector).press('Escape');
  await expect.poll(() => page.locator('.mantine-Popover-dropdown:visible').count()).toBe(0);
}

async function next(page: Page, heading: string): Promise<void> {
  await page.getByTestId('next-step').click();
  await waitOrCapture(page.getByRole('heading', { name: heading, level: 2 }), `card-application-${heading}`);
}

async function expectWithinWidth(page: Page, name: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > viewports.phone.width) await captureScreen(page, `failed-width-${name}`);
  expect(width, name).toBeLessThanOrEqual(viewports.phone.width);
}

/** An application made through the API (the one staff reject): code proof, documents, submission. */
async function applyByApi(session: ApiSession, firstName: string): Promise<void> {
  const headers = sessionHeaders(session);
  const email = `card-${suffix()}@example.com`;
  const sentAfter = new Date();
  await callOk(sendCardholderCode, { email }, headers);
  const code = await waitForEmailCode(email, sentAfter);
  const proof = await callOk(verifyCardholderCode, { email, code }, headers);
  const upload = async (purpose: 'cardholder_id' | 'proof_of_address') => {
    const file = pdfFile(`${purpose}.pdf`);
    const ticket = (await callOk(
      authorizeCardDocument,
      { purpose, file_name: file.name, content_type: file.mimeType, size_bytes: file.buffer.length },
      headers,
    )) as { upload_id: string; upload_url: string; headers: Record<string, string> };
    const put = await fetch(new URL(ticket.upload_url, baseUrl), {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', ...ticket.headers },
      body: new Uint8Array(file.buffer),
    });
    expect(put.status).toBe(200);
    return String((await callOk(completeCardDocument, { upload_id: ticket.upload_id }, headers)).document_id);
  };
  await callOk(
    submitCardApplication,
    {
      title: 'mr',
      first_name: firstName,
      last_name: 'Partner',
      gender: 'male',
      date_of_birth: '1979-09-30',
      username: `partner_${suffix()}`,
      email,
      email_proof: String(proof.email_proof),
      phone_country: 'GB',
      phone: '020 7946 0958',
      applicant_type: 'partner',
      residence_address: { line1: '10 Downing Street', city: 'London', country: 'GB', postal_code: 'SW1A 2AA' },
      mailing_same_as_residence: true,
      id_type: 'passport',
      id_number: 'GB5551234',
      id_issuing_country: 'GB',
      id_language: 'en',
      id_front_document_id: await upload('cardholder_id'),
      proof_of_address_type: 'bank_statement',
      proof_of_address_issuer: 'Barclays',
      proof_of_address_language: 'en',
      proof_of_address_issue_date: isoDaysAgo(15),
      proof_of_address_front_document_id: await upload('proof_of_address'),
      documents_in_english: true,
      level: 'premier',
      network: 'mastercard',
      name_on_card: `${firstName} Partner`,
      funding_asset: 'USDT',
      accept_terms: true,
      declare_source_of_funds: true,
    },
    { ...headers, 'idempotency-key': randomUUID() },
  );
}

/** Opens an application in the back office's queue by the applicant's name, and decides it. */
async function decideInBackOffice(
  page: Page,
  name: string,
  decision: 'approve' | 'reject',
  reason = '',
): Promise<void> {
  await page.goto('/admin/card_applications');
  await page.getByRole('button', { name: new RegExp(`Open the application of ${name}`) }).click();
  const drawer = page.getByRole('dialog', { name: 'Card application' });
  await drawer.getByText('Documents').first().waitFor();
  if (decision === 'approve') {
    await drawer.getByRole('button', { name: 'Approve', exact: true }).click();
    await drawer.getByRole('button', { name: 'Approve and order the card' }).click();
    await page.getByText('Application approved: the card is ordered.').waitFor();
  } else {
    await drawer.getByRole('button', { name: 'Reject', exact: true }).click();
    await drawer.getByLabel(/^Reason/).fill(reason);
    await drawer.getByRole('button', { name: 'Reject application' }).click();
    await page.getByText('Application rejected.').waitFor();
  }
}

describe('card application journeys', () => {
  it('applies for a director’s card, staff approve it and reject another with a reason the client reads', async () => {
    const firstName = `Ren${suffix().replace(/\d/g, '').slice(0, 4) || 'ji'}`;
    const username = `ren_${suffix()}`;
    const cardholderEmail = `ren-${suffix()}@example.com`;
    const { context, page } = await openSignedIn(browser, clientSession, {
      viewport: viewports.desktop,
      language: 'en',
    });

    // (a) Step 1: the cardholder
    await page.goto('/kyc_apply_card_input');
    await page.getByRole('heading', { name: 'Apply for a card', level: 1 }).waitFor();
    await expectAccessible(page, 'card application, cardholder step');
    // Continuing with nothing filled shows the rules on their fields.
    await page.getByTestId('next-step').click();
    await waitOrCapture(page.getByText('Please fill in this field').first(), 'card-application-empty-step');
    await choose(page, '#apply-title', 'Mr');
    await page.locator('#apply-first-name').fill(firstName);
    await page.locator('#apply-last-name').fill('Okada');
    await choose(page, '#apply-gender', 'Male');
    await typeDate(page, '#apply-birth', '14/03/1982');
    await page.locator('#apply-username').fill(username);
    await page.getByTestId('check-username').click();
    await page.getByText('This username is free.').waitFor();
    await page.locator('#apply-email').fill(cardholderEmail);
    const sentAfter = new Date();
    await page.getByTestId('send-email-code').click();
    const code = await waitForEmailCode(cardholderEmail, sentAfter);
    await page.locator('#apply-email-code').fill(code);
    await page.getByTestId('verify-email-code').click();
    await page.getByText('Email confirmed.').waitFor();
    await choose(page, '#apply-mobile-country', /Japan/, 'Japan');
    await page.locator('#apply-mobile-number').fill('090-1234-5678');
    await next(page, 'Residence address');

    // Step 2: the address (the card goes to it)
    await page.locator('#apply-residence-line1').fill('1-1 Marunouchi');
    await page.locator('#apply-residence-city').fill('Tokyo');
    await choose(page, '#apply-residence-country', /Japan/, 'Japan');
    await next(page, 'Identity document');

    // Step 3: the ID; its dates left out read as SPEC.md's defaults
    await page.getByText('Not on the document: 14/03/2000 is used').waitFor();
    await page.locator('#apply-id-number').fill('TR1234567');
    await choose(page, '#apply-id-country', /Japan/, 'Japan');
    await page.locator('input[type="file"]').first().setInputFiles(pdfFile('passport.pdf'));
    await page.getByRole('button', { name: 'Preview passport.pdf' }).waitFor();
    await next(page, 'Proof of address');

    // Step 4: the proof of address, dated within 90 days
    await choose(page, '#apply-proof-type', 'Utility bill');
    await page.locator('#apply-proof-issuer').fill('Tokyo Electric');
    await typeDate(page, '#apply-proof-date', shownDate(isoDaysAgo(120)));
    await page.locator('input[type="file"]').first().setInputFiles(pdfFile('electricity-bill.pdf'));
    await page.getByRole('button', { name: 'Preview electricity-bill.pdf' }).waitFor();
    await page.getByLabel(/The documents are in English/).check();
    await page.getByTestId('next-step').click();
    await page.getByText('The proof of address must be dated within the last 90 days').waitFor();
    await typeDate(page, '#apply-proof-date', shownDate(isoDaysAgo(10)));
    await next(page, 'Card');

    // Step 5: the card and the declarations
    await page.locator('#apply-name-on-card').fill(`${firstName} Okada`);
    await page.getByLabel('I accept the card terms and conditions').check();
    await page.getByLabel(/I declare that the funds/).check();
    await next(page, 'Review');

    // Step 6: the review with the fees; going back keeps every answer
    const fees = page.getByTestId('application-fees');
    await fees.getByText('Card cost, charged now').waitFor();
    await fees.getByText(/Available USDT/).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await page.locator('#apply-name-on-card').inputValue()).toBe(`${firstName} Okada`);
    await next(page, 'Review');
    await expectAccessible(page, 'card application, review step');
    await waitOrCapture(page.getByTestId('submit-application'), 'card-application-submit');
    await page.getByTestId('submit-application').click();
    await page.waitForURL('**/kycManage');
    const mine = page.getByTestId('card-application').filter({ hasText: `${firstName} Okada` });
    await mine.getByText('Pending').waitFor();
    await expectAccessible(page, 'kycManage, applications');

    // A second application, made through the API, for staff to reject.
    const rejectedName = `Sol${suffix().replace(/\d/g, '').slice(0, 3) || 'ar'}`;
    await applyByApi(clientSession, rejectedName);

    // (b) Staff approve the first and reject the second with a reason.
    const desk = await openSignedIn(browser, await signInByApi(reviewDesk, deskAuthenticator), {
      viewport: viewports.desktop,
      language: 'en',
    });
    await desk.page.goto('/admin/card_applications');
    await desk.page.getByRole('heading', { name: 'Card applications', level: 1 }).waitFor();
    await expectAccessible(desk.page, 'back office, card applications');
    await decideInBackOffice(desk.page, `${firstName} Okada`, 'approve');
    const reason = 'The passport copy is cut off at the edge. Please send a complete scan.';
    await decideInBackOffice(desk.page, `${rejectedName} Partner`, 'reject', reason);
    await desk.context.close();

    // The client reads the reason, and finds the approved cardholder with its KYC under review.
    await page.reload();
    await page
      .getByTestId('card-application')
      .filter({ hasText: `${rejectedName} Partner` })
      .getByTestId('rejection-reason')
      .filter({ hasText: reason })
      .waitFor();
    await page.getByRole('tab', { name: 'Cardholders’ KYC' }).click();
    const holder = page.getByTestId('cardholder').filter({ hasText: `${firstName} Okada` });
    await holder.getByText('Under review').first().waitFor();
    await expectAccessible(page, 'kycManage, cardholders');
    await holder.click();
    await page.getByRole('dialog', { name: 'Cardholder KYC' }).getByText('Member ID at the processor').waitFor();
    await context.close();
  }, 240_000);

  it('keeps a draft on the server: asks before leaving, resumes at its step in Japanese, never fills a date', async () => {
    const firstName = `Kai${suffix().replace(/\d/g, '').slice(0, 4) || 'to'}`;
    const { context, page } = await openSignedIn(browser, clientSession, {
      viewport: viewports.desktop,
      language: 'en',
    });
    await page.goto('/kyc_apply_card_input');
    await page.getByRole('heading', { name: 'Apply for a card', level: 1 }).waitFor();
    await page.locator('#apply-first-name').waitFor();
    // A first attempt of this journey may have left its draft: start from a blank form.
    if ((await page.getByTestId('draft-resumed').count()) > 0) {
      await page.getByRole('button', { name: 'Start over' }).click();
      await expect.poll(() => page.getByTestId('draft-resumed').count()).toBe(0);
    }
    await choose(page, '#apply-title', 'Ms');
    await page.locator('#apply-first-name').fill(firstName);
    await page.locator('#apply-last-name').fill('Draft');
    await page.getByTestId('draft-status').getByText('Draft saved').waitFor();

    // A change not yet saved: leaving asks first; staying keeps the page.
    await page.locator('#apply-last-name').fill('Drafted');
    await page.locator('a[href="/cards"]').first().click();
    const leave = page.getByRole('dialog', { name: 'Leave the application?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe('/kyc_apply_card_input');

    // The first step done, the address, then the ID: uploaded, its dates left out.
    await choose(page, '#apply-gender', 'Female');
    await typeDate(page, '#apply-birth', '02/07/1990');
    const username = `kai_${suffix()}`;
    await page.locator('#apply-username').fill(username);
    await page.getByTestId('check-username').click();
    await page.getByText('This username is free.').waitFor();
    const cardholderEmail = `kai-${suffix()}@example.com`;
    await page.locator('#apply-email').fill(cardholderEmail);
    const sentAfter = new Date();
    await page.getByTestId('send-email-code').click();
    const code = await waitForEmailCode(cardholderEmail, sentAfter);
    await page.locator('#apply-email-code').fill(code);
    await page.getByTestId('verify-email-code').click();
    await page.getByText('Email confirmed.').waitFor();
    await choose(page, '#apply-mobile-country', /Japan/, 'Japan');
    await page.locator('#apply-mobile-number').fill('090-1234-5678');
    await next(page, 'Residence address');
    await page.locator('#apply-residence-line1').fill('2-2 Otemachi');
    await page.locator('#apply-residence-city').fill('Tokyo');
    await choose(page, '#apply-residence-country', /Japan/, 'Japan');
    await next(page, 'Identity document');
    expect(await page.locator('#apply-id-issue').inputValue()).toBe('');
    expect(await page.locator('#apply-id-expiry').inputValue()).toBe('');
    await page.getByText('Not on the document: 02/07/2008 is used').waitFor();
    await page.locator('input[type="file"]').first().setInputFiles(pdfFile('draft-passport.pdf'));
    await page.getByRole('button', { name: 'Preview draft-passport.pdf' }).waitFor();
    await screenshot(page, 'card-application-draft-desktop-en');
    // Typed and left at once: the last answer is saved on the way out.
    await page.locator('#apply-id-number').fill('TK7654321');
    await page.locator('a[href="/cards"]').first().click();
    await expect.poll(async () => new URL(page.url()).pathname === '/cards' || (await leave.isVisible())).toBe(true);
    if (await leave.isVisible()) await leave.getByRole('button', { name: 'Save and leave' }).click();
    await page.waitForURL('**/cards');
    await context.close();

    // Later, in Japanese: the draft where it was left.
    const japanese = await openSignedIn(browser, clientSession, { viewport: viewports.desktop, language: 'jp' });
    await japanese.page.goto('/kyc_apply_card_input');
    const resumed = japanese.page.getByTestId('draft-resumed');
    await resumed.getByText('下書きを復元しました').waitFor();
    expect(await japanese.page.locator('#apply-id-number').inputValue()).toBe('TK7654321');
    await japanese.page
      .getByRole('button', { name: /draft-passport\.pdf/ })
      .first()
      .waitFor();
    expect(await japanese.page.locator('#apply-id-issue').inputValue()).toBe('');
    expect(await japanese.page.locator('#apply-id-expiry').inputValue()).toBe('');
    await japanese.page.getByText('書類に記載なし：2008/07/02 を使用します').waitFor();
    await screenshot(japanese.page, 'card-application-resumed-desktop-jp');
    await expectAccessible(japanese.page, 'card application resumed');
    await japanese.page.getByRole('button', { name: '戻る' }).click();
    await japanese.page.getByRole('button', { name: '戻る' }).click();
    expect(await japanese.page.locator('#apply-last-name').inputValue()).toBe('Drafted');
    expect(await japanese.page.locator('#apply-username').inputValue()).toBe(username);

    // Start over: a blank form at the first step, and nothing kept.
    await resumed.getByRole('button', { name: '最初からやり直す' }).click();
    await expect.poll(() => japanese.page.locator('#apply-first-name').inputValue()).toBe('');
    await japanese.page.reload();
    await japanese.page.locator('#apply-first-name').waitFor();
    expect(await japanese.page.getByTestId('draft-resumed').count()).toBe(0);
    await japanese.context.close();
  }, 240_000);

  it('speaks Japanese on kycManage and fits the application form on a phone', async () => {
    const japanese = await openSignedIn(browser, clientSession, { viewport: viewports.desktop, language: 'jp' });
    await japanese.page.goto('/kycManage');
    await japanese.page.getByRole('heading', { name: 'カード申請', level: 1, exact: true }).waitFor();
    await japanese.page.getByRole('tab', { name: 'カード会員の KYC' }).waitFor();
    await japanese.page.getByRole('link', { name: 'カードを申し込む' }).first().waitFor();
    await japanese.context.close();

    const phone = await openSignedIn(browser, clientSession, { viewport: viewports.phone, language: 'en' });
    await phone.page.goto('/kyc_apply_card_input');
    await phone.page.getByText('Step 1 of 6: Cardholder').waitFor();
    await expectWithinWidth(phone.page, 'card application on a phone');
    await screenshot(phone.page, 'card-application-phone');
    await phone.context.close();
  }, 120_000);
});
