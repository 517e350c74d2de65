/**
 * What each signed-in page loads first, in a module of its own that imports neither the page's code
 * nor the signed-in shell's: a page opened first starts its data requests as soon as this small
 * module has arrived, beside its code rather than after it (routes.tsx `preloadPage`).
 *
 * A loader calls `prefetchScreenData` with the very calls and bodies of the page's `useScreenQuery`s
 * and `prefetchScreenPages` with those of its paged lists (both take them from the same module), so
 * that the page finds them in the cache. The build reads these lines (scripts/prerender.mjs) for the
 * links of each page's outline: keep one `id: async () => (await import('...'))` per page.
 */
import type { PageId } from '@bank/contract/routes';
import type { PageDataLoader } from '../lib/screen-query.ts';

export const pageDataLoaders: Partial<Record<PageId, () => Promise<PageDataLoader>>> = {
  transaction_detail: async () =>
    (await import('../features/transactions/transaction-detail-page-data.ts')).loadTransactionDetailPage,
  fx: async () => (await import('../features/exchange/fx-page-data.ts')).loadFxPage,
  payout_approvals: async () => (await import('../features/payouts/approvals-page-data.ts')).loadPayoutApprovalsPage,
  payout_batches: async () => (await import('../features/payouts/batch-payouts-page-data.ts')).loadBatchPayoutsPage,
  // Opened from a deposit's link, it sends the reader on to the transaction's details, with its address.
  deposit_transaction_detail: async () =>
    (await import('../features/transactions/transaction-detail-page-data.ts')).loadTransactionDetailPage,
  cards: async () => (await import('../features/cards/cards-page-data.ts')).loadCardsPage,
  fiat_transfer: async () => (await import('../features/payouts/fiat-transfer-page-data.ts')).loadFiatTransferPage,
  crypto_transfer: async () =>
    (await import('../features/payouts/crypto-transfer-page-data.ts')).loadCryptoTransferPage,
  payees: async () => (await import('../features/payouts/payees-page-data.ts')).loadPayeesPage,
  address_book: async () => (await import('../features/payouts/address-book-page-data.ts')).loadAddressBookPage,
  new_fiat_transfer: async () =>
    (await import('../features/payouts/new-fiat-transfer-page-data.ts')).loadNewFiatTransferPage,
  new_crypto_transfer: async () =>
    (await import('../features/payouts/new-crypto-transfer-page-data.ts')).loadNewCryptoTransferPage,
  fiat_transfer_detail: async () =>
    (await import('../features/payouts/fiat-transfer-detail-page-data.ts')).loadFiatTransferDetailPage,
  crypto_transfer_detail: async () =>
    (await import('../features/payouts/crypto-transfer-detail-page-data.ts')).loadCryptoTransferDetailPage,
  otc: async () => (await import('../features/exchange/otc-page-data.ts')).loadOtcPage,
  admin_payouts: async () =>
    (await import('../features/payouts/staff/payout-review-page-data.ts')).loadPayoutReviewPage,
  admin_otc: async () => (await import('../features/exchange/staff/otc-desk-page-data.ts')).loadOtcDeskPage,
  top_up_history: async () => (await import('../features/cards/top-up-history-page-data.ts')).loadTopUpHistoryPage,
  card_transactions: async () =>
    (await import('../features/cards/card-transactions-page-data.ts')).loadCardTransactionsPage,
  cardholder_kyc: async () =>
    (await import('../features/cards/card-applications-page-data.ts')).loadCardApplicationsPage,
  renewals: async () => (await import('../features/cards/renewals-page-data.ts')).loadRenewalsPage,
  admin_card_applications: async () =>
    (await import('../features/cards/staff/card-application-review-page-data.ts')).loadCardApplicationReviewPage,
  admin_cards: async () =>
    (await import('../features/cards/staff/card-operations-page-data.ts')).loadCardOperationsPage,
  programme_contracts: async () =>
    (await import('../features/programme/programme-pages-data.ts')).loadProgrammeContractsPage,
  programme_contract: async () =>
    (await import('../features/programme/programme-pages-data.ts')).loadProgrammeContractPage,
  programme_orders: async () => (await import('../features/programme/programme-pages-data.ts')).loadProgrammeOrdersPage,
  programme_issuing: async () =>
    (await import('../features/programme/programme-pages-data.ts')).loadProgrammeIssuingPage,
  admin_programme: async () =>
    (await import('../features/programme/staff/programme-desk-page-data.ts')).loadProgrammeDeskPage,
  programme_cards: async () => (await import('../features/programme/printed-cards-page-data.ts')).loadPrintedCardsPage,
  programme_fees: async () =>
    (await import('../features/programme/membership-fees-page-data.ts')).loadMembershipFeesPage,
  crypto_deposit: async () => (await import('../features/deposits/crypto-deposit-page-data.ts')).loadCryptoDepositPage,
  fiat_deposit_request: async () =>
    (await import('../features/deposits/fiat-deposit-request-page-data.ts')).loadFiatDepositRequestPage,
  bank_details: async () => (await import('../features/deposits/bank-details-page-data.ts')).loadBankDetailsPage,
  admin_deposits: async () =>
    (await import('../features/deposits/staff/deposit-operations-page-data.ts')).loadDepositOperationsPage,
  kyc_declaration: async () => (await import('../features/kyc/kyc-declaration-page-data.ts')).loadKycDeclarationPage,
  kyc_company: async () => (await import('../features/kyc/kyc-company-page-data.ts')).loadKycCompanyPage,
  kyc_ownership: async () => (await import('../features/kyc/kyc-ownership-page-data.ts')).loadKycOwnershipPage,
  kyc_trading: async () => (await import('../features/kyc/kyc-trading-page-data.ts')).loadKycTradingPage,
  admin_kyc: async () => (await import('../features/kyc/staff/kyc-queue-page-data.ts')).loadKycQueuePage,
  admin_kyc_detail: async () =>
    (await import('../features/kyc/staff/kyc-review-detail-page-data.ts')).loadKycReviewDetailPage,
  account: async () => (await import('../features/account/account-page-data.ts')).loadAccountPage,
  audit_log: async () => (await import('../features/account/audit-log-page-data.ts')).loadAuditLogPage,
  admin_audit: async () => (await import('../features/account/staff/audit-log-page-data.ts')).loadStaffAuditLogPage,
  transactions: async () => (await import('../features/transactions/transactions-page-data.ts')).loadTransactionsPage,
  home: async () => (await import('../features/dashboard/home-page-data.ts')).loadHomePage,
  private_banking: async () =>
    (await import('../features/contact-requests/product-page-data.ts')).loadPrivateBankingPage,
  structured_products: async () =>
    (await import('../features/contact-requests/product-page-data.ts')).loadStructuredProductsPage,
  investment_banking: async () =>
    (await import('../features/contact-requests/product-page-data.ts')).loadInvestmentBankingPage,
  admin_contact_requests: async () =>
    (await import('../features/contact-requests/staff/contact-requests-queue-page-data.ts'))
      .loadContactRequestsQueuePage,
  feedback: async () => (await import('../features/feedback/feedback-page-data.ts')).loadFeedbackPage,
  admin_feedback: async () =>
    (await import('../features/feedback/staff/feedback-queue-page-data.ts')).loadFeedbackQueuePage,
  announcements: async () =>
    (await import('../features/announcements/announcements-page-data.ts')).loadAnnouncementsPage,
  announcements_admin: async () =>
    (await import('../features/announcements/staff/manage-announcements-page-data.ts')).loadManageAnnouncementsPage,
  webhook_settings: async () =>
    (await import('../features/webhooks/webhook-settings-page-data.ts')).loadWebhookSettingsPage,
  alerts: async () => (await import('../features/alerts/alerts-page-data.ts')).loadAlertsPage,
  admin_ledger: async () =>
    (await import('../features/ledger/staff/ledger-explorer-page-data.ts')).loadLedgerExplorerPage,
  team: async () => (await import('../features/team/team-page-data.ts')).loadTeamPage,
};
