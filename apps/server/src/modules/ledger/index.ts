/**
 * The ledger module's public surface: the one writer of balances (ledger.ts), accounts and their
 * balances (accounts.ts) and the invariant check (invariants.ts). Deposits, conversions, payouts,
 * card top-ups and fees move money only through `ledger.transfer`, `ledger.post` and `ledger.void`.
 */
export {
  type AccountBalance,
  type AccountOwner,
  accountBalance,
  accountIdOf,
  cardAccountQualifier,
  companyBalances,
} from './accounts.ts';
export { type Conversion, type ConversionRates, conversionRates, convert, rateOf } from './conversion.ts';
export {
  type AssetStatementTotals,
  accountStatementTotals,
  dailyBalances,
  movementsOfReference,
  type StatementPeriod,
  statementEntries,
  statementTotals,
} from './entries.ts';
export { checkLedgerInvariants, type InvariantBreach } from './invariants.ts';
export { type Ledger, LedgerBugError, ledger, type TransferOutcome, type TransferRequest } from './ledger.ts';
export { ensureRates, isRateStale, latestRates, type Rate } from './rates.ts';
