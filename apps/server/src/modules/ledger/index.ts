/**
 * The ledger module's public surface: the one writer of balances (ledger.ts), accounts and their
 * balances (accounts.ts) and the invariant check (invariants.ts). Deposits, conversions, payouts,
 * card top-ups and fees move money only through `ledger.transfer`, `ledger.post` and `ledger.void`.
 */
export {
  accountBalance,
  accountIdOf,
  cardsWithAvailableBalance,
  companyBalances,
} from './accounts.ts';
export { conversionRates, convert, rateOf } from './conversion.ts';
export {
  accountStatementTotals,
  movementsOfReference,
  statementEntries,
  statementTotals,
} from './entries.ts';
export { checkLedgerInvariants } from './invariants.ts';
export { ledger } from './ledger.ts';
export { ensureRates, isRateStale, latestRates } from './rates.ts';
