import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import { addDays, dayOf } from '@bank/contract/calendar';
import { errorCatalogue } from '@bank/contract/errors';
import type { PreOrder, PrintBatch, ProgrammeContract } from '@bank/contract/programme';
import type { ContractDetails, CreatePreOrderRequest, OrderSummary } from '@bank/contract/programme-orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Envelope } from '../../platform/test-support.ts';
import { cardStock } from '../cards/index.ts';
import { testAddress } from '../cards/test-support.ts';
import { depositOperator } from '../deposits/test-support.ts';
import { createKycTestApp, type KycTestApp } from '../kyc/test-support.ts';
import { accountBalance, accountIdOf, checkLedgerInvariants, ensureRates } from '../ledger/index.ts';
import { colleague, fundedCompany, idempotent } from '../payouts/test-support.ts';
import { programmeContracts } from './tables.ts';

let test: KycTestApp;
let staff: SignedIn;
beforeAll(async () => {
  test = await createKycTestApp();
  await ensureRates(test.database.db, test.clock.now());
  staff = await depositOperator(test);
});
afterAll(async () => {
  await test?.close();
});

const codes = {
  ok: 200,
  forbidden: errorCatalogue.forbidden.code,
  notFound: errorCatalogue.not_found.code,
  illegal: errorCatalogue.illegal_state.code,
  notOpen: errorCatalogue.contract_not_open.code,
  belowMinimum: errorCatalogue.order_below_minimum.code,
  aboveRemaining: errorCatalogue.order_above_remaining.code,
  allocateFailed: errorCatalogue.allocate_cards_failed.code,
};

const today = () => dayOf(test.clock.now());

// Factories: a funded company, a contract staff set up for it, an order of its administrator.

async function programmeCompany() {
  return fundedCompany(test, { funds: { USDT: '1000000', USDC: '1000000' } });
}

async function contractFor(
  companyId: string,
  overrides: {
    total_quantity?: number;
    minimum_order_quantity?: number;
    starts_on?: string;
    term_months?: number;
  } = {},
) {
  const created = await call<ProgrammeContract>(
    test,
    '/api/v1/admin/programme/contracts/create',
    {
      company_id: companyId,
      company_abbreviation: 'ACME',
      term_months: 12,
      total_quantity: 100,
      minimum_order_quantity: 10,
      prepayment_per_card: '20.00',
      starts_on: today(),
      ...overrides,
    },
    { session: staff },
  );
  if (created.code !== codes.ok) throw new Error(`contracts/create answered ${created.code} ${created.msg}`);
  return created.data;
}

const orderBody = (contractId: string, quantity: number): CreatePreOrderRequest => ({
  contract_id: contractId,
  quantity,
  level: 'premier',
  network: 'visa',
  delivery_type: 'courier',
  mailing_address: testAddress,
  asset: 'USDT',
});

function placeOrder(session: SignedIn, contractId: string, quantity: number) {
  return call<PreOrder>(test, '/api/v1/programme/orders/create', orderBody(contractId, quantity), {
    session,
    headers: idempotent(randomUUID()),
  });
}

async function approvedOrder(session: SignedIn, contractId: string, quantity: number) {
  const placed = await placeOrder(session, contractId, quantity);
  if (placed.code !== codes.ok) throw new Error(`orders/create answered ${placed.code} ${placed.msg}`);
  const decided = await decide(placed.data.id, 'approve');
  if (decided.code !== codes.ok) throw new Error(`orders/decide answered ${decided.code} ${decided.msg}`);
  return decided.data;
}

function decide(orderId: string, decision: 'approve' | 'decline', reason = '') {
  return call<PreOrder>(
    test,
    '/api/v1/admin/programme/orders/decide',
    { order_id: orderId, decision, reason },
    { session: staff },
  );
}

function allocate(orderId: string, quantity: number) {
  return call<PrintBatch>(
    test,
    '/api/v1/admin/programme/orders/allocate',
    { order_id: orderId, quantity },
    { session: staff },
  );
}

async function contractOf(session: SignedIn, contractId: string) {
  const details = await call<ContractDetails>(
    test,
    '/api/v1/programme/contracts/get',
    { contract_id: contractId },
    { session },
  );
  return details.data.contract;
}

async function balanceOf(companyId: string) {
  const db = test.database.db;
  const balance = await accountBalance(
    db,
    await accountIdOf(db, { kind: 'customer', companyId, asset: 'USDT' }, test.clock.now()),
  );
  return { available: Number(balance?.available ?? '0'), balance: Number(balance?.balance ?? '0') };
}

