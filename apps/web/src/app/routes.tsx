/**
 * The route table: every path of SPEC.md section 2, taken from the contract (`publicPaths`,
 * `mainPages`, `redirects`), and the one place that maps a page id to the component that renders it.
 * Each page is its own chunk (React.lazy), so /login loads the shell and the login page only.
 *
 * A feature adds a page by adding its id and path to the contract's routes.ts, its title and
 * purpose to the i18n `pages` catalogue, and one line below; the compiler lists any id left out.
 */
import { type MainPage, mainPages, type PageId, publicPaths, redirects } from '@bank/contract/routes';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { loadSignedInMessages } from '../lib/i18n.ts';
import { isSignedIn } from '../lib/session-storage.ts';
import { ClientHomeGate } from './client-home-gate.tsx';
import { PublicOnly, RequireSession } from './guards.tsx';
import { KycGate } from './kyc-gate.tsx';
import { PublicLayout } from './public-layout.tsx';
import { PublicPageSkeleton } from './public-page-skeleton.tsx';
import { RouteError } from './route-error.tsx';

/** Loaded with the first staff-only page: it reads the user from the server. */
/** A mistyped address is rare: its page loads when needed, not with every first load. */
const NotFoundRoute = lazy(async () => ({ default: (await import('./not-found-page.tsx')).NotFoundRoute }));
const StaffGate = lazy(async () => ({ default: (await import('./staff-gate.tsx')).StaffGate }));

/** A page loaded on demand; `preload` starts loading it before React asks for it. */
type PageComponent = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType): PageComponent {
  return Object.assign(
    lazy(async () => ({ default: pick(await load()) })),
    { preload: load },
  );
}

/** The signed-in shell, with the server-state cache its pages use (server-state.tsx) and their messages. */
const MainLayout = lazyPage(
  async () => (await Promise.all([import('./server-state.tsx'), loadSignedInMessages()]))[0],
  (module) => module.SignedInLayout,
);

