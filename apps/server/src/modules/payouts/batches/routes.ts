/**
 * The batch payouts' calls, one line each: upload, fix and quote a draft, submit it, read it,
 * approve, reject or cancel it, and retry its failed rows.
 */
import {
  cancelPayoutBatch,
  decidePayoutBatch,
  editPayoutBatchRow,
  getPayoutBatch,
  getPayoutBatchForApproval,
  listPayoutBatchApprovals,
  listPayoutBatches,
  quotePayoutBatch,
  removePayoutBatchRow,
  retryPayoutBatchRows,
  submitPayoutBatch,
  uploadPayoutBatch,
} from '@bank/contract/payout-batches';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../../platform/db.ts';
import { type CallContext, registerCall } from '../../../platform/route.ts';
import { clientCompanyId } from '../../../platform/tenant.ts';
import { cancelBatch, decideBatch, submitBatch } from './approval.ts';
import { type BatchActor, editRow, removeRow, requoteBatch, uploadBatch, viewFor } from './drafts.ts';
import { batchOf, batchPage } from './queries.ts';
import { retryRows } from './retries.ts';

function batchActorOf(call: CallContext): BatchActor {
  return {
    userId: call.session.user_id,
    companyId: clientCompanyId(call),
    session: call.session,
    ip: call.ip,
    now: call.now,
    language: call.language,
    mayApprove: call.session.permissions.includes('approve_payouts'),
  };
}

export function registerBatchRoutes(app: FastifyInstance, db: AppDatabase) {
  const read = async (batchId: string, call: CallContext) =>
    viewFor(db, batchActorOf(call), await batchOf(db, clientCompanyId(call), batchId));
  registerCall(app, uploadPayoutBatch, (body, call) =>
    db.transaction((tx) => uploadBatch(tx, batchActorOf(call), body)),
  );
  registerCall(app, editPayoutBatchRow, (body, call) => db.transaction((tx) => editRow(tx, batchActorOf(call), body)));
  registerCall(app, removePayoutBatchRow, (body, call) =>
    db.transaction((tx) => removeRow(tx, batchActorOf(call), body)),
  );
  registerCall(app, quotePayoutBatch, (body, call) =>
    db.transaction((tx) => requoteBatch(tx, batchActorOf(call), body.batch_id)),
  );
  registerCall(app, submitPayoutBatch, (body, call) =>
    submitBatch(call.transaction ?? db, batchActorOf(call), body.batch_id),
  );
  registerCall(app, getPayoutBatch, (body, call) => read(body.batch_id, call));
  registerCall(app, getPayoutBatchForApproval, (body, call) => read(body.batch_id, call));
  registerCall(app, listPayoutBatches, (body, call) => batchPage(db, clientCompanyId(call), body));
  registerCall(app, listPayoutBatchApprovals, (body, call) =>
    batchPage(db, clientCompanyId(call), body, { isPendingApproval: true }),
  );
  registerCall(app, decidePayoutBatch, (body, call) =>
    db.transaction((tx) => decideBatch(tx, batchActorOf(call), body)),
  );
  registerCall(app, cancelPayoutBatch, (body, call) =>
    db.transaction((tx) => cancelBatch(tx, batchActorOf(call), body.batch_id)),
  );
  registerCall(app, retryPayoutBatchRows, (body, call) => retryRows(call.transaction ?? db, batchActorOf(call), body));
}
