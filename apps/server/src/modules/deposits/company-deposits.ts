/**
 * What a company asks of its deposits beyond the lists: one deposit with its notice, a notice of a
 * bank transfer on its way (fiat.ts), and the record of a period as a file (deposit-download.ts).
 * A notice and a download are recorded in the audit log.
 */
import type { Language } from '@bank/contract/constants';
import type { DepositDetails, DepositNoticeRequest } from '@bank/contract/deposit';
import type { ExportFormat } from '@bank/contract/transaction';
import { writeAudit } from '../../platform/audit.ts';
import type { Database, DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileReply } from '../../platform/route.ts';
import { companyTransactionDetails, sourceOfTransaction } from '../transactions/index.ts';
import { depositRecordFile, depositTypes } from './deposit-download.ts';
import { noticeOf, noticeOfSource, submitNotice } from './fiat.ts';

/** A signed-in user of the company. */
export type DepositCaller = { companyId: string; userId: string; ip: string; language: Language; now: Date };

export async function companyDeposit(
  handle: DbHandle,
  companyId: string,
  transactionId: string,
): Promise<DepositDetails> {
  const details = await companyTransactionDetails(handle, companyId, transactionId);
  if (!depositTypes.includes(details.transaction.type))
    throw new AppError('not_found', { detail: `transaction ${transactionId} is not a deposit` });
  // The line is the company's (checked above); a fiat one may tell a notice.
  const source = await sourceOfTransaction(handle, details.transaction.transaction_id);
  const notice = source ? await noticeOfSource(handle, source) : null;
  return { ...details, notice: notice ? await noticeOf(handle, notice) : null };
}

export async function sendDepositNotice(
  tx: DbHandle,
  caller: DepositCaller,
  request: DepositNoticeRequest,
): Promise<{ transaction_id: string }> {
  const submitted = await submitNotice(tx, caller, request, caller.now);
  await writeAudit(tx, {
    action: 'deposit.notice_submitted',
    at: caller.now,
    actorUserId: caller.userId,
    companyId: caller.companyId,
    ip: caller.ip,
    detail: {
      notice_id: submitted.notice_id,
      currency: request.currency,
      amount: request.amount,
      asset: request.target,
      ...(request.proof_document_id ? { document_id: request.proof_document_id } : {}),
    },
  });
  return { transaction_id: submitted.transaction_id };
}

/** A download is a heavy read: a replica's when it has caught up (platform/heavy-reads.ts). */
export async function downloadDepositRecord(
  database: Database,
  caller: DepositCaller,
  request: { format: ExportFormat; from: string; to: string },
): Promise<FileReply> {
  await writeAudit(database.db, {
    action: 'deposit.record_downloaded',
    at: caller.now,
    actorUserId: caller.userId,
    companyId: caller.companyId,
    ip: caller.ip,
    detail: { format: request.format, from: request.from, to: request.to },
  });
  return depositRecordFile(await database.forHeavyRead(), caller, request, caller.now);
}
