/**
 * The calls of the programme's printed cards and membership fees (issue 15): each scoped to the
 * caller's company; the programme desk lists every company's terms and waives one.
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
import type { FastifyInstance } from 'fastify';
import type { CallContext } from '../../platform/route.ts';
import { registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import * as binding from './binding.ts';
import type { ProgrammeCaller, ProgrammeContext } from './context.ts';
import * as fees from './membership-fees.ts';

export function registerProgrammeCardCalls(app: FastifyInstance, programme: ProgrammeContext): void {
  const db = programme.database.db;
  const { processor } = programme;
  const callerOf = (call: CallContext): ProgrammeCaller => ({
    userId: call.session.user_id,
    companyId: clientCompanyId(call),
    ip: call.ip,
    now: call.now,
  });

  // Printed cards and binding
  registerCall(app, listProgrammeCards, (body, call) => binding.listProgrammeCards(db, clientCompanyId(call), body));
  registerCall(app, listBindableCardholders, (body, call) =>
    binding.listBindableCardholders(db, clientCompanyId(call), body.search),
  );
  registerCall(app, bindProgrammeCard, (body, call) =>
    db.transaction((tx) => binding.bindProgrammeCard(tx, processor, callerOf(call), body)),
  );
  registerCall(app, unbindProgrammeCard, (body, call) =>
    db.transaction((tx) => binding.unbindProgrammeCard(tx, processor, callerOf(call), body)),
  );

  // Membership fees
  registerCall(app, listMembershipFees, (body, call) =>
    fees.listMembershipFees(db, clientCompanyId(call), body, call.now),
  );
  registerCall(app, listStaffMembershipFees, (body, call) => fees.listMembershipFees(db, null, body, call.now));
  registerCall(app, listFeeContracts, (_body, call) => fees.listFeeContracts(db, clientCompanyId(call)));
  registerCall(app, quoteMembershipFees, (body, call) =>
    fees.quoteMembershipFees(db, clientCompanyId(call), body.fee_ids, call.now),
  );
  registerCall(app, payMembershipFees, (body, call) =>
    fees.payMembershipFees(call.transaction ?? db, callerOf(call), body),
  );
  registerCall(app, setFeeDeductionMode, (body, call) =>
    db.transaction((tx) => fees.setFeeDeductionMode(tx, callerOf(call), body)),
  );

  // Back office
  registerCall(app, waiveMembershipFee, (body, call) =>
    db.transaction((tx) =>
      fees.waiveMembershipFee(tx, { userId: call.session.user_id, ip: call.ip, now: call.now }, body),
    ),
  );
}
