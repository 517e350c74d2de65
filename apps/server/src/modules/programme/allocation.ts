/**
 * Allocation and the card issuing records: staff put cards of an approved order into a new print
 * batch (B-YYYYMMDD-NNN), which the cards module prints at the processor with the contract's
 * abbreviation; the order becomes partially allocated, then allocated. A batch reads at the least
 * advanced operation stage of its cards (queries.ts). Outside production, staff may have the
 * simulator print and mail a whole batch at once.
 */
import { allocationStatusOf, type PrintBatch } from '@bank/contract/programme';
import { eq, sql } from 'drizzle-orm';
import type { CardProcessor } from '../../adapters/card-processor/card-processor.ts';
import type { CardProcessorSimulator } from '../../adapters/card-processor/simulator.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { AppDatabase, DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { cardStock, printStockCards, syncProcessorSchedule } from '../cards/index.ts';
import type { StaffActor } from './contracts.ts';
import { batchView, contractRow, lockedOrder, nextNumber } from './queries.ts';
import { programmeContracts, programmeOrders, programmePrintBatches } from './tables.ts';

const allocatableStatuses = new Set(['approved', 'partially_allocated']);

/**
 * Allocates `quantity` cards of an approved (or partially allocated) order to one new print batch.
 * More than the order's unallocated rest, or an order not approved, is `allocate_cards_failed`.
 */
export async function allocateCards(
  tx: DbHandle,
  processor: CardProcessor,
  staff: StaffActor,
  request: { order_id: string; quantity: number },
): Promise<PrintBatch> {
  const order = await lockedOrder(tx, request.order_id);
  const rest = order.quantity - order.allocated_quantity;
  if (!allocatableStatuses.has(order.status) || request.quantity > rest)
    throw new AppError('allocate_cards_failed', {
      detail: `pre-order ${order.id} is ${order.status} with ${rest} cards to allocate, asked ${request.quantity}`,
    });
  const contract = await contractRow(tx, order.contract_id, { forUpdate: true });
  const now = staff.now;
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const batchId = newId(now.getTime());
  const batchNumber = await nextNumber(tx, programmePrintBatches.batch_number, `B-${day}-`, 3);
  await tx.insert(programmePrintBatches).values({
    id: batchId,
    batch_number: batchNumber,
    order_id: order.id,
    company_id: order.company_id,
    quantity: request.quantity,
    allocated_by: staff.userId,
    created_at: now,
  });
  await printStockCards(
    tx,
    processor,
    {
      companyId: order.company_id,
      batchId,
      batchNumber,
      quantity: request.quantity,
      level: order.level,
      network: order.network,
      abbreviation: contract.company_abbreviation,
      mailingAddress: order.mailing_address,
      actorUserId: staff.userId,
    },
    now,
  );
  const allocated = order.allocated_quantity + request.quantity;
  await tx
    .update(programmeOrders)
    .set({ allocated_quantity: allocated, status: allocationStatusOf(order.quantity, allocated), updated_at: now })
    .where(eq(programmeOrders.id, order.id));
  await tx
    .update(programmeContracts)
    .set({ allocated_quantity: sql`${programmeContracts.allocated_quantity} + ${request.quantity}`, updated_at: now })
    .where(eq(programmeContracts.id, contract.id));
  await writeAudit(tx, {
    action: 'programme_order.allocated',
    at: now,
    actorUserId: staff.userId,
    companyId: order.company_id,
    ip: staff.ip,
    detail: { order_id: order.id, batch_id: batchId, batch_number: batchNumber, quantity: request.quantity },
  });
  return batchView(tx, batchId);
}

/**
 * The back office's print control: only where the card processor is the simulator. The batch is
 * printed in a transaction of its own, then the cards module's sync applies what the processor
 * reported (stages, operation status events) before the batch is read back.
 */
export async function printBatchOnSimulator(
  db: AppDatabase,
  processor: { simulator: CardProcessorSimulator | null; jobs: Pick<Jobs, 'runSchedule'> },
  staff: StaffActor,
  batchId: string,
): Promise<PrintBatch> {
  const { simulator } = processor;
  if (!simulator) throw new AppError('not_found', { detail: 'the card processor is not the simulator' });
  await db.transaction((tx) => printBatchNow(tx, simulator, staff, batchId));
  await processor.jobs.runSchedule(syncProcessorSchedule);
  return batchView(db, batchId);
}

/**
 * The simulator prints and mails every card of the batch now; the cards module's sync applies the
 * processor's notifications (each card's stage and its operation status event). Audited.
 */
export async function printBatchNow(
  tx: DbHandle,
  simulator: CardProcessorSimulator,
  staff: StaffActor,
  batchId: string,
): Promise<void> {
  const batch = await batchView(tx, batchId);
  const printed = await tx
    .select({ reference: cardStock.processor_reference })
    .from(cardStock)
    .where(eq(cardStock.batch_id, batch.id));
  for (const card of printed) await simulator.shipNow(tx, card.reference, staff.now);
  const [row] = await tx
    .select({ companyId: programmePrintBatches.company_id })
    .from(programmePrintBatches)
    .where(eq(programmePrintBatches.id, batch.id));
  await writeAudit(tx, {
    action: 'programme_batch.simulator_printed',
    at: staff.now,
    actorUserId: staff.userId,
    companyId: row?.companyId ?? null,
    ip: staff.ip,
    detail: { batch_id: batch.id, batch_number: batch.batch_number, cards: printed.length },
  });
}
