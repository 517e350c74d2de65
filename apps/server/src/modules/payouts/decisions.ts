/**
 * What happens to a payout after submission, each step in one transaction with the payout locked,
 * its timeline, its history line, its event and its audit entry:
 *
 * - approval (withdraw/approval/decide): a company user with approve_payouts, never the maker and
 *   with a fresh second factor, approves (to admin review) or rejects with a reason;
 * - cancellation (withdraw/approval/cancel): its maker or the company's administrator, with a fresh
 *   second factor, withdraws a payout still waiting for approval;
 * - review (admin/payouts/decide): the bank's staff approve (the payout is sent to the rail or
 *   custody: in process) or reject with a reason the client reads; their internal note stays with
 *   the bank (the staff timeline and the audit log);
 * - outcome: the rail or custody completes it (the holds are posted; a fiat payout's currency leaves
 *   through the rail's clearing account) or fails it with a cause.
 *
 * A cancellation, rejection or failure voids both holds, so the company's money is back at once.
 */
import type { Asset, Network } from '@bank/contract/money';
import type { Payout, PayoutFailureCause, StaffPayout } from '@bank/contract/payouts';
import type { TransactionStatus } from '@bank/contract/states';
import { and, eq, sql } from 'drizzle-orm';
import type { BankRailProvider } from '../../adapters/bank-rail/bank-rail.ts';
import { blocksPerMinute, type CustodyProvider } from '../../adapters/custody/custody.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { AppDatabase, DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/events.ts';
import { isUuid } from '../../platform/ids.ts';
import { formatAmountForWire, parseAmount } from '../../platform/money.ts';
import { lockCompany, lockCompanyOfRow } from '../../platform/tenant.ts';
import { requireFreshSecondFactor } from '../account/index.ts';
import { accountIdOf, ledger } from '../ledger/index.ts';
import { advanceTransaction, transactionIdOfSource } from '../transactions/index.ts';
import { type PayoutActor, requireCancellable } from './actor.ts';
import { type PayoutRow, payoutOf, payoutSourceType, staffPayout } from './queries.ts';
import { userName } from './submission.ts';
import { payouts, type StoredPayoutStep } from './tables.ts';

export type StaffActor = { userId: string; ip: string | null; now: Date };

type Change = {
  status: TransactionStatus;
  step: StoredPayoutStep;
  set?: Partial<typeof payouts.$inferInsert>;
};

/** The payout locked for a change; not found when it is not the company's (or does not exist). */
async function lockedPayout(tx: DbHandle, payoutId: string, companyId?: string): Promise<PayoutRow> {
  // The company's lock first (platform/tenant.ts), then the payout's row. A client's call locks its
  // own company, never the one another company's payout id would name.
  if (companyId) await lockCompany(tx, companyId);
  else await lockCompanyOfRow(tx, payouts, payoutId);
  const [row] = isUuid(payoutId)
    ? await tx
        .select()
        .from(payouts)
        .where(and(eq(payouts.id, payoutId), companyId ? eq(payouts.company_id, companyId) : undefined))
        .for('update')
    : [];
  if (!row) throw new AppError('not_found', { detail: `no payout ${payoutId}` });
  return row;
}

/** Writes a change: the row and its timeline, the history line and its step, the event. */
async function applyChange(tx: DbHandle, row: PayoutRow, change: Change, now: Date): Promise<PayoutRow> {
  const [updated] = await tx
    .update(payouts)
    .set({
      ...change.set,
      status: change.status,
      timeline: sql`${payouts.timeline} || ${JSON.stringify([change.step])}::jsonb`,
      updated_at: now,
    })
    .where(eq(payouts.id, row.id))
    .returning();
  if (!updated) throw new Error('payout not updated');
  const source = { type: payoutSourceType, id: row.id };
  await advanceTransaction(
    tx,
    source,
    {
      status: change.status,
      step: change.step.step,
      ...(change.set?.tx_hash ? { txHash: change.set.tx_hash } : {}),
      ...(change.set?.confirmations !== undefined && change.set.confirmations !== null
        ? { confirmations: change.set.confirmations }
        : {}),
    },
    now,
  );
  if (change.status !== row.status) {
    const transactionId = await transactionIdOfSource(tx, source);
    await recordEvent(
      tx,
      'payout.status_changed',
      {
        company_id: row.company_id,
        payout_id: row.id,
        kind: row.kind,
        status: change.status,
        previous_status: row.status,
        asset: row.asset,
        amount: formatAmountForWire(parseAmount(row.amount), row.asset as Asset),
        maker_user_id: row.created_by,
        destination_name: row.destination.name,
        reason: change.step.reason,
        transaction_id: transactionId ?? '',
        at: now.toISOString(),
      },
      { companyId: row.company_id },
    );
  }
  return updated;
}

