/**
 * The back office's controls of the simulated card processor's money (outside production): a
 * purchase, its settlement, reversal or refund, a fee, the loads' outcome and a processor fault.
 * Each is followed by the sync, so that the product shows the outcome at once, and audited.
 */
import type * as calls from '@bank/contract/card-money';
import type { SimulatorCardMoney, SimulatorProcessorFault } from '@bank/contract/card-money';
import { eq } from 'drizzle-orm';
import type { CardProcessorSimulator, SimulatedFault } from '../../../adapters/card-processor/simulator.ts';
import type { AppDatabase } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { parseAmount } from '../../../platform/money.ts';
import type { CallContext } from '../../../platform/route.ts';
import { lockCompany } from '../../../platform/tenant.ts';
import { companies } from '../../account/index.ts';
import { anyCard } from '../card-view.ts';
import type { CallBody, CardsContext } from '../context.ts';
import { feeOf } from '../fees.ts';
import { moneyNotificationHandlers } from '../processor/notification-handlers.ts';
import { syncProcessor } from '../processor/sync.ts';
import type { CardRow } from '../queries.ts';
import {
  cardTransactionPage,
  lineOfProcessorId,
  loadsUnderWay,
  openPurchases,
  purchaseForSimulator,
} from './queries.ts';
import { auditMoneyCall, balanceOf } from './service.ts';

function faultView(fault: SimulatedFault | null): SimulatorProcessorFault {
  return {
    fault: fault?.fault ?? null,
    calls_left: fault?.callsLeft ?? null,
    set_at: fault?.setAt.toISOString() ?? null,
  };
}

async function simulatorState(db: AppDatabase, card: CardRow, now: Date): Promise<SimulatorCardMoney> {
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, card.company_id));
  return {
    card_id: card.id,
    last4: card.last4,
    company_name: company?.name ?? '',
    status: card.status,
    ...(await balanceOf(db, card, now)),
    loads_under_way: await loadsUnderWay(db, card.id),
    purchases: await openPurchases(db, card),
  };
}

/** Settles, reverses or refunds (in part) an open purchase at the simulator, if its state allows. */
async function settlePurchase(
  db: AppDatabase,
  simulator: CardProcessorSimulator,
  body: CallBody<typeof calls.simulateCardSettlement>,
  now: Date,
): Promise<{ card: CardRow; processorId: string; purchaseId: string }> {
  const purchase = await purchaseForSimulator(db, body.transaction_id);
  const card = await anyCard(db, purchase.card_id);
  const { items } = await cardTransactionPage(db, card, { page_size: 1, transaction_id: purchase.id });
  const [line] = items;
  if (!line) throw new AppError('not_found', { detail: `no purchase ${purchase.id}` });
  if (body.action === 'refund') {
    const left = parseAmount(line.amount).minus(line.refunded_amount);
    const amount = parseAmount(body.amount ?? left.toFixed(2));
    if (line.status !== 'settled' || left.lte(0) || amount.greaterThan(left))
      throw new AppError('illegal_state', { detail: `purchase ${purchase.id} cannot be refunded ${amount}` });
    await db.transaction((tx) => simulator.refund(tx, purchase.processor_id, amount.toFixed(2), now));
  } else {
    if (line.status !== 'unsettled')
      throw new AppError('illegal_state', { detail: `purchase ${purchase.id} is ${line.status}` });
    await db.transaction((tx) =>
      body.action === 'settle'
        ? simulator.settle(tx, purchase.processor_id, now)
        : simulator.reverse(tx, purchase.processor_id, now),
    );
  }
  return { card, processorId: purchase.processor_id, purchaseId: purchase.id };
}

function simulatorOf(cards: CardsContext): CardProcessorSimulator {
  if (!cards.simulator)
    throw new AppError('forbidden', { detail: 'simulator controls need the simulated card processor' });
  return cards.simulator;
}

/** After each control the sync, so that the product shows its outcome at once. */
function syncNow(cards: CardsContext, now: Date): Promise<number> {
  return syncProcessor(cards.database.db, cards.processor, moneyNotificationHandlers(), now);
}

