/**
 * The transactions module's public surface: the modules that own business actions open and advance
 * their lines of the company's history here, in their own database transactions.
 */
export {
  advanceTransaction,
  openTransaction,
  type TransactionSource,
  transactionIdOfSource,
} from './history.ts';
export {
  companyTransactionDetails,
  companyTransactionLines,
  explorerUrlOf,
  sourceOfTransaction,
  transactionDetailsOfSource,
} from './queries.ts';
export { companyHeading } from './statement.ts';