async function voidHolds(tx: DbHandle, row: PayoutRow, now: Date): Promise<void> {
  await ledger.void(tx, row.hold_transfer_id, now);
  await ledger.void(tx, row.fee_transfer_id, now);
}

async function asPayout(tx: DbHandle, row: PayoutRow): Promise<Payout> {
  const transactionId = await transactionIdOfSource(tx, { type: payoutSourceType, id: row.id });
  return payoutOf({ row, makerName: await userName(tx, row.created_by), transactionId });
}

// Approval (maker-checker) -----------------------------------------------------------------------

export async function decideApproval(
  tx: DbHandle,
  actor: PayoutActor,
  decision: { payout_id: string; decision: 'approve' | 'reject'; reason: string },
): Promise<Payout> {
  const row = await lockedPayout(tx, decision.payout_id, actor.companyId);
  if (row.created_by === actor.userId)
    throw new AppError('forbidden', { messageKey: 'payouts.errors.own_payout', detail: 'the maker may not approve' });
  if (row.status !== 'pending_approval')
    throw new AppError('illegal_state', { messageKey: 'payouts.errors.not_pending_approval' });
  requireFreshSecondFactor(actor);
  const at = actor.now.toISOString();
  const actorStep = { kind: 'company_user' as const, name: await userName(tx, actor.userId), user_id: actor.userId };
  const isApproved = decision.decision === 'approve';
  const reason = decision.reason.trim() || null;
  const updated = await applyChange(
    tx,
    row,
    isApproved
      ? { status: 'admin_review', step: { step: 'approved', actor: actorStep, reason, at } }
      : {
          status: 'rejected',
          step: { step: 'approval_rejected', actor: actorStep, reason, at },
          set: { rejection_reason: reason },
        },
    actor.now,
  );
  if (!isApproved) await voidHolds(tx, row, actor.now);
  await writeAudit(tx, {
    action: isApproved ? 'payout.approved' : 'payout.approval_rejected',
    at: actor.now,
    actorUserId: actor.userId,
    companyId: actor.companyId,
    ip: actor.ip,
    detail: { payout_id: row.id, ...(reason ? { reason } : {}) },
  });
  return asPayout(tx, updated);
}

/**
 * Its maker or the company's administrator cancels a payout nobody approved yet (so that a payout no
 * one may approve never waits forever): the holds are voided, the client told through the inbox.
 */
export async function cancelPendingPayout(tx: DbHandle, actor: PayoutActor, payoutId: string): Promise<Payout> {
  const row = await lockedPayout(tx, payoutId, actor.companyId);
  requireCancellable(row, actor);
  requireFreshSecondFactor(actor);
  const actorStep = { kind: 'company_user' as const, name: await userName(tx, actor.userId), user_id: actor.userId };
  const updated = await applyChange(
    tx,
    row,
    { status: 'cancelled', step: { step: 'cancelled', actor: actorStep, reason: null, at: actor.now.toISOString() } },
    actor.now,
  );
  await voidHolds(tx, row, actor.now);
  await writeAudit(tx, {
    action: 'payout.cancelled',
    at: actor.now,
    actorUserId: actor.userId,
    companyId: actor.companyId,
    ip: actor.ip,
    detail: { payout_id: row.id, maker_user_id: row.created_by },
  });
  return asPayout(tx, updated);
}

// Review by the bank's staff ---------------------------------------------------------------------

export type Rails = { custody: CustodyProvider; bankRail: BankRailProvider };

