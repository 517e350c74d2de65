/**
 * Failed rows of an approved batch paid again (fresh second factor, Idempotency-Key): a row whose
 * payout could not be made, or ended rejected, failed or cancelled, is checked and quoted again
 * now and submitted as a single payout by the one who retries it (through the approval policy as
 * any payout). Under the company's lock and the batch's, a row is retried only while it has no
 * live payout, so two retries never pay it twice.
 */
import type { PayoutBatch } from '@bank/contract/payout-batches';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { lockCompany } from '../../../platform/tenant.ts';
import { requireFreshSecondFactor } from '../../account/index.ts';
import { preparePayout, submittedTimeline, userName, writePayout } from '../submission.ts';
import { failureOf, payoutBodyOf } from './approval.ts';
import { type BatchActor, viewFor } from './drafts.ts';
import {
  type BatchLine,
  type BatchRow,
  batchOf,
  companyDestinations,
  isLineRetryable,
  lineOf,
  updateLine,
} from './queries.ts';
import { checkRow } from './rows.ts';

async function retryLine(tx: DbHandle, actor: BatchActor, batch: BatchRow, line: BatchLine): Promise<void> {
  const destinations = await companyDestinations(tx, actor.companyId);
  const makerName = await userName(tx, actor.userId);
  try {
    const paid = await tx.transaction(async (savepoint) => {
      const checked = await checkRow(savepoint, actor, batch, destinations, line.fields);
      const [error] = checked.errors;
      if (error || !checked.quoteId) return { failure: error?.message ?? { key: 'payouts.batch.errors.changed' } };
      const fresh: BatchLine = {
        ...line,
        kind: checked.kind,
        payee_id: checked.kind === 'fiat' ? checked.destinationId : null,
        address_id: checked.kind === 'crypto' ? checked.destinationId : null,
        quote_id: checked.quoteId,
      };
      const body = payoutBodyOf(batch, fresh);
      const prepared = await preparePayout(savepoint, actor, body);
      const payout = await writePayout(savepoint, actor, body, prepared, {
        status: prepared.needsApproval ? 'pending_approval' : 'admin_review',
        makerName,
        timeline: submittedTimeline(actor, makerName, prepared.needsApproval),
        audit: { batch_id: batch.id, line: line.line, retry: true },
      });
      return { fresh, payoutId: payout.payout_id };
    });
    if ('failure' in paid) {
      await updateLine(tx, batch.id, line.line, { failure: paid.failure, attempts: line.attempts + 1 });
      return;
    }
    const { kind, payee_id, address_id, quote_id } = paid.fresh;
    await updateLine(tx, batch.id, line.line, {
      kind,
      payee_id,
      address_id,
      quote_id,
      payout_id: paid.payoutId,
      failure: null,
      attempts: line.attempts + 1,
    });
  } catch (error) {
    await updateLine(tx, batch.id, line.line, { failure: failureOf(error), attempts: line.attempts + 1 });
  }
}

export async function retryRows(
  tx: DbHandle,
  actor: BatchActor,
  body: { batch_id: string; lines: number[] },
): Promise<PayoutBatch> {
  requireFreshSecondFactor(actor);
  await lockCompany(tx, actor.companyId);
  const batch = await batchOf(tx, actor.companyId, body.batch_id, { isLocked: true });
  if (batch.status !== 'approved')
    throw new AppError('illegal_state', { messageKey: 'payouts.batch.errors.not_approved' });
  for (const number of new Set(body.lines)) {
    const line = await lineOf(tx, batch.id, number);
    if (!(await isLineRetryable(tx, line)))
      throw new AppError('illegal_state', {
        messageKey: 'payouts.batch.errors.not_retryable',
        params: { line: number },
      });
    await retryLine(tx, actor, batch, line);
  }
  return viewFor(tx, actor, batch);
}
