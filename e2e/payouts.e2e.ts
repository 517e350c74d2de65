/**
 * Payouts, through the screens as a treasurer and the bank's staff use them:
 * (a) a new company (its KYC approved through the API, funded by the custody simulator) adds a payee
 *     with an intermediary bank, finds it in the bank's 24-hour cooling period (the form will not
 *     offer it and the server refuses it), pays it once the server's clock has passed the period,
 *     through the confirmation page (reload and "Back to edit" keep the draft), the staff's review
 *     and the rail simulator, to success; then the history line and the inbox message;
 * (b) a crypto payout to an address saved in the address book (a wrong checksum is refused on the
 *     field), completed by the custody simulator, shows its hash and explorer link;
 * (c) a payout rejected by staff with a reason: the client reads the reason, and the balance is back;
 * (d) a payout above the approval threshold: the preparer cannot approve it, the administrator can
 *     (the header counts what waits) but never their own, which the seeded approver (who does not
 *     prepare payouts) opens from the header and approves;
 * (e) a payout waiting for approval, its timeline ending with whom it waits for, cancelled by its
 *     maker (in Japanese, on a phone): the hold is released and the balance is whole again.
 * Pages are checked for accessibility, and shot on a desk and a phone in Chinese and Japanese.
 */

import { readFile } from 'node:fs/promises';
import { getUserInfo } from '@bank/contract/account';
import { addressOfKeyHash, isValidAddress } from '@bank/contract/addresses';
import { getDepositDetails, simulateBlocks, simulateIncomingDeposit } from '@bank/contract/deposit';
import { authorizeUpload, completeUpload } from '@bank/contract/documents';
import { apiHeaders } from '@bank/contract/envelope';
import { decideKyc, saveCompany, saveCorporate, saveOwnership, saveTrading, submitKyc } from '@bank/contract/kyc';
import { getDashboardHome, simulateRates } from '@bank/contract/ledger';
import {
  addPayee,
  calcCryptoPayout,
  calcFiatPayout,
  checkCryptoPayout,
  checkFiatPayout,
  decidePayoutApproval,
  decidePayoutReview,
  getFiatPayout,
  listFiatPayouts,
  listPayees,
  listPayoutAddresses,
  simulatePayoutOutcome,
  submitCryptoPayout,
  submitFiatPayout,
} from '@bank/contract/payouts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiSession,
  type Authenticator,
  call,
  callOk,
  expectAccessible,
  openSignedIn,
  pairStaffByApi,
  registerUser,
  sessionHeaders,
  signInByApi,
  waitOrCapture,
} from './support/accounts.ts';
import {
  askedBeforeFirstDrawing,
  baseUrl,
  captureScreen,
  launchBrowser,
  recordFirstDrawing,
  requestsTo,
  screenshot,
  viewports,
} from './support/browser.ts';
import { pdfFile, pngFile } from './support/documents.ts';
import { pdfText } from './support/pdf.ts';
import { advanceServerClock, serverNow, waitForEmailCode } from './support/server.ts';

