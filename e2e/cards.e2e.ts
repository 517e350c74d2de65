/**
 * Card management, through the screens as a company's administrator and the
 * bank's card operations desk use them:
 * (a) staff read the letter of the seeded card in the post in the simulator panel; the holder
 *     activates it with the KIT and activation codes (a wrong code first: refused) and sets a PIN;
 * (b) the holder blocks it as lost: the fee is shown, the final block confirmed and charged (the
 *     company's USDC drops by it), the replacement appears, staff ship it, the holder activates it;
 * (c) a renewal is paid on /renew;
 * (d) staff block the other seeded card as the bank, and the client's unblock is refused with
 *     SPEC.md's message.
 * Pages are checked for accessibility; one screen is seen in Japanese and one at phone size. The
 * server's clock is not moved.
 */
import {
  getCard,
  getReplaceConfig,
  listCards,
  listRenewals,
  listStaffCards,
  unblockCard,
} from '@bank/contract/card-management';
import type { Card } from '@bank/contract/cards';
import { getDepositDetails, simulateBlocks, simulateIncomingDeposit } from '@bank/contract/deposit';
import { listTransactions, type Transaction } from '@bank/contract/transaction';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiSession,
  type Authenticator,
  call,
  callOk,
  expectAccessible,
  openSignedIn,
  pairStaffByApi,
  sessionHeaders,
  signInByApi,
  waitOrCapture,
} from './support/accounts.ts';
import { launchBrowser, requestsTo, screenshot, viewports } from './support/browser.ts';
import { type CardSecret, collectApiAnswers, findingsIn, keepCardSecret } from './support/card-secrets.ts';

