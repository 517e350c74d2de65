/**
 * The company's files from its history: the statement of a period and one line's receipt. Each
 * download is recorded in the audit log (who took which period or line), in the request's time.
 */
import type { Language } from '@bank/contract/constants';
import type { StatementRequest } from '@bank/contract/transaction';
import { writeAudit } from '../../platform/audit.ts';
import type { AppDatabase, Database } from '../../platform/db.ts';
import type { FileReply } from '../../platform/route.ts';
import { transactionReceiptFile } from './receipt.ts';
import { statementFile } from './statement.ts';

/** Who downloads: a signed-in company user. */
export type HistoryReader = { companyId: string; userId: string; ip: string; language: Language; now: Date };

/** The statement is a heavy read: a replica's when it has caught up (platform/heavy-reads.ts). */
export async function downloadStatementFile(
  database: Database,
  reader: HistoryReader,
  request: StatementRequest,
): Promise<FileReply> {
  await writeAudit(database.db, {
    action: 'statement.downloaded',
    at: reader.now,
    actorUserId: reader.userId,
    companyId: reader.companyId,
    ip: reader.ip,
    detail: { format: request.format, from: request.from, to: request.to, asset: request.asset ?? null },
  });
  return statementFile(await database.forHeavyRead(), reader, request, reader.now);
}

/** Recorded once the receipt is built, so that an unknown line records nothing. */
export async function downloadReceiptFile(
  db: AppDatabase,
  reader: HistoryReader,
  transactionId: string,
): Promise<FileReply> {
  const file = await transactionReceiptFile(db, reader, transactionId);
  await writeAudit(db, {
    action: 'transaction.receipt_downloaded',
    at: reader.now,
    actorUserId: reader.userId,
    companyId: reader.companyId,
    ip: reader.ip,
    detail: { transaction_id: transactionId },
  });
  return file;
}
