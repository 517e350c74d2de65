/**
 * The calls of card money (issue 14, slice C): the company's cards for the money screens, top-up
 * configuration, quote, submission, records and download, a card's transactions, their download
 * and the card statement, and the back office's simulator controls (outside production).
 */
import {
  calcTopUp,
  downloadCardStatement,
  downloadCardTransactions,
  downloadTopUps,
  getSimulatorCardMoney,
  getSimulatorProcessorFault,
  getTopUpConfig,
  listCardTransactions,
  listTopUps,
  type SimulatorCardMoney,
  type SimulatorProcessorFault,
  setSimulatorProcessorFault,
  simulateCardFee,
  simulateCardLoads,
  simulateCardPurchase,
  simulateCardSettlement,
  submitTopUp,
} from '@bank/contract/card-money';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CardProcessorSimulator, SimulatedFault } from '../../../adapters/card-processor/simulator.ts';
import { writeAudit } from '../../../platform/audit.ts';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { parseAmount } from '../../../platform/money.ts';
import { type CallContext, registerCall } from '../../../platform/route.ts';
import { clientCompanyId, lockCompany } from '../../../platform/tenant.ts';
import { companies } from '../../account/index.ts';
import { accountBalance } from '../../ledger/index.ts';
import {
  anyCard,
  type CardRow,
  cardAccessOf,
  cardAccountId,
  cardActorOf,
  companyCard,
  reachableCard,
} from '../card-view.ts';
import type { CardsContext } from '../context.ts';
import { feeOf } from '../fees.ts';
import { moneyNotificationHandlers } from '../processor/notification-handlers.ts';
import { syncProcessor } from '../processor/sync.ts';
import { cardTransactionPage, lineOfProcessorId, openPurchases, purchaseForSimulator } from './card-transactions.ts';
import { cardStatementFile, cardTransactionsFile, topUpRecordFile } from './statement.ts';
import * as topUps from './top-ups.ts';

function faultView(fault: SimulatedFault | null): SimulatorProcessorFault {
  return {
    fault: fault?.fault ?? null,
    calls_left: fault?.callsLeft ?? null,
    set_at: fault?.setAt.toISOString() ?? null,
  };
}

async function balanceOf(handle: DbHandle, card: CardRow, now: Date) {
  const balance = await accountBalance(handle, await cardAccountId(handle, card, now));
  const usd = (value: string | undefined) => parseAmount(value ?? '0').toFixed(2);
  return { balance: usd(balance?.balance), held: usd(balance?.held), available: usd(balance?.available) };
}

