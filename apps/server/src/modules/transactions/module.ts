/**
 * The transactions module: the route file of the company's history (record, get, details) and its
 * statement download. Other modules write the history through index.ts.
 */
import { getTransaction, getTransactionDetails, listTransactions } from '@bank/contract/transaction';
import type { AppModule } from '../../platform/module.ts';
import { registerCall } from '../../platform/route.ts';
import { clientCompanyId } from '../../platform/tenant.ts';
import { companyTransaction, companyTransactionDetails, transactionPage } from './queries.ts';

export const transactionsModule: AppModule = {
  name: 'transactions',
  register(app, context) {
    const db = context.database.db;
    registerCall(app, listTransactions, (body, call) => transactionPage(db, clientCompanyId(call), body));
    registerCall(app, getTransaction, (body, call) =>
      companyTransaction(db, clientCompanyId(call), body.transaction_id),
    );
    registerCall(app, getTransactionDetails, (body, call) =>
      companyTransactionDetails(db, clientCompanyId(call), body.transaction_id),
    );
  },
};