export async function decideReview(
  tx: DbHandle,
  rails: Rails,
  actor: StaffActor,
  decision: { payout_id: string; decision: 'approve' | 'reject'; reason: string; note: string },
): Promise<StaffPayout> {
  const row = await lockedPayout(tx, decision.payout_id);
  if (row.status !== 'admin_review')
    throw new AppError('illegal_state', { messageKey: 'payouts.errors.not_in_review' });
  const at = actor.now.toISOString();
  const staff = { kind: 'bank' as const, name: await userName(tx, actor.userId), user_id: actor.userId };
  const reason = decision.reason.trim() || null;
  const note = decision.note.trim() || null;
  if (decision.decision === 'reject') {
    await applyChange(
      tx,
      row,
      {
        status: 'rejected',
        step: { step: 'review_rejected', actor: staff, reason, note, at },
        set: { rejection_reason: reason },
      },
      actor.now,
    );
    await voidHolds(tx, row, actor.now);
  } else {
    const reviewed = await applyChange(
      tx,
      row,
      { status: 'admin_review', step: { step: 'review_approved', actor: staff, reason, note, at } },
      actor.now,
    );
    await send(tx, rails, reviewed, actor.now);
  }
  await writeAudit(tx, {
    action: decision.decision === 'approve' ? 'payout.review_approved' : 'payout.review_rejected',
    at: actor.now,
    actorUserId: actor.userId,
    companyId: row.company_id,
    ip: actor.ip,
    detail: { payout_id: row.id, ...(reason ? { reason } : {}), ...(note ? { note } : {}) },
  });
  return staffPayout(tx, row.id);
}

/** Hands a reviewed payout to custody (coins: its hash, 0 confirmations) or the bank rail (fiat: its reference). */
async function send(tx: DbHandle, rails: Rails, row: PayoutRow, now: Date): Promise<void> {
  const amount = formatAmountForWire(parseAmount(row.amount), row.asset as Asset);
  const rail = { kind: 'rail' as const, name: null, user_id: null };
  const step: StoredPayoutStep = { step: 'sent', actor: rail, reason: null, at: now.toISOString() };
  if (row.kind === 'crypto') {
    const { txHash } = await rails.custody.sendCoins({
      network: row.network as Network,
      asset: row.asset,
      address: row.destination.address ?? '',
      amount,
      reference: row.id,
    });
    await applyChange(
      tx,
      row,
      { status: 'in_process', step, set: { tx_hash: txHash, confirmations: 0, sent_at: now, rail_reference: txHash } },
      now,
    );
  } else {
    const { railReference } = await rails.bankRail.sendPayment({
      currency: row.fiat_currency ?? '',
      amount: row.fiat_amount ?? '0',
      beneficiaryName: row.destination.name,
      accountNumber: row.destination.account_number ?? '',
      swiftCode: row.destination.swift_code ?? '',
      reference: row.id,
    });
    await applyChange(
      tx,
      row,
      { status: 'in_process', step, set: { sent_at: now, rail_reference: railReference } },
      now,
    );
  }
}

// Outcome at the rail or custody -----------------------------------------------------------------

/** Completes a payout in process: the holds are posted and, for fiat, the currency leaves through the rail. */
async function completePayout(tx: DbHandle, row: PayoutRow, now: Date): Promise<PayoutRow> {
  await ledger.post(tx, row.hold_transfer_id, now);
  await ledger.post(tx, row.fee_transfer_id, now);
  if (row.kind === 'fiat' && row.fiat_currency && row.fiat_amount !== null) {
    const currency = row.fiat_currency as Asset;
    await ledger.transfer(
      tx,
      [
        {
          idempotencyKey: `payout-rail-${row.id}`,
          kind: 'payout',
          asset: currency,
          debitAccountId: await accountIdOf(tx, { kind: 'conversion', asset: currency }, now),
          creditAccountId: await accountIdOf(tx, { kind: 'clearing', asset: currency, rail: `bank_${currency}` }, now),
          amount: formatAmountForWire(parseAmount(row.fiat_amount), currency),
          reference: { type: payoutSourceType, id: row.id },
        },
      ],
      now,
    );
  }
  const rail = { kind: 'rail' as const, name: null, user_id: null };
  return applyChange(
    tx,
    row,
    {
      status: 'success',
      step: { step: 'completed', actor: rail, reason: null, at: now.toISOString() },
      set: row.confirmations_required !== null ? { confirmations: row.confirmations_required } : {},
    },
    now,
  );
}

