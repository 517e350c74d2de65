/**
 * A batch from submission to its payouts. Submitting (fresh second factor, in the idempotent
 * call's transaction) checks every row again, holds each asset's total (a pending ledger transfer
 * per asset) and asks the payouts' approval policy once for the batch: every payout, or any
 * asset's total above its threshold. A colleague (never the maker, fresh second factor) approves
 * or rejects it. On approval the holds are released and each row becomes a payout in the same
 * transaction, written as a single payout is (submission.ts writePayout): its own holds, history
 * line, event and audit entry; its quote makes at most one payout, so a row never pays twice. A
 * row that cannot be paid keeps its reason and may be retried, as a new single payout.
 */
import type { DigitalAsset } from '@bank/contract/money';
import type { PayoutBatch } from '@bank/contract/payout-batches';
import type { MessageRef } from '@bank/contract/validation';
import { writeAudit } from '../../../platform/audit.ts';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError, isAppError } from '../../../platform/errors.ts';
import { recordEvent } from '../../../platform/events.ts';
import { formatAmountForWire } from '../../../platform/money.ts';
import { lockCompany } from '../../../platform/tenant.ts';
import { requireFreshSecondFactor } from '../../account/index.ts';
import { accountIdOf, ledger } from '../../ledger/index.ts';
import { type PayoutActor, requireCancellable } from '../actor.ts';
import { approvalPolicyOf, needsApproval } from '../policy.ts';
import { availableOf } from '../quotes.ts';
import {
  destinationOf,
  type PayoutBody,
  preparePayout,
  submittedTimeline,
  userName,
  writePayout,
} from '../submission.ts';
import type { StoredPayoutStep } from '../tables.ts';
import { type BatchActor, lockedDraft, viewFor } from './drafts.ts';
import {
  type BatchLine,
  type BatchRow,
  batchOf,
  linesOf,
  quotesOf,
  totalsOf,
  updateBatch,
  updateLine,
} from './queries.ts';
import type { BatchHold } from './tables.ts';

const batchSourceType = 'payout_batch';

/** The row as a single payout's request: its quote, destination and instructions. */
export function payoutBodyOf(batch: BatchRow, line: BatchLine): PayoutBody {
  const instructions = {
    quote_id: line.quote_id ?? '',
    purpose: line.fields.purpose
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_') as PayoutBody['body']['purpose'],
    sender_account_name: batch.sender_account_name,
    remarks: line.fields.remarks.trim(),
  };
  return line.kind === 'crypto'
    ? { kind: 'crypto', body: { ...instructions, address_id: line.address_id ?? '' } }
    : { kind: 'fiat', body: { ...instructions, payee_id: line.payee_id ?? '' } };
}

/** Every row good, quoted and its quote live; answers the rows. */
async function submittableLines(tx: DbHandle, actor: PayoutActor, batch: BatchRow): Promise<BatchLine[]> {
  const lines = await linesOf(tx, batch.id);
  if (lines.length === 0) throw new AppError('illegal_state', { messageKey: 'payouts.batch.errors.empty' });
  const bad = lines.filter((line) => line.errors.length > 0 || !line.quote_id).length;
  if (bad > 0)
    throw new AppError('illegal_state', { messageKey: 'payouts.batch.errors.bad_rows', params: { count: bad } });
  const quotes = await quotesOf(tx, lines);
  for (const line of lines) {
    const quote = quotes.get(line.quote_id ?? '');
    if (!quote || quote.expires_at <= actor.now)
      throw new AppError('illegal_state', { messageKey: 'payouts.errors.quote_expired' });
    try {
      await destinationOf(tx, actor, payoutBodyOf(batch, line), quote);
    } catch (error) {
      if (!isAppError(error)) throw error;
      throw new AppError('illegal_state', { messageKey: 'payouts.batch.errors.changed', detail: error.message });
    }
  }
  return lines;
}

