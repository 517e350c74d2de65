/**
 * The payouts module (issue 13): payees and the address book (withdraw/payee/*, withdraw/address/*),
 * quotes, checks and submissions of crypto and fiat payouts (withdraw/<kind>/calc, check,
 * withdraw), their records, details and downloads, the company's approval policy and the
 * maker-checker approvals (withdraw/approval/*), the back office's review (admin/payouts/*), and the
 * rails: custody and bank-rail adapters with their simulators, settled by a schedule in the demo and
 * on demand by staff outside production.
 */
import {
  addAddress,
  addPayee,
  calcCryptoPayout,
  calcFiatPayout,
  cancelPayout,
  checkCryptoPayout,
  checkFiatPayout,
  countPendingApprovals,
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
  type PayoutKind,
  setApprovalPolicy,
  simulatePayoutOutcome,
  submitCryptoPayout,
  submitFiatPayout,
} from '@bank/contract/payouts';
import { simulatedSettlementMinutes } from '../../adapters/bank-rail/bank-rail.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppModule } from '../../platform/module.ts';
import { type CallContext, registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import type { PayoutActor } from './actor.ts';
import * as decisions from './decisions.ts';
import * as destinations from './destinations.ts';
import { payoutRecordFile } from './download.ts';
import * as policy from './policy.ts';
import * as quotes from './quotes.ts';
import { payoutReceiptFile } from './receipt.ts';
import * as records from './records.ts';
import { payoutsDemoSeeder } from './seed.ts';
import * as submission from './submission.ts';

export const settleSimulatedPayoutsSchedule = 'payouts__settle_simulated_rails';
export const deleteExpiredQuotesSchedule = 'payouts__delete_expired_quotes';

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

export const payoutsModule: AppModule = {
  name: 'payouts',
  demoSeeder: payoutsDemoSeeder,
  register(app, context) {
    const db = context.database.db;
    const { custody, bankRail, simulators } = context.providers;
    const rails: decisions.Rails = { custody, bankRail };
    // The simulated rail and custody settle on a schedule and take the back office's outcome control.
    const isSimulatorOpen = simulators.custody && simulators.bankRail;

    if (context.config.simulateNetworkBlocks && isSimulatorOpen)
      context.jobs.schedule({
        name: settleSimulatedPayoutsSchedule,
        cron: '* * * * *',
        run: async () => {
          await decisions.settleSimulatedPayouts(db, simulatedSettlementMinutes, context.clock.now());
        },
      });

    context.jobs.schedule({
      name: deleteExpiredQuotesSchedule,
      cron: '41 3 * * *',
      run: async () => {
        await quotes.deleteExpiredQuotes(db, context.clock.now());
      },
    });

    // Payees and the address book
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

    // Configuration and policy
    registerCall(app, getPayoutConfig, (_body, call) => policy.payoutConfig(db, clientCompanyId(call)));
    registerCall(app, getApprovalPolicy, (_body, call) => policy.approvalPolicyOf(db, clientCompanyId(call)));
    registerCall(app, setApprovalPolicy, (body, call) =>
      db.transaction((tx) => policy.setApprovalPolicy(tx, actorOf(call), body)),
    );

    // Quotes, checks, submissions
    registerCall(app, calcCryptoPayout, (body, call) => quotes.quoteCryptoPayout(db, actorOf(call), body));
    registerCall(app, calcFiatPayout, (body, call) => quotes.quoteFiatPayout(db, actorOf(call), body));
    registerCall(app, checkCryptoPayout, (body, call) =>
      submission.checkPayout(db, actorOf(call), { kind: 'crypto', body }),
    );
    registerCall(app, checkFiatPayout, (body, call) =>
      submission.checkPayout(db, actorOf(call), { kind: 'fiat', body }),
    );
    registerCall(app, submitCryptoPayout, (body, call) =>
      submission.submitPayout(call.transaction ?? db, actorOf(call), { kind: 'crypto', body }),
    );
    registerCall(app, submitFiatPayout, (body, call) =>
      submission.submitPayout(call.transaction ?? db, actorOf(call), { kind: 'fiat', body }),
    );

    // Records, details, downloads
    const detailsCaller = (call: CallContext): records.DetailsCaller => ({
      companyId: clientCompanyId(call),
      userId: call.session.user_id,
      mayApprove: call.session.permissions.includes('approve_payouts'),
      isAdministrator: call.session.role === 'administrator',
    });
    const details = (kind: PayoutKind) => (body: { payout_id: string }, call: CallContext) =>
      records.companyPayoutDetails(db, detailsCaller(call), { kind }, body.payout_id);
    registerCall(app, listCryptoPayouts, (body, call) =>
      records.companyPayouts(db, clientCompanyId(call), 'crypto', body),
    );
    registerCall(app, listFiatPayouts, (body, call) => records.companyPayouts(db, clientCompanyId(call), 'fiat', body));
    registerCall(app, getCryptoPayout, details('crypto'));
    registerCall(app, getFiatPayout, details('fiat'));
    const download = (kind: PayoutKind) => async (body: Parameters<typeof payoutRecordFile>[3], call: CallContext) => {
      const companyId = clientCompanyId(call);
      await writeAudit(db, {
        action: 'payout.record_downloaded',
        at: call.now,
        actorUserId: call.session.user_id,
        companyId,
        ip: call.ip,
        detail: { kind, format: body.format, from: body.from, to: body.to },
      });
      // A download is a heavy read: a replica's when it has caught up (platform/heavy-reads.ts).
      const handle = await context.database.forHeavyRead();
      return payoutRecordFile(handle, { companyId, language: call.language }, kind, body);
    };
    registerCall(app, downloadCryptoPayouts, download('crypto'));
    registerCall(app, downloadFiatPayouts, download('fiat'));
    const receipt = (kind: PayoutKind) => async (body: { payout_id: string }, call: CallContext) => {
      const companyId = clientCompanyId(call);
      const file = await payoutReceiptFile(
        db,
        { companyId, userId: call.session.user_id, language: call.language, now: call.now },
        kind,
        body.payout_id,
      );
      await writeAudit(db, {
        action: 'payout.receipt_downloaded',
        at: call.now,
        actorUserId: call.session.user_id,
        companyId,
        ip: call.ip,
        detail: { kind, payout_id: body.payout_id },
      });
      return file;
    };
    registerCall(app, downloadCryptoPayoutReceipt, receipt('crypto'));
    registerCall(app, downloadFiatPayoutReceipt, receipt('fiat'));

    // Approvals
    registerCall(app, listPendingApprovals, (body, call) => records.pendingApprovals(db, clientCompanyId(call), body));
    registerCall(app, countPendingApprovals, async (_body, call) => ({
      count: await records.countPendingApprovals(db, clientCompanyId(call), call.session.user_id),
    }));
    registerCall(app, getPayoutForApproval, (body, call) =>
      records.companyPayoutDetails(db, detailsCaller(call), { neededApproval: true }, body.payout_id),
    );
    registerCall(app, decidePayoutApproval, (body, call) =>
      db.transaction((tx) => decisions.decideApproval(tx, actorOf(call), body)),
    );
    registerCall(app, cancelPayout, (body, call) =>
      db.transaction((tx) => decisions.cancelPendingPayout(tx, actorOf(call), body.payout_id)),
    );

    // Back office
    const staffActor = (call: CallContext): decisions.StaffActor => ({
      userId: call.session.user_id,
      ip: call.ip,
      now: call.now,
    });
    registerCall(app, listPayoutsForReview, (body) => records.payoutQueue(db, body));
    registerCall(app, getPayoutForReview, (body) => records.staffPayout(db, body.payout_id));
    registerCall(app, decidePayoutReview, (body, call) =>
      db.transaction((tx) => decisions.decideReview(tx, rails, staffActor(call), body)),
    );
    registerCall(app, simulatePayoutOutcome, (body, call) => {
      if (!isSimulatorOpen)
        throw new AppError('forbidden', { detail: 'simulator controls need the simulated providers' });
      return db.transaction((tx) => decisions.simulateOutcome(tx, staffActor(call), body));
    });
  },
};