async function failPayout(tx: DbHandle, row: PayoutRow, cause: PayoutFailureCause, now: Date): Promise<PayoutRow> {
  const rail = { kind: 'rail' as const, name: null, user_id: null };
  const updated = await applyChange(
    tx,
    row,
    {
      status: 'failed',
      step: { step: 'failed', actor: rail, reason: cause, at: now.toISOString() },
      set: { failure_cause: cause },
    },
    now,
  );
  await voidHolds(tx, row, now);
  return updated;
}

/** Outside production only: the outcome control works where the rail and custody are the simulators. */
export function simulateOutcomeIfSimulated(
  db: AppDatabase,
  isSimulatorOpen: boolean,
  actor: StaffActor,
  request: Parameters<typeof simulateOutcome>[2],
): Promise<StaffPayout> {
  if (!isSimulatorOpen) throw new AppError('forbidden', { detail: 'simulator controls need the simulated providers' });
  return db.transaction((tx) => simulateOutcome(tx, actor, request));
}

/** The back office's simulator: the rail or custody completes or fails a payout in process now. */
export async function simulateOutcome(
  tx: DbHandle,
  actor: StaffActor,
  request: { payout_id: string; outcome: 'complete' | 'fail'; cause?: PayoutFailureCause | undefined },
): Promise<StaffPayout> {
  const row = await lockedPayout(tx, request.payout_id);
  if (row.status !== 'in_process') throw new AppError('illegal_state', { messageKey: 'payouts.errors.not_in_process' });
  if (request.outcome === 'complete') await completePayout(tx, row, actor.now);
  else await failPayout(tx, row, request.cause ?? 'rail_rejected', actor.now);
  await writeAudit(tx, {
    action: 'simulator.payout_outcome',
    at: actor.now,
    actorUserId: actor.userId,
    companyId: row.company_id,
    ip: actor.ip,
    detail: { payout_id: row.id, outcome: request.outcome, ...(request.cause ? { cause: request.cause } : {}) },
  });
  return staffPayout(tx, row.id);
}

/**
 * The simulated rails' minute (never in production): coins sent gain the confirmations their
 * network's blocks give since they were sent and complete at the network's count; a fiat payment
 * settles simulatedSettlementMinutes after it was sent. Each payout in its own transaction, taken
 * with SKIP LOCKED so that overlapping runs never complete one twice. Answers how many completed.
 */
export async function settleSimulatedPayouts(db: AppDatabase, settlementMinutes: number, now: Date): Promise<number> {
  const waiting = await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.status, 'in_process'));
  let completed = 0;
  for (const { id } of waiting) {
    const isCompleted = await db.transaction(async (tx) => {
      await lockCompanyOfRow(tx, payouts, id);
      const [row] = await tx
        .select()
        .from(payouts)
        .where(and(eq(payouts.id, id), eq(payouts.status, 'in_process')))
        .for('update', { skipLocked: true });
      if (!row?.sent_at) return false;
      const minutes = (now.getTime() - row.sent_at.getTime()) / 60_000;
      if (row.kind === 'fiat') {
        if (minutes < settlementMinutes) return false;
        await completePayout(tx, row, now);
        return true;
      }
      const required = row.confirmations_required ?? 0;
      const confirmations = Math.min(required, Math.floor(minutes * blocksPerMinute[row.network as Network]));
      if (confirmations >= required) {
        await completePayout(tx, row, now);
        return true;
      }
      if (confirmations !== row.confirmations) {
        await tx.update(payouts).set({ confirmations, updated_at: now }).where(eq(payouts.id, row.id));
        await advanceTransaction(tx, { type: payoutSourceType, id: row.id }, { confirmations }, now);
      }
      return false;
    });
    if (isCompleted) completed += 1;
  }
  return completed;
}