export function registerMoneyCalls(app: FastifyInstance, cards: CardsContext): void {
  const db = cards.database.db;
  // The downloads and the statement are heavy reads: a replica's when it has caught up (platform/heavy-reads.ts).
  const heavyRead = () => cards.database.forHeavyRead();
  const handlers = moneyNotificationHandlers();
  const cardOfCall = (call: CallContext, cardId: string) => reachableCard(db, cardAccessOf(call), cardId);
  const audit = (call: CallContext, action: string, detail: Record<string, unknown>, companyId: string | null) =>
    writeAudit(db, { action, at: call.now, actorUserId: call.session.user_id, companyId, ip: call.ip, detail });

  // Top-ups
  registerCall(app, getTopUpConfig, async (body, call) =>
    topUps.topUpConfig(db, await cardOfCall(call, body.card_id), call.now),
  );
  registerCall(app, calcTopUp, async (body, call) =>
    topUps.checkTopUp(db, await cardOfCall(call, body.card_id), cardActorOf(call.session), body, call.now),
  );
  registerCall(app, submitTopUp, async (body, call) => {
    const tx = call.transaction;
    if (!tx) throw new Error('card/topUp is idempotent: it runs in the call’s transaction');
    const companyId = clientCompanyId(call);
    // The company's balance and the card's day of top-ups do not move while they are checked.
    await lockCompany(tx, companyId);
    const card = await companyCard(tx, companyId, body.card_id, { forUpdate: true });
    const row = await topUps.submitTopUp(
      tx,
      cards.processor,
      card,
      { companyId, userId: call.session.user_id, actor: cardActorOf(call.session) },
      body,
      call.now,
    );
    await writeAudit(tx, {
      action: 'card.top_up_submitted',
      at: call.now,
      actorUserId: call.session.user_id,
      companyId,
      ip: call.ip,
      detail: { top_up_id: row.id, card_id: card.id, last4: card.last4, amount: row.amount, asset: row.asset },
    });
    return topUps.companyTopUp(tx, companyId, row.id);
  });
  registerCall(app, listTopUps, async (body, call) => {
    const access = cardAccessOf(call);
    if (body.card_id) await reachableCard(db, access, body.card_id);
    return topUps.topUpPage(db, access, body);
  });
  registerCall(app, downloadTopUps, async (body, call) => {
    const companyId = clientCompanyId(call);
    if (body.card_id) await companyCard(db, companyId, body.card_id);
    await audit(call, 'card.top_ups_downloaded', { ...body }, companyId);
    return topUpRecordFile(await heavyRead(), { companyId, language: call.language }, body, call.now);
  });

  // Card transactions and the statement
  registerCall(app, listCardTransactions, async ({ card_id, ...query }, call) => {
    const card = await cardOfCall(call, card_id);
    return { ...(await cardTransactionPage(db, card, query)), ...(await balanceOf(db, card, call.now)) };
  });
  registerCall(app, downloadCardTransactions, async (body, call) => {
    const card = await cardOfCall(call, body.card_id);
    await audit(call, 'card.transactions_downloaded', { ...body, last4: card.last4 }, card.company_id);
    const caller = { companyId: card.company_id, language: call.language };
    return cardTransactionsFile(await heavyRead(), card, caller, body, call.now);
  });
  registerCall(app, downloadCardStatement, async (body, call) => {
    const card = await cardOfCall(call, body.card_id);
    await audit(call, 'card.statement_downloaded', { ...body, last4: card.last4 }, card.company_id);
    const caller = { companyId: card.company_id, language: call.language };
    return cardStatementFile(await heavyRead(), card, caller, body, call.now);
  });

  // The back office's simulator controls: outside production only, each followed by the sync so
  // that the product shows the outcome at once.
  const simulatorOf = (): CardProcessorSimulator => {
    if (!cards.simulator)
      throw new AppError('forbidden', { detail: 'simulator controls need the simulated card processor' });
    return cards.simulator;
  };
  const syncNow = (now: Date) => syncProcessor(db, cards.processor, handlers, now);
  const simulatorState = async (card: CardRow, now: Date): Promise<SimulatorCardMoney> => {
    const [company] = await db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, card.company_id));
    return {
      card_id: card.id,
      last4: card.last4,
      company_name: company?.name ?? '',
      status: card.status,
      ...(await balanceOf(db, card, now)),
      loads_under_way: await topUps.loadsUnderWay(db, card.id),
      purchases: await openPurchases(db, card),
    };
  };

  registerCall(app, getSimulatorCardMoney, async (body, call) => {
    simulatorOf();
    return simulatorState(await anyCard(db, body.card_id), call.now);
  });
  registerCall(app, simulateCardPurchase, async (body, call) => {
    const simulator = simulatorOf();
    const card = await anyCard(db, body.card_id);
    const line = await db.transaction((tx) =>
      simulator.purchase(
        tx,
        card.processor_reference,
        {
          amount: body.amount,
          merchant_name: body.merchant_name,
          merchant_category: body.merchant_category,
          merchant_country: body.merchant_country,
        },
        call.now,
      ),
    );
    await syncNow(call.now);
    await audit(call, 'simulator.card_purchase', { card_id: card.id, amount: body.amount, kind: line.kind }, null);
    return lineOfProcessorId(db, card, line.id);
  });
  registerCall(app, simulateCardSettlement, async (body, call) => {
    const simulator = simulatorOf();
    const purchase = await purchaseForSimulator(db, body.transaction_id);
    const card = await anyCard(db, purchase.card_id);
    const [line] = await (async () => {
      const { items } = await cardTransactionPage(db, card, { page_size: 1, transaction_id: purchase.id });
      return items;
    })();
    if (!line) throw new AppError('not_found', { detail: `no purchase ${purchase.id}` });
    if (body.action === 'refund') {
      const left = parseAmount(line.amount).minus(line.refunded_amount);
      const amount = parseAmount(body.amount ?? left.toFixed(2));
      if (line.status !== 'settled' || left.lte(0) || amount.greaterThan(left))
        throw new AppError('illegal_state', { detail: `purchase ${purchase.id} cannot be refunded ${amount}` });
      await db.transaction((tx) => simulator.refund(tx, purchase.processor_id, amount.toFixed(2), call.now));
    } else {
      if (line.status !== 'unsettled')
        throw new AppError('illegal_state', { detail: `purchase ${purchase.id} is ${line.status}` });
      await db.transaction((tx) =>
        body.action === 'settle'
          ? simulator.settle(tx, purchase.processor_id, call.now)
          : simulator.reverse(tx, purchase.processor_id, call.now),
      );
    }
    await syncNow(call.now);
    await audit(call, `simulator.card_${body.action}`, { card_id: card.id, transaction_id: purchase.id }, null);
    return lineOfProcessorId(db, card, purchase.processor_id);
  });
  registerCall(app, simulateCardFee, async (body, call) => {
    const simulator = simulatorOf();
    const card = await anyCard(db, body.card_id);
    const amount = body.amount ?? (await feeOf(db, card.level, body.fee_kind)).amount;
    const line = await db.transaction((tx) =>
      simulator.chargeFee(tx, card.processor_reference, { kind: body.fee_kind, amount }, call.now),
    );
    await syncNow(call.now);
    await audit(call, 'simulator.card_fee', { card_id: card.id, fee_kind: body.fee_kind, amount: line.amount }, null);
    return lineOfProcessorId(db, card, line.id);
  });
  registerCall(app, simulateCardLoads, async (body, call) => {
    const simulator = simulatorOf();
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
    await syncNow(call.now);
    await audit(
      call,
      'simulator.card_loads',
      { card_id: card.id, next_outcome: body.next_outcome ?? null, complete_now: body.complete_now },
      null,
    );
    return simulatorState(card, call.now);
  });

  registerCall(app, getSimulatorProcessorFault, async () => faultView(await simulatorOf().faultOf(db)));
  registerCall(app, setSimulatorProcessorFault, async (body, call) => {
    const simulator = simulatorOf();
    const fault = await db.transaction((tx) =>
      simulator.setFault(tx, body.fault ? { fault: body.fault, calls: body.calls } : null, call.now),
    );
    await audit(
      call,
      'simulator.card_processor_fault',
      { fault: body.fault, calls: body.fault ? body.calls : null },
      null,
    );
    return faultView(fault);
  });
}
