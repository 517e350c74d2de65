/**
 * Browser journeys of company KYC: a new company fills the four sections (declarations and
 * a signature drawn with the mouse, every company field with a PDF company profile, a shareholder
 * and an officer, an authorised person with a drawn specimen signature and a PNG authorisation form)
 * and submits; a compliance officer finds it in the back office, rejects it with a reason; the
 * client reads the reason, corrects a section and submits again; the officer approves and the
 * client's gated pages open. Also: a draft kept across a reload and a new sign-in, an HTML file
 * named .png refused, "Continue on your phone" with its one-time link, the screens in Chinese and
 * Japanese and on a phone, accessibility checks, and screenshots of every KYC screen.
 *
 * Each journey registers its own company. The compliance officer (seeded) is paired with an
 * authenticator through the API once for the file and signs in once.
 */
import { authorizeUpload, completeUpload, createPhoneUploadLink, phoneUploadInfo } from '@bank/contract/documents';
import { errorCatalogue } from '@bank/contract/errors';
import {
  getKycReview,
  listKycReviews,
  saveCompany,
  saveCorporate,
  saveOwnership,
  saveTrading,
  submitKyc,
} from '@bank/contract/kyc';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiSession,
  call,
  callOk,
  complianceAccount,
  expectAccessible,
  type NewUser,
  openSignedIn,
  pairStaffByApi,
  registerUser,
  sessionHeaders,
  signInByApi,
  waitOrCapture,
} from './support/accounts.ts';
import { baseUrl, launchBrowser, openPage, screenshot, viewports } from './support/browser.ts';
import { htmlNamedPng, pdfFile, pngFile } from './support/documents.ts';
import { readMailbox } from './support/server.ts';

let browser: Browser;
let officerSession: Promise<ApiSession> | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The seeded compliance officer, paired and signed in once for the whole file. */
function officer(): Promise<ApiSession> {
  officerSession ??= pairStaffByApi(complianceAccount).then((authenticator) =>
    signInByApi(complianceAccount, authenticator),
  );
  return officerSession;
}

type Client = { user: NewUser; session: ApiSession };

async function newClient(label: string): Promise<Client> {
  const user = await registerUser(label);
  return { user, session: await signInByApi(user) };
}

function uniqueCompanyName(label: string): string {
  return `${label} ${Date.now().toString(36).toUpperCase()} Ltd`;
}

// ---------------------------------------------------------------------------------------------
// The page, as a user works it.

/** Draws a signature-like stroke across a canvas with the mouse: down, a curve of moves, up. */
async function drawSignature(page: Page, canvas: Locator): Promise<void> {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature canvas is not visible');
  const left = box.x + box.width * 0.15;
  const width = box.width * 0.7;
  const middle = box.y + box.height / 2;
  await page.mouse.move(left, middle);
  await page.mouse.down();
  for (let step = 1; step <= 24; step += 1) {
    const x = left + (width * step) / 24;
    const y = middle + Math.sin(step / 2.5) * box.height * 0.25;
    await page.mouse.move(x, y, { steps: 2 });
  }
  await page.mouse.up();
}

/** Picks an option of a Mantine Select or MultiSelect: types to search (if given), clicks the option. */
async function choose(page: Page, input: Locator, option: string | RegExp, search?: string): Promise<void> {
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** Picks several options of a MultiSelect, then closes its list. */
async function chooseMany(page: Page, input: Locator, options: readonly [search: string, option: RegExp][]) {
  for (const [search, option] of options) await choose(page, input, option, search);
  await input.press('Escape');
}

async function uploadTo(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles(file);
}

/** A document's row in the step's list, once uploaded. */
function documentRow(page: Page, fileName: string): Locator {
  return page.getByRole('listitem').filter({ hasText: fileName });
}

function sectionCard(page: Page, section: 'corporate' | 'company' | 'shareholder' | 'trading'): Locator {
  return page.locator(`section[aria-labelledby="kyc-section-${section}"]`);
}

/** Types a date as the page shows dates in English (DD/MM/YYYY); the calendar closes before going on. */
async function typeDate(page: Page, label: RegExp, date: string): Promise<void> {
  await page.getByLabel(label).fill(date);
  await page.getByLabel(label).press('Escape');
  await expect.poll(() => page.locator('.mantine-Popover-dropdown:visible').count()).toBe(0);
}

/** Step one: every declaration, the director, the signature drawn with the mouse. */
async function fillDeclaration(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Corporate declaration', level: 1 }).waitFor();
  await page.getByLabel('I confirm all of the above').check();
  for (const checkbox of await page.getByRole('checkbox').all()) expect(await checkbox.isChecked()).toBe(true);
  await page.getByLabel(/^Director.s full name/).fill('Amelia Tan');
  await page.getByLabel(/^Designation/).fill('Managing Director');
  // Typed as the page shows dates in English (DD/MM/YYYY).
  await typeDate(page, /^Date/, '15/01/2026');
  await drawSignature(page, page.getByRole('img', { name: /draw your signature here/ }));
  await page.getByText('New signature ready: it is stored when you save.').waitFor();
}

/** Step two: every required company field, countries and bands chosen from their lists, the profile uploaded. */
async function fillCompany(page: Page, companyName: string, profile: ReturnType<typeof pdfFile>): Promise<void> {
  await page.getByRole('heading', { name: 'Company information', level: 1 }).waitFor();
  await page.getByLabel(/^Company name/).fill(companyName);
  await page.getByLabel(/^Registration number/).fill('SG-201912345K');
  await choose(page, page.getByRole('combobox', { name: /^Country of registration/ }), /^Singapore$/, 'Singap');
  await typeDate(page, /^Date of registration/, '02/04/2019');
  await choose(page, page.getByRole('combobox', { name: /^Entity type/ }), 'Limited liability company');
  await page.getByLabel(/^Years in operation/).fill('7');
  await page.getByLabel(/^Nature of business/).fill('Cross-border trade finance for electronics wholesalers.');
  await page.getByLabel(/^Registered address/).fill('1 Raffles Place, #20-01, Singapore 048616');
  await page.getByRole('button', { name: 'Same as the registered address' }).click();
  await choose(
    page,
    page.getByRole('combobox', { name: /^Country of the registered address/ }),
    /^Singapore$/,
    'Singapore',
  );
  await page.getByLabel(/^Telephone/).fill('+65 6123 4567');
  await page.getByLabel(/^Website/).fill('https://example.com');
  await chooseMany(page, page.getByRole('combobox', { name: /^Countries of business/ }), [
    ['Singap', /^Singapore$/],
    ['Malay', /^Malaysia$/],
  ]);
  await chooseMany(page, page.getByRole('combobox', { name: /^Top client countries/ }), [['Indon', /^Indonesia$/]]);
  await page.getByLabel(/^Number of employees/).fill('42');
  await page.getByLabel(/^Approximate number of clients/).fill('310');
  await page.getByLabel(/^Annual turnover/).fill('2500000.00');
  await chooseMany(page, page.getByRole('combobox', { name: /^Main currencies/ }), [
    ['USD', /^USD$/],
    ['SGD', /^SGD$/],
  ]);
  await choose(page, page.getByRole('combobox', { name: /^Expected monthly volume/ }), '100,000 to 500,000 USD');
  await choose(page, page.getByRole('combobox', { name: /^Expected monthly transactions/ }), '10 to 20');
  await page.getByLabel(/^Source of wealth/).fill('Retained earnings from trading since 2019.');
  await uploadTo(page, profile);
  await documentRow(page, profile.name).waitFor();
}

async function saveAndContinue(page: Page, nextPath: string, button = 'Save and continue'): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  try {
    await page.waitForURL(`**${nextPath}`);
  } catch (error) {
    await screenshot(page, `kyc-save-failed-${nextPath.replace(/\W+/g, '-')}`);
    throw error;
  }
}

