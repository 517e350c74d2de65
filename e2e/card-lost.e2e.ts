/**
 * A card reported lost when the company cannot pay the replacement fee, through the screens as the
 * company's administrator uses them: the card is blocked at once, the card's panel says the
 * replacement waits on its fee (in English, then in Japanese), the inbox tells it, and paying the
 * fee from another coin orders the replacement.
 *
 * The card is one of the demo company's printed programme cards, bound and activated here through
 * the calls (a programme card charges nothing at activation). The company's USDC is converted to
 * USDT first, so that the fee chosen from USDC cannot be paid. The server's clock is not moved.
 */
import { activateCard, getReplaceConfig, listCards, simulateCardLetter } from '@bank/contract/card-management';
import type { Card } from '@bank/contract/cards';
import { apiHeaders } from '@bank/contract/envelope';
import { acceptFxQuote, otcThresholdUsd, quoteFx } from '@bank/contract/exchange';
import { listMessages } from '@bank/contract/inbox';
import { bindProgrammeCard, listBindableCardholders, listProgrammeCards } from '@bank/contract/programme-cards';
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
import { launchBrowser, screenshot } from './support/browser.ts';

/** Seeded: the approved demo company's administrator. */
const approvedClient = { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026' };
/**
 * Seeded: the card operations desk, who reads a card's letter in the simulator. The cards journey
 * pairs it too: whichever pairs it first keeps its authenticator for the run (support/accounts.ts).
 * Not the system admin, whom the identity journey pairs in the browser and must find unpaired.
 */
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

/** A printed programme card of the demo company, bound to a cardholder and activated. */
async function activeProgrammeCard(client: ApiSession, staff: ApiSession): Promise<Card> {
  const headers = sessionHeaders(client);
  const printed = await callOk(listProgrammeCards, { stage_group: 'ready_to_bind', page_size: 10 }, headers);
  const [stock] = printed.items as { id: string }[];
  if (!stock) throw new Error('no printed programme card is ready to bind');
  const holders = (await callOk(listBindableCardholders, {}, headers)).items as { id: string }[];
  const [holder] = holders;
  if (!holder) throw new Error('no cardholder can be bound');
  await callOk(bindProgrammeCard, { stock_card_id: stock.id, cardholder_id: holder.id }, headers);
  const letter = await callOk(simulateCardLetter, { card_id: stock.id }, sessionHeaders(staff));
  return (await callOk(
    activateCard,
    { card_id: stock.id, kit_code: String(letter.kit_code), activation_code: String(letter.activation_code) },
    headers,
  )) as Card;
}

/**
 * The company's USDC, all converted to USDT, so that a fee chosen from USDC cannot be paid. FX
 * takes less than the OTC threshold at a time (larger amounts go to the OTC desk), so a balance
 * other journeys left large is converted in parts.
 */
async function emptyUsdc(client: ApiSession, cardId: string): Promise<void> {
  const headers = sessionHeaders(client);
  const fxPart = Number(otcThresholdUsd) * 0.9;
  for (let part = 0; part < 50; part += 1) {
    const config = await callOk(getReplaceConfig, { card_id: cardId }, headers);
    const usdc = (config.costs as { asset: string; available: string }[]).find((cost) => cost.asset === 'USDC');
    if (!usdc || Number(usdc.available) === 0) return;
    const amount = Number(usdc.available) <= fxPart ? usdc.available : String(fxPart);
    const quote = await callOk(quoteFx, { from: 'USDC', to: 'USDT', amount }, headers);
    await callOk(
      acceptFxQuote,
      { quote_id: String(quote.quote_id) },
      { ...headers, [apiHeaders.idempotencyKey]: crypto.randomUUID() },
    );
  }
  throw new Error('the company still holds USDC after 50 conversions');
}

async function openCard(page: Page, last4: string, tileName: RegExp, title: string) {
  await page.goto('/cards');
  await page.getByRole('button', { name: tileName }).click();
  const drawer = page.getByRole('dialog', { name: title });
  await waitOrCapture(drawer.getByRole('button').first(), `card-lost-${last4}`);
  return drawer;
}

describe('a lost card with no funds for its replacement', () => {
  it('is blocked at once, says the replacement waits on its fee, and orders it once the fee is paid', async () => {
    const client = await signInByApi(approvedClient);
    const staff = await signInByApi(staffAccount, staffAuthenticator);
    const card = await activeProgrammeCard(client, staff);
    expect(card).toMatchObject({ status: 'active', fee_rule: 'membership' });
    expect(card.allowed_actions).not.toContain('renew');
    await emptyUsdc(client, card.id);

    // Reported lost, the fee chosen from USDC, which holds nothing.
    const { page, context } = await openSignedIn(browser, client);
    const title = `Card •••• ${card.last4}`;
    let drawer = await openCard(page, card.last4, new RegExp(`^Card ending ${card.last4},`), title);
    await drawer.getByRole('button', { name: 'Block' }).click();
    const dialog = page.getByRole('dialog', { name: `Block card •••• ${card.last4}` });
    await dialog
      .locator('label')
      .filter({ hasText: /^Lost or stolen$/ })
      .click();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Stolen with my wallet');
    await dialog.getByText('Replacement fee', { exact: true }).waitFor();
    await dialog.getByRole('radio', { name: /^USDC/ }).check();
    await dialog.getByRole('checkbox', { name: /this block is final/ }).check();
    await dialog.getByRole('button', { name: 'Block for good and order a replacement' }).click();
    await page
      .getByText(`Card •••• ${card.last4} is blocked for good. Its replacement waits on the replacement fee`)
      .waitFor();
    drawer = page.getByRole('dialog', { name: title });
    await drawer.getByText('Replacement waits on its fee').first().waitFor();
    await drawer.getByText('This block is final: the card will not work again.').waitFor();
    await drawer.getByRole('button', { name: 'Pay replacement fee' }).waitFor();
    expect(await drawer.getByRole('button', { name: 'Unblock' }).count()).toBe(0);
    await screenshot(page, 'card-lost-fee-owed-desktop-en');
    await expectAccessible(page, 'lost card waiting on its fee');
    const blocked = ((await callOk(listCards, { page_size: 100 }, sessionHeaders(client))).items as Card[]).find(
      (each) => each.id === card.id,
    );
    expect(blocked).toMatchObject({ status: 'blocked', replacement_fee_owed: true, replaced_by_card_id: null });

    // The inbox tells the company's card users.
    await expect
      .poll(
        async () =>
          ((await callOk(listMessages, { page_size: 20 }, sessionHeaders(client))).items as { kind: string }[]).some(
            (message) => message.kind === 'card_replacement_fee_owed',
          ),
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);

    // The same card in Japanese.
    const japanese = await openSignedIn(browser, client, { language: 'jp' });
    const inJapanese = await openCard(
      japanese.page,
      card.last4,
      new RegExp(`^下 4 桁 ${card.last4}、`),
      `カード •••• ${card.last4}`,
    );
    await inJapanese.getByText('再発行は手数料の支払い待ちです').first().waitFor();
    await inJapanese.getByRole('button', { name: '再発行手数料を支払う' }).waitFor();
    await screenshot(japanese.page, 'card-lost-fee-owed-desktop-ja');
    await japanese.context.close();

    // Paid from USDT: the replacement is ordered.
    await drawer.getByRole('button', { name: 'Pay replacement fee' }).click();
    const pay = page.getByRole('dialog', { name: `Pay the replacement fee of card •••• ${card.last4}` });
    const { fee } = await callOk(getReplaceConfig, { card_id: card.id }, sessionHeaders(client));
    await pay.getByText(String(fee)).first().waitFor();
    await pay.getByRole('radio', { name: /^USDT/ }).check();
    await pay.getByRole('button', { name: 'Pay and order the replacement' }).click();
    await page.getByText(`The replacement of card •••• ${card.last4} is ordered.`).waitFor();
    const cards = (await callOk(listCards, { page_size: 100 }, sessionHeaders(client))).items as Card[];
    expect(cards.find((each) => each.id === card.id)).toMatchObject({ replacement_fee_owed: false });
    expect(cards.some((each) => each.replaces_card_id === card.id)).toBe(true);
    await context.close();
  }, 240_000);
});
