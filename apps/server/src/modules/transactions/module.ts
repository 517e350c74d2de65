/**
 * The transactions module: the route file of the company's history (record, get, details) and its
 * statement download. Other modules write the history through index.ts.
 */
import {
  downloadStatement,
  downloadTransactionReceipt,
  getTransaction,
  getTransactionDetails,
  listTransactions,
} from '@bank/contract/transaction';
import { writeAudit } from '../../platform/audit.ts';
import type { AppModule } from '../../platform/module.ts';
import { registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { companyTransaction, companyTransactionDetails, transactionPage } from './queries.ts';
import { transactionReceiptFile } from './receipt.ts';
import { statementFile } from './statement.ts';

export const transactionsModule: AppModule = {
  name: 'transactions',
  register(app, context) {
    const db = context.database.db;
    // The history list and the statement are heavy reads: a replica's when it has caught up (platform/heavy-reads.ts).
    const { database } = context;
    registerCall(app, listTransactions, async (body, call) =>
      transactionPage(await database.forHeavyRead(), clientCompanyId(call), body),
    );
    registerCall(app, getTransaction, (body, call) =>
      companyTransaction(db, clientCompanyId(call), body.transaction_id),
    );
    registerCall(app, getTransactionDetails, (body, call) =>
      companyTransactionDetails(db, clientCompanyId(call), body.transaction_id),
    );
    registerCall(app, downloadStatement, async (body, call) => {
      const companyId = clientCompanyId(call);
      await writeAudit(db, {
        action: 'statement.downloaded',
        at: call.now,
        actorUserId: call.session.user_id,
        companyId,
        ip: call.ip,
        detail: { format: body.format, from: body.from, to: body.to, asset: body.asset ?? null },
      });
      return statementFile(await database.forHeavyRead(), { companyId, language: call.language }, body, call.now);
    });
    registerCall(app, downloadTransactionReceipt, async (body, call) => {
      const companyId = clientCompanyId(call);
      const file = await transactionReceiptFile(
        db,
        { companyId, language: call.language, now: call.now },
        body.transaction_id,
      );
      await writeAudit(db, {
        action: 'transaction.receipt_downloaded',
        at: call.now,
        actorUserId: call.session.user_id,
        companyId,
        ip: call.ip,
        detail: { transaction_id: body.transaction_id },
      });
      return file;
    });
  },
};