function audit(cards: CardsContext, call: CallContext, action: string, detail: Record<string, unknown>) {
  return auditMoneyCall(cards.database.db, call, { action, detail, companyId: null });
}

export async function cardMoney(
  cards: CardsContext,
  body: CallBody<typeof calls.getSimulatorCardMoney>,
  call: CallContext,
) {
  simulatorOf(cards);
  const db = cards.database.db;
  return simulatorState(db, await anyCard(db, body.card_id), call.now);
}

export async function purchase(
  cards: CardsContext,
  body: CallBody<typeof calls.simulateCardPurchase>,
  call: CallContext,
) {
  const simulator = simulatorOf(cards);
  const db = cards.database.db;
  const card = await anyCard(db, body.card_id);
  const { amount, merchant_name, merchant_category, merchant_country } = body;
  const line = await db.transaction((tx) =>
    simulator.purchase(
      tx,
      card.processor_reference,
      { amount, merchant_name, merchant_category, merchant_country },
      call.now,
    ),
  );
  await syncNow(cards, call.now);
  await audit(cards, call, 'simulator.card_purchase', { card_id: card.id, amount: body.amount, kind: line.kind });
  return lineOfProcessorId(db, card, line.id);
}

export async function settle(
  cards: CardsContext,
  body: CallBody<typeof calls.simulateCardSettlement>,
  call: CallContext,
) {
  const db = cards.database.db;
  const { card, processorId, purchaseId } = await settlePurchase(db, simulatorOf(cards), body, call.now);
  await syncNow(cards, call.now);
  await audit(cards, call, `simulator.card_${body.action}`, { card_id: card.id, transaction_id: purchaseId });
  return lineOfProcessorId(db, card, processorId);
}

export async function chargeFee(cards: CardsContext, body: CallBody<typeof calls.simulateCardFee>, call: CallContext) {
  const simulator = simulatorOf(cards);
  const db = cards.database.db;
  const card = await anyCard(db, body.card_id);
  const amount = body.amount ?? (await feeOf(db, card.level, body.fee_kind)).amount;
  const line = await db.transaction((tx) =>
    simulator.chargeFee(tx, card.processor_reference, { kind: body.fee_kind, amount }, call.now),
  );
  await syncNow(cards, call.now);
  await audit(cards, call, 'simulator.card_fee', { card_id: card.id, fee_kind: body.fee_kind, amount: line.amount });
  return lineOfProcessorId(db, card, line.id);
}

export async function loads(cards: CardsContext, body: CallBody<typeof calls.simulateCardLoads>, call: CallContext) {
  const simulator = simulatorOf(cards);
  const db = cards.database.db;
  const card = await anyCard(db, body.card_id);
  await db.transaction(async (tx) => {
    // The company first, as every change about its card: two completions of one card's loads
    // would otherwise lock its loads and the simulated card in different orders, and deadlock.
    await lockCompany(tx, card.company_id);
    if (body.next_outcome)
      await simulator.setNextLoadOutcome(
        tx,
        card.processor_reference,
        body.next_outcome === 'success' ? null : body.next_outcome,
      );
    if (body.complete_now) await simulator.completeLoads(tx, card.processor_reference, call.now);
  });
  await syncNow(cards, call.now);
  const detail = { card_id: card.id, next_outcome: body.next_outcome ?? null, complete_now: body.complete_now };
  await audit(cards, call, 'simulator.card_loads', detail);
  return simulatorState(db, card, call.now);
}

export async function fault(cards: CardsContext) {
  return faultView(await simulatorOf(cards).faultOf(cards.database.db));
}

export async function setFault(
  cards: CardsContext,
  body: CallBody<typeof calls.setSimulatorProcessorFault>,
  call: CallContext,
) {
  const simulator = simulatorOf(cards);
  const fault = await cards.database.db.transaction((tx) =>
    simulator.setFault(tx, body.fault ? { fault: body.fault, calls: body.calls } : null, call.now),
  );
  await audit(cards, call, 'simulator.card_processor_fault', {
    fault: body.fault,
    calls: body.fault ? body.calls : null,
  });
  return faultView(fault);
}