/** Holds each asset's total (amounts and fees) of the batch: one pending transfer per asset. */
async function holdTotals(tx: DbHandle, actor: PayoutActor, batch: BatchRow, lines: BatchLine[]): Promise<BatchHold[]> {
  const totals = totalsOf((await quotesOf(tx, lines)).values());
  const holds: BatchHold[] = [];
  for (const [asset, total] of totals) {
    const sum = total.amount.plus(total.fee);
    const available = await availableOf(tx, actor.companyId, asset, actor.now);
    if (sum.greaterThan(available))
      throw new AppError('insufficient_balance', { detail: `batch of ${sum} ${asset} over ${available}` });
    const [hold] = await ledger.transfer(
      tx,
      [
        {
          idempotencyKey: `payout-batch-hold-${batch.id}-${asset}`,
          kind: 'payout',
          asset,
          debitAccountId: await accountIdOf(tx, { kind: 'customer', companyId: actor.companyId, asset }, actor.now),
          creditAccountId: await accountIdOf(tx, { kind: 'conversion', asset }, actor.now),
          amount: formatAmountForWire(sum, asset),
          reference: { type: batchSourceType, id: batch.id },
          isPending: true,
        },
      ],
      actor.now,
    );
    if (!hold) throw new Error('batch hold not written');
    holds.push({ asset, transfer_id: hold.id });
  }
  return holds;
}

/** The policy asked once for the batch: every payout, or any asset's total above its threshold. */
async function batchNeedsApproval(tx: DbHandle, companyId: string, lines: BatchLine[]): Promise<boolean> {
  const policy = await approvalPolicyOf(tx, companyId);
  const totals = totalsOf((await quotesOf(tx, lines)).values());
  return [...totals].some(([asset, total]) => needsApproval(policy, asset as DigitalAsset, total.amount));
}

/** The batch's new state as an event: approvers asked, its maker told of a rejection (inbox, webhooks). */
async function announceBatch(tx: DbHandle, batch: BatchRow, rows: number, now: Date): Promise<void> {
  await recordEvent(
    tx,
    'payout_batch.status_changed',
    {
      company_id: batch.company_id,
      batch_id: batch.id,
      status: batch.status,
      file_name: batch.file_name,
      rows,
      maker_user_id: batch.created_by,
      reason: batch.decision_reason,
      at: now.toISOString(),
    },
    { companyId: batch.company_id },
  );
}

export async function submitBatch(tx: DbHandle, actor: BatchActor, batchId: string): Promise<PayoutBatch> {
  requireFreshSecondFactor(actor);
  const draft = await lockedDraft(tx, actor, batchId);
  const lines = await submittableLines(tx, actor, draft);
  const holds = await holdTotals(tx, actor, draft, lines);
  const isApprovalNeeded = await batchNeedsApproval(tx, actor.companyId, lines);
  let batch = await updateBatch(tx, draft.id, {
    status: isApprovalNeeded ? 'pending_approval' : 'approved',
    needs_approval: isApprovalNeeded,
    holds,
    submitted_at: actor.now,
    updated_at: actor.now,
  });
  await writeAudit(tx, {
    action: 'payout_batch.submitted',
    at: actor.now,
    actorUserId: actor.userId,
    companyId: actor.companyId,
    ip: actor.ip,
    detail: { batch_id: batch.id, rows: lines.length, holds, status: batch.status },
  });
  await announceBatch(tx, batch, lines.length, actor.now);
  if (!isApprovalNeeded) batch = await payRows(tx, actor, batch, lines, null);
  return viewFor(tx, actor, batch);
}

async function releaseHolds(tx: DbHandle, batch: BatchRow, now: Date): Promise<void> {
  for (const hold of batch.holds) await ledger.void(tx, hold.transfer_id, now);
}

type Approval = { userId: string; name: string; reason: string | null };

/** The timeline of a row's payout: submitted by the batch's maker, approved with the batch. */
function rowTimeline(maker: PayoutActor, makerName: string, approval: Approval | null): StoredPayoutStep[] {
  const timeline = submittedTimeline(maker, makerName, approval !== null);
  if (approval)
    timeline.push({
      step: 'approved',
      actor: { kind: 'company_user', name: approval.name, user_id: approval.userId },
      reason: approval.reason,
      at: maker.now.toISOString(),
    });
  return timeline;
}

/**
 * The batch's holds released and each good row made a payout, each in its own savepoint: a row that
 * cannot be paid (its destination deleted or changed since) keeps the reason and waits for a retry.
 */