describe('a contract', () => {
  it('is set up by staff with its end date the start plus the term, less a day', async () => {
    const client = await programmeCompany();
    const contract = await contractFor(client.companyId, { starts_on: '2026-01-31', term_months: 1 });
    expect(contract.contract_number).toMatch(/^CT-\d{4}-\d{4}$/);
    expect(contract.ends_on).toBe('2026-02-27');
    expect(contract).toMatchObject({ total_quantity: 100, remaining_quantity: 100, membership_term_months: 12 });

    const listed = await call<{ items: ProgrammeContract[] }>(
      test,
      '/api/v1/programme/contracts/list',
      {},
      {
        session: client.session,
      },
    );
    expect(listed.data.items.map((item) => item.id)).toEqual([contract.id]);
  });

  it('refuses a minimum per batch above its total, and a lower-case abbreviation', async () => {
    const client = await programmeCompany();
    const refused = await call<{ fields: Record<string, string> }>(
      test,
      '/api/v1/admin/programme/contracts/create',
      {
        company_id: client.companyId,
        company_abbreviation: 'acme',
        term_months: 12,
        total_quantity: 5,
        minimum_order_quantity: 10,
        prepayment_per_card: '20.00',
        starts_on: today(),
      },
      { session: staff },
    );
    expect(refused.code).toBe(errorCatalogue.validation.code);
    expect(Object.keys(refused.data.fields).sort()).toEqual(['company_abbreviation', 'minimum_order_quantity']);
  });
});

describe('a pre-order', () => {
  it('below the minimum, above the remaining quantity, or under an ended contract is refused', async () => {
    const client = await programmeCompany();
    const contract = await contractFor(client.companyId, { total_quantity: 30 });
    expect((await placeOrder(client.session, contract.id, 9)).code).toBe(codes.belowMinimum);
    expect((await placeOrder(client.session, contract.id, 31)).code).toBe(codes.aboveRemaining);

    const ended = await contractFor(client.companyId, { starts_on: addDays(today(), -400), term_months: 12 });
    expect(ended.status).toBe('ended');
    const refused = await placeOrder(client.session, ended.id, 10);
    expect(refused.code).toBe(codes.notOpen);
    expect(refused.msg).toContain('not taking orders');
  });

  it('holds the prepayment and card cost, and raises the pending quantity', async () => {
    const client = await programmeCompany();
    const contract = await contractFor(client.companyId);
    const before = await balanceOf(client.companyId);
    const placed = await placeOrder(client.session, contract.id, 20);
    expect(placed.code).toBe(codes.ok);
    // 20 USD prepayment and the premier card cost of 50 USD.
    expect(placed.data).toMatchObject({ status: 'pending', unit_price: '70.00', total_usd: '1400.00' });
    expect(placed.data.order_number).toMatch(/^PO-\d{4}-\d{5}$/);
    const after = await balanceOf(client.companyId);
    expect(before.available - after.available).toBeCloseTo(Number(placed.data.debit_amount), 6);
    expect(await contractOf(client.session, contract.id)).toMatchObject({
      pending_quantity: 20,
      remaining_quantity: 80,
    });
  });

  it('never takes the remaining quantity below zero under 32 concurrent orders', async () => {
    const client = await programmeCompany();
    const contract = await contractFor(client.companyId, { total_quantity: 100, minimum_order_quantity: 5 });
    // 32 orders of 7 cards ask for 224: only 14 of them fit in 100.
    const answers = await Promise.all(Array.from({ length: 32 }, () => placeOrder(client.session, contract.id, 7)));
    const accepted = answers.filter((answer) => answer.code === codes.ok);
    const refused = answers.filter((answer) => answer.code !== codes.ok);
    expect(accepted).toHaveLength(14);
    expect(new Set(refused.map((answer) => answer.code))).toEqual(new Set([codes.aboveRemaining]));
    const [row] = await test.database.db
      .select()
      .from(programmeContracts)
      .where(eq(programmeContracts.id, contract.id));
    expect(row).toMatchObject({ pending_quantity: 98, paid_quantity: 0 });
    expect((await contractOf(client.session, contract.id)).remaining_quantity).toBe(2);
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });
});

describe("the bank's decision", () => {
  it('approval posts the hold and moves the cards from pending to paid', async () => {
    const client = await programmeCompany();
    const contract = await contractFor(client.companyId);
    const placed = await placeOrder(client.session, contract.id, 20);
    const held = await balanceOf(client.companyId);
    const approved = await decide(placed.data.id, 'approve');
    expect(approved.data.status).toBe('approved');
    const after = await balanceOf(client.companyId);
    expect(after.available).toBeCloseTo(held.available, 6);
    expect(held.balance - after.balance).toBeCloseTo(Number(placed.data.debit_amount), 6);
    expect(await contractOf(client.session, contract.id)).toMatchObject({
      pending_quantity: 0,
      paid_quantity: 20,
      remaining_quantity: 80,
    });
    expect((await decide(placed.data.id, 'decline', 'Too late')).code).toBe(codes.illegal);
  });

  it('declining voids the hold, releases the cards and keeps the reason', async () => {
    const client = await programmeCompany();
    const contract = await contractFor(client.companyId);
    const before = await balanceOf(client.companyId);
    const placed = await placeOrder(client.session, contract.id, 10);
    expect((await decide(placed.data.id, 'decline')).code).toBe(errorCatalogue.validation.code);
    const declined = await decide(placed.data.id, 'decline', 'The contract is under review');
    expect(declined.data).toMatchObject({ status: 'declined', status_remark: 'The contract is under review' });
    expect(await balanceOf(client.companyId)).toEqual(before);
    expect(await contractOf(client.session, contract.id)).toMatchObject({
      pending_quantity: 0,
      remaining_quantity: 100,
    });
    expect(await checkLedgerInvariants(test.database.db)).toEqual([]);
  });
});

