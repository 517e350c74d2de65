/**
 * The calls of contracts, pre-orders and print batches (programme-orders.ts), registered by the
 * programme module with its context (the cards module's processor, and its simulator outside
 * production).
 */
import {
  allocatePreOrder,
  createPreOrder,
  createProgrammeContract,
  decidePreOrder,
  getOrderSummary,
  getProgrammeContract,
  listPreOrders,
  listPrintBatches,
  listProgrammeCompanies,
  listProgrammeContracts,
  listStaffPreOrders,
  listStaffPrintBatches,
  listStaffProgrammeContracts,
  simulatePrintBatch,
} from '@bank/contract/programme-orders';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { type CallContext, registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { syncProcessorSchedule } from '../cards/index.ts';
import { allocateCards, batchPage, batchView, printBatchNow } from './allocation.ts';
import type { ProgrammeContext } from './context.ts';
import {
  companyChoices,
  contractPage,
  contractRow,
  contractView,
  createContract,
  type StaffActor,
} from './contracts.ts';
import { decideOrder, orderPage, orderSummary, ordersOfContract, placeOrder, unitPriceOf } from './orders.ts';

export function registerOrderCalls(app: FastifyInstance, programme: ProgrammeContext): void {
  const db = programme.database.db;
  const { processor } = programme;
  const staffActor = (call: CallContext): StaffActor => ({ userId: call.session.user_id, ip: call.ip, now: call.now });

  // The company
  registerCall(app, listProgrammeContracts, ({ status, ...request }, call) =>
    contractPage(db, { company_id: clientCompanyId(call), status }, request, call.now),
  );
  registerCall(app, getProgrammeContract, async (body, call) => {
    const row = await contractRow(db, body.contract_id, { companyId: clientCompanyId(call) });
    return {
      contract: await contractView(db, row, call.now),
      unit_price_by_level: {
        premier: await unitPriceOf(db, row.prepayment_per_card, 'premier'),
        prestige: await unitPriceOf(db, row.prepayment_per_card, 'prestige'),
      },
      orders: await ordersOfContract(db, row.id),
    };
  });
  registerCall(app, createPreOrder, (body, call) => {
    const client = { userId: call.session.user_id, companyId: clientCompanyId(call), ip: call.ip, now: call.now };
    return call.transaction
      ? placeOrder(call.transaction, client, body)
      : db.transaction((tx) => placeOrder(tx, client, body));
  });
  registerCall(app, listPreOrders, ({ status, ...request }, call) =>
    orderPage(db, { companyId: clientCompanyId(call), status }, request),
  );
  registerCall(app, getOrderSummary, (_body, call) => orderSummary(db, clientCompanyId(call)));
  registerCall(app, listPrintBatches, (body, call) => batchPage(db, clientCompanyId(call), body));

  // The back office
  registerCall(app, listProgrammeCompanies, (body) => companyChoices(db, body));
  registerCall(app, createProgrammeContract, (body, call) =>
    db.transaction((tx) => createContract(tx, staffActor(call), body)),
  );
  registerCall(app, listStaffProgrammeContracts, ({ company_id, status, ...request }, call) =>
    contractPage(db, { company_id, status }, request, call.now),
  );
  registerCall(app, listStaffPreOrders, ({ status, ...request }) => orderPage(db, { status }, request));
  registerCall(app, decidePreOrder, (body, call) => db.transaction((tx) => decideOrder(tx, staffActor(call), body)));
  registerCall(app, allocatePreOrder, (body, call) =>
    db.transaction((tx) => allocateCards(tx, processor, staffActor(call), body)),
  );
  registerCall(app, listStaffPrintBatches, (body) => batchPage(db, null, body));
  registerCall(app, simulatePrintBatch, async (body, call) => {
    const simulator = programme.simulator;
    if (!simulator) throw new AppError('not_found', { detail: 'the card processor is not the simulator' });
    await db.transaction((tx) => printBatchNow(tx, simulator, staffActor(call), body.batch_id));
    // The cards module's sync applies what the processor reported (stages, operation status events) now.
    await programme.jobs.runSchedule(syncProcessorSchedule);
    return batchView(db, body.batch_id);
  });
}