export const mainPageComponents: Record<PageId, PageComponent> = {
  home: lazyPage(
    () => import('../features/dashboard/home-page.tsx'),
    (module) => module.HomePage,
  ),
  transactions: lazyPage(
    () => import('../features/transaction/transactions-page.tsx'),
    (module) => module.TransactionsPage,
  ),
  transaction_detail: lazyPage(
    () => import('../features/transaction/transaction-detail-page.tsx'),
    (module) => module.TransactionDetailPage,
  ),
  crypto_deposit: lazyPage(
    () => import('../features/deposit/crypto-deposit-page.tsx'),
    (module) => module.CryptoDepositPage,
  ),
  fiat_deposit_request: lazyPage(
    () => import('../features/deposit/fiat-deposit-request-page.tsx'),
    (module) => module.FiatDepositRequestPage,
  ),
  deposit_transaction_detail: lazyPage(
    () => import('../features/deposit/deposit-detail-page.tsx'),
    (module) => module.DepositDetailPage,
  ),
  bank_details: lazyPage(
    () => import('../features/deposit/bank-details-page.tsx'),
    (module) => module.BankDetailsPage,
  ),
  fiat_deposit: lazyPage(
    () => import('../features/deposit/fiat-deposit-page.tsx'),
    (module) => module.FiatDepositPage,
  ),
  fiat_transfer: lazyPage(
    () => import('../features/withdraw/fiat-transfer-page.tsx'),
    (module) => module.FiatTransferPage,
  ),
  crypto_transfer: lazyPage(
    () => import('../features/withdraw/crypto-transfer-page.tsx'),
    (module) => module.CryptoTransferPage,
  ),
  payees: lazyPage(
    () => import('../features/withdraw/payees-page.tsx'),
    (module) => module.PayeesPage,
  ),
  address_book: lazyPage(
    () => import('../features/withdraw/address-book-page.tsx'),
    (module) => module.AddressBookPage,
  ),
  new_fiat_transfer: lazyPage(
    () => import('../features/withdraw/new-fiat-transfer-page.tsx'),
    (module) => module.NewFiatTransferPage,
  ),
  new_fiat_transfer_confirm: lazyPage(
    () => import('../features/withdraw/confirm-fiat-transfer-page.tsx'),
    (module) => module.ConfirmFiatTransferPage,
  ),
  new_crypto_transfer: lazyPage(
    () => import('../features/withdraw/new-crypto-transfer-page.tsx'),
    (module) => module.NewCryptoTransferPage,
  ),
  new_crypto_transfer_confirm: lazyPage(
    () => import('../features/withdraw/confirm-crypto-transfer-page.tsx'),
    (module) => module.ConfirmCryptoTransferPage,
  ),
  fiat_transfer_detail: lazyPage(
    () => import('../features/withdraw/fiat-transfer-detail-page.tsx'),
    (module) => module.FiatTransferDetailPage,
  ),
  crypto_transfer_detail: lazyPage(
    () => import('../features/withdraw/crypto-transfer-detail-page.tsx'),
    (module) => module.CryptoTransferDetailPage,
  ),
  fiat_withdrawal: lazyPage(
    () => import('../features/withdraw/fiat-withdrawal-page.tsx'),
    (module) => module.FiatWithdrawalPage,
  ),
  payout_approvals: lazyPage(
    () => import('../features/withdraw/approvals-page.tsx'),
    (module) => module.PayoutApprovalsPage,
  ),
  otc: lazyPage(
    () => import('../features/fx/otc-page.tsx'),
    (module) => module.OtcPage,
  ),
  fx: lazyPage(
    () => import('../features/fx/fx-page.tsx'),
    (module) => module.FxPage,
  ),
  account: lazyPage(
    () => import('../features/account/account-page.tsx'),
    (module) => module.AccountPage,
  ),
  kyc: lazyPage(
    () => import('../features/kyc/kyc-overview-page.tsx'),
    (module) => module.KycOverviewPage,
  ),
  kyc_declaration: lazyPage(
    () => import('../features/kyc/kyc-declaration-page.tsx'),
    (module) => module.KycDeclarationPage,
  ),
  kyc_company: lazyPage(
    () => import('../features/kyc/kyc-company-page.tsx'),
    (module) => module.KycCompanyPage,
  ),
  kyc_ownership: lazyPage(
    () => import('../features/kyc/kyc-ownership-page.tsx'),
    (module) => module.KycOwnershipPage,
  ),
  kyc_trading: lazyPage(
    () => import('../features/kyc/kyc-trading-page.tsx'),
    (module) => module.KycTradingPage,
  ),
  private_banking: lazyPage(
    () => import('../features/products/product-page.tsx'),
    (module) => module.PrivateBankingPage,
  ),
  structured_products: lazyPage(
    () => import('../features/products/product-page.tsx'),
    (module) => module.StructuredProductsPage,
  ),
  investment_banking: lazyPage(
    () => import('../features/products/product-page.tsx'),
    (module) => module.InvestmentBankingPage,
  ),
  cards: lazyPage(
    () => import('../features/card/cards-page.tsx'),
    (module) => module.CardsPage,
  ),
  top_up_history: lazyPage(
    () => import('../features/card/top-up-history-page.tsx'),
    (module) => module.TopUpHistoryPage,
  ),
  card_transactions: lazyPage(
    () => import('../features/card/card-transactions-page.tsx'),
    (module) => module.CardTransactionsPage,
  ),
  cardholder_kyc: lazyPage(
    () => import('../features/card/card-applications-page.tsx'),
    (module) => module.CardApplicationsPage,
  ),
  card_application: lazyPage(
    () => import('../features/card/card-application-page.tsx'),
    (module) => module.CardApplicationPage,
  ),
  renewals: lazyPage(
    () => import('../features/card/renewals-page.tsx'),
    (module) => module.RenewalsPage,
  ),
  announcements: lazyPage(
    () => import('../features/affiche/announcements-page.tsx'),
    (module) => module.AnnouncementsPage,
  ),
  announcements_admin: lazyPage(
    () => import('../features/affiche/manage-announcements-page.tsx'),
    (module) => module.ManageAnnouncementsPage,
  ),
  webhook_settings: lazyPage(
    () => import('../features/webhooks/webhook-settings-page.tsx'),
    (module) => module.WebhookSettingsPage,
  ),
  admin_home: lazyPage(
    () => import('../features/admin/back-office-home-page.tsx'),
    (module) => module.BackOfficeHomePage,
  ),
  admin_kyc: lazyPage(
    () => import('../features/kyc-review/kyc-queue-page.tsx'),
    (module) => module.KycQueuePage,
  ),
  admin_kyc_detail: lazyPage(
    () => import('../features/kyc-review/kyc-review-detail-page.tsx'),
    (module) => module.KycReviewDetailPage,
  ),
  admin_audit: lazyPage(
    () => import('../features/admin/audit-log-page.tsx'),
    (module) => module.AuditLogPage,
  ),
  admin_deposits: lazyPage(
    () => import('../features/admin/deposit-operations-page.tsx'),
    (module) => module.DepositOperationsPage,
  ),
  admin_payouts: lazyPage(
    () => import('../features/admin/payout-review-page.tsx'),
    (module) => module.PayoutReviewPage,
  ),
  admin_card_applications: lazyPage(
    () => import('../features/admin/card-application-review-page.tsx'),
    (module) => module.CardApplicationReviewPage,
  ),
  admin_cards: lazyPage(
    () => import('../features/admin/card-operations-page.tsx'),
    (module) => module.CardOperationsPage,
  ),
  programme_contracts: lazyPage(
    () => import('../features/programme/programme-pages.tsx'),
    (module) => module.ProgrammeContractsPage,
  ),
  programme_contract: lazyPage(
    () => import('../features/programme/programme-pages.tsx'),
    (module) => module.ProgrammeContractPage,
  ),
  programme_orders: lazyPage(
    () => import('../features/programme/programme-pages.tsx'),
    (module) => module.ProgrammeOrdersPage,
  ),
  programme_issuing: lazyPage(
    () => import('../features/programme/programme-pages.tsx'),
    (module) => module.ProgrammeIssuingPage,
  ),
  admin_programme: lazyPage(
    () => import('../features/admin/programme-desk-page.tsx'),
    (module) => module.ProgrammeDeskPage,
  ),
  programme_cards: lazyPage(
    () => import('../features/programme/printed-cards-page.tsx'),
    (module) => module.PrintedCardsPage,
  ),
  programme_fees: lazyPage(
    () => import('../features/programme/membership-fees-page.tsx'),
    (module) => module.MembershipFeesPage,
  ),
  admin_ledger: lazyPage(
    () => import('../features/admin/ledger-explorer-page.tsx'),
    (module) => module.LedgerExplorerPage,
  ),
  team: lazyPage(
    () => import('../features/team/team-page.tsx'),
    (module) => module.TeamPage,
  ),
  feedback: lazyPage(
    () => import('../features/client-service/client-service-pages.tsx'),
    (module) => module.FeedbackPage,
  ),
  admin_feedback: lazyPage(
    () => import('../features/client-service/client-service-pages.tsx'),
    (module) => module.FeedbackQueuePage,
  ),
  admin_contact_requests: lazyPage(
    () => import('../features/client-service/client-service-pages.tsx'),
    (module) => module.ContactRequestsQueuePage,
  ),
  admin_otc: lazyPage(
    () => import('../features/fx/otc-page.tsx'),
    (module) => module.OtcDeskPage,
  ),
};