async function payRows(
  tx: DbHandle,
  actor: PayoutActor,
  batch: BatchRow,
  lines: BatchLine[],
  approval: Approval | null,
): Promise<BatchRow> {
  await releaseHolds(tx, batch, actor.now);
  const maker: PayoutActor = { ...actor, userId: batch.created_by };
  const makerName = await userName(tx, batch.created_by);
  for (const line of lines) {
    const body = payoutBodyOf(batch, line);
    try {
      const payout = await tx.transaction(async (savepoint) => {
        const prepared = await preparePayout(savepoint, maker, body, { isExpiredQuoteAccepted: true });
        return writePayout(savepoint, maker, body, prepared, {
          status: 'admin_review',
          makerName,
          timeline: rowTimeline(maker, makerName, approval),
          audit: { batch_id: batch.id, line: line.line },
        });
      });
      await updateLine(tx, batch.id, line.line, {
        payout_id: payout.payout_id,
        failure: null,
        attempts: line.attempts + 1,
      });
    } catch (error) {
      await updateLine(tx, batch.id, line.line, { failure: failureOf(error), attempts: line.attempts + 1 });
    }
  }
  return updateBatch(tx, batch.id, { holds: [], updated_at: actor.now });
}

/** A refusal of the single payout's checks as the row's reason; anything else is no refusal. */
export function failureOf(error: unknown): MessageRef {
  if (!isAppError(error) || error.key === 'busy') throw error;
  const field = error.fields ? Object.values(error.fields)[0] : undefined;
  if (field) return field;
  if (error.key === 'not_found') return { key: 'payouts.batch.errors.destination_removed' };
  return { key: error.messageKey, ...(error.params ? { params: error.params as MessageRef['params'] } : {}) };
}

/**
 * Its maker or the company's administrator cancels a batch nobody approved yet (fresh second
 * factor), as a single payout is cancelled: the holds are released and no row is paid.
 */
export async function cancelBatch(tx: DbHandle, actor: BatchActor, batchId: string): Promise<PayoutBatch> {
  await lockCompany(tx, actor.companyId);
  const pending = await batchOf(tx, actor.companyId, batchId, { isLocked: true });
  requireCancellable(pending, actor);
  requireFreshSecondFactor(actor);
  await releaseHolds(tx, pending, actor.now);
  const batch = await updateBatch(tx, pending.id, { status: 'cancelled', holds: [], updated_at: actor.now });
  await writeAudit(tx, {
    action: 'payout_batch.cancelled',
    at: actor.now,
    actorUserId: actor.userId,
    companyId: actor.companyId,
    ip: actor.ip,
    detail: { batch_id: batch.id, maker_user_id: batch.created_by },
  });
  // The answer reads the rows already: the event counts them from it rather than reading them twice.
  const view = await viewFor(tx, actor, batch);
  await announceBatch(tx, batch, view.row_count, actor.now);
  return view;
}

export async function decideBatch(
  tx: DbHandle,
  actor: BatchActor,
  decision: { batch_id: string; decision: 'approve' | 'reject'; reason: string },
): Promise<PayoutBatch> {
  await lockCompany(tx, actor.companyId);
  const pending = await batchOf(tx, actor.companyId, decision.batch_id, { isLocked: true });
  if (pending.created_by === actor.userId)
    throw new AppError('forbidden', { messageKey: 'payouts.errors.own_payout', detail: 'the maker may not approve' });
  if (pending.status !== 'pending_approval')
    throw new AppError('illegal_state', { messageKey: 'payouts.errors.not_pending_approval' });
  requireFreshSecondFactor(actor);
  const isApproved = decision.decision === 'approve';
  const reason = decision.reason.trim() || null;
  let batch = await updateBatch(tx, pending.id, {
    status: isApproved ? 'approved' : 'rejected',
    decided_by: actor.userId,
    decided_at: actor.now,
    decision_reason: reason,
    updated_at: actor.now,
  });
  await writeAudit(tx, {
    action: isApproved ? 'payout_batch.approved' : 'payout_batch.rejected',
    at: actor.now,
    actorUserId: actor.userId,
    companyId: actor.companyId,
    ip: actor.ip,
    detail: { batch_id: batch.id, ...(reason ? { reason } : {}) },
  });
  const lines = await linesOf(tx, batch.id);
  await announceBatch(tx, batch, lines.length, actor.now);
  if (isApproved) {
    const approval = { userId: actor.userId, name: await userName(tx, actor.userId), reason };
    batch = await payRows(tx, actor, batch, lines, approval);
  } else {
    await releaseHolds(tx, batch, actor.now);
    batch = await updateBatch(tx, batch.id, { holds: [] });
  }
  return viewFor(tx, actor, batch);
}