/** Seeded: the approved demo company (no cooling period; above 10,000 USDT or USDC a second user approves). */
const approvedClient = { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026' };
/** Seeded: its sub-account in "Payments preparers" (prepares payouts, may not approve them). */
const preparerAccount = { email: 'preparer@demo.bank', password: 'Demo-Preparer#2026' };
/** Seeded: its sub-account in "Payment approvers" (approves payouts, may not prepare them). */
const approverAccount = { email: 'approver@demo.bank', password: 'Demo-Approver#2026' };
/**
 * Staff who review payouts and drive the simulators (the seeded payout desk, a system_admin:
 * payout_review and deposit_operations), paired with an authenticator once for the file: a staff
 * account is paired once per server, so each journey file has its own.
 */
const staffAccount = { email: 'payouts@bank.localhost', password: 'Staff-Payouts#2026' } as const;

let browser: Browser;
let staffAuthenticator: Authenticator;

beforeAll(async () => {
  browser = await launchBrowser();
  staffAuthenticator = await pairStaffByApi(staffAccount);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

let preparerAuthenticator: Promise<Authenticator> | undefined;

/** The preparer's session; its authenticator is paired once for the file. */
function preparerSession(): Promise<ApiSession> {
  preparerAuthenticator ??= pairStaffByApi(preparerAccount);
  return preparerAuthenticator.then((authenticator) => signInByApi(preparerAccount, authenticator));
}

function staffSession(): Promise<ApiSession> {
  return signInByApi(staffAccount, staffAuthenticator);
}

/** Picks an option of a Mantine Select: types to search (if given), clicks the option. */
async function choose(page: Page, input: Locator, option: string | RegExp, search?: string): Promise<void> {
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** Picks a segment of a segmented control (asset, network) by its label. */
async function segment(scope: Page | Locator, label: string): Promise<void> {
  await scope
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .first()
    .click();
}

async function expectWithinWidth(page: Page, name: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > viewports.phone.width) await captureScreen(page, `failed-width-${name}`);
  expect(width, name).toBeLessThanOrEqual(viewports.phone.width);
}

// ---------------------------------------------------------------------------------------------
// A new company, approved and funded through the API

async function uploadDocument(
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

/** The four KYC sections saved complete, submitted, and approved by staff. */
async function approveKyc(session: ApiSession, companyName: string): Promise<void> {
  const headers = sessionHeaders(session);
  const directorSignature = await uploadDocument(session, pngFile('signature.png'), 'corporate', 'signature');
  const profile = await uploadDocument(session, pdfFile('profile.pdf'), 'company');
  const traderSignature = await uploadDocument(session, pngFile('signature.png'), 'trading', 'signature');
  const form = await uploadDocument(session, pdfFile('trading-form.pdf'), 'trading');
  await callOk(
    saveCorporate,
    {
      complete: true,
      data: {
        declarations: {
          information_accurate: true,
          not_sanctioned: true,
          no_shell_bank: true,
          funds_lawful: true,
          notify_changes: true,
        },
        director_name: 'Greta Payne',
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
        registered_address: '1 Journey Street, London',
        country: 'GB',
        mailing_address: '1 Journey Street, London',
        telephone: '+44 20 7946 0958',
        website: 'https://journey.example.com',
        registration_number: '09876543',
        registration_country: 'GB',
        registration_date: '2019-05-01',
        nature_of_business: 'Machine tools trading',
        entity_type: 'limited_liability_company',
        business_countries: ['GB', 'DE'],
        employee_count: 25,
        client_count: 60,
        top_client_countries: ['DE'],
        annual_turnover_usd: '2500000.00',
        source_of_wealth: 'Revenue',
        top_currencies: ['USD', 'USDT'],
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
        shareholders: [{ name: 'Greta Payne', ownership_percent: '100', id_number: 'P1234567', issuing_country: 'GB' }],
        officers: [{ name: 'Greta Payne', position: 'Director' }],
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
            name: 'Greta Payne',
            position: 'Director',
            email: 'greta@journey.example.com',
            signature_document_id: traderSignature,
          },
        ],
        document_ids: [form],
      },
    },
    headers,
  );
  await callOk(submitKyc, {}, headers);
  const info = await callOk(getUserInfo, {}, headers);
  const companyId = String((info.company as { id: string }).id);
  await callOk(decideKyc, { company_id: companyId, decision: 'approve' }, sessionHeaders(await staffSession()));
}

/** USDT arriving on TRC20 from the custody simulator, confirmed by the simulated network. */
async function fund(session: ApiSession, amount: string): Promise<void> {
  const address = String(
    (await callOk(getDepositDetails, { asset: 'USDT', network: 'TRC20' }, sessionHeaders(session))).address,
  );
  const staff = sessionHeaders(await staffSession());
  await callOk(simulateIncomingDeposit, { address, asset: 'USDT', network: 'TRC20', amount }, staff);
  await callOk(simulateBlocks, { blocks: 25 }, staff);
}

type PayoutAnswer = { payout_id: string; status: string; total: string };

/** A fiat payout made through the API (quote, check, submission with its Idempotency-Key). */
async function payFiatByApi(session: ApiSession, payeeId: string, amount: string): Promise<PayoutAnswer> {
  const headers = sessionHeaders(session);
  const quote = await callOk(calcFiatPayout, { asset: 'USDT', payee_id: payeeId, amount }, headers);
  const instructions = {
    quote_id: String(quote.quote_id),
    payee_id: payeeId,
    purpose: 'supplier_payment' as const,
    sender_account_name: 'Meridian Treasury Services Ltd',
    remarks: '',
  };
  await callOk(checkFiatPayout, instructions, headers);
  return (await callOk(submitFiatPayout, instructions, {
    ...headers,
    [apiHeaders.idempotencyKey]: crypto.randomUUID(),
  })) as unknown as PayoutAnswer;
}

async function availableUsdt(session: ApiSession, payeeId: string): Promise<string> {
  const quote = await callOk(
    calcFiatPayout,
    { asset: 'USDT', payee_id: payeeId, amount: '100' },
    sessionHeaders(session),
  );
  return String(quote.available);
}

async function northwindPayeeId(session: ApiSession): Promise<string> {
  const payees = (await callOk(listPayees, { page_size: 100 }, sessionHeaders(session))).items as {
    payee_id: string;
    beneficiary_name: string;
  }[];
  const northwind = payees.find((payee) => payee.beneficiary_name === 'Northwind Supplies Ltd');
  if (!northwind) throw new Error('the seeded payee is missing');
  return northwind.payee_id;
}

// ---------------------------------------------------------------------------------------------

describe('payouts', () => {
  it('pays a new payee after its cooling period, through the bank’s review and the rail, to success', async () => {
    const administrator = await registerUser('payouts');
    let session = await signInByApi(administrator);
    await approveKyc(session, 'Payouts Journey GmbH');
    await fund(session, '5000');
    session = await signInByApi(administrator);
    expect(session.kyc_status).toBe('kyc_approved');

    // The payee, with an intermediary bank; a wrong IBAN is refused on its field.
    let { page, context } = await openSignedIn(browser, session);
    await page.goto('/blockchain_w/m_m_payee_list');
    await waitOrCapture(page.getByText('No payees yet'), 'failed-payees-empty');
    await page.getByRole('button', { name: 'Add payee' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a payee' });
    await dialog.locator('#payee-beneficiary-name').fill('Rhein Maschinenbau GmbH');
    await dialog.locator('#payee-beneficiary-address').fill('Hafenstraße 5, 68159 Mannheim, Germany');
    // A bank in the United States is reached by its ABA routing number; one in Germany by its IBAN alone.
    await choose(page, dialog.locator('#payee-bank-country'), /^United States/, 'United States');
    await dialog.getByLabel('ABA routing number').waitFor();
    await choose(page, dialog.locator('#payee-bank-country'), 'Germany', 'Germany');
    expect(await dialog.locator('#payee-local-bank-code').count()).toBe(0);
    await dialog.getByText('Banks in this country use IBANs').waitFor();
    await dialog.locator('#payee-account-number').fill('DE89 3704 0044 0532 0130 01');
    await dialog.locator('#payee-bank-name').fill('Commerzbank AG');
    await dialog.locator('#payee-swift-code').fill('COBADEFFXXX');
    await dialog.locator('#payee-bank-address').fill('Kaiserplatz, 60311 Frankfurt am Main');
    await choose(page, dialog.locator('#payee-currency'), 'USD');
    // The switch by keyboard: it reveals the intermediary's four required fields.
    await dialog.locator('#payee-has-intermediary').focus();
    await page.keyboard.press('Space');
    await dialog.locator('#payee-intermediary-bank-name').fill('Citibank N.A.');
    await choose(page, dialog.locator('#payee-intermediary-country'), /^United States/, 'United States');
    await dialog.locator('#payee-intermediary-swift-code').fill('CITIUS33');
    await dialog.locator('#payee-intermediary-bank-address').fill('388 Greenwich Street, New York');
    await dialog.getByText(/a new or changed payee can be paid 24 hours after it is saved/).waitFor();
    await dialog.getByRole('button', { name: 'Add payee' }).click();
    await dialog.getByText("Enter a valid IBAN of the bank's country").waitFor();
    await dialog.locator('#payee-account-number').fill('DE89 3704 0044 0532 0130 00');
    await dialog.getByRole('button', { name: 'Add payee' }).click();
    await page.getByText('Rhein Maschinenbau GmbH was added to your payees.').waitFor();
    const row = page.getByTestId('payee-row').filter({ hasText: 'Rhein Maschinenbau GmbH' });
    await row.getByText(/^Can be paid from /).waitFor();
    await row.getByText('•••• 3000').waitFor();
    await row.getByRole('button', { name: 'Show the account number of Rhein Maschinenbau GmbH' }).click();
    await row.getByText('DE89 3704 0044 0532 0130 00').waitFor();
    await screenshot(page, 'payouts-payees-cooling-desktop-en');
    await expectAccessible(page, 'payees');

    // During the cooling period the form does not offer it, and the server refuses it.
    await page.goto('/blockchain_w/new_fiat');
    await page.locator('#fiat-payee').click();
    const coolingOption = page.getByRole('option', { name: /Rhein Maschinenbau GmbH.*can be paid from/ });
    await coolingOption.waitFor();
    expect(await coolingOption.getAttribute('data-combobox-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await screenshot(page, 'payouts-fiat-form-cooling-desktop-en');
    const payeeId = String(
      ((await callOk(listPayees, { page_size: 10 }, sessionHeaders(session))).items as { payee_id: string }[])[0]
        ?.payee_id,
    );
    const quote = await callOk(
      calcFiatPayout,
      { asset: 'USDT', payee_id: payeeId, amount: '1000' },
      sessionHeaders(session),
    );
    const refused = await call(
      checkFiatPayout,
      {
        quote_id: String(quote.quote_id),
        payee_id: payeeId,
        purpose: 'supplier_payment',
        sender_account_name: 'Payouts Journey GmbH',
        remarks: '',
      },
      sessionHeaders(session),
    );
    expect(refused.code).not.toBe(200);
    expect(refused.msg).toMatch(/This payee can be paid .*safety period/);
    await context.close();

    // A day later (the server's clock, and this browser's with it) the payee can be paid.
    await advanceServerClock(24 * 3600 + 120);
    await callOk(simulateRates, {}, sessionHeaders(await staffSession()));
    session = await signInByApi(administrator);
    ({ page, context } = await openSignedIn(browser, session));
    await page.clock.install({ time: await serverNow() });
    await page.goto('/blockchain_w/new_fiat');
    await segment(page, 'USDT');
    await choose(page, page.locator('#fiat-payee'), /^Rhein Maschinenbau GmbH/);
    await page.getByText('Arrives in USD').waitFor();
    await page.locator('#fiat-amount').fill('1000');
    await choose(page, page.locator('#fiat-purpose'), 'Supplier payment', 'Supplier');
    await page.locator('#fiat-sender').fill('Payouts Journey GmbH');
    await page.locator('#fiat-remarks').fill('Invoice RM-2026-118');
    await expectAccessible(page, 'fiat-form');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/blockchain_w/new_fiat2');

    // The confirmation: what arrives, fee, total held, the quote's countdown; a reload keeps it.
    await waitOrCapture(page.getByRole('heading', { name: 'Rhein Maschinenbau GmbH receives' }), 'failed-confirm');
    await page.getByText('1,010.00').first().waitFor();
    await page.getByRole('timer').waitFor();
    await screenshot(page, 'payouts-fiat-confirm-desktop-en');
    await expectAccessible(page, 'fiat-confirm');
    await page.reload();
    await page.getByRole('heading', { name: 'Rhein Maschinenbau GmbH receives' }).waitFor();
    await page.getByRole('link', { name: 'Back to edit' }).click();
    await page.waitForURL('**/blockchain_w/new_fiat');
    expect(await page.locator('#fiat-amount').inputValue()).toBe('1000');
    expect(await page.locator('#fiat-remarks').inputValue()).toBe('Invoice RM-2026-118');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/blockchain_w/new_fiat2');

    // The quote runs out (five minutes on, for the server and this browser): the page says so and
    // cannot confirm it; "Recalculate" asks for a new one.
    await advanceServerClock(305);
    await callOk(simulateRates, {}, sessionHeaders(await staffSession()));
    await page.clock.fastForward('05:05');
    await page.getByText('This quote has expired. Recalculate to get a new rate and fee before you confirm.').waitFor();
    expect(await page.getByRole('button', { name: 'Confirm payout' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Recalculate' }).click();
    await page.getByRole('timer').waitFor();

    // The sign-in's second factor is five minutes old: the server asks who it is before the payout goes.
    await page.getByRole('button', { name: 'Confirm payout' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await stepUp.locator('#step-up-password').fill(administrator.password);
    const sentAfter = new Date();
    await stepUp.getByRole('button', { name: 'Send code' }).click();
    await stepUp.locator('#step-up-code').fill(await waitForEmailCode(administrator.email, sentAfter));
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/blockchain_w/fiat_t_h_info?id=*');
    const payoutId = new URL(page.url()).searchParams.get('id') ?? '';
    await page.getByTestId('payout-status').filter({ hasText: 'Admin review' }).waitFor();
    await page.locator('section[aria-labelledby="payout-steps"]').getByText('Submitted', { exact: true }).waitFor();
    await expectAccessible(page, 'fiat-detail');
    await context.close();

    // The bank's staff approve it to the rail, and the rail simulator completes it.
    const staff = await openSignedIn(browser, await staffSession());
    await staff.page.goto('/admin');
    await staff.page.getByRole('link', { name: 'Open: Payout review' }).click();
    await staff.page.waitForURL('**/admin/payouts');
    await staff.page
      .getByRole('button', { name: /Open the payout of .* to Rhein Maschinenbau GmbH/ })
      .first()
      .click();
    const drawer = staff.page.getByRole('dialog', { name: 'Payout' });
    await drawer.getByRole('button', { name: 'Approve', exact: true }).click();
    await drawer.getByRole('button', { name: 'Approve payout' }).click();
    await staff.page.getByText('The payout was approved and sent to the rail.').waitFor();
    await drawer.getByRole('heading', { name: 'Simulator: the outcome at the rail' }).waitFor();
    await screenshot(staff.page, 'payouts-admin-in-process-desktop-en');
    await expectAccessible(staff.page, 'admin-payout-drawer');
    await drawer.getByRole('button', { name: 'Complete payout' }).click();
    await staff.page.getByText('The simulator completed the payout.').waitFor();
    await drawer.getByText('Success', { exact: true }).first().waitFor();
    await staff.context.close();

    // The client reads it as paid, with its timeline; then the history line and the inbox message.
    session = await signInByApi(administrator);
    ({ page, context } = await openSignedIn(browser, session, { language: 'ch' }));
    await page.clock.install({ time: await serverNow() });
    await page.goto(`/blockchain_w/fiat_t_h_info?id=${payoutId}`);
    await page.getByTestId('payout-status').filter({ hasText: '成功' }).waitFor();
    const steps = page.locator('section[aria-labelledby="payout-steps"]');
    await steps.getByText('已完成', { exact: false }).first().waitFor();
    await steps.getByText('银行', { exact: true }).first().waitFor();
    await screenshot(page, 'payouts-fiat-detail-desktop-ch');
    await page.getByRole('link', { name: '在账户流水中查看' }).click();
    await page.waitForURL('**/my_transaction_info?id=*');
    // The history line leads back to the payout.
    await page.getByRole('link', { name: '查看付款详情：由谁审批、何时审批' }).click();
    await page.waitForURL(`**/blockchain_w/fiat_t_h_info?id=${payoutId}`);
    await page.goto('/my_transaction');
    await page.getByTestId('transaction-row').filter({ hasText: 'Rhein Maschinenbau GmbH' }).first().waitFor();
    const unread = page.getByTestId('inbox-unread');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await page
        .getByRole('button', { name: /消息，\d+ 条未读/ })
        .waitFor({ timeout: 2_000 })
        .catch(() => undefined);
      if ((await page.getByRole('button', { name: /消息，\d+ 条未读/ }).count()) > 0) break;
      await page.reload();
    }
    await unread.waitFor();
    await page.getByRole('button', { name: /消息，\d+ 条未读/ }).click();
    await page.getByText('付款已完成').first().waitFor();
    await context.close();
  }, 300_000);

  it('pays a EUR payee by the amount it receives, approved by a colleague, and its receipt reads what was paid (Japanese)', async () => {
    const administrator = await signInByApi(approvedClient);
    await fund(administrator, '12000');
    await callOk(simulateRates, {}, sessionHeaders(await staffSession()));
    const payee = await callOk(
      addPayee,
      {
        beneficiary_name: 'Lyon Outillage SARL',
        beneficiary_address: '12 Quai Perrache, 69002 Lyon, France',
        account_number: 'FR14 2004 1010 0505 0001 3M02 606',
        bank_country: 'FR',
        bank_name: 'La Banque Postale',
        swift_code: 'PSSTFRPPLYO',
        bank_address: '115 Rue de Sèvres, 75275 Paris',
        local_bank_code: '',
        currency: 'EUR',
      },
      { ...sessionHeaders(administrator), [apiHeaders.idempotencyKey]: crypto.randomUUID() },
    );
    const payeeId = String(payee.payee_id);

    // The preparer fixes what the payee receives; the live quote answers what is sent, the fee and the rate.
    const preparer = await preparerSession();
    const made = await openSignedIn(browser, preparer, { language: 'jp' });
    await made.page.goto(`/blockchain_w/new_fiat?payee=${payeeId}`);
    await segment(made.page, 'USDT');
    await segment(made.page, '受取人の受取額');
    await made.page.locator('#fiat-receive-amount').fill('10000');
    const liveQuote = made.page.getByTestId('live-quote');
    await waitOrCapture(liveQuote.getByText('10,000.00'), 'failed-live-quote-jp');
    await liveQuote.getByText(/まで有効/).waitFor();
    await made.page.waitForFunction(
      () => (document.querySelector<HTMLInputElement>('#fiat-amount')?.value ?? '') !== '',
    );
    const sent = await made.page.locator('#fiat-amount').inputValue();
    expect(Number(sent)).toBeGreaterThan(10000);
    await screenshot(made.page, 'payouts-fiat-receive-side-desktop-jp');
    await choose(made.page, made.page.locator('#fiat-purpose'), '仕入先への支払い', '仕入先');
    await made.page.locator('#fiat-sender').fill('Meridian Treasury Services Ltd');
    await made.page.getByRole('button', { name: '次へ' }).click();
    await made.page.waitForURL('**/blockchain_w/new_fiat2');
    await made.page.getByText('2 人目の承認が必要です').waitFor();
    await made.page.getByText('10,000.00').first().waitFor();
    await made.page.getByRole('button', { name: '支払を確定' }).click();
    await made.page.waitForURL('**/blockchain_w/fiat_t_h_info?id=*');
    const payoutId = new URL(made.page.url()).searchParams.get('id') ?? '';
    await made.page.getByTestId('payout-status').filter({ hasText: '承認待ち' }).waitFor();
    await made.context.close();

    // A colleague who may approve does; the bank reviews it and the rail pays it.
    await callOk(
      decidePayoutApproval,
      { payout_id: payoutId, decision: 'approve', reason: '' },
      sessionHeaders(await signInByApi(approvedClient)),
    );
    const staff = sessionHeaders(await staffSession());
    await callOk(decidePayoutReview, { payout_id: payoutId, decision: 'approve', reason: '' }, staff);
    await callOk(simulatePayoutOutcome, { payout_id: payoutId, outcome: 'complete' }, staff);
    const paid = await callOk(getFiatPayout, { payout_id: payoutId }, sessionHeaders(administrator));
    expect(paid.status).toBe('success');
    const fiat = paid.fiat as { amount: string; rate: string };
    expect(fiat.amount).toBe('10000');

    // The receipt, from the payout's page, in Japanese: read back with a PDF reader.
    const reader = await openSignedIn(browser, await signInByApi(approvedClient), { language: 'jp' });
    await reader.page.goto(`/blockchain_w/fiat_t_h_info?id=${payoutId}`);
    await reader.page.getByTestId('payout-status').filter({ hasText: '成功' }).waitFor();
    const [download] = await Promise.all([
      reader.page.waitForEvent('download'),
      reader.page.getByRole('button', { name: '受領書をダウンロード' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`payout-receipt-${payoutId}.pdf`);
    const text = await pdfText(await readFile((await download.path()) ?? ''));
    for (const expected of [
      '送金受領書',
      'Meridian Treasury Services Ltd',
      'Lyon Outillage SARL',
      '12 Quai Perrache, 69002 Lyon, France',
      'FR1420041010050500013M02606',
      '10,000.00 EUR',
      `1 USDT = ${fiat.rate} EUR`,
      '送金手数料',
      String(paid.bank_reference),
      '完了',
    ])
      expect(text).toContain(expected);

    // The history line has its own receipt, from the transaction's details.
    await reader.page.goto(`/my_transaction_info?id=${String(paid.transaction_id)}`);
    const [lineDownload] = await Promise.all([
      reader.page.waitForEvent('download'),
      reader.page.getByRole('button', { name: '明細書をダウンロード' }).click(),
    ]);
    const lineText = await pdfText(await readFile((await lineDownload.path()) ?? ''));
    for (const expected of ['取引明細書', '法定通貨の送金', '10,000.00 EUR', `1 USDT = ${fiat.rate} EUR`, payoutId])
      expect(lineText).toContain(expected);
    await reader.context.close();
  }, 240_000);

  it('sends coins to a saved address and shows the transaction hash', async () => {
    const session = await signInByApi(approvedClient);
    const { page, context } = await openSignedIn(browser, session);
    await page.goto('/blockchain_w/m_m_addr_list');
    await page.getByRole('button', { name: 'Add address' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add an address' });
    const address = addressOfKeyHash(
      'ERC20',
      new Uint8Array(20).map((_, index) => (index * 37 + 11) % 256),
    );
    // One letter in the other case: the EIP-55 checksum no longer holds.
    const index = [...address].findIndex((character, position) => position > 1 && /[a-fA-F]/.test(character));
    const character = address[index] ?? 'a';
    const mistyped = `${address.slice(0, index)}${character === character.toUpperCase() ? character.toLowerCase() : character.toUpperCase()}${address.slice(index + 1)}`;
    expect(isValidAddress('ERC20', mistyped)).toBe(false);
    await dialog.locator('#address-name').fill('Journey supplier wallet');
    await segment(dialog, 'USDT');
    await segment(dialog, 'ERC20');
    await dialog.locator('#address-address').fill(mistyped);
    await dialog.getByRole('button', { name: 'Add address' }).click();
    await dialog.getByText('This is not a valid address on this network: check every character').waitFor();
    await dialog.locator('#address-address').fill(address);
    await dialog.getByRole('button', { name: 'Add address' }).click();
    await page.getByText('Journey supplier wallet was added to your address book.').waitFor();
    await page
      .getByTestId('address-row')
      .filter({ hasText: 'Journey supplier wallet' })
      .getByText('Ready to use')
      .waitFor();
    await expectAccessible(page, 'address-book');

    await page.goto('/blockchain_w/new_digital_asset');
    await segment(page, 'USDT');
    await segment(page, 'ERC20');
    await choose(page, page.locator('#crypto-address'), /^Journey supplier wallet/);
    await page.locator('#crypto-amount').fill('50');
    await choose(page, page.locator('#crypto-purpose'), 'Payment for services', 'services');
    await page.locator('#crypto-sender').fill('Meridian Treasury Services Ltd');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/blockchain_w/new_digital_asset2');
    await page.getByRole('heading', { name: 'Journey supplier wallet receives' }).waitFor();
    await page.getByText('55.00').first().waitFor();
    await page.getByRole('button', { name: 'Confirm payout' }).click();
    await page.waitForURL('**/blockchain_w/digital_t_h_info?id=*');
    const payoutId = new URL(page.url()).searchParams.get('id') ?? '';
    await context.close();

    const staff = sessionHeaders(await staffSession());
    await callOk(decidePayoutReview, { payout_id: payoutId, decision: 'approve', reason: '' }, staff);
    await callOk(simulatePayoutOutcome, { payout_id: payoutId, outcome: 'complete' }, staff);

    const phone = await openSignedIn(browser, await signInByApi(approvedClient), {
      viewport: viewports.phone,
      language: 'jp',
    });
    await phone.page.goto(`/blockchain_w/digital_t_h_info?id=${payoutId}`);
    await phone.page.getByTestId('payout-status').filter({ hasText: '成功' }).waitFor();
    await phone.page.getByText('トランザクションハッシュ').waitFor();
    await phone.page.getByRole('link', { name: /エクスプローラーで表示/ }).waitFor();
    await screenshot(phone.page, 'payouts-crypto-detail-phone-jp');
    await expectWithinWidth(phone.page, 'crypto-detail-phone-jp');
    await phone.page.goto('/blockchain_w/transfer_p_jmhb');
    await phone.page.getByTestId('payout-card').first().waitFor();
    await screenshot(phone.page, 'payouts-crypto-records-phone-jp');
    await expectWithinWidth(phone.page, 'crypto-records-phone-jp');
    await phone.context.close();

    // The records download as CSV, with the payout in them.
    const desk = await openSignedIn(browser, await signInByApi(approvedClient));
    // The period ends today by the server's clock, which the first journey moved a day ahead.
    await desk.page.clock.install({ time: await serverNow() });
    await desk.page.goto('/blockchain_w/transfer_p_jmhb?text=Journey');
    await desk.page.getByTestId('payout-row').filter({ hasText: 'Journey supplier wallet' }).first().waitFor();
    await desk.page.getByRole('button', { name: 'Download' }).click();
    const downloadDialog = desk.page.getByRole('dialog', { name: 'Download digital asset payouts' });
    await downloadDialog.getByRole('radio', { name: /CSV/ }).check();
    const downloading = desk.page.waitForEvent('download');
    await downloadDialog.getByRole('button', { name: 'Download' }).click();
    const file = await downloading;
    const csv = await readFile((await file.path()) ?? '', 'utf8');
    expect(csv).toContain(payoutId);

    // Renaming the address, then deleting it five minutes later: the server asks who it is first.
    await desk.page.goto('/blockchain_w/m_m_addr_list');
    const entry = desk.page.getByTestId('address-row').filter({ hasText: 'Journey supplier wallet' });
    await entry.getByRole('button', { name: 'Actions for Journey supplier wallet' }).click();
    await desk.page.getByRole('menuitem', { name: 'Edit' }).click();
    const editDialog = desk.page.getByRole('dialog', { name: 'Edit Journey supplier wallet' });
    await editDialog.locator('#address-name').fill('Journey supplier wallet (old)');
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await desk.page.getByText('The changes to Journey supplier wallet (old) were saved.').waitFor();
    await advanceServerClock(301);
    const renamed = desk.page.getByTestId('address-row').filter({ hasText: 'Journey supplier wallet (old)' });
    await renamed.getByRole('button', { name: 'Actions for Journey supplier wallet (old)' }).click();
    await desk.page.getByRole('menuitem', { name: 'Delete' }).click();
    await desk.page
      .getByRole('dialog', { name: 'Delete Journey supplier wallet (old)?' })
      .getByRole('button', { name: 'Delete address' })
      .click();
    const stepUp = desk.page.getByRole('dialog', { name: 'Confirm it’s you' });
    await stepUp.locator('#step-up-password').fill(approvedClient.password);
    const sentAfter = new Date();
    await stepUp.getByRole('button', { name: 'Send code' }).click();
    await stepUp.locator('#step-up-code').fill(await waitForEmailCode(approvedClient.email, sentAfter));
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await desk.page.getByText('Journey supplier wallet (old) was deleted from your address book.').waitFor();
    await renamed.waitFor({ state: 'detached' });

    // /fiat_withdrawal leads to the fiat payout form.
    await desk.page.goto('/fiat_withdrawal');
    await desk.page.waitForURL('**/blockchain_w/new_fiat');
    await desk.context.close();
  }, 180_000);

  it('starts the fiat payouts’ history and the payees with their pages’ code, and asks for each once', async () => {
    const { page, context } = await openSignedIn(browser, await signInByApi(approvedClient));
    const history = requestsTo(page, listFiatPayouts.path);
    await page.goto('/blockchain_w/transfer_p_fiat?text=no-such-payout');
    await page.getByText('No payouts match these filters').waitFor();
    // The load started before the page rendered and the page's own query are one: one request, filtered.
    expect(history).toHaveLength(1);
    expect(JSON.parse(history[0] ?? '{}')).toMatchObject({ text: 'no-such-payout' });

    const payees = requestsTo(page, listPayees.path);
    await page.goto('/blockchain_w/m_m_payee_list');
    await page.getByRole('table').getByText('Northwind Supplies Ltd').first().waitFor();
    expect(payees).toHaveLength(1);

    // The form's available balance, for a user who reads balances: asked by the form once drawn,
    // its answer drew the form a second time.
    await recordFirstDrawing(page);
    await page.goto('/blockchain_w/new_fiat');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await askedBeforeFirstDrawing(page, getDashboardHome.path)).toBe(true);
    await context.close();
  });

  it('shows a payout rejected by the bank with its reason, and the balance back', async () => {
    const session = await signInByApi(approvedClient);
    const payeeId = await northwindPayeeId(session);
    const before = await availableUsdt(session, payeeId);
    const payout = await payFiatByApi(session, payeeId, '250');
    expect(payout.status).toBe('admin_review');
    expect(await availableUsdt(session, payeeId)).not.toBe(before);

    const staff = await openSignedIn(browser, await staffSession(), { language: 'ch' });
    await staff.page.goto(`/admin/payouts?payout=${payout.payout_id}`);
    const drawer = staff.page.getByRole('dialog', { name: '付款' });
    await drawer.getByRole('button', { name: '拒绝', exact: true }).click();
    await drawer.getByRole('button', { name: '拒绝付款' }).click();
    await drawer.getByText('请填写原因').waitFor();
    await drawer.locator('#review-reason').fill('The beneficiary does not match the invoice.');
    await screenshot(staff.page, 'payouts-admin-reject-desktop-ch');
    await drawer.getByRole('button', { name: '拒绝付款' }).click();
    await staff.page.getByText('付款已拒绝，冻结已撤销。').waitFor();
    await staff.context.close();

    const phone = await openSignedIn(browser, session, { viewport: viewports.phone, language: 'ch' });
    await phone.page.goto(`/blockchain_w/fiat_t_h_info?id=${payout.payout_id}`);
    await phone.page.getByTestId('payout-status').filter({ hasText: '已拒绝' }).waitFor();
    await phone.page.getByText('此付款已被拒绝').waitFor();
    await phone.page.getByText('金额和手续费已退回您的余额。').waitFor();
    await phone.page.getByText('The beneficiary does not match the invoice.').first().waitFor();
    await screenshot(phone.page, 'payouts-fiat-rejected-phone-ch');
    await expectWithinWidth(phone.page, 'fiat-rejected-phone-ch');
    await expectAccessible(phone.page, 'fiat-rejected');
    await phone.context.close();
    expect(await availableUsdt(session, payeeId)).toBe(before);
  }, 120_000);

  it('shows a payout the network failed, with its cause, from the staff’s simulator', async () => {
    const session = await signInByApi(approvedClient);
    const headers = sessionHeaders(session);
    const addresses = (await callOk(listPayoutAddresses, { asset: 'USDT', network: 'TRC20' }, headers)).items as {
      address_id: string;
      name: string;
    }[];
    const wallet = addresses.find((entry) => entry.name === 'Treasury cold wallet');
    if (!wallet) throw new Error('the seeded address is missing');
    const quote = await callOk(calcCryptoPayout, { asset: 'USDT', network: 'TRC20', amount: '20' }, headers);
    const instructions = {
      quote_id: String(quote.quote_id),
      address_id: wallet.address_id,
      purpose: 'own_account_transfer' as const,
      sender_account_name: 'Meridian Treasury Services Ltd',
      remarks: '',
    };
    await callOk(checkCryptoPayout, instructions, headers);
    const payout = (await callOk(submitCryptoPayout, instructions, {
      ...headers,
      [apiHeaders.idempotencyKey]: crypto.randomUUID(),
    })) as unknown as PayoutAnswer;
    const staffSessionNow = await staffSession();
    await callOk(
      decidePayoutReview,
      { payout_id: payout.payout_id, decision: 'approve', reason: '' },
      sessionHeaders(staffSessionNow),
    );

    const staff = await openSignedIn(browser, staffSessionNow, { language: 'jp' });
    await staff.page.goto('/admin/payouts?queue=in_process');
    await staff.page
      .getByRole('button', { name: /Treasury cold wallet/ })
      .first()
      .click();
    const drawer = staff.page.getByRole('dialog', { name: '支払' });
    // Failing needs its cause.
    await drawer.getByRole('button', { name: '支払を失敗させる' }).click();
    await drawer.getByText('この項目を入力してください').waitFor();
    await choose(staff.page, drawer.locator('#simulator-cause'), 'ブロックチェーンネットワークが取引を拒否しました');
    await screenshot(staff.page, 'payouts-admin-simulator-desktop-jp');
    await drawer.getByRole('button', { name: '支払を失敗させる' }).click();
    await staff.page.getByText('シミュレーターが支払を失敗させました。').waitFor();
    await staff.context.close();

    const client = await openSignedIn(browser, session, { language: 'jp' });
    await client.page.goto(`/blockchain_w/digital_t_h_info?id=${payout.payout_id}`);
    await client.page.getByTestId('payout-status').filter({ hasText: '失敗' }).waitFor();
    await client.page.getByText('この支払は失敗しました').waitFor();
    await client.page
      .locator('section[aria-labelledby="payout-steps"]')
      .getByText('理由：ブロックチェーンネットワークが取引を拒否しました')
      .waitFor();
    await screenshot(client.page, 'payouts-crypto-failed-desktop-jp');
    await client.context.close();
  }, 120_000);

  it('lets the maker cancel a payout waiting for approval, and the balance is whole again', async () => {
    const administrator = await signInByApi(approvedClient);
    const payeeId = await northwindPayeeId(administrator);
    const before = await availableUsdt(administrator, payeeId);
    const payout = await payFiatByApi(administrator, payeeId, '10002');
    expect(payout.status).toBe('pending_approval');
    expect(await availableUsdt(administrator, payeeId)).not.toBe(before);

    const phone = await openSignedIn(browser, administrator, { viewport: viewports.phone, language: 'jp' });
    await phone.page.goto(`/blockchain_w/fiat_t_h_info?id=${payout.payout_id}`);
    await phone.page.getByTestId('payout-status').filter({ hasText: '承認待ち' }).waitFor();
    // Whom it waits for, drawn open at the end of the timeline (not as a completed step).
    await phone.page.getByTestId('payout-waiting-step').filter({ hasText: '同僚の承認待ち' }).waitFor();
    await phone.page.getByRole('button', { name: '支払を取り消す' }).click();
    const dialog = phone.page.getByRole('dialog', { name: 'この支払を取り消しますか？' });
    await dialog.getByText(/10,0\d\d\.\d\d USDT/).waitFor();
    await screenshot(phone.page, 'payouts-cancel-confirm-phone-jp');
    await dialog.getByRole('button', { name: '支払を取り消す' }).click();
    await phone.page.getByText('支払を取り消しました。確保した金額は残高に戻りました。').waitFor();
    await phone.page.getByTestId('payout-status').filter({ hasText: '取消済み' }).waitFor();
    await phone.page.getByText('承認前に取消').first().waitFor();
    expect(await phone.page.getByTestId('payout-waiting-step').count()).toBe(0);
    await screenshot(phone.page, 'payouts-cancelled-phone-jp');
    await expectWithinWidth(phone.page, 'cancelled-phone-jp');
    await expectAccessible(phone.page, 'payout-cancelled');
    await phone.context.close();
    expect(await availableUsdt(administrator, payeeId)).toBe(before);
  }, 120_000);

  it('sends a payout above the threshold to a second user: the preparer cannot approve it, the administrator does', async () => {
    const preparer = await preparerSession();
    const payeeId = await northwindPayeeId(preparer);

    // The preparer makes it through the form; the confirmation says a second approval is needed.
    const made = await openSignedIn(browser, preparer, { viewport: viewports.phone, language: 'ch' });
    await made.page.goto(`/blockchain_w/new_fiat?payee=${payeeId}`);
    await segment(made.page, 'USDT');
    await made.page.locator('#fiat-amount').fill('10001');
    await choose(made.page, made.page.locator('#fiat-purpose'), '供应商付款', '供应商');
    await made.page.locator('#fiat-sender').fill('Meridian Treasury Services Ltd');
    await screenshot(made.page, 'payouts-fiat-form-phone-ch');
    await expectWithinWidth(made.page, 'fiat-form-phone-ch');
    await made.page.getByRole('button', { name: '继续' }).click();
    await made.page.waitForURL('**/blockchain_w/new_fiat2');
    await made.page.getByText('需要第二人审批').waitFor();
    await screenshot(made.page, 'payouts-fiat-confirm-phone-ch');
    await expectWithinWidth(made.page, 'fiat-confirm-phone-ch');
    await made.page.getByRole('button', { name: '确认付款' }).click();
    await made.page.waitForURL('**/blockchain_w/fiat_t_h_info?id=*');
    const payoutId = new URL(made.page.url()).searchParams.get('id') ?? '';
    await made.page.getByTestId('payout-status').filter({ hasText: '待审批' }).waitFor();
    await made.page.getByText('此付款正在等待贵公司另一位用户审批。').waitFor();
    expect(await made.page.getByRole('button', { name: /批准/ }).count()).toBe(0);
    await made.context.close();
    const byPreparer = await call(
      decidePayoutApproval,
      { payout_id: payoutId, decision: 'approve', reason: '' },
      sessionHeaders(preparer),
    );
    expect(byPreparer.code).not.toBe(200);

    // The administrator sees the count in the header, and approves it from the approvals page.
    const administrator = await signInByApi(approvedClient);
    const { page, context } = await openSignedIn(browser, administrator);
    await page.goto('/');
    const badge = page.getByRole('link', { name: /^Payout approvals, \d+ waiting$/ });
    await waitOrCapture(badge, 'failed-approvals-badge');
    await badge.click();
    await page.waitForURL('**/blockchain_w/approvals');
    const item = page.getByTestId('approval-item').filter({ hasText: 'Pat Preparer' }).first();
    await item.getByRole('button', { name: 'Show details' }).click();
    await item.getByText('GB33 BUKB 2020 1555 5555 55').waitFor();
    await item.getByRole('button', { name: 'Approve the payout to Northwind Supplies Ltd' }).click();
    const approveDialog = page.getByRole('dialog', { name: 'Approve this payout?' });
    await approveDialog.getByRole('button', { name: 'Approve payout' }).click();
    await page.getByText('You approved the payout.').waitFor();
    await page.getByRole('heading', { name: 'Approval policy' }).waitFor();
    await screenshot(page, 'payouts-approvals-desktop-en');
    await expectAccessible(page, 'approvals');
    const approved = await callOk(getFiatPayout, { payout_id: payoutId }, sessionHeaders(administrator));
    expect(approved.status).toBe('admin_review');
    const timeline = approved.timeline as { step: string; actor: { name: string | null } }[];
    expect(timeline.map((step) => step.step)).toEqual(['submitted', 'approval_requested', 'approved']);
    // The bank declines it, which releases its hold: the demo balance (less what the seeded cards and
    // orders hold) does not cover two payouts above the threshold at once.
    await callOk(
      decidePayoutReview,
      { payout_id: payoutId, decision: 'reject', reason: 'Journey: the invoice is not attached.' },
      sessionHeaders(await staffSession()),
    );

    // Never the maker: the administrator's own payout above the threshold waits for someone else.
    const own = await payFiatByApi(administrator, payeeId, '10001');
    expect(own.status).toBe('pending_approval');
    const refused = await call(
      decidePayoutApproval,
      { payout_id: own.payout_id, decision: 'approve', reason: '' },
      sessionHeaders(administrator),
    );
    expect(refused.msg).toBe('You submitted this payout, so another user must approve it.');
    await page.reload();
    await page
      .getByTestId('approval-item')
      .filter({ hasText: 'You prepared it: a colleague approves it' })
      .first()
      .waitFor();
    await context.close();

    const desk = await openSignedIn(browser, administrator, { language: 'ch' });
    await desk.page.goto('/blockchain_w/approvals');
    await desk.page.getByRole('heading', { name: '审批规则' }).waitFor();
    await screenshot(desk.page, 'payouts-approvals-desktop-ch');
    await desk.page.goto('/blockchain_w/m_m_payee_list');
    await desk.page.getByTestId('payee-row').first().waitFor();
    await screenshot(desk.page, 'payouts-payees-desktop-ch');
    await desk.context.close();

    const phone = await openSignedIn(browser, administrator, { viewport: viewports.phone, language: 'ch' });
    for (const [path, ready, name] of [
      ['/blockchain_w/m_m_payee_list', phone.page.getByTestId('payee-card').first(), 'payees'],
      ['/blockchain_w/m_m_addr_list', phone.page.getByTestId('address-card').first(), 'addresses'],
      ['/blockchain_w/approvals', phone.page.getByRole('heading', { name: '审批规则' }), 'approvals'],
      ['/blockchain_w/transfer_p_fiat', phone.page.getByTestId('payout-card').first(), 'fiat-records'],
    ] as const) {
      await phone.page.goto(path);
      await waitOrCapture(ready, `failed-${name}-phone-ch`);
      await screenshot(phone.page, `payouts-${name}-phone-ch`);
      await expectWithinWidth(phone.page, `${name}-phone-ch`);
    }
    await phone.context.close();

    // The seeded approver, who does not prepare payouts, counts the administrator's own payout in the
    // header, opens it (read-only but for the decision) and approves it: no payout waits forever.
    const approver = await signInByApi(approverAccount, await pairStaffByApi(approverAccount));
    const checker = await openSignedIn(browser, approver);
    await checker.page.goto('/');
    await waitOrCapture(
      checker.page.getByRole('link', { name: /^Payout approvals, \d+ waiting$/ }),
      'failed-approver-badge',
    );
    await checker.page.goto(`/blockchain_w/fiat_t_h_info?id=${own.payout_id}`);
    await checker.page.getByText('This payout waits for your approval').waitFor();
    await checker.page.getByRole('link', { name: 'Back to approvals' }).waitFor();
    await checker.page.getByRole('button', { name: 'Approve the payout to Northwind Supplies Ltd' }).click();
    await checker.page
      .getByRole('dialog', { name: 'Approve this payout?' })
      .getByRole('button', { name: 'Approve payout' })
      .click();
    await checker.page.getByText('You approved the payout.').waitFor();
    await checker.page.getByTestId('payout-status').filter({ hasText: 'Admin review' }).waitFor();
    await screenshot(checker.page, 'payouts-approver-read-only-desktop-en');
    await checker.context.close();
  }, 180_000);
});
