/**
 * The payouts' calls, one line each: payees and the address book, configuration and the approval
 * policy, quotes, checks and submissions, records, details and downloads, approvals, and the back
 * office's review with its simulator control.
 */

import { countPendingApprovals } from '@bank/contract/payout-approvals-count';
import {
  addAddress,
  addPayee,
  calcCryptoPayout,
  calcFiatPayout,
  cancelPayout,
  checkCryptoPayout,
  checkFiatPayout,
  decidePayoutApproval,
  decidePayoutReview,
  deleteAddress,
  deletePayee,
  downloadCryptoPayoutReceipt,
  downloadCryptoPayouts,
  downloadFiatPayoutReceipt,
  downloadFiatPayouts,
  editAddress,
  editPayee,
  getApprovalPolicy,
  getCryptoPayout,
  getFiatPayout,
  getPayoutConfig,
  getPayoutForApproval,
  getPayoutForReview,
  listAddresses,
  listCryptoPayouts,
  listFiatPayouts,
  listPayees,
  listPayoutAddresses,
  listPayoutsForReview,
  listPendingApprovals,
  setApprovalPolicy,
  simulatePayoutOutcome,
  submitCryptoPayout,
  submitFiatPayout,
} from '@bank/contract/payouts';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase, Database } from '../../platform/db.ts';
import { type CallContext, registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import type { PayoutActor } from './actor.ts';
import * as decisions from './decisions.ts';
import * as destinations from './destinations.ts';
import { downloadPayoutRecord } from './download.ts';
import * as policy from './policy.ts';
import * as records from './queries.ts';
import * as quotes from './quotes.ts';
import { downloadPayoutReceipt } from './receipt.ts';
import * as submission from './submission.ts';

export type PayoutRouteDependencies = {
  database: Database;
  rails: decisions.Rails;
  /** The simulated rail and custody take the back office's outcome control. */
  isSimulatorOpen: boolean;
};

function actorOf(call: CallContext): PayoutActor {
  return {
    userId: call.session.user_id,
    companyId: clientCompanyId(call),
    session: call.session,
    ip: call.ip,
    now: call.now,
    language: call.language,
  };
}

const detailsCallerOf = (call: CallContext): records.DetailsCaller => ({
  companyId: clientCompanyId(call),
  userId: call.session.user_id,
  mayApprove: call.session.permissions.includes('approve_payouts'),
  isAdministrator: call.session.role === 'administrator',
});

const staffOf = (call: CallContext): decisions.StaffActor => ({
  userId: call.session.user_id,
  ip: call.ip,
  now: call.now,
});

export function registerPayoutsRoutes(app: FastifyInstance, dependencies: PayoutRouteDependencies) {
  registerDestinationRoutes(app, dependencies.database.db);
  registerSubmissionRoutes(app, dependencies.database.db);
  registerRecordRoutes(app, dependencies.database);
  registerReviewRoutes(app, dependencies);
}

/** Payees and the address book. */
function registerDestinationRoutes(app: FastifyInstance, db: AppDatabase) {
  registerCall(app, listPayees, (body, call) => destinations.listPayees(db, clientCompanyId(call), body));
  registerCall(app, addPayee, (body, call) => destinations.addPayee(call.transaction ?? db, actorOf(call), body));
  registerCall(app, editPayee, ({ payee_id, ...fields }, call) =>
    db.transaction((tx) => destinations.editPayee(tx, actorOf(call), payee_id, fields)),
  );
  registerCall(app, deletePayee, (body, call) =>
    db.transaction((tx) => destinations.deletePayee(tx, actorOf(call), body.payee_id)),
  );
  registerCall(app, listAddresses, (body, call) => destinations.listAddresses(db, clientCompanyId(call), body));
  registerCall(app, listPayoutAddresses, (body, call) => destinations.addressesFor(db, clientCompanyId(call), body));
  registerCall(app, addAddress, (body, call) => destinations.addAddress(call.transaction ?? db, actorOf(call), body));
  registerCall(app, editAddress, ({ address_id, ...fields }, call) =>
    db.transaction((tx) => destinations.editAddress(tx, actorOf(call), address_id, fields)),
  );
  registerCall(app, deleteAddress, (body, call) =>
    db.transaction((tx) => destinations.deleteAddress(tx, actorOf(call), body.address_id)),
  );
}

/** Configuration, the approval policy, quotes, checks and submissions. */
function registerSubmissionRoutes(app: FastifyInstance, db: AppDatabase) {
  registerCall(app, getPayoutConfig, (_body, call) => policy.payoutConfig(db, clientCompanyId(call)));
  registerCall(app, getApprovalPolicy, (_body, call) => policy.approvalPolicyOf(db, clientCompanyId(call)));
  registerCall(app, setApprovalPolicy, (body, call) =>
    db.transaction((tx) => policy.setApprovalPolicy(tx, actorOf(call), body)),
  );

  registerCall(app, calcCryptoPayout, (body, call) => quotes.quoteCryptoPayout(db, actorOf(call), body));
  registerCall(app, calcFiatPayout, (body, call) => quotes.quoteFiatPayout(db, actorOf(call), body));
  registerCall(app, checkCryptoPayout, (body, call) =>
    submission.checkPayout(db, actorOf(call), { kind: 'crypto', body }),
  );
  registerCall(app, checkFiatPayout, (body, call) => submission.checkPayout(db, actorOf(call), { kind: 'fiat', body }));
  registerCall(app, submitCryptoPayout, (body, call) =>
    submission.submitPayout(call.transaction ?? db, actorOf(call), { kind: 'crypto', body }),
  );
  registerCall(app, submitFiatPayout, (body, call) =>
    submission.submitPayout(call.transaction ?? db, actorOf(call), { kind: 'fiat', body }),
  );
}

/** Records, details and downloads. */
function registerRecordRoutes(app: FastifyInstance, database: Database) {
  const { db } = database;
  registerCall(app, listCryptoPayouts, (body, call) =>
    records.companyPayouts(db, clientCompanyId(call), 'crypto', body),
  );
  registerCall(app, listFiatPayouts, (body, call) => records.companyPayouts(db, clientCompanyId(call), 'fiat', body));
  registerCall(app, getCryptoPayout, (body, call) =>
    records.companyPayoutDetails(db, detailsCallerOf(call), { kind: 'crypto' }, body.payout_id),
  );
  registerCall(app, getFiatPayout, (body, call) =>
    records.companyPayoutDetails(db, detailsCallerOf(call), { kind: 'fiat' }, body.payout_id),
  );
  registerCall(app, downloadCryptoPayouts, (body, call) =>
    downloadPayoutRecord(database, actorOf(call), 'crypto', body),
  );
  registerCall(app, downloadFiatPayouts, (body, call) => downloadPayoutRecord(database, actorOf(call), 'fiat', body));
  registerCall(app, downloadCryptoPayoutReceipt, (body, call) =>
    downloadPayoutReceipt(db, actorOf(call), 'crypto', body.payout_id),
  );
  registerCall(app, downloadFiatPayoutReceipt, (body, call) =>
    downloadPayoutReceipt(db, actorOf(call), 'fiat', body.payout_id),
  );
}

/** The company's approvals, and the back office's review with its simulator control. */
function registerReviewRoutes(app: FastifyInstance, { database, rails, isSimulatorOpen }: PayoutRouteDependencies) {
  const { db } = database;
  registerCall(app, listPendingApprovals, (body, call) => records.pendingApprovals(db, clientCompanyId(call), body));
  registerCall(app, countPendingApprovals, async (_body, call) => ({
    count: await records.countPendingApprovals(db, clientCompanyId(call), call.session.user_id),
  }));
  registerCall(app, getPayoutForApproval, (body, call) =>
    records.companyPayoutDetails(db, detailsCallerOf(call), { neededApproval: true }, body.payout_id),
  );
  registerCall(app, decidePayoutApproval, (body, call) =>
    db.transaction((tx) => decisions.decideApproval(tx, actorOf(call), body)),
  );
  registerCall(app, cancelPayout, (body, call) =>
    db.transaction((tx) => decisions.cancelPendingPayout(tx, actorOf(call), body.payout_id)),
  );

  registerCall(app, listPayoutsForReview, (body) => records.payoutQueue(db, body));
  registerCall(app, getPayoutForReview, (body) => records.staffPayout(db, body.payout_id));
  registerCall(app, decidePayoutReview, (body, call) =>
    db.transaction((tx) => decisions.decideReview(tx, rails, staffOf(call), body)),
  );
  registerCall(app, simulatePayoutOutcome, (body, call) =>
    decisions.simulateOutcomeIfSimulated(db, isSimulatorOpen, staffOf(call), body),
  );
}
