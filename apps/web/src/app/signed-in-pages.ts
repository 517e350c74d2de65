/**
 * The code of every signed-in page, loaded on demand by the signed-in shell's chunk (server-state.tsx)
 * rather than by the first load's route table (routes.tsx). A page's chunk is then made only of what
 * the shell has not loaded already: the modules the shell and the pages share (Mantine's menus, the
 * query library, the API client, the icons of the navigation) sit in the shell's chunk instead of
 * some sixty small chunks shared by one set of pages or another, which a signed-in first visit
 * fetched one by one. Home is part of the shell: it is where a signed-in visit starts.
 *
 * A feature adds a page by adding its id and path to the contract's routes.ts, its title and purpose
 * to the i18n `pages` catalogue, and one line below; the compiler lists any id left out. The build
 * reads these lines (scripts/prerender.mjs) for the links of each page's outline: keep one
 * `id: async () => (await import('...'))` per page.
 */
import type { PageId } from '@bank/contract/routes';
import { HomePage } from '../features/dashboard/home-page.tsx';
import type { PageWithData } from '../lib/screen-query.ts';

export const signedInPages: Record<PageId, () => Promise<PageWithData>> = {
  home: async () => HomePage,
  transactions: async () => (await import('../features/transactions/transactions-page.tsx')).TransactionsPage,
  transaction_detail: async () =>
    (await import('../features/transactions/transaction-detail-page.tsx')).TransactionDetailPage,
  crypto_deposit: async () => (await import('../features/deposits/crypto-deposit-page.tsx')).CryptoDepositPage,
  fiat_deposit_request: async () =>
    (await import('../features/deposits/fiat-deposit-request-page.tsx')).FiatDepositRequestPage,
  deposit_transaction_detail: async () =>
    (await import('../features/deposits/deposit-detail-page.tsx')).DepositDetailPage,
  bank_details: async () => (await import('../features/deposits/bank-details-page.tsx')).BankDetailsPage,
  fiat_deposit: async () => (await import('../features/deposits/fiat-deposit-page.tsx')).FiatDepositPage,
  fiat_transfer: async () => (await import('../features/payouts/fiat-transfer-page.tsx')).FiatTransferPage,
  crypto_transfer: async () => (await import('../features/payouts/crypto-transfer-page.tsx')).CryptoTransferPage,
  payees: async () => (await import('../features/payouts/payees-page.tsx')).PayeesPage,
  address_book: async () => (await import('../features/payouts/address-book-page.tsx')).AddressBookPage,
  new_fiat_transfer: async () => (await import('../features/payouts/new-fiat-transfer-page.tsx')).NewFiatTransferPage,
  new_fiat_transfer_confirm: async () =>
    (await import('../features/payouts/confirm-fiat-transfer-page.tsx')).ConfirmFiatTransferPage,
  new_crypto_transfer: async () =>
    (await import('../features/payouts/new-crypto-transfer-page.tsx')).NewCryptoTransferPage,
  new_crypto_transfer_confirm: async () =>
    (await import('../features/payouts/confirm-crypto-transfer-page.tsx')).ConfirmCryptoTransferPage,
  fiat_transfer_detail: async () =>
    (await import('../features/payouts/fiat-transfer-detail-page.tsx')).FiatTransferDetailPage,
  crypto_transfer_detail: async () =>
    (await import('../features/payouts/crypto-transfer-detail-page.tsx')).CryptoTransferDetailPage,
  fiat_withdrawal: async () => (await import('../features/payouts/fiat-withdrawal-page.tsx')).FiatWithdrawalPage,
  payout_batches: async () => (await import('../features/payouts/batch-payouts-page.tsx')).BatchPayoutsPage,
  payout_approvals: async () => (await import('../features/payouts/approvals-page.tsx')).PayoutApprovalsPage,
  otc: async () => (await import('../features/exchange/otc-page.tsx')).OtcPage,
  fx: async () => (await import('../features/exchange/fx-page.tsx')).FxPage,
  account: async () => (await import('../features/account/account-page.tsx')).AccountPage,
  kyc: async () => (await import('../features/kyc/kyc-overview-page.tsx')).KycOverviewPage,
  kyc_declaration: async () => (await import('../features/kyc/kyc-declaration-page.tsx')).KycDeclarationPage,
  kyc_company: async () => (await import('../features/kyc/kyc-company-page.tsx')).KycCompanyPage,
  kyc_ownership: async () => (await import('../features/kyc/kyc-ownership-page.tsx')).KycOwnershipPage,
  kyc_trading: async () => (await import('../features/kyc/kyc-trading-page.tsx')).KycTradingPage,
  private_banking: async () => (await import('../features/contact-requests/product-page.tsx')).PrivateBankingPage,
  structured_products: async () =>
    (await import('../features/contact-requests/product-page.tsx')).StructuredProductsPage,
  investment_banking: async () => (await import('../features/contact-requests/product-page.tsx')).InvestmentBankingPage,
  cards: async () => (await import('../features/cards/cards-page.tsx')).CardsPage,
  top_up_history: async () => (await import('../features/cards/top-up-history-page.tsx')).TopUpHistoryPage,
  card_transactions: async () => (await import('../features/cards/card-transactions-page.tsx')).CardTransactionsPage,
  cardholder_kyc: async () => (await import('../features/cards/card-applications-page.tsx')).CardApplicationsPage,
  card_application: async () => (await import('../features/cards/card-application-page.tsx')).CardApplicationPage,
  renewals: async () => (await import('../features/cards/renewals-page.tsx')).RenewalsPage,
  announcements: async () => (await import('../features/announcements/announcements-page.tsx')).AnnouncementsPage,
  announcements_admin: async () =>
    (await import('../features/announcements/staff/manage-announcements-page.tsx')).ManageAnnouncementsPage,
  webhook_settings: async () => (await import('../features/webhooks/webhook-settings-page.tsx')).WebhookSettingsPage,
  alerts: async () => (await import('../features/alerts/alerts-page.tsx')).AlertsPage,
  audit_log: async () => (await import('../features/account/audit-log-page.tsx')).AuditLogPage,
  admin_home: async () => (await import('./back-office-home.tsx')).BackOfficeHome,
  admin_kyc: async () => (await import('../features/kyc/staff/kyc-queue-page.tsx')).KycQueuePage,
  admin_kyc_detail: async () => (await import('../features/kyc/staff/kyc-review-detail-page.tsx')).KycReviewDetailPage,
  admin_audit: async () => (await import('../features/account/staff/audit-log-page.tsx')).AuditLogPage,
  admin_deposits: async () =>
    (await import('../features/deposits/staff/deposit-operations-page.tsx')).DepositOperationsPage,
  admin_payouts: async () => (await import('../features/payouts/staff/payout-review-page.tsx')).PayoutReviewPage,
  admin_card_applications: async () =>
    (await import('../features/cards/staff/card-application-review-page.tsx')).CardApplicationReviewPage,
  admin_cards: async () => (await import('../features/cards/staff/card-operations-page.tsx')).CardOperationsPage,
  programme_contracts: async () => (await import('../features/programme/programme-pages.tsx')).ProgrammeContractsPage,
  programme_contract: async () => (await import('../features/programme/programme-pages.tsx')).ProgrammeContractPage,
  programme_orders: async () => (await import('../features/programme/programme-pages.tsx')).ProgrammeOrdersPage,
  programme_issuing: async () => (await import('../features/programme/programme-pages.tsx')).ProgrammeIssuingPage,
  admin_programme: async () => (await import('../features/programme/staff/programme-desk-page.tsx')).ProgrammeDeskPage,
  programme_cards: async () => (await import('../features/programme/printed-cards-page.tsx')).PrintedCardsPage,
  programme_fees: async () => (await import('../features/programme/membership-fees-page.tsx')).MembershipFeesPage,
  admin_ledger: async () => (await import('../features/ledger/staff/ledger-explorer-page.tsx')).LedgerExplorerPage,
  team: async () => (await import('../features/team/team-page.tsx')).TeamPage,
  feedback: async () => (await import('../features/feedback/feedback-page.tsx')).FeedbackPage,
  admin_feedback: async () => (await import('../features/feedback/staff/feedback-queue-page.tsx')).FeedbackQueuePage,
  admin_contact_requests: async () =>
    (await import('../features/contact-requests/staff/contact-requests-queue-page.tsx')).ContactRequestsQueuePage,
  admin_otc: async () => (await import('../features/exchange/staff/otc-desk-page.tsx')).OtcDeskPage,
};