describe('allocation', () => {
  it('of 12 then 8 cards of a 20-card order: partially allocated, then allocated; more fails', async () => {
    const client = await programmeCompany();
    const contract = await contractFor(client.companyId);
    const order = await approvedOrder(client.session, contract.id, 20);

    const first = await allocate(order.id, 12);
    expect(first.code).toBe(codes.ok);
    expect(first.data).toMatchObject({ quantity: 12, company_abbreviation: 'ACME', operation_stage: 'consolidating' });
    expect(first.data.batch_number).toMatch(/^B-\d{8}-\d{3}$/);
    const printed = await test.database.db.select().from(cardStock).where(eq(cardStock.batch_id, first.data.id));
    expect(printed).toHaveLength(12);
    expect(new Set(printed.map((card) => card.name_on_card))).toEqual(new Set(['ACME']));

    expect((await allocate(order.id, 9)).code).toBe(codes.allocateFailed);
    const details = await call<ContractDetails>(
      test,
      '/api/v1/programme/contracts/get',
      { contract_id: contract.id },
      {
        session: client.session,
      },
    );
    expect(details.data.orders[0]).toMatchObject({ status: 'partially_allocated', allocated_quantity: 12 });

    expect((await allocate(order.id, 8)).code).toBe(codes.ok);
    const summary = await call<OrderSummary>(test, '/api/v1/programme/orders/summary', {}, { session: client.session });
    expect(summary.data.lines.find((line) => line.status === 'allocated')).toMatchObject({
      order_count: 1,
      quantity: 20,
      allocated_quantity: 20,
    });
    expect(summary.data).toMatchObject({ total_quantity: 100, paid_quantity: 20, allocated_quantity: 20 });
    expect((await allocate(order.id, 1)).code).toBe(codes.allocateFailed);
  });

  it('of a pending order fails', async () => {
    const client = await programmeCompany();
    const contract = await contractFor(client.companyId);
    const placed = await placeOrder(client.session, contract.id, 10);
    expect((await allocate(placed.data.id, 5)).code).toBe(codes.allocateFailed);
  });

  it('the simulator prints and mails a batch: its cards are printed, pending bind', async () => {
    const client = await programmeCompany();
    const contract = await contractFor(client.companyId);
    const order = await approvedOrder(client.session, contract.id, 10);
    const batch = await allocate(order.id, 10);
    const printed = await call<PrintBatch>(
      test,
      '/api/v1/admin/programme/simulator/printBatch',
      { batch_id: batch.data.id },
      { session: staff },
    );
    expect(printed.data.operation_stage).toBe('printed_pending_bind');
    const records = await call<{ items: PrintBatch[] }>(
      test,
      '/api/v1/programme/batches/list',
      {},
      {
        session: client.session,
      },
    );
    expect(records.data.items.map((item) => [item.batch_number, item.operation_stage])).toEqual([
      [batch.data.batch_number, 'printed_pending_bind'],
    ]);
  });
});

describe('who may', () => {
  it("not read or order under another company's contract", async () => {
    const owner = await programmeCompany();
    const other = await programmeCompany();
    const contract = await contractFor(owner.companyId);
    expect((await placeOrder(other.session, contract.id, 10)).code).toBe(codes.notFound);
    const read = await call(
      test,
      '/api/v1/programme/contracts/get',
      { contract_id: contract.id },
      {
        session: other.session,
      },
    );
    expect(read.code).toBe(codes.notFound);
    await placeOrder(owner.session, contract.id, 10);
    const orders = await call<{ items: PreOrder[] }>(
      test,
      '/api/v1/programme/orders/list',
      {},
      {
        session: other.session,
      },
    );
    expect(orders.data.items).toEqual([]);
  });

  it('not order without programme_order, and clients make no staff call', async () => {
    const client = await programmeCompany();
    const contract = await contractFor(client.companyId);
    const reader = await colleague(test, client.companyId, ['card_programme']);
    const read = await call(test, '/api/v1/programme/contracts/list', {}, { session: reader });
    expect(read.code).toBe(codes.ok);
    expect((await placeOrder(reader, contract.id, 10)).code).toBe(codes.forbidden);

    const staffCall: Envelope = await call(
      test,
      '/api/v1/admin/programme/orders/list',
      {},
      { session: client.session },
    );
    expect(staffCall.code).toBe(codes.forbidden);
    const created = await call(
      test,
      '/api/v1/admin/programme/contracts/create',
      {
        company_id: client.companyId,
        company_abbreviation: 'ACME',
        term_months: 12,
        total_quantity: 100,
        minimum_order_quantity: 10,
        prepayment_per_card: '20.00',
        starts_on: today(),
      },
      { session: client.session },
    );
    expect(created.code).toBe(codes.forbidden);
  });
});