export const publicPageComponents: Record<keyof typeof publicPaths, PageComponent> = {
  login: lazyPage(
    () => import('../features/auth/login-page.tsx'),
    (module) => module.LoginPage,
  ),
  register: lazyPage(
    () => import('../features/auth/register-page.tsx'),
    (module) => module.RegisterPage,
  ),
  forgotPassword: lazyPage(
    () => import('../features/auth/forgot-password-page.tsx'),
    (module) => module.ForgotPasswordPage,
  ),
  resetPassword: lazyPage(
    () => import('../features/auth/reset-password-page.tsx'),
    (module) => module.ResetPasswordPage,
  ),
  phoneUpload: lazyPage(
    async () =>
      Promise.all([
        import('../features/kyc/phone-upload-page.tsx'),
        import('./server-state.tsx'),
        loadSignedInMessages(),
      ]),
    ([page, serverState]) => serverState.withServerState(page.PhoneUploadPage),
  ),
  teamInvitation: lazyPage(
    async () =>
      Promise.all([
        import('../features/team/invitation-page.tsx'),
        import('./server-state.tsx'),
        loadSignedInMessages(),
      ]),
    ([page, serverState]) => serverState.withServerState(page.TeamInvitationPage),
  ),
};

function mainRoute(page: MainPage): RouteObject {
  const Page = mainPageComponents[page.id];
  const element = (
    <KycGate page={page}>
      <Page />
    </KycGate>
  );
  if (page.isStaffOnly) return { path: page.path, element: <StaffGate>{element}</StaffGate> };
  if (page.id === 'home') return { path: page.path, element: <ClientHomeGate>{element}</ClientHomeGate> };
  return { path: page.path, element };
}

function publicRoute(key: keyof typeof publicPaths): RouteObject {
  const Page = publicPageComponents[key];
  return { path: publicPaths[key], element: <Page /> };
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          {
            element: <PublicLayout />,
            children: (Object.keys(publicPaths) as (keyof typeof publicPaths)[]).map(publicRoute),
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [{ element: <MainLayout />, children: mainPages.map(mainRoute) }],
      },
      ...Object.entries(redirects).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
      {
        path: '*',
        element: (
          <Suspense fallback={<PublicPageSkeleton />}>
            <NotFoundRoute />
          </Suspense>
        ),
      },
    ],
  },
];

/**
 * Starts loading the code of the page at `pathname` (and the signed-in shell for a signed-in page)
 * while the app starts, rather than when React first renders the route: each would otherwise wait
 * for the one before it. The guards still decide what is shown; a wrong guess only costs a download.
 */
export function preloadPage(pathname: string): void {
  const publicPage = (Object.keys(publicPaths) as (keyof typeof publicPaths)[]).find(
    (key) => publicPaths[key] === pathname,
  );
  if (publicPage) {
    if (!isSignedIn()) void publicPageComponents[publicPage].preload().catch(() => undefined);
    return;
  }
  const mainPage = mainPages.find((page) => page.path === pathname);
  if (mainPage && isSignedIn()) {
    void MainLayout.preload().catch(() => undefined);
    void mainPageComponents[mainPage.id].preload().catch(() => undefined);
  }
}