async function submitFromOverview(page: Page, buttonName: string): Promise<void> {
  await page.getByRole('button', { name: buttonName }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit your KYC for review?' });
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByText('Your KYC has been submitted for review.').waitFor();
  await page.locator('#kyc-status-title').locator('..').getByText('Pending review').waitFor();
}

/** The officer finds the company in the queue by its name and opens its review. */
async function openReview(page: Page, companyName: string): Promise<void> {
  await page.goto('/admin/kyc');
  await page.getByRole('heading', { name: 'KYC review', level: 1 }).waitFor();
  await page.getByRole('searchbox', { name: 'Company name' }).fill(companyName);
  const link = page.getByRole('link', { name: companyName });
  // The search applies once typing pauses: then the company is the one row under the header.
  await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
  await link.click();
  await page.getByRole('heading', { name: companyName, level: 1 }).waitFor();
}

async function decide(
  page: Page,
  decision: 'Approve' | 'Reject',
  reason?: string,
  sectionsToFix: string[] = [],
): Promise<void> {
  await page.getByRole('radio', { name: decision }).check();
  if (reason) await page.getByLabel(/^Reason \(shown to the client\)/).fill(reason);
  for (const section of sectionsToFix) await page.getByRole('checkbox', { name: section }).check();
  const button = `${decision} KYC`;
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the decision' });
  if (reason) await dialog.getByText(reason).waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await page.waitForURL('**/admin/kyc');
}

// ---------------------------------------------------------------------------------------------

describe('KYC journeys', () => {
  it('takes a new company through the four sections, a rejection, a correction and an approval', async () => {
    const client = await newClient('kyc-main');
    const officerPending = officer();
    const companyName = uniqueCompanyName('Kite Ledger Trading');
    const profile = pdfFile('company-profile.pdf');
    const authorisationForm = pngFile('authorisation-form.png');
    const { context, page } = await openSignedIn(browser, client.session, {
      viewport: viewports.desktop,
      language: 'en',
    });

    // The overview: four sections not started; Submit refuses until they are complete.
    await page.goto('/kyc');
    await page.getByRole('heading', { name: 'Company KYC', level: 1 }).waitFor();
    await page.getByText('0 of 4 sections complete').waitFor();
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please complete all the sections before submission' }).waitFor();
    await page.getByRole('link', { name: 'Start: Corporate declaration' }).click();

    // Step one. Saving without a signature is refused with the message of the rule.
    await page.waitForURL('**/kyc_step/kyc_step_one');
    await page.getByLabel('I confirm all of the above').waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Please sign before submitting').waitFor();
    await fillDeclaration(page);
    await screenshot(page, 'kyc-declaration-filled-en-desktop');
    await saveAndContinue(page, '/kyc_step/kyc_step_two');

    // Step two.
    await fillCompany(page, companyName, profile);
    await screenshot(page, 'kyc-company-filled-en-desktop');
    await saveAndContinue(page, '/kyc_step/kyc_step_three');

    // Step three: one shareholder, one officer.
    await page.getByRole('heading', { name: 'Ownership and officers', level: 1 }).waitFor();
    const shareholder = page.getByRole('group', { name: 'Shareholder 1' });
    await shareholder.getByLabel(/^Full name/).fill('Amelia Tan');
    await shareholder.getByLabel(/^Ownership/).fill('100');
    await shareholder.getByLabel(/^Passport or ID number/).fill('K1234567X');
    await choose(page, shareholder.getByRole('combobox', { name: /^Issuing country/ }), /^Singapore$/, 'Singap');
    await page.getByText('Total ownership: 100%').waitFor();
    await page.getByRole('button', { name: 'Add an officer' }).click();
    const officerRow = page.getByRole('group', { name: 'Officer 1' });
    await officerRow.getByLabel(/^Full name/).fill('Daniel Koh');
    await officerRow.getByLabel(/^Position/).fill('Company Secretary');
    await screenshot(page, 'kyc-ownership-filled-en-desktop');
    await saveAndContinue(page, '/kyc_step/kyc_step_four');

    // Step four: an authorised person with a drawn specimen signature, and the signed form as a PNG.
    await page.getByRole('heading', { name: 'Trading authorisation', level: 1 }).waitFor();
    const person = page.getByRole('group', { name: 'Authorised person 1' });
    await person.getByLabel(/^Full name/).fill('Amelia Tan');
    await person.getByLabel(/^Position/).fill('Managing Director');
    await person.getByLabel(/^E-mail/).fill('amelia.tan@example.com');
    await drawSignature(page, person.getByRole('img', { name: /draw your signature here/ }));
    await person.getByText('New signature ready: it is stored when you save.').waitFor();
    await uploadTo(page, authorisationForm);
    await documentRow(page, authorisationForm.name).waitFor();
    await screenshot(page, 'kyc-trading-filled-en-desktop');
    await saveAndContinue(page, '/kyc', 'Save and finish');

    // The overview: the four sections complete; submit.
    await page.getByText('4 of 4 sections complete').waitFor();
    for (const section of ['corporate', 'company', 'shareholder', 'trading'] as const)
      await sectionCard(page, section).getByText('Complete', { exact: true }).waitFor();
    await screenshot(page, 'kyc-overview-complete-en-desktop');
    await submitFromOverview(page, 'Submit for review');
    expect(await page.evaluate(() => sessionStorage.getItem('kyc_status'))).toBe('pending_review');
    // Under review, the steps are read-only.
    await page.goto('/kyc_step/kyc_step_two');
    await page.getByText('Read-only', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Save draft' }).count()).toBe(0);

    // The compliance officer finds the company, sees its documents, and rejects it with a reason.
    const staff = await openSignedIn(browser, await officerPending, { viewport: viewports.desktop, language: 'en' });
    await openReview(staff.page, companyName);
    await staff.page.getByText(profile.name).first().waitFor();
    await staff.page.getByText(authorisationForm.name).first().waitFor();
    await staff.page.getByText('Amelia Tan').first().waitFor();
    // Previewed in the page, as the storage serves them: the PNG drawn, the PDF framed.
    const formImage = staff.page.getByRole('img', { name: authorisationForm.name });
    await expect
      .poll(() => formImage.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 10_000 })
      .toBe(120);
    const profileUrl = await staff.page.locator(`iframe[title="${profile.name}"]`).getAttribute('src');
    const served = await staff.context.request.get(new URL(profileUrl ?? '', staff.page.url()).href);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect((await served.body()).equals(profile.buffer)).toBe(true);
    await screenshot(staff.page, 'admin-kyc-detail-pending-en-desktop');
    const reason = 'The company profile must include the register of directors. Please upload it and submit again.';
    const decidedAfter = new Date();
    await decide(staff.page, 'Reject', reason, ['Company information']);
    await staff.page.getByText(`The KYC of ${companyName} is rejected.`).waitFor();
    // The client is told by email too, with the reason.
    await expect
      .poll(
        async () =>
          (await readMailbox(client.user.email)).some(
            (email) => email.text.includes(reason) && new Date(email.time) >= decidedAfter,
          ),
        { timeout: 15_000 },
      )
      .toBe(true);

    // The client reads the reason, corrects the company section and submits again.
    await page.goto('/kyc');
    await page.locator('#kyc-status-title').locator('..').getByText('Rejected').waitFor();
    await page.getByText(reason).first().waitFor();
    // Only the section the officer named is to be corrected; the others stand.
    await sectionCard(page, 'company').getByText('To correct', { exact: true }).waitFor();
    await sectionCard(page, 'corporate').getByText('Success', { exact: true }).waitFor();
    await screenshot(page, 'kyc-overview-rejected-en-desktop');
    await page.getByRole('link', { name: 'Correct: Company information' }).click();
    await page.waitForURL('**/kyc_step/kyc_step_two');
    await page.getByText(reason).first().waitFor();
    const registerOfDirectors = pdfFile('register-of-directors.pdf');
    await uploadTo(page, registerOfDirectors);
    await documentRow(page, registerOfDirectors.name).waitFor();
    await saveAndContinue(page, '/kyc_step/kyc_step_three');
    await page.goto('/kyc');
    await page.getByText('4 of 4 sections complete').waitFor();
    await submitFromOverview(page, 'Submit again');
    // Under review, a gated page stays closed, and says why.
    await page.goto('/cards');
    const gate = page.getByRole('dialog', { name: 'Company verification required' });
    await gate.getByText('Pending review').waitFor();

    // The officer sees round 2 with the new document, and approves.
    await openReview(staff.page, companyName);
    await staff.page.getByText(registerOfDirectors.name).first().waitFor();
    await decide(staff.page, 'Approve');
    await staff.page.getByText(`The KYC of ${companyName} is approved.`).waitFor();
    await staff.context.close();

    // The client, still on the session that saw KYC under review: the gated pages open at once
    // (the gate asks the server, which refreshes the session's kyc_status), and the overview agrees.
    await page.goto('/cards');
    await page.getByText('No cards yet', { exact: true }).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => sessionStorage.getItem('kyc_status'))).toBe('kyc_approved');
    await page.goto('/kyc');
    await page.locator('#kyc-status-title').locator('..').getByText('KYC approved').waitFor();
    await page.getByRole('table').getByRole('row').nth(2).waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(3);
    await screenshot(page, 'kyc-overview-approved-en-desktop');
    await page.getByRole('link', { name: 'View: Corporate declaration' }).click();
    await page.getByText('Read-only', { exact: true }).waitFor();
    await page.getByRole('img', { name: /^Signature of Director.s signature/ }).waitFor();
    await screenshot(page, 'kyc-declaration-read-only-en-desktop');
    await page.goto('/cards');
    await page.getByText('No cards yet', { exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'kyc-approved-cards-en-desktop');
    await context.close();
  }, 150_000);

  it('keeps a draft across a reload and a new sign-in', async () => {
    const client = await newClient('kyc-draft');
    const first = await openSignedIn(browser, client.session, { viewport: viewports.desktop, language: 'en' });
    const { page } = first;
    await page.goto('/kyc_step/kyc_step_two');
    await page.getByRole('heading', { name: 'Company information', level: 1 }).waitFor();
    // Nothing typed and nothing saved yet: the form claims nothing about saving.
    expect(await page.getByText('All changes saved.').count()).toBe(0);
    await page.getByLabel(/^Company name/).fill('Draft Harbour Pte Ltd');
    await page.getByLabel(/^Registration number/).fill('DR-0042');
    await choose(page, page.getByRole('combobox', { name: /^Country of registration/ }), /^Japan$/, 'Japan');
    await choose(page, page.getByRole('combobox', { name: /^Entity type/ }), 'Corporation');
    await page.getByLabel(/^Years in operation/).fill('3');
    await page.getByText('You have unsaved changes.').waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved. You can come back to it at any time.').waitFor();
    await page.getByText('All changes saved.').waitFor();

    const expectDraft = async (draftPage: Page) => {
      await draftPage.getByRole('heading', { name: 'Company information', level: 1 }).waitFor();
      expect(await draftPage.getByLabel(/^Company name/).inputValue()).toBe('Draft Harbour Pte Ltd');
      expect(await draftPage.getByLabel(/^Registration number/).inputValue()).toBe('DR-0042');
      expect(await draftPage.getByRole('combobox', { name: /^Country of registration/ }).inputValue()).toBe('Japan');
      expect(await draftPage.getByRole('combobox', { name: /^Entity type/ }).inputValue()).toBe('Corporation');
      expect(await draftPage.getByLabel(/^Years in operation/).inputValue()).toBe('3');
    };
    await page.reload();
    await expectDraft(page);
    await first.context.close();

    // A new sign-in, in a new browser context.
    const again = await openSignedIn(browser, await signInByApi(client.user), {
      viewport: viewports.desktop,
      language: 'en',
    });
    await again.page.goto('/kyc');
    await sectionCard(again.page, 'company').getByText('Draft saved').waitFor();
    await again.page.getByRole('link', { name: 'Continue: Company information' }).click();
    await expectDraft(again.page);
    await again.context.close();
  }, 60_000);

  it('refuses an HTML file named .png with "Wrong file type"', async () => {
    const client = await newClient('kyc-wrong-file');
    const { context, page } = await openSignedIn(browser, client.session, {
      viewport: viewports.desktop,
      language: 'en',
    });
    await page.goto('/kyc_step/kyc_step_four');
    await page.getByRole('heading', { name: 'Trading authorisation', level: 1 }).waitFor();
    const disguised = htmlNamedPng('passport-scan.png');
    await uploadTo(page, disguised);
    await page.getByRole('alert').filter({ hasText: 'Wrong file type' }).waitFor();
    expect(await documentRow(page, disguised.name).count()).toBe(0);
    await screenshot(page, 'kyc-wrong-file-en-desktop');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByText(disguised.name).waitFor({ state: 'detached' });

    // The server judges the stored bytes too: a real PNG passes the browser's check, but what reaches
    // storage is the HTML page (the same length), and completing the upload is refused.
    const real = pngFile('passport-scan-2.png');
    const html = Buffer.alloc(real.buffer.length, ' ');
    html.write('<!doctype html><html><body><script>alert(1)</script></body></html>');
    await page.route('**/*', (route) =>
      route.request().method() === 'PUT' ? route.continue({ postData: html }) : route.fallback(),
    );
    const completion = page.waitForResponse((response) => response.url().endsWith(completeUpload.path));
    await uploadTo(page, real);
    expect(((await (await completion).json()) as { code: number }).code).not.toBe(200);
    await waitOrCapture(
      page.getByRole('alert').filter({ hasText: 'Wrong file type' }),
      'failed-kyc-wrong-file-server-en-desktop',
    );
    await page.getByText(real.name).waitFor();
    expect(await documentRow(page, real.name).count()).toBe(0);
    await page.unroute('**/*');

    // A real PNG is then taken.
    const accepted = pngFile('passport-scan-3.png');
    await uploadTo(page, accepted);
    await documentRow(page, accepted.name).waitFor();
    await context.close();
  }, 60_000);

  it('continues on a phone with a one-time link, and the desktop sees the document arrive', async () => {
    const client = await newClient('kyc-phone');
    const desktop = await openSignedIn(browser, client.session, { viewport: viewports.desktop, language: 'en' });
    await desktop.page.goto('/kyc_step/kyc_step_two');
    await desktop.page.getByRole('heading', { name: 'Company information', level: 1 }).waitFor();
    const linkAnswer = desktop.page.waitForResponse((response) => response.url().endsWith(createPhoneUploadLink.path));
    await desktop.page.getByRole('button', { name: 'Continue on your phone' }).click();
    const answer = (await (await linkAnswer).json()) as { code: number; data: { url: string } };
    expect(answer.code).toBe(200);
    const dialog = desktop.page.getByRole('dialog', { name: 'Continue on your phone' });
    await dialog.getByRole('img', { name: 'QR code of a one-time upload link' }).waitFor();
    await dialog.getByText('Waiting for your phone…').waitFor();
    await screenshot(desktop.page, 'kyc-phone-dialog-en-desktop');
    const link = new URL(answer.data.url);
    expect(link.pathname).toBe('/upload');

    // The phone: a fresh browser with no session, the size of a phone.
    const phone = await openPage(browser, { viewport: viewports.phone, language: 'en' });
    await phone.page.goto(`${link.pathname}${link.search}`);
    await phone.page.getByRole('heading', { name: 'Upload documents' }).waitFor();
    await phone.page.getByText('Upload a document for your company’s KYC: Company information.').waitFor();
    await screenshot(phone.page, 'kyc-phone-upload-en-phone');
    const photo = pngFile('phone-photo.png');
    await phone.page.locator('#phone-upload-file').setInputFiles(photo);
    await phone.page.getByText('Uploaded — you can return to your computer').waitFor();
    await screenshot(phone.page, 'kyc-phone-upload-done-en-phone');

    // The desktop dialog shows it arrive (it asks every 3 s), and so does the step's document list.
    await dialog.getByRole('status').filter({ hasText: 'Received' }).getByText(photo.name).waitFor({ timeout: 15_000 });
    await screenshot(desktop.page, 'kyc-phone-dialog-received-en-desktop');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await documentRow(desktop.page, photo.name).waitFor();

    // The same link again: used up.
    await phone.page.reload();
    await phone.page.getByText('This link can no longer be used').waitFor();
    await screenshot(phone.page, 'kyc-phone-upload-used-en-phone');
    expect((await call(phoneUploadInfo, { token: link.searchParams.get('token') ?? '' })).code).not.toBe(200);

    // A new link, the dialog closed before the phone uses it: the step still takes the document in
    // (it would otherwise be dropped from the draft by the step's next save), and a save keeps both.
    const secondAnswer = desktop.page.waitForResponse((response) =>
      response.url().endsWith(createPhoneUploadLink.path),
    );
    await desktop.page.getByRole('button', { name: 'Continue on your phone' }).click();
    const second = new URL(((await (await secondAnswer).json()) as { data: { url: string } }).data.url);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await phone.page.goto(`${second.pathname}${second.search}`);
    const laterPhoto = pngFile('phone-photo-later.png');
    await phone.page.locator('#phone-upload-file').setInputFiles(laterPhoto);
    await phone.page.getByText('Uploaded — you can return to your computer').waitFor();
    await documentRow(desktop.page, laterPhoto.name).waitFor({ timeout: 15_000 });
    await desktop.page.getByRole('button', { name: 'Save draft' }).click();
    await desktop.page.getByText('Draft saved. You can come back to it at any time.').waitFor();
    await desktop.page.reload();
    await documentRow(desktop.page, photo.name).waitFor();
    await documentRow(desktop.page, laterPhoto.name).waitFor();
    await phone.context.close();
    await desktop.context.close();
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------

describe('a final refusal', () => {
  it('is refused finally by staff with a reason; the company reads it, what to do next, and cannot submit again', async () => {
    const client = await newClient('kyc-refused');
    const companyName = uniqueCompanyName('Quarry Lantern Trading');
    await submitThroughApi(client.session, companyName);
    const decidedAfter = new Date();

    // The officer chooses the final refusal: no sections to correct, a reason the client will read,
    // and a confirmation that says it cannot be undone.
    const staff = await openSignedIn(browser, await officer(), { viewport: viewports.desktop, language: 'en' });
    await openReview(staff.page, companyName);
    await staff.page.getByRole('radio', { name: 'Refuse finally' }).check();
    await staff.page.getByText('Final: the company is told the reason and can never submit its KYC again.').waitFor();
    expect(await staff.page.getByRole('checkbox', { name: 'Company information' }).count()).toBe(0);
    await staff.page.getByRole('button', { name: 'Refuse KYC finally' }).click();
    await staff.page.getByText('Please fill in the reason').first().waitFor();
    const reason = 'A beneficial owner of the company appears on a sanctions list.';
    await staff.page.getByLabel(/^Reason \(shown to the client\)/).fill(reason);
    await staff.page.getByRole('button', { name: 'Refuse KYC finally' }).click();
    const dialog = staff.page.getByRole('dialog', { name: 'Confirm the decision' });
    await dialog.getByText(`Refuse the KYC of ${companyName} finally? This cannot be undone`).waitFor();
    await dialog.getByText('Reason (shown to the client)').waitFor();
    await dialog.getByText(reason).waitFor();
    await screenshot(staff.page, 'admin-kyc-refuse-confirm-en-desktop');
    await dialog.getByRole('button', { name: 'Refuse KYC finally' }).click();
    await staff.page.waitForURL('**/admin/kyc');
    await staff.page.getByText(`The KYC of ${companyName} is refused finally.`).waitFor();
    await staff.context.close();

    // The administrator is emailed the reason and where to turn.
    await expect
      .poll(
        async () =>
          (await readMailbox(client.user.email)).some(
            (email) =>
              email.subject === 'Your KYC application was refused' &&
              email.text.includes(reason) &&
              email.text.includes('contact your relationship manager') &&
              new Date(email.time) >= decidedAfter,
          ),
        { timeout: 15_000 },
      )
      .toBe(true);

    // In English: the final state, the reason, what to do next, and no way to submit again.
    const english = await openSignedIn(browser, client.session, { viewport: viewports.desktop, language: 'en' });
    await english.page.goto('/kyc');
    await english.page.locator('#kyc-status-title').locator('..').getByText('KYC rejected').waitFor();
    await english.page.getByText('This decision is final').first().waitFor();
    await english.page.getByRole('alert').getByText(reason).waitFor();
    await english.page.getByRole('cell', { name: 'Refused (final)' }).waitFor();
    await english.page.getByRole('heading', { name: 'What you can do now' }).waitFor();
    await english.page.getByRole('link', { name: 'Write to the bank' }).waitFor();
    expect(await english.page.getByRole('button', { name: /^Submit/ }).count()).toBe(0);
    await screenshot(english.page, 'kyc-overview-refused-en-desktop');
    await english.page.getByRole('link', { name: 'View: Company information' }).click();
    await english.page.getByText(/^Your company’s KYC was refused; these sections are the record/).waitFor();
    expect(await english.page.getByRole('button', { name: 'Save draft' }).count()).toBe(0);
    await english.page.getByRole('link', { name: 'Back to overview' }).click();
    await english.page.getByRole('link', { name: 'Write to the bank' }).click();
    await english.page.waitForURL('**/feedback');
    await english.context.close();

    // The server refuses a resubmission, saying why.
    const again = await call(submitKyc, {}, sessionHeaders(client.session));
    expect(again.code).toBe(errorCatalogue.illegal_state.code);
    expect(again.msg).toContain('cannot be changed or submitted again');

    // In Japanese, on a phone: the same, translated and within the width.
    const japanese = await openSignedIn(browser, client.session, { viewport: viewports.phone, language: 'jp' });
    await japanese.page.goto('/kyc');
    await japanese.page.getByRole('heading', { name: '今後の対応' }).waitFor();
    await japanese.page.getByText('この決定は最終的なもの', { exact: false }).first().waitFor();
    await japanese.page.getByRole('alert').getByText(reason).waitFor();
    await japanese.page.getByRole('cell', { name: '最終却下' }).waitFor();
    await japanese.page.getByRole('link', { name: '銀行に連絡する' }).waitFor();
    expect(await japanese.page.getByRole('button', { name: /提出/ }).count()).toBe(0);
    await expectNoEnglish(japanese.page, 'refused /kyc in jp', [client.user.fullName, companyName, reason]);
    await expectWithinWidth(japanese.page, 'refused /kyc in jp');
    await screenshot(japanese.page, 'kyc-overview-refused-ja-phone');
    await japanese.context.close();
  }, 120_000);
});

describe('KYC screens', () => {
  it('shows the overview and a step in Chinese and Japanese on a phone, translated and within the width', async () => {
    const client = await newClient('kyc-languages');
    for (const [language, overviewTitle, stepTitle, saveDraft] of [
      ['ch', '公司KYC', '公司信息', '保存草稿'],
      ['jp', '法人KYC', '会社情報', '下書き保存'],
    ] as const) {
      const { context, page } = await openSignedIn(browser, client.session, { viewport: viewports.phone, language });
      await page.goto('/kyc');
      await page.getByRole('heading', { name: overviewTitle, level: 1 }).waitFor();
      await expectNoEnglish(page, `/kyc in ${language}`, [client.user.fullName]);
      await expectWithinWidth(page, `/kyc in ${language}`);
      await page.goto('/kyc_step/kyc_step_two');
      await page.getByRole('heading', { name: stepTitle, level: 1 }).waitFor();
      await page.getByRole('button', { name: saveDraft }).waitFor();
      await expectNoEnglish(page, `step two in ${language}`, [client.user.fullName]);
      await expectWithinWidth(page, `step two in ${language}`);
      // An empty "Save and continue" names the missing fields in the user's language.
      await page.locator('form button[type="submit"]').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await expectNoEnglish(page, `step two with errors in ${language}`, [client.user.fullName]);
      await screenshot(page, `kyc-company-errors-${language === 'ch' ? 'zh' : 'ja'}-phone`);
      await context.close();
    }
  }, 60_000);

  it('has no serious accessibility violation on /kyc, the steps, the phone page and the back-office review', async () => {
    const client = await newClient('kyc-axe');
    const { context, page } = await openSignedIn(browser, client.session, {
      viewport: viewports.desktop,
      language: 'en',
    });
    await page.goto('/kyc');
    await page.getByText('0 of 4 sections complete').waitFor();
    await expectAccessible(page, '/kyc');
    await page.goto('/kyc_step/kyc_step_one');
    await page.getByLabel('I confirm all of the above').waitFor();
    await expectAccessible(page, '/kyc_step/kyc_step_one');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Please sign before submitting').waitFor();
    await expectAccessible(page, '/kyc_step/kyc_step_one with errors');
    await page.goto('/kyc_step/kyc_step_two');
    await page.getByLabel(/^Company name/).waitFor();
    await expectAccessible(page, '/kyc_step/kyc_step_two');
    await context.close();

    const link = new URL(
      String((await callOk(createPhoneUploadLink, { section: 'company' }, sessionHeaders(client.session))).url),
    );
    const phone = await openPage(browser, { viewport: viewports.phone, language: 'en' });
    await phone.page.goto(`${link.pathname}${link.search}`);
    await phone.page.getByRole('button', { name: 'Take a photo or choose a file' }).waitFor();
    await expectAccessible(phone.page, '/upload');
    await phone.context.close();

    const staff = await openSignedIn(browser, await officer(), { viewport: viewports.desktop, language: 'en' });
    await staff.page.goto(`/admin/kyc/${await seededPendingCompanyId()}`);
    await staff.page.getByRole('heading', { name: 'Aurora Digital Assets Ltd', level: 1 }).waitFor();
    await staff.page.getByRole('radio', { name: 'Approve' }).waitFor();
    await expectAccessible(staff.page, '/admin/kyc/:companyId');
    await staff.page.goto('/admin/kyc');
    await staff.page.getByRole('link', { name: 'Aurora Digital Assets Ltd' }).waitFor();
    await expectAccessible(staff.page, '/admin/kyc');
    await staff.context.close();
  }, 90_000);

  it('shows every KYC screen in three languages, on a desk and on a phone', async () => {
    const [client, staffSession, pendingId] = await Promise.all([
      newClient('kyc-screens'),
      officer(),
      seededPendingCompanyId(),
    ]);
    const phoneLink = new URL(
      String((await callOk(createPhoneUploadLink, { section: 'trading' }, sessionHeaders(client.session))).url),
    );
    const queueNames = await pendingCompanyNames();
    for (const [language, label] of [
      ['en', 'en'],
      ['ch', 'zh'],
      ['jp', 'ja'],
    ] as const) {
      for (const [sizeName, viewport] of [
        ['desktop', viewports.desktop],
        ['phone', viewports.phone],
      ] as const) {
        const suffix = `${label}-${sizeName}`;
        /** The screenshot; on a phone, nothing wider than the screen; in Chinese and Japanese, no English. */
        const check = async (page: Page, name: string, data: readonly string[]) => {
          await screenshot(page, `${name}-${suffix}`);
          if (sizeName === 'phone') await expectWithinWidth(page, `${name}-${suffix}`);
          if (language !== 'en') await expectNoEnglish(page, `${name}-${suffix}`, data);
        };

        // Three browser contexts at once: the client's screens, the phone page and the back office.
        const clientScreens = async () => {
          const { context, page } = await openSignedIn(browser, client.session, { viewport, language });
          for (const [path, name] of [
            ['/kyc', 'kyc-overview'],
            ['/kyc_step/kyc_step_one', 'kyc-declaration'],
            ['/kyc_step/kyc_step_two', 'kyc-company'],
            ['/kyc_step/kyc_step_three', 'kyc-ownership'],
            ['/kyc_step/kyc_step_four', 'kyc-trading'],
          ] as const) {
            await openInApp(page, path);
            await waitOrCapture(page.locator('main h1'), `failed-${name}-${suffix}`);
            await page.locator('main section').first().waitFor();
            await check(page, name, [client.user.fullName]);
          }
          await context.close();
        };
        const phoneScreen = async () => {
          const { context, page } = await openPage(browser, { viewport, language });
          await page.goto(`${phoneLink.pathname}${phoneLink.search}`);
          await page.locator('#phone-upload-file').waitFor({ state: 'attached' });
          // The language links name each language in itself.
          await check(page, 'kyc-phone-upload', ['English']);
          await context.close();
        };
        const staffScreens = async () => {
          const { context, page } = await openSignedIn(browser, staffSession, { viewport, language });
          await openInApp(page, '/admin/kyc');
          await waitOrCapture(
            page.locator('main table a, main li a').filter({ visible: true }).first(),
            `failed-admin-kyc-${suffix}`,
          );
          await check(page, 'admin-kyc-queue', ['Cora Compliance', ...queueNames]);
          // The review shows the company's own (English) entries: no language check there.
          await openInApp(page, `/admin/kyc/${pendingId}`);
          await waitOrCapture(page.locator('#kyc-decision-title'), `failed-admin-kyc-detail-${suffix}`);
          await screenshot(page, `admin-kyc-detail-${suffix}`);
          if (sizeName === 'phone') await expectWithinWidth(page, `admin-kyc-detail-${suffix}`);
          await context.close();
        };
        await Promise.all([clientScreens(), phoneScreen(), staffScreens()]);
      }
    }
  }, 150_000);
});

// ---------------------------------------------------------------------------------------------

async function uploadThroughApi(
  session: ApiSession,
  file: { name: string; mimeType: string; buffer: Buffer },
  section: 'corporate' | 'company' | 'trading',
  kind: 'kyc_document' | 'signature' = 'kyc_document',
): Promise<string> {
  const headers = sessionHeaders(session);
  const ticket = (await callOk(
    authorizeUpload,
    { section, kind, file_name: file.name, content_type: file.mimeType, size_bytes: file.buffer.length },
    headers,
  )) as { upload_id: string; upload_url: string; headers: Record<string, string> };
  const put = await fetch(new URL(ticket.upload_url, baseUrl), {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', ...ticket.headers },
    body: new Uint8Array(file.buffer),
  });
  expect(put.status).toBe(200);
  return String((await callOk(completeUpload, { upload_id: ticket.upload_id }, headers)).document_id);
}

/** The four sections saved complete and submitted through the API: the company waits for review. */
async function submitThroughApi(session: ApiSession, companyName: string): Promise<void> {
  const headers = sessionHeaders(session);
  const directorSignature = await uploadThroughApi(session, pngFile('signature.png'), 'corporate', 'signature');
  const profile = await uploadThroughApi(session, pdfFile('profile.pdf'), 'company');
  const traderSignature = await uploadThroughApi(session, pngFile('signature.png'), 'trading', 'signature');
  const form = await uploadThroughApi(session, pdfFile('trading-form.pdf'), 'trading');
  const declarations = {
    information_accurate: true,
    not_sanctioned: true,
    no_shell_bank: true,
    funds_lawful: true,
    notify_changes: true,
  };
  await callOk(
    saveCorporate,
    {
      complete: true,
      data: {
        declarations,
        director_name: 'Iris Quarry',
        director_designation: 'Managing Director',
        director_date: '2026-01-15',
        signature_document_id: directorSignature,
      },
    },
    headers,
  );
  await callOk(
    saveCompany,
    {
      complete: true,
      data: {
        company_name: companyName,
        registered_address: '8 Marina View, Singapore 018960',
        country: 'SG',
        mailing_address: '8 Marina View, Singapore 018960',
        telephone: '+65 6123 4567',
        website: 'https://quarry.example.com',
        registration_number: '201912345K',
        registration_country: 'SG',
        registration_date: '2019-05-01',
        nature_of_business: 'Commodity trading',
        entity_type: 'limited_liability_company',
        business_countries: ['SG'],
        employee_count: 12,
        client_count: 40,
        top_client_countries: ['MY'],
        annual_turnover_usd: '1500000.00',
        source_of_wealth: 'Revenue',
        top_currencies: ['USD'],
        monthly_volume_band: '100k_500k',
        monthly_frequency_band: '10_20',
        years_in_operation: 6,
        document_ids: [profile],
      },
    },
    headers,
  );
  await callOk(
    saveOwnership,
    {
      complete: true,
      data: {
        shareholders: [
          { name: 'Iris Quarry', ownership_percent: '100', id_number: 'S1234567D', issuing_country: 'SG' },
        ],
        officers: [{ name: 'Iris Quarry', position: 'Director' }],
      },
    },
    headers,
  );
  await callOk(
    saveTrading,
    {
      complete: true,
      data: {
        authorised_persons: [
          {
            name: 'Iris Quarry',
            position: 'Director',
            email: 'iris@quarry.example.com',
            signature_document_id: traderSignature,
          },
        ],
        document_ids: [form],
      },
    },
    headers,
  );
  await callOk(submitKyc, {}, headers);
}

/** The seeded company waiting for review (kyc/seed.ts), read from the queue through the API. */
async function seededPendingCompanyId(): Promise<string> {
  const queue = await callOk(
    listKycReviews,
    { page_size: 20, search: 'Aurora Digital Assets' },
    sessionHeaders(await officer()),
  );
  const [item] = queue.items as { company_id: string }[];
  if (!item) throw new Error('the seeded pending company is not in the queue');
  const review = await callOk(getKycReview, { company_id: item.company_id }, sessionHeaders(await officer()));
  expect(review.status).toBe('pending_review');
  return item.company_id;
}

/**
 * Opens a path: loads the app the first time, then moves inside it as its links do (no reload), and
 * waits until the new page's title replaces the last one's.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  if (!page.url().startsWith('http')) {
    await page.goto(path);
    return;
  }
  const lastTitle = await page.locator('main h1').textContent();
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(
    (last) => {
      const title = document.querySelector('main h1')?.textContent;
      return title && title !== last;
    },
    lastTitle,
    { polling: 50 },
  );
}

/** The names of the companies the queue opens on (those pending review): data, not the app's words. */
async function pendingCompanyNames(): Promise<string[]> {
  const queue = await callOk(
    listKycReviews,
    { page_size: 20, status: 'pending_review' },
    sessionHeaders(await officer()),
  );
  return (queue.items as { company_name: string | null; applicant_email: string }[]).flatMap((item) =>
    item.company_name ? [item.company_name] : [],
  );
}

/** Nothing on the page is wider than the screen (no sideways scrolling on a phone). */
async function expectWithinWidth(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the screen by ${overflow}px`).toBeLessThanOrEqual(0);
}

/**
 * No text of the app left in English on a page shown in Chinese or Japanese: no visible text, nor
 * placeholder, label, title or alternative text, with a Latin word in lower case ("Save", "draft").
 * Acronyms (KYC, USD, PDF), addresses, links, the `data` given (the user's name) and "Webhook" (the
 * name integrators know it by in every language) are not words.
 */
async function expectNoEnglish(page: Page, name: string, data: readonly string[] = []): Promise<void> {
  const english = await page.evaluate((data) => {
    const isEnglish = (text: string) => {
      const words = data
        .reduce((left, datum) => left.replaceAll(datum, ''), text)
        .replace(/https?:\/\/\S*/g, '')
        .replaceAll('Webhook', '');
      return !words.includes('@') && /\b[A-Za-z][a-z]{2,}\b/.test(words);
    };
    const isShown = (element: Element) =>
      !element.closest('script, style, [aria-hidden="true"]') &&
      element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !isShown(parent)) continue;
      if (isEnglish(node.textContent ?? '')) found.push(node.textContent ?? '');
    }
    for (const element of Array.from(document.querySelectorAll('[placeholder], [aria-label], [title], img[alt]'))) {
      if (!isShown(element)) continue;
      for (const attribute of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = element.getAttribute(attribute);
        if (value && isEnglish(value)) found.push(`${attribute}="${value}"`);
      }
    }
    return found;
  }, data);
  expect(english, `${name}: untranslated text`).toEqual([]);
}
