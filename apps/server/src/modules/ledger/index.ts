/**
 * The ledger module's public surface: the one writer of balances (ledger.ts), accounts, their
 * balances, entries and rates (queries.ts) and the invariant check (invariants.ts). Deposits, conversions, payouts,
 * card top-ups and fees move money only through `ledger.transfer`, `ledger.post` and `ledger.void`.
 * Balance thresholds (the company's webhook, users' alerts) are set here and watched by the ledger's
 * crossing detector (thresholds.ts).
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
  companyThresholds,
  latestRates,
  movementsOfReference,
  setCompanyThreshold,
  statementEntries,
  statementTotals,
  unwatchBalance,
  watchBalance,
} from './queries.ts';
export { ensureRates, isRateStale } from './rates.ts';
