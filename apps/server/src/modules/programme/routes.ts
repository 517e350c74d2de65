/**
 * The programme's calls, one line each: contracts, pre-orders and print batches (contracts.ts,
 * orders.ts, allocation.ts), printed cards and binding (binding.ts), and membership fees
 * (membership-fees.ts). Each company call is scoped to the caller's company; the programme desk
 * sees every company's.
 */
import {
  bindProgrammeCard,
  listBindableCardholders,
  listFeeContracts,
  listMembershipFees,
  listProgrammeCards,
  listStaffMembershipFees,
  payMembershipFees,
  quoteMembershipFees,
  setFeeDeductionMode,
  unbindProgrammeCard,
  waiveMembershipFee,
} from '@bank/contract/programme-cards';
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
import { type CallContext, registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { allocateCards, printBatchOnSimulator } from './allocation.ts';
import * as binding from './binding.ts';
import type { ProgrammeCaller, ProgrammeContext } from './context.ts';
import { createContract, type StaffActor } from './contracts.ts';
import * as fees from './membership-fees.ts';
import { type ClientActor, companyContract, decideOrder, placeOrder } from './orders.ts';
import * as queries from './queries.ts';

const callerOf = (call: CallContext): ProgrammeCaller => ({
  userId: call.session.user_id,
  companyId: clientCompanyId(call),
  ip: call.ip,
  now: call.now,
});

/** A company user placing an order. */
const clientOf = (call: CallContext): ClientActor => ({
  userId: call.session.user_id,
  companyId: clientCompanyId(call),
  ip: call.ip,
  now: call.now,
});

const staffOf = (call: CallContext): StaffActor => ({ userId: call.session.user_id, ip: call.ip, now: call.now });

export function registerProgrammeRoutes(app: FastifyInstance, programme: ProgrammeContext): void {
  registerOrderRoutes(app, programme);
  registerCardRoutes(app, programme);
}

/** Contracts, pre-orders and print batches. */
function registerOrderRoutes(app: FastifyInstance, programme: ProgrammeContext): void {
  const db = programme.database.db;
  const { processor } = programme;

  // Contracts, pre-orders and print batches: the company
  registerCall(app, listProgrammeContracts, ({ status, ...request }, call) =>
    queries.contractPage(db, { company_id: clientCompanyId(call), status }, request, call.now),
  );
  registerCall(app, getProgrammeContract, (body, call) =>
    companyContract(db, clientCompanyId(call), body.contract_id, call.now),
  );
  registerCall(app, createPreOrder, (body, call) =>
    call.transaction
      ? placeOrder(call.transaction, clientOf(call), body)
      : db.transaction((tx) => placeOrder(tx, clientOf(call), body)),
  );
  registerCall(app, listPreOrders, ({ status, ...request }, call) =>
    queries.orderPage(db, { companyId: clientCompanyId(call), status }, request),
  );
  registerCall(app, getOrderSummary, (_body, call) => queries.orderSummary(db, clientCompanyId(call)));
  registerCall(app, listPrintBatches, (body, call) => queries.batchPage(db, clientCompanyId(call), body));

  // Contracts, pre-orders and print batches: the back office
  registerCall(app, listProgrammeCompanies, (body) => queries.companyChoices(db, body));
  registerCall(app, createProgrammeContract, (body, call) =>
    db.transaction((tx) => createContract(tx, staffOf(call), body)),
  );
  registerCall(app, listStaffProgrammeContracts, ({ company_id, status, ...request }, call) =>
    queries.contractPage(db, { company_id, status }, request, call.now),
  );
  registerCall(app, listStaffPreOrders, ({ status, ...request }) => queries.orderPage(db, { status }, request));
  registerCall(app, decidePreOrder, (body, call) => db.transaction((tx) => decideOrder(tx, staffOf(call), body)));
  registerCall(app, allocatePreOrder, (body, call) =>
    db.transaction((tx) => allocateCards(tx, processor, staffOf(call), body)),
  );
  registerCall(app, listStaffPrintBatches, (body) => queries.batchPage(db, null, body));
  registerCall(app, simulatePrintBatch, (body, call) =>
    printBatchOnSimulator(db, programme, staffOf(call), body.batch_id),
  );
}

/** Printed cards, binding and membership fees. */
function registerCardRoutes(app: FastifyInstance, programme: ProgrammeContext): void {
  const db = programme.database.db;
  const { processor } = programme;
  // Printed cards and binding
  registerCall(app, listProgrammeCards, (body, call) => queries.listProgrammeCards(db, clientCompanyId(call), body));
  registerCall(app, listBindableCardholders, (body, call) =>
    queries.listBindableCardholders(db, clientCompanyId(call), body.search),
  );
  registerCall(app, bindProgrammeCard, (body, call) =>
    db.transaction((tx) => binding.bindProgrammeCard(tx, processor, callerOf(call), body)),
  );
  registerCall(app, unbindProgrammeCard, (body, call) =>
    db.transaction((tx) => binding.unbindProgrammeCard(tx, processor, callerOf(call), body)),
  );

  // Membership fees
  registerCall(app, listMembershipFees, (body, call) =>
    queries.listMembershipFees(db, clientCompanyId(call), body, call.now),
  );
  registerCall(app, listStaffMembershipFees, (body, call) => queries.listMembershipFees(db, null, body, call.now));
  registerCall(app, listFeeContracts, (_body, call) => queries.listFeeContracts(db, clientCompanyId(call)));
  registerCall(app, quoteMembershipFees, (body, call) =>
    fees.quoteMembershipFees(db, clientCompanyId(call), body.fee_ids, call.now),
  );
  registerCall(app, payMembershipFees, (body, call) =>
    fees.payMembershipFees(call.transaction ?? db, callerOf(call), body),
  );
  registerCall(app, setFeeDeductionMode, (body, call) =>
    db.transaction((tx) => fees.setFeeDeductionMode(tx, callerOf(call), body)),
  );
  registerCall(app, waiveMembershipFee, (body, call) =>
    db.transaction((tx) => fees.waiveMembershipFee(tx, staffOf(call), body)),
  );
}
