/**
 * The corporate card programme, through the screens as the bank's programme desk and the
 * approved demo company use them:
 * staff create a contract of 100 cards with a minimum batch of 10; the administrator pre-orders 20
 * (the prepayment and card cost held from the company's USDC); staff approve the order and allocate
 * 12 then 8 cards (partially allocated, then allocated); the printer simulator prints and mails both
 * batches; the administrator binds one printed card to a staff member (Sky Tanaka, seeded: a
 * sub-account with the cards permission, enrolled for a programme card), who signs in and activates
 * it with the letter's codes; the card's first membership term is paid from the corporate account;
 * staff waive another card's owed term with a reason the company reads; the contract summary
 * shows paid and remaining quantities that match the orders; the ledger's
 * invariants hold. Pages are checked for accessibility; one is seen in Japanese and one at phone size.
 */
import { listCards } from '@bank/contract/card-management';
import { getDepositDetails, simulateBlocks, simulateIncomingDeposit } from '@bank/contract/deposit';
import { checkLedger, getDashboardHome } from '@bank/contract/ledger';
import { listMembershipFees, listProgrammeCards, listStaffMembershipFees } from '@bank/contract/programme-cards';
import {
  getOrderSummary,
  listPreOrders,
  listPrintBatches,
  listProgrammeContracts,
} from '@bank/contract/programme-orders';
import type { Browser, Locator, Page } from 'playwright-core';
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
import {
  askedBeforeFirstDrawing,
  launchBrowser,
  recordFirstDrawing,
  requestsTo,
  screenshot,
  viewports,
} from './support/browser.ts';
import { keepCardSecret } from './support/card-secrets.ts';

