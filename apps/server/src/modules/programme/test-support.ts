/**
 * Test support for programme cards: a funded company with a KYC-approved cardholder, a contract,
 * an approved order and a print batch written straight into the programme's tables (the orders
 * slice's calls make them in the product), its cards printed by the processor simulator, shipped
 * and applied by the sync (printed pending bind).
 */
import { randomUUID } from 'node:crypto';
import type { FeeDeductionMode } from '@bank/contract/programme';
import { eq } from 'drizzle-orm';
import { newId } from '../../platform/ids.ts';
import type { RunningTestApp } from '../../platform/test-support.ts';
import { cardStock, cards, printStockCards } from '../cards/index.ts';
import { orderCard } from '../cards/issuing.ts';
import { shippedCard, syncNow, testAddress, testCardholder, testSimulator } from '../cards/test-support.ts';
import { programmeContracts, programmeOrders, programmePrintBatches } from './tables.ts';

type Company = { companyId: string; session: { userid: string } };

/** A cardholder of the company enrolled at the processor; its KYC approved unless `isApproved` is false. */
export async function companyCardholder(
  test: RunningTestApp,
  company: Company,
  options: { isApproved?: boolean; firstName?: string } = {},
): Promise<string> {
  const simulator = testSimulator(test);
  const ordered = await test.database.db.transaction((tx) =>
    orderCard(
      tx,
      simulator,
      {
        companyId: company.companyId,
        applicationId: randomUUID(),
        actorUserId: company.session.userid,
        cardholder: testCardholder({ first_name: options.firstName ?? 'Aiko' }),
        applicantType: 'staff',
        level: 'premier',
        network: 'visa',
        nameOnCard: 'TEST HOLDER',
        mailingAddress: testAddress,
      },
      test.clock.now(),
    ),
  );
  if (options.isApproved !== false) await shipOrderedCard(test, ordered.cardId);
  return ordered.cardholderId;
}

/** Ships the cardholder's own card now: the simulator decides its KYC on the way, the sync applies it. */
async function shipOrderedCard(test: RunningTestApp, cardId: string) {
  const [card] = await test.database.db.select().from(cards).where(eq(cards.id, cardId));
  if (!card) throw new Error(`no card ${cardId}`);
  await test.database.db.transaction((tx) =>
    testSimulator(test).shipNow(tx, card.processor_reference, test.clock.now()),
  );
  await syncNow(test);
}

/** A contract, an approved order and a print batch of the company (rows written directly). */
// Long: three rows of test data as flat literals, read at once beside each other.
export async function programmeBatch(
  test: RunningTestApp,
  company: Company,
  options: { quantity?: number; termMonths?: number; mode?: FeeDeductionMode } = {},
) {
  const db = test.database.db;
  const now = test.clock.now();
  const quantity = options.quantity ?? 3;
  const suffix = randomUUID().slice(0, 8).toUpperCase();
  const contractId = newId(now.getTime());
  await db.insert(programmeContracts).values({
    id: contractId,
    contract_number: `CT-T-${suffix}`,
    company_id: company.companyId,
    company_abbreviation: 'TEST',
    term_months: 24,
    total_quantity: 100,
    paid_quantity: quantity,
    allocated_quantity: quantity,
    minimum_order_quantity: 1,
    prepayment_per_card: '10.00',
    starts_on: '2020-01-01',
    ends_on: '2099-12-31',
    membership_term_months: options.termMonths ?? 12,
    fee_deduction_mode: options.mode ?? 'manual',
    created_by: company.session.userid,
    created_at: now,
    updated_at: now,
  });
  const orderId = newId(now.getTime());
  await db.insert(programmeOrders).values({
    id: orderId,
    order_number: `PO-T-${suffix}`,
    contract_id: contractId,
    company_id: company.companyId,
    quantity,
    allocated_quantity: quantity,
    level: 'premier',
    network: 'visa',
    delivery_type: 'courier',
    mailing_address: testAddress,
    status: 'allocated',
    unit_price: '60.00',
    total_usd: (60 * quantity).toFixed(2),
    asset: 'USDC',
    debit_amount: String(60 * quantity),
    created_by: company.session.userid,
    created_at: now,
    updated_at: now,
  });
  const batchId = newId(now.getTime());
  const batchNumber = `B-T-${suffix}`;
  await db.insert(programmePrintBatches).values({
    id: batchId,
    batch_number: batchNumber,
    order_id: orderId,
    company_id: company.companyId,
    quantity,
    allocated_by: company.session.userid,
    created_at: now,
  });
  const simulator = testSimulator(test);
  const stockIds = await db.transaction((tx) =>
    printStockCards(
      tx,
      simulator,
      {
        companyId: company.companyId,
        batchId,
        batchNumber,
        quantity,
        level: 'premier',
        network: 'visa',
        abbreviation: 'TEST',
        mailingAddress: testAddress,
        actorUserId: company.session.userid,
      },
      now,
    ),
  );
  return { contractId, orderId, batchId, batchNumber, stockIds };
}

/** Prints and mails the batch's cards now (printed pending bind), applied by the sync. */
export async function shipBatch(test: RunningTestApp, stockIds: readonly string[]) {
  const simulator = testSimulator(test);
  for (const id of stockIds) {
    const [row] = await test.database.db.select().from(cardStock).where(eq(cardStock.id, id));
    if (!row) throw new Error(`no stock card ${id}`);
    await test.database.db.transaction((tx) => simulator.shipNow(tx, row.processor_reference, test.clock.now()));
  }
  await syncNow(test);
}

/** A funded company with a KYC-approved cardholder and a shipped batch of printed cards. */
export async function printedProgramme(
  test: RunningTestApp,
  options: Parameters<typeof programmeBatch>[2] & { funds?: Record<string, string> } = {},
) {
  const shipped = await shippedCard(test, options.funds ? { funds: options.funds } : {});
  const company = { companyId: shipped.client.companyId, session: shipped.client.session };
  const batch = await programmeBatch(test, company, options);
  await shipBatch(test, batch.stockIds);
  return { client: shipped.client, cardholderId: shipped.cardholderId, ...batch };
}

export async function stockRow(test: RunningTestApp, id: string) {
  const [row] = await test.database.db.select().from(cardStock).where(eq(cardStock.id, id));
  if (!row) throw new Error(`no stock card ${id}`);
  return row;
}
