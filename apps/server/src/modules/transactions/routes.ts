/** The calls of the company's history, one line each: the list, one line, its details, the statement and a receipt. */
import {
  downloadStatement,
  downloadTransactionReceipt,
  getTransaction,
  getTransactionDetails,
  listTransactions,
} from '@bank/contract/transaction';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db.ts';
import { type CallContext, registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { downloadReceiptFile, downloadStatementFile, type HistoryReader } from './downloads.ts';
import { companyTransaction, companyTransactionDetails, transactionPage } from './queries.ts';

const readerOf = (call: CallContext): HistoryReader => ({
  companyId: clientCompanyId(call),
  userId: call.session.user_id,
  ip: call.ip,
  language: call.language,
  now: call.now,
});

export function registerTransactionsRoutes(app: FastifyInstance, database: Database) {
  const { db } = database;
  // The history list is a heavy read: a replica's when it has caught up (platform/heavy-reads.ts).
  registerCall(app, listTransactions, async (body, call) =>
    transactionPage(await database.forHeavyRead(), clientCompanyId(call), body),
  );
  registerCall(app, getTransaction, (body, call) => companyTransaction(db, clientCompanyId(call), body.transaction_id));
  registerCall(app, getTransactionDetails, (body, call) =>
    companyTransactionDetails(db, clientCompanyId(call), body.transaction_id),
  );
  registerCall(app, downloadStatement, (body, call) => downloadStatementFile(database, readerOf(call), body));
  registerCall(app, downloadTransactionReceipt, (body, call) =>
    downloadReceiptFile(db, readerOf(call), body.transaction_id),
  );
}