/** Seeded: the approved demo company's administrator (every client permission). */
const administrator = { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026' };
/** Seeded: the card programme desk (a system admin), paired once for this file. */
const deskAccount = { email: 'programme@bank.localhost', password: 'Staff-Programme#2026' } as const;
/** Seeded: a staff member of the demo company enrolled for a programme card (KYC approved at the processor). */
const staffMember = { email: 'sky.tanaka@demo.bank', password: 'Demo-Cardholder#2026', name: 'Sky Tanaka' };

const abbreviation = 'JRNY';

let browser: Browser;
let deskAuthenticator: Authenticator;

beforeAll(async () => {
  browser = await launchBrowser();
  deskAuthenticator = await pairStaffByApi(deskAccount);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const deskSession = () => signInByApi(deskAccount, deskAuthenticator);

async function usdcAvailable(client: ApiSession): Promise<number> {
  const home = await callOk(getDashboardHome, {}, sessionHeaders(client));
  return Number((home.balances as { asset: string; available: string }[]).find((b) => b.asset === 'USDC')?.available);
}

/** Picks an option of a Mantine select found by its label, typing `search` first when given. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp, search?: string) {
  const input = scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }))
    .first();
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** The desk's order row of `orderNumber` under the status filter `status`. */
async function deskOrderRow(page: Page, status: string, orderNumber: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'Pre-orders' }).click();
  await page.getByRole('radiogroup', { name: 'Status' }).getByText(status, { exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: orderNumber });
  await waitOrCapture(row, `programme-desk-${status}`);
  return row;
}

async function allocate(page: Page, orderNumber: string, status: string, quantity: number) {
  const row = await deskOrderRow(page, status, orderNumber);
  await row.getByRole('button', { name: 'Allocate' }).click();
  const dialog = page.getByRole('dialog', { name: `Allocate cards of ${orderNumber}` });
  await dialog.getByRole('textbox', { name: 'Cards in the new print batch' }).fill(String(quantity));
  await dialog.getByRole('button', { name: 'Allocate to a print batch' }).click();
  await page
    .getByText(/^Batch B-\d{8}-\d{3} sent to print$/)
    .last()
    .waitFor();
}

describe('card programme', () => {
  it('contracts, pre-orders, allocates, prints, binds, activates and pays a membership fee', async () => {
    const client = await signInByApi(administrator);
    const desk = await deskSession();

    // The company's USDC, the way coins arrive: the custody simulator, then the network's blocks.
    const { address } = await callOk(getDepositDetails, { asset: 'USDC', network: 'TRC20' }, sessionHeaders(client));
    await callOk(
      simulateIncomingDeposit,
      { address: String(address), asset: 'USDC', network: 'TRC20', amount: '5000' },
      sessionHeaders(desk),
    );
    await callOk(simulateBlocks, { blocks: 19 }, sessionHeaders(desk));

    // Staff create the contract: 100 cards, at least 10 an order, 5 USD prepaid a card.
    const staff = await openSignedIn(browser, desk);
    await staff.page.goto('/admin/programme');
    await staff.page.getByRole('button', { name: 'New contract' }).click();
    const create = staff.page.getByRole('dialog', { name: 'New card programme contract' });
    await choose(create, staff.page, 'Company', 'Meridian Treasury Services Ltd', 'Meridian');
    await create.getByRole('textbox', { name: 'Card prefix' }).fill(abbreviation);
    await create.getByRole('textbox', { name: 'Total quantity' }).fill('100');
    await create.getByRole('textbox', { name: 'Minimum order per batch' }).fill('10');
    await create.getByRole('textbox', { name: 'Prepayment per card (USD)' }).fill('5.00');
    await screenshot(staff.page, 'programme-desk-create-desktop-en');
    await expectAccessible(staff.page, 'programme desk: new contract');
    await create.getByRole('button', { name: 'Create the contract' }).click();
    await staff.page.getByText(/^Contract CT-\d{4}-\d{4} created$/).waitFor();

    const contracts = (await callOk(listProgrammeContracts, { page_size: 100 }, sessionHeaders(client))).items as {
      id: string;
      contract_number: string;
      company_abbreviation: string;
    }[];
    const contract = contracts.find((item) => item.company_abbreviation === abbreviation);
    if (!contract) throw new Error('the new contract is not listed for the company');

    // The administrator pre-orders 20: below the minimum first (refused), then 20; the total is held.
    const before = await usdcAvailable(client);
    const { page } = await openSignedIn(browser, client);
    await page.goto(`/programme/contracts/${contract.id}`);
    await page.getByRole('heading', { name: `Contract ${contract.contract_number}` }).waitFor();
    await page.getByRole('button', { name: 'Pre-order cards' }).click();
    const order = page.getByRole('dialog', { name: 'Pre-order cards' });
    await order.getByRole('textbox', { name: 'Quantity' }).fill('20');
    await choose(order, page, 'Delivery', 'Courier');
    await choose(order, page, 'Pay from', 'USDC');
    await order.getByRole('textbox', { name: 'Address line 1' }).fill('8 Marina View');
    await order.getByRole('textbox', { name: 'City' }).fill('Singapore');
    await choose(order, page, 'Country', /Singapore/, 'Singa');
    // 20 cards at 5.00 prepaid and the Premier card cost (50.00): 1,100.00 USD.
    await expect
      .poll(async () => (await order.getByTestId('pre-order-total').textContent())?.trim())
      .toMatch(/1,100\.00/);
    await screenshot(page, 'programme-pre-order-desktop-en');
    await expectAccessible(page, 'pre-order dialog');
    await order.getByRole('button', { name: 'Place the order' }).click();
    await page.getByText(/^Order PO-\d{4}-\d{5} placed: the bank will review it\.$/).waitFor();
    const orders = (await callOk(listPreOrders, { page_size: 100 }, sessionHeaders(client))).items as {
      id: string;
      order_number: string;
      contract_id: string;
      status: string;
      debit_amount: string;
    }[];
    const placed = orders.find((item) => item.contract_id === contract.id);
    if (!placed) throw new Error('the order is not listed');
    expect(placed.status).toBe('pending');
    expect(before - (await usdcAvailable(client))).toBeCloseTo(Number(placed.debit_amount), 5);

    // Staff approve it, then allocate 12 (partially allocated) and 8 (allocated).
    await staff.page.reload();
    let row = await deskOrderRow(staff.page, 'Pending', placed.order_number);
    await row.getByRole('button', { name: 'Approve' }).click();
    const approve = staff.page.getByRole('dialog', { name: `Approve order ${placed.order_number}` });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await staff.page.getByText(`Order ${placed.order_number} approved`).waitFor();
    await allocate(staff.page, placed.order_number, 'Approved', 12);
    row = await deskOrderRow(staff.page, 'Partially allocated', placed.order_number);
    await row.getByText('Partially allocated').waitFor();
    await allocate(staff.page, placed.order_number, 'Partially allocated', 8);
    row = await deskOrderRow(staff.page, 'Allocated', placed.order_number);
    await row.getByText('Allocated', { exact: true }).waitFor();

    // The printer simulator prints and mails both batches.
    await staff.page.getByRole('tab', { name: 'Print batches' }).click();
    const batches = (await callOk(listPrintBatches, { page_size: 100 }, sessionHeaders(client))).items as {
      batch_number: string;
      order_number: string;
      quantity: number;
    }[];
    const ours = batches.filter((batch) => batch.order_number === placed.order_number);
    expect(ours.map((batch) => batch.quantity).sort()).toEqual([12, 8].sort());
    for (const batch of ours) {
      const batchRow = staff.page.getByRole('row').filter({ hasText: batch.batch_number });
      await batchRow.getByRole('button', { name: 'Print and mail now' }).click();
      await staff.page.getByText(`Batch ${batch.batch_number} printed and mailed`).waitFor();
      await waitOrCapture(batchRow.getByText('Printed, pending binding'), `programme-batch-${batch.batch_number}`);
    }
    await screenshot(staff.page, 'programme-desk-batches-desktop-en');
    await expectAccessible(staff.page, 'programme desk: print batches');

    // The administrator sees the printed cards and binds one to the staff member.
    await page.goto('/programme/cards');
    await page.getByRole('radiogroup', { name: 'Show' }).getByText('Ready to bind', { exact: true }).click();
    const printed = (
      (await callOk(listProgrammeCards, { page_size: 100, stage_group: 'ready_to_bind' }, sessionHeaders(client)))
        .items as {
        id: string;
        last4: string;
        order_number: string;
      }[]
    ).filter((card) => card.order_number === placed.order_number);
    expect(printed).toHaveLength(20);
    const chosen = printed[0];
    if (!chosen) throw new Error('no printed card');
    await page.getByRole('button', { name: `Bind card •••• ${chosen.last4}` }).click();
    const bind = page.getByRole('dialog', { name: `Bind card •••• ${chosen.last4}` });
    await choose(bind, page, 'Cardholder', new RegExp(staffMember.name), 'Sky');
    await screenshot(page, 'programme-bind-desktop-en');
    await expectAccessible(page, 'bind dialog');
    await bind.getByRole('button', { name: 'Bind card' }).click();
    await page.getByText(`Card •••• ${chosen.last4} is bound to ${staffMember.name}.`).waitFor();

    // Staff read the letter that came with the batch (the simulator panel is the envelope).
    await staff.page.goto('/admin/cards');
    await staff.page.getByRole('textbox', { name: 'Last 4 digits' }).fill(chosen.last4);
    await staff.page.getByRole('button', { name: 'Search' }).click();
    await staff.page
      .getByRole('button', { name: new RegExp(`^Card ending ${chosen.last4} of `) })
      .first()
      .click();
    const drawer = staff.page.getByRole('dialog', { name: `Card •••• ${chosen.last4}` });
    await waitOrCapture(drawer.getByText('Card processor simulator', { exact: true }), 'programme-staff-card');
    await drawer.getByRole('button', { name: 'Show the letter' }).click();
    const kitCode = (await drawer.getByTestId('letter-kit-code').textContent())?.trim() ?? '';
    const activationCode = (await drawer.getByTestId('letter-activation-code').textContent())?.trim() ?? '';
    keepCardSecret({ kind: 'activation_code', value: activationCode });

    // The staff member signs in (pairing their authenticator, as a sub-account does first) and activates their card.
    const member = await signInByApi(staffMember, await pairStaffByApi(staffMember));
    const holder = await openSignedIn(browser, member);
    await holder.page.goto('/cards');
    const tile = holder.page.getByRole('button', { name: new RegExp(`^Card ending ${chosen.last4},`) });
    await waitOrCapture(tile, 'programme-holder-cards');
    await tile.click();
    const cardDrawer = holder.page.getByRole('dialog', { name: `Card •••• ${chosen.last4}` });
    await waitOrCapture(cardDrawer.getByText('Timeline'), 'programme-holder-card');
    await cardDrawer.getByRole('button', { name: 'Activate' }).click();
    const activate = holder.page.getByRole('dialog', { name: `Activate card •••• ${chosen.last4}` });
    await activate.getByRole('textbox', { name: 'KIT code' }).fill(kitCode);
    await activate.getByRole('textbox', { name: 'Activation code' }).fill(activationCode);
    await activate.getByRole('button', { name: 'Activate card' }).click();
    await holder.page.getByText(`Card •••• ${chosen.last4} is active.`).waitFor();
    const active = (
      (await callOk(listCards, { page_size: 100 }, sessionHeaders(member))).items as {
        id: string;
        status: string;
      }[]
    ).find((card) => card.id === chosen.id);
    expect(active?.status).toBe('active');

    // Its first membership term, paid from the corporate account.
    const terms = (await callOk(listMembershipFees, { page_size: 100 }, sessionHeaders(client))).items as {
      stock_card_id: string;
      fee_due: string;
      payment_status: string;
    }[];
    const term = terms.find((item) => item.stock_card_id === chosen.id);
    if (!term) throw new Error('no membership term for the bound card');
    const beforeFee = await usdcAvailable(client);
    await page.goto('/programme/fees');
    await page.getByRole('button', { name: `Pay the membership fee of card •••• ${chosen.last4}` }).click();
    const pay = page.getByRole('dialog', { name: `Pay the membership fee of •••• ${chosen.last4}` });
    await pay.getByRole('radio', { name: /^USDC/ }).check();
    await screenshot(page, 'programme-fee-pay-desktop-en');
    await expectAccessible(page, 'membership fee payment');
    await pay.getByRole('button', { name: /^Pay [\d,.]+ USD$/ }).click();
    await page.getByText(/^1 membership fees paid \([\d,.]+ USD\)\.$/).waitFor();
    const paid = (
      (await callOk(listMembershipFees, { page_size: 100 }, sessionHeaders(client))).items as {
        stock_card_id: string;
        payment_status: string;
        paid_amount: string | null;
      }[]
    ).find((item) => item.stock_card_id === chosen.id);
    expect(paid?.payment_status).toBe('paid');
    expect(beforeFee - (await usdcAvailable(client))).toBeCloseTo(Number(paid?.paid_amount), 5);

    // The bank waives a term still owed (the demo contract's bound card), with a reason the company reads.
    const owed = (
      (await callOk(listStaffMembershipFees, { page_size: 100, payment_status: 'pending' }, sessionHeaders(desk)))
        .items as { id: string; last4: string; contract_number: string }[]
    ).find((item) => item.contract_number !== contract.contract_number);
    if (!owed) throw new Error('no owed membership term to waive');
    await staff.page.goto('/admin/programme');
    await staff.page.getByRole('tab', { name: 'Membership fees' }).click();
    await staff.page.getByRole('radiogroup', { name: 'Status' }).getByText('Pending', { exact: true }).click();
    await staff.page.getByRole('button', { name: `Waive the membership fee of card •••• ${owed.last4}` }).click();
    const waive = staff.page.getByRole('dialog', { name: `Waive the membership fee of •••• ${owed.last4}` });
    await waive.getByRole('textbox', { name: /^Reason/ }).fill('Launch offer');
    await screenshot(staff.page, 'programme-desk-waive-desktop-en');
    await expectAccessible(staff.page, 'programme desk: waive a membership fee');
    await waive.getByRole('button', { name: 'Waive' }).click();
    await staff.page.getByText(`The membership fee of •••• ${owed.last4} is waived`).waitFor();
    const waived = (
      (await callOk(listMembershipFees, { page_size: 100 }, sessionHeaders(client))).items as {
        id: string;
        payment_status: string;
        remarks: string;
      }[]
    ).find((item) => item.id === owed.id);
    expect(waived).toMatchObject({ payment_status: 'free', remarks: 'Launch offer' });

    // The contract summary: 20 paid, none pending, 80 still orderable, 20 printed.
    await page.goto('/programme');
    const summaryRow = page.getByRole('row').filter({ hasText: contract.contract_number });
    await waitOrCapture(summaryRow, 'programme-contracts');
    const figures = (await listContracts(client)).find((item) => item.id === contract.id);
    expect(figures).toMatchObject({
      total_quantity: 100,
      paid_quantity: 20,
      pending_quantity: 0,
      remaining_quantity: 80,
      allocated_quantity: 20,
    });
    for (const figure of ['100', '20', '80']) await summaryRow.getByText(figure, { exact: true }).first().waitFor();
    await screenshot(page, 'programme-contracts-desktop-en');
    await expectAccessible(page, 'contract summary');

    // The ledger's invariants hold after all of it.
    expect((await callOk(checkLedger, {}, sessionHeaders(desk))).breaches).toEqual([]);
    // The programme's whole life in one journey, with seven accessibility checks (about 20 s of it):
    // some 65 s on a quiet machine, twice or more that on a loaded one.
  }, 240_000);

  it('starts its lists with the pages’ code, from their addresses, and asks for each once', async () => {
    const { page, context } = await openSignedIn(browser, await signInByApi(administrator));
    const contracts = requestsTo(page, listProgrammeContracts.path);
    await recordFirstDrawing(page);
    await page.goto('/programme');
    await page.getByTestId('programme-contracts').or(page.getByText('No contract yet')).waitFor();
    expect(contracts).toHaveLength(1);
    // The summary's figures too: asked by the page once drawn, their answer drew it a second time.
    await page.waitForLoadState('networkidle');
    expect(await askedBeforeFirstDrawing(page, getOrderSummary.path)).toBe(true);

    // The load started before the page rendered and the page's own query are one: one request, filtered.
    const printed = requestsTo(page, listProgrammeCards.path);
    await page.goto('/programme/cards?batch=NO-SUCH-BATCH');
    await page.getByText('No cards match').waitFor();
    expect(printed).toHaveLength(1);
    expect(JSON.parse(printed[0] ?? '{}')).toMatchObject({ batch_number: 'NO-SUCH-BATCH' });
    await context.close();

    // A colleague without card_programme: the figures are never asked for (the server would refuse).
    const approverAccount = { email: 'approver@demo.bank', password: 'Demo-Approver#2026' };
    const approver = await openSignedIn(
      browser,
      await signInByApi(approverAccount, await pairStaffByApi(approverAccount)),
    );
    const summaries = requestsTo(approver.page, getOrderSummary.path);
    await approver.page.goto('/programme');
    await approver.page.getByText('Your permission group does not include this.').waitFor();
    await approver.page.waitForLoadState('networkidle');
    expect(summaries).toEqual([]);
    await approver.context.close();
  });

  it('reads in Japanese and on a phone', async () => {
    const client = await signInByApi(administrator);
    const japanese = await openSignedIn(browser, client, { language: 'jp' });
    await japanese.page.goto('/programme/cards');
    await japanese.page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(japanese.page, 'programme-cards-desktop-ja');
    await expectAccessible(japanese.page, 'printed cards in Japanese');

    const phone = await openSignedIn(browser, client, { viewport: viewports.phone });
    await phone.page.goto('/programme/fees');
    await phone.page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(phone.page, 'programme-fees-phone-en');
    await expectAccessible(phone.page, 'membership fees on a phone');
  });
});

async function listContracts(client: ApiSession) {
  return (await callOk(listProgrammeContracts, { page_size: 100 }, sessionHeaders(client))).items as {
    id: string;
    total_quantity: number;
    paid_quantity: number;
    pending_quantity: number;
    remaining_quantity: number;
    allocated_quantity: number;
  }[];
}