/** Seeded: the approved demo company's administrator, who holds the cards permission. */
const approvedClient = { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026' };
/** Seeded: the card operations desk (a system_admin), paired once for this file. */
const staffAccount = { email: 'cardops@bank.localhost', password: 'Staff-CardOps#2026' } as const;

let browser: Browser;
let staffAuthenticator: Authenticator;

beforeAll(async () => {
  browser = await launchBrowser();
  staffAuthenticator = await pairStaffByApi(staffAccount);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const staffSession = () => signInByApi(staffAccount, staffAuthenticator);

async function companyCards(client: ApiSession): Promise<Card[]> {
  return (await callOk(listCards, { page_size: 100 }, sessionHeaders(client))).items as Card[];
}

/** The company's USDC the replacement fee would come from, as getReplaceConfig tells it. */
async function usdcAvailable(client: ApiSession, cardId: string): Promise<number> {
  const config = await callOk(getReplaceConfig, { card_id: cardId }, sessionHeaders(client));
  const costs = config.costs as { asset: string; available: string; amount: string }[];
  return Number(costs.find((cost) => cost.asset === 'USDC')?.available);
}

/** Staff open a card in /admin/cards, found by its last 4 digits. */
async function openStaffCard(page: Page, last4: string): Promise<ReturnType<Page['getByRole']>> {
  await page.goto('/admin/cards');
  await page.getByRole('textbox', { name: 'Last 4 digits' }).fill(last4);
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByRole('button', { name: new RegExp(`^Card ending ${last4} of `) })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: `Card •••• ${last4}` });
  await waitOrCapture(drawer.getByText('Card processor simulator', { exact: true }), `cards-staff-${last4}`);
  return drawer;
}

/** The letter as the simulator panel shows it. */
async function readLetter(drawer: ReturnType<Page['getByRole']>) {
  await drawer.getByRole('button', { name: 'Show the letter' }).click();
  const kitCode = (await drawer.getByTestId('letter-kit-code').textContent())?.trim() ?? '';
  const activationCode = (await drawer.getByTestId('letter-activation-code').textContent())?.trim() ?? '';
  keepCardSecret({ kind: 'activation_code', value: activationCode });
  expect(kitCode).toMatch(/^\d{10}$/);
  expect(activationCode).toMatch(/^\d{6}$/);
  return { kitCode, activationCode };
}

/** The client's card drawer, opened from its tile. */
async function openClientCard(page: Page, last4: string) {
  await page.goto('/cards');
  await page.getByRole('button', { name: new RegExp(`^Card ending ${last4},`) }).click();
  const drawer = page.getByRole('dialog', { name: `Card •••• ${last4}` });
  await waitOrCapture(drawer.getByText('Timeline'), `cards-client-${last4}`);
  return drawer;
}

async function activateThroughDialog(page: Page, last4: string, codes: { kitCode: string; activationCode: string }) {
  const drawer = await openClientCard(page, last4);
  await drawer.getByRole('button', { name: 'Activate' }).click();
  const dialog = page.getByRole('dialog', { name: `Activate card •••• ${last4}` });
  await dialog.getByRole('textbox', { name: 'KIT code' }).fill(codes.kitCode);
  await dialog.getByRole('textbox', { name: 'Activation code' }).fill(codes.activationCode);
  await dialog.getByRole('button', { name: 'Activate card' }).click();
  return dialog;
}

describe('cards', () => {
  it('activates, sets a PIN, blocks as lost with its fee, replaces, renews, and meets the bank’s block', async () => {
    const client = await signInByApi(approvedClient);
    const staff = await staffSession();

    // The company's USDC, the way coins arrive: the custody simulator, then the network's blocks.
    const { address } = await callOk(getDepositDetails, { asset: 'USDC', network: 'TRC20' }, sessionHeaders(client));
    await callOk(
      simulateIncomingDeposit,
      { address: String(address), asset: 'USDC', network: 'TRC20', amount: '5000' },
      sessionHeaders(staff),
    );
    await callOk(simulateBlocks, { blocks: 19 }, sessionHeaders(staff));

    const seeded = (await companyCards(client)).filter((card) => card.name_on_card === 'KEN MERIDIAN');
    const awaiting = seeded.find((card) => card.operation_stage === 'awaiting_activation' && card.level === 'premier');
    const other = seeded.find((card) => card.status === 'active' && card.level === 'prestige');
    if (!awaiting || !other) throw new Error('the demo cards are not seeded');

    // (a) Staff read the letter in the simulator panel.
    const desk = await openSignedIn(browser, staff);
    let drawer = await openStaffCard(desk.page, awaiting.last4);
    const letter = await readLetter(drawer);
    await screenshot(desk.page, 'cards-staff-letter-desktop-en');
    await expectAccessible(desk.page, 'admin cards drawer');

    // The holder activates it: a wrong code first.
    const { page, context } = await openSignedIn(browser, client);
    const answers = collectApiAnswers(page);
    const typed: CardSecret[] = [{ kind: 'activation_code', value: letter.activationCode }];
    const wrongCode = letter.activationCode === '000000' ? '111111' : '000000';
    let dialog = await activateThroughDialog(page, awaiting.last4, { ...letter, activationCode: wrongCode });
    await dialog.getByText('Failed to activate card.').waitFor();
    // The first annual fee is shown before the activation that charges it.
    await dialog.getByText('First annual fee').waitFor();
    await dialog.getByTestId('activation-fee').getByText('100.00').waitFor();
    await dialog.getByRole('textbox', { name: 'Activation code' }).fill(letter.activationCode);
    await dialog.getByRole('button', { name: 'Activate card' }).click();
    await page.getByText(`Card •••• ${awaiting.last4} is active.`).waitFor();
    let clientDrawer = page.getByRole('dialog', { name: `Card •••• ${awaiting.last4}` });
    await clientDrawer.getByText('Active', { exact: true }).first().waitFor();

    // A PIN, twice, masked (the sign-in just now is a fresh second factor).
    await clientDrawer.getByRole('button', { name: 'Set PIN' }).click();
    dialog = page.getByRole('dialog', { name: `Set the PIN of card •••• ${awaiting.last4}` });
    await waitOrCapture(dialog.getByRole('button', { name: 'Set PIN' }), 'cards-pin-dialog');
    keepCardSecret({ kind: 'pin', value: '2580' });
    keepCardSecret({ kind: 'pin', value: '2581' });
    typed.push({ kind: 'pin', value: '2580' }, { kind: 'pin', value: '2581' });
    await dialog.getByLabel(/^New PIN\s*\*?$/).fill('2580');
    await dialog.getByLabel(/^New PIN again/).fill('2581');
    await dialog.getByRole('button', { name: 'Set PIN' }).click();
    await dialog.getByText('The two PINs do not match, please re-enter').waitFor();
    await dialog.getByLabel(/^New PIN again/).fill('2580');
    await dialog.getByRole('button', { name: 'Set PIN' }).click();
    await page.getByText(`The PIN of card •••• ${awaiting.last4} is set.`).waitFor();
    await screenshot(page, 'cards-details-desktop-en');
    await expectAccessible(page, 'card details');

    // (b) Lost: the fee is shown before it is confirmed, then charged.
    const before = await usdcAvailable(client, awaiting.id);
    const feeCost = Number(
      (
        (await callOk(getReplaceConfig, { card_id: awaiting.id }, sessionHeaders(client))).costs as {
          asset: string;
          amount: string;
        }[]
      ).find((cost) => cost.asset === 'USDC')?.amount,
    );
    await clientDrawer.getByRole('button', { name: 'Block' }).click();
    dialog = page.getByRole('dialog', { name: `Block card •••• ${awaiting.last4}` });
    await dialog
      .locator('label')
      .filter({ hasText: /^Lost or stolen$/ })
      .click();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Left in a taxi');
    await dialog.getByText('Replacement fee', { exact: true }).waitFor();
    await dialog.getByText('25.00').first().waitFor();
    await dialog.getByText('This cannot be undone').waitFor();
    await dialog.getByRole('radio', { name: /^USDC/ }).check();
    await dialog.getByRole('button', { name: 'Block for good and order a replacement' }).click();
    // Not without the explicit confirmation.
    await dialog.getByRole('checkbox', { name: /this block is final/ }).check();
    await screenshot(page, 'cards-block-lost-desktop-en');
    await expectAccessible(page, 'block dialog');
    await dialog.getByRole('button', { name: 'Block for good and order a replacement' }).click();
    await page.getByText(`Card •••• ${awaiting.last4} is blocked for good; its replacement is ordered.`).waitFor();
    await clientDrawer.getByText('This block is final: the card will not work again.').waitFor();
    // Charged as the company's history records it; at the rate of the moment it was charged, which
    // the rates' refresh (every 5 minutes) may have moved since the dialog's quote in the fourth decimal.
    const feeLines = await callOk(listTransactions, { type: 'card_fee', page_size: 1 }, sessionHeaders(client));
    const feeLine = (feeLines.items as Transaction[])[0];
    expect(feeLine?.asset).toBe('USDC');
    expect(before - (await usdcAvailable(client, awaiting.id))).toBeCloseTo(Number(feeLine?.amount), 6);
    expect(Number(feeLine?.amount)).toBeCloseTo(feeCost, 2);

    // The replacement appears; staff ship it and read its letter; the holder activates it.
    const replacement = (await companyCards(client)).find((card) => card.replaces_card_id === awaiting.id);
    if (!replacement) throw new Error('no replacement card');
    await page.goto('/cards');
    await page.getByRole('button', { name: new RegExp(`^Card ending ${replacement.last4},`) }).waitFor();
    drawer = await openStaffCard(desk.page, replacement.last4);
    await drawer.getByRole('button', { name: 'Print and mail now' }).click();
    await desk.page.getByText(`Card •••• ${replacement.last4} is mailed and awaits activation.`).waitFor();
    const replacementLetter = await readLetter(drawer);
    typed.push({ kind: 'activation_code', value: replacementLetter.activationCode });
    await activateThroughDialog(page, replacement.last4, replacementLetter);
    await page.getByText(`Card •••• ${replacement.last4} is active.`).waitFor();
    const oldCard = (await companyCards(client)).find((card) => card.id === awaiting.id);
    expect(oldCard).toMatchObject({ replacement_status: 'replaced', operation_stage: 'reissued' });

    // (c) A renewal paid on /renew: the first term open for it, from USDC.
    await page.goto('/renew');
    const renewButton = page.getByRole('button', { name: new RegExp(`^Renew card ending ${other.last4}, term `) });
    await waitOrCapture(renewButton.first(), 'cards-renew-list');
    await expectAccessible(page, 'renewals');
    await renewButton.first().click();
    dialog = page.getByRole('dialog', { name: `Renew card •••• ${other.last4}` });
    await dialog.getByRole('radio', { name: /^USDC/ }).check();
    await dialog.getByRole('button', { name: /^Pay .* USD and renew$/ }).click();
    await page.getByText(new RegExp(`^Card •••• ${other.last4} is renewed until `)).waitFor();
    const terms = (await callOk(listRenewals, { card_id: other.id }, sessionHeaders(client))).items as {
      status: string;
      deduction_mode: string | null;
    }[];
    expect(terms.some((term) => term.status === 'paid' && term.deduction_mode === 'manual')).toBe(true);

    // No answer the client's pages received carries a PIN, an activation code or a full card number.
    expect(answers.length).toBeGreaterThan(10);
    expect(findingsIn('the client’s API answers', answers.join('\n'), typed)).toEqual([]);

    // Seen at phone size.
    const phone = await openSignedIn(browser, client, { viewport: viewports.phone });
    await phone.page.goto('/renew');
    await phone.page.getByRole('heading', { name: 'Automatic renewal' }).waitFor();
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    await screenshot(phone.page, 'cards-renew-phone-en');
    expect(width).toBeLessThanOrEqual(viewports.phone.width);
    await phone.context.close();

    // (d) The bank blocks the other card; the client cannot lift it.
    drawer = await openStaffCard(desk.page, other.last4);
    await drawer.getByRole('textbox', { name: 'Reason' }).fill('Suspected fraud on the account');
    await drawer.getByRole('button', { name: 'Block card' }).click();
    await desk.page.getByText(`Card •••• ${other.last4} is blocked by the bank.`).waitFor();
    const refused = await call(unblockCard, { card_id: other.id }, sessionHeaders(client));
    expect(refused).toMatchObject({ code: 9470, msg: 'Operation cannot continue, card blocked by administrator.' });
    clientDrawer = await openClientCard(page, other.last4);
    await clientDrawer.getByText('Blocked by administrator').waitFor();
    await clientDrawer.getByText('Nothing can be done with this card now.').waitFor();
    // Besides its state, a card carries its sales type and its page as a QR code (SPEC.md section 3).
    await clientDrawer.getByText('General', { exact: true }).waitFor();
    await clientDrawer.getByRole('img', { name: 'QR code of this card’s page' }).waitFor();
    expect(await clientDrawer.getByRole('button', { name: 'Unblock' }).count()).toBe(0);
    await screenshot(page, 'cards-admin-blocked-desktop-en');
    await context.close();

    // Staff find it among every company's cards, and lift the block.
    const found = await callOk(listStaffCards, { last4: other.last4 }, sessionHeaders(staff));
    expect((found.items as { id: string }[]).map((card) => card.id)).toContain(other.id);
    drawer = await openStaffCard(desk.page, other.last4);
    await drawer.getByRole('textbox', { name: 'Reason' }).fill('Cleared by compliance');
    await drawer.getByRole('button', { name: 'Unblock card' }).click();
    await desk.page.getByText(`Card •••• ${other.last4} works again.`).waitFor();
    await desk.context.close();
  }, 240_000);

  it('starts the card list and an open card with the page’s code, from its address, and asks for each once', async () => {
    const client = await signInByApi(approvedClient);
    const { page, context } = await openSignedIn(browser, client);
    const lists = requestsTo(page, listCards.path);
    await page.goto('/cards?state=expired');
    await page.getByText('No cards in this state').or(page.getByTestId('card-tile').first()).waitFor();
    // The load started before the page rendered and the page's own query are one: one request, filtered.
    expect(lists).toHaveLength(1);
    expect(JSON.parse(lists[0] ?? '{}')).toMatchObject({ status: 'expired' });

    const [card] = (await callOk(listCards, { page_size: 100 }, sessionHeaders(client))).items as Card[];
    if (!card) throw new Error('the seeded cards are missing');
    const details = requestsTo(page, getCard.path);
    await page.goto(`/cards?card=${card.id}`);
    await page.getByRole('dialog').getByText(card.last4).first().waitFor();
    expect(details).toHaveLength(1);
    await context.close();
  });

  it('reads in Japanese', async () => {
    const client = await signInByApi(approvedClient);
    const { page, context } = await openSignedIn(browser, client, { language: 'jp' });
    await page.goto('/cards');
    await page.getByRole('heading', { name: 'カード一覧', exact: true }).waitFor();
    await page.getByText('表示するカード').waitFor();
    await page
      .getByRole('button', { name: /^下 4 桁 \d{4}、/ })
      .first()
      .waitFor();
    await screenshot(page, 'cards-desktop-ja');
    await expectAccessible(page, 'cards in Japanese');
    await context.close();
  });
});
