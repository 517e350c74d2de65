/**
 * A batch before it is submitted: uploaded (the file read, every row checked and quoted), fixed a
 * row at a time (edited or removed) and quoted again for the confirmation. Nothing here holds or
 * moves money; a draft changes under its company's lock, then its own (decision 0009's order).
 */
import { type PayoutBatch, type PayoutBatchRowFields, payoutBatchLimits } from '@bank/contract/payout-batches';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import { assertWithinCap } from '../../../platform/rate-limit.ts';
import { lockCompany } from '../../../platform/tenant.ts';
import type { PayoutActor } from '../actor.ts';
import { hasOtherApprover } from '../submission.ts';
import {
  type BatchRow,
  batchOf,
  batchView,
  type CompanyDestinations,
  companyDestinations,
  deleteLine,
  insertBatch,
  insertBatchLines,
  lineOf,
  linesOf,
  type NewBatchLine,
  updateLine,
} from './queries.ts';
import { checkRow, parseBatchCsv } from './rows.ts';

/** A company user acting on batches, and whether they hold approve_payouts. */
export type BatchActor = PayoutActor & { mayApprove: boolean };

/** The batch as `actor` reads it. */
export async function viewFor(handle: DbHandle, actor: BatchActor, batch: BatchRow): Promise<PayoutBatch> {
  return batchView(handle, batch, {
    userId: actor.userId,
    language: actor.language,
    now: actor.now,
    mayApprove: actor.mayApprove,
    isAdministrator: actor.session.role === 'administrator',
    hasOtherApprover: await hasOtherApprover(handle, { ...actor, userId: batch.created_by }),
  });
}

/** A row's columns as checked: its errors, destination and quote. */
async function checkedLine(
  handle: DbHandle,
  actor: PayoutActor,
  batch: BatchRow,
  destinations: CompanyDestinations,
  row: { line: number; fields: PayoutBatchRowFields },
): Promise<NewBatchLine> {
  const checked = await checkRow(handle, actor, batch, destinations, row.fields);
  return {
    batch_id: batch.id,
    line: row.line,
    fields: row.fields,
    errors: checked.errors,
    kind: checked.kind,
    payee_id: checked.kind === 'fiat' ? checked.destinationId : null,
    address_id: checked.kind === 'crypto' ? checked.destinationId : null,
    quote_id: checked.quoteId,
  };
}

export async function uploadBatch(
  tx: DbHandle,
  actor: BatchActor,
  body: { file_name: string; csv: string; fiat_asset: 'USDC' | 'USDT'; sender_account_name: string },
): Promise<PayoutBatch> {
  await assertWithinCap(
    tx,
    `payout_batch_upload:company:${actor.companyId}`,
    { max: payoutBatchLimits.uploadsPerCompanyPerMinute, windowSeconds: 60 },
    actor.now,
  );
  const rows = parseBatchCsv(body.csv);
  const destinations = await companyDestinations(tx, actor.companyId);
  const batch = await insertBatch(tx, {
    id: newId(actor.now.getTime()),
    company_id: actor.companyId,
    status: 'draft',
    file_name: body.file_name,
    fiat_asset: body.fiat_asset,
    sender_account_name: body.sender_account_name,
    created_by: actor.userId,
    created_at: actor.now,
    updated_at: actor.now,
  });
  const lines: NewBatchLine[] = [];
  for (const row of rows) lines.push(await checkedLine(tx, actor, batch, destinations, row));
  await insertBatchLines(tx, lines);
  return viewFor(tx, actor, batch);
}

/** The company's draft, locked (the company first): refused once submitted. */
export async function lockedDraft(tx: DbHandle, actor: PayoutActor, batchId: string): Promise<BatchRow> {
  await lockCompany(tx, actor.companyId);
  const batch = await batchOf(tx, actor.companyId, batchId, { isLocked: true });
  if (batch.status !== 'draft') throw new AppError('illegal_state', { messageKey: 'payouts.batch.errors.not_draft' });
  return batch;
}

export async function editRow(
  tx: DbHandle,
  actor: BatchActor,
  body: { batch_id: string; line: number; fields: PayoutBatchRowFields },
): Promise<PayoutBatch> {
  const batch = await lockedDraft(tx, actor, body.batch_id);
  await lineOf(tx, batch.id, body.line);
  const destinations = await companyDestinations(tx, actor.companyId);
  const { batch_id: _batch, line: _line, ...checked } = await checkedLine(tx, actor, batch, destinations, body);
  await updateLine(tx, batch.id, body.line, checked);
  return viewFor(tx, actor, batch);
}

export async function removeRow(
  tx: DbHandle,
  actor: BatchActor,
  body: { batch_id: string; line: number },
): Promise<PayoutBatch> {
  const batch = await lockedDraft(tx, actor, body.batch_id);
  await lineOf(tx, batch.id, body.line);
  await deleteLine(tx, batch.id, body.line);
  return viewFor(tx, actor, batch);
}

/** Every row checked and quoted again now: the one quote the confirmation shows. */
export async function requoteBatch(tx: DbHandle, actor: BatchActor, batchId: string): Promise<PayoutBatch> {
  const batch = await lockedDraft(tx, actor, batchId);
  const destinations = await companyDestinations(tx, actor.companyId);
  for (const line of await linesOf(tx, batch.id)) {
    const { batch_id: _batch, line: _line, ...checked } = await checkedLine(tx, actor, batch, destinations, line);
    await updateLine(tx, batch.id, line.line, checked);
  }
  return viewFor(tx, actor, batch);
}
