/**
 * The ledger module's public surface: the one writer of balances (ledger.ts), accounts, their
 * balances, entries and rates (queries.ts) and the invariant check (invariants.ts). Deposits, conversions, payouts,
 * card top-ups and fees move money only through `ledger.transfer`, `ledger.post` and `ledger.void`.
 */
export { conversionRates, convert, rateOf } from './conversion.ts';
export { checkLedgerInvariants } from './invariants.ts';
export { ledger } from './ledger.ts';
export {
  accountBalance,
  accountIdOf,
  accountStatementTotals,
  cardsWithAvailableBalance,
  companyBalances,
  latestRates,
  movementsOfReference,
  statementEntries,
  statementTotals,
} from './queries.ts';
export { ensureRates, isRateStale } from './rates.ts';
