/**
 * The paths of SPEC.md section 2. SPEC.md's route names are URLs only: the web app's route table
 * maps each `page` id here to a component with a meaningful name.
 */
import type { StaffPermission } from './permissions.ts';

/** Pages reachable without a session. A signed-in user (token and 2FA flag) opening one goes to /. */
export const publicPaths = {
  login: '/login',
  register: '/reg',
  forgotPassword: '/forget_pwd',
  resetPassword: '/reset_pwd',
  phoneUpload: '/upload',
  /** An invited sub-account sets its password here, from the link in its invitation email. */
  teamInvitation: '/team_invitation',
} as const;

export type PageId =
  | 'home'
  | 'transactions'
  | 'transaction_detail'
  | 'crypto_deposit'
  | 'fiat_deposit_request'
  | 'deposit_transaction_detail'
  | 'bank_details'
  | 'fiat_transfer'
  | 'crypto_transfer'
  | 'payees'
  | 'address_book'
  | 'new_fiat_transfer'
  | 'new_fiat_transfer_confirm'
  | 'new_crypto_transfer'
  | 'new_crypto_transfer_confirm'
  | 'fiat_transfer_detail'
  | 'crypto_transfer_detail'
  | 'fiat_deposit'
  | 'fiat_withdrawal'
  | 'otc'
  | 'fx'
  | 'account'
  | 'kyc'
  | 'kyc_declaration'
  | 'kyc_company'
  | 'kyc_ownership'
  | 'kyc_trading'
  | 'private_banking'
  | 'structured_products'
  | 'investment_banking'
  | 'cards'
  | 'top_up_history'
  | 'card_transactions'
  | 'cardholder_kyc'
  | 'card_application'
  | 'announcements'
  | 'announcements_admin'
  | 'team'
  | 'webhook_settings'
  | 'alerts'
  | 'audit_log'
  | 'renewals'
  | 'admin_home'
  | 'admin_kyc'
  | 'admin_kyc_detail'
  | 'admin_audit'
  | 'admin_deposits'
  | 'admin_ledger'
  | 'feedback'
  | 'admin_feedback'
  | 'admin_contact_requests'
  | 'payout_approvals'
  | 'payout_batches'
  | 'admin_payouts'
  | 'admin_otc'
  | 'admin_card_applications'
  | 'admin_cards'
  | 'programme_contracts'
  | 'programme_contract'
  | 'programme_orders'
  | 'programme_issuing'
  | 'admin_programme'
  | 'programme_cards'
  | 'programme_fees';

export type MainPage = {
  id: PageId;
  path: string;
  /** Shown behind the KYC access-denied dialog until the company's KYC is approved. */
  isKycGated: boolean;
  /** Only the bank's staff may open it. */
  isStaffOnly?: boolean;
  /**
   * The staff permission a back-office page needs (the same its calls need): without it the page
   * is neither in the menu nor opened, rather than refused by the server once open.
   */
  permission?: StaffPermission;
};

/** Every page inside the main layout, with its absolute path. */
export const mainPages: readonly MainPage[] = [
  { id: 'home', path: '/', isKycGated: false },
  { id: 'transactions', path: '/my_transaction', isKycGated: false },
  { id: 'transaction_detail', path: '/my_transaction_info', isKycGated: false },
  { id: 'crypto_deposit', path: '/blockchain_d/deposit_jmhb', isKycGated: true },
  { id: 'fiat_deposit_request', path: '/blockchain_d/deposit_fiat', isKycGated: true },
  { id: 'deposit_transaction_detail', path: '/blockchain_d/transaction_h_info', isKycGated: true },
  { id: 'bank_details', path: '/blockchain_d/bank_details', isKycGated: true },
  { id: 'fiat_transfer', path: '/blockchain_w/transfer_p_fiat', isKycGated: true },
  { id: 'crypto_transfer', path: '/blockchain_w/transfer_p_jmhb', isKycGated: true },
  { id: 'payees', path: '/blockchain_w/m_m_payee_list', isKycGated: true },
  { id: 'address_book', path: '/blockchain_w/m_m_addr_list', isKycGated: true },
  { id: 'new_fiat_transfer', path: '/blockchain_w/new_fiat', isKycGated: true },
  { id: 'new_fiat_transfer_confirm', path: '/blockchain_w/new_fiat2', isKycGated: true },
  { id: 'new_crypto_transfer', path: '/blockchain_w/new_digital_asset', isKycGated: true },
  { id: 'new_crypto_transfer_confirm', path: '/blockchain_w/new_digital_asset2', isKycGated: true },
  { id: 'fiat_transfer_detail', path: '/blockchain_w/fiat_t_h_info', isKycGated: true },
  { id: 'crypto_transfer_detail', path: '/blockchain_w/digital_t_h_info', isKycGated: true },
  /** Payouts waiting for a second user's approval, and the company's approval policy (maker-checker). */
  { id: 'payout_approvals', path: '/blockchain_w/approvals', isKycGated: true },
  /** Batch payouts: a CSV of payouts checked row by row, submitted and approved as one (decision 0046). */
  { id: 'payout_batches', path: '/blockchain_w/batch', isKycGated: true },
  { id: 'fiat_deposit', path: '/fiat_deposit', isKycGated: true },
  { id: 'fiat_withdrawal', path: '/fiat_withdrawal', isKycGated: true },
  { id: 'otc', path: '/otc', isKycGated: true },
  { id: 'fx', path: '/fx', isKycGated: true },
  { id: 'account', path: '/user_info', isKycGated: false },
  { id: 'kyc', path: '/kyc', isKycGated: false },
  { id: 'kyc_declaration', path: '/kyc_step/kyc_step_one', isKycGated: false },
  { id: 'kyc_company', path: '/kyc_step/kyc_step_two', isKycGated: false },
  { id: 'kyc_ownership', path: '/kyc_step/kyc_step_three', isKycGated: false },
  { id: 'kyc_trading', path: '/kyc_step/kyc_step_four', isKycGated: false },
  { id: 'private_banking', path: '/private_b_p', isKycGated: false },
  { id: 'structured_products', path: '/structured_p', isKycGated: false },
  { id: 'investment_banking', path: '/investment_b', isKycGated: false },
  { id: 'cards', path: '/cards', isKycGated: true },
  { id: 'top_up_history', path: '/top_up_history', isKycGated: true },
  { id: 'card_transactions', path: '/transaction_record', isKycGated: true },
  { id: 'cardholder_kyc', path: '/kycManage', isKycGated: true },
  { id: 'card_application', path: '/kyc_apply_card_input', isKycGated: true },
  { id: 'announcements', path: '/affiche/affiche_list', isKycGated: false },
  {
    id: 'announcements_admin',
    path: '/affiche/affiche_list_admin',
    isKycGated: false,
    isStaffOnly: true,
    permission: 'announcements',
  },
  /** Sub-accounts and permission groups (SPEC.md: user permission management with permission view). */
  { id: 'team', path: '/team', isKycGated: false },
  { id: 'webhook_settings', path: '/webhook_settings', isKycGated: false },
  /** The user's own alerts (balance below, payout or card purchase above, sign-in from a new device). */
  { id: 'alerts', path: '/alerts', isKycGated: false },
  /** The company's audit log: its administrator's alone (company_audit_log). */
  { id: 'audit_log', path: '/audit_log', isKycGated: false },
  { id: 'renewals', path: '/renew', isKycGated: true },
  { id: 'admin_home', path: '/admin', isKycGated: false, isStaffOnly: true },
  { id: 'admin_kyc', path: '/admin/kyc', isKycGated: false, isStaffOnly: true, permission: 'kyc_review' },
  /** One company's KYC under review; `:companyId` is the company's opaque id. */
  {
    id: 'admin_kyc_detail',
    path: '/admin/kyc/:companyId',
    isKycGated: false,
    isStaffOnly: true,
    permission: 'kyc_review',
  },
  { id: 'admin_audit', path: '/admin/audit', isKycGated: false, isStaffOnly: true, permission: 'audit_log' },
  {
    id: 'admin_deposits',
    path: '/admin/deposits',
    isKycGated: false,
    isStaffOnly: true,
    permission: 'deposit_operations',
  },
  { id: 'admin_ledger', path: '/admin/ledger', isKycGated: false, isStaffOnly: true, permission: 'ledger_explorer' },
  { id: 'feedback', path: '/feedback', isKycGated: false },
  { id: 'admin_feedback', path: '/admin/feedback', isKycGated: false, isStaffOnly: true, permission: 'feedback' },
  {
    id: 'admin_contact_requests',
    path: '/admin/contact_requests',
    isKycGated: false,
    isStaffOnly: true,
    permission: 'contact_requests',
  },
  /** Payouts in the bank's review, in process at the rail or custody, and decided. */
  { id: 'admin_payouts', path: '/admin/payouts', isKycGated: false, isStaffOnly: true, permission: 'payout_review' },
  { id: 'admin_otc', path: '/admin/otc', isKycGated: false, isStaffOnly: true, permission: 'otc_desk' },
  /** Card applications to approve or reject, and cardholders' KYC the processor refused. */
  {
    id: 'admin_card_applications',
    path: '/admin/card_applications',
    isKycGated: false,
    isStaffOnly: true,
    permission: 'card_review',
  },
  /** Cards at the bank: admin blocks, the fee schedule and the processor simulator. */
  { id: 'admin_cards', path: '/admin/cards', isKycGated: false, isStaffOnly: true, permission: 'card_operations' },
  /** The corporate card programme: the full contract summary table with the order figures on top. */
  { id: 'programme_contracts', path: '/programme', isKycGated: true },
  /** One contract's details and its orders; `:contractId` is the contract's opaque id. */
  { id: 'programme_contract', path: '/programme/contracts/:contractId', isKycGated: true },
  /** The order summary page: every pre-order with its status and allocation. */
  { id: 'programme_orders', path: '/programme/orders', isKycGated: true },
  /** The card issuing records: print batches and their stage. */
  { id: 'programme_issuing', path: '/programme/issuing', isKycGated: true },
  /** Programme contracts, pre-orders to decide, allocation to print batches and the printer simulator. */
  {
    id: 'admin_programme',
    path: '/admin/programme',
    isKycGated: false,
    isStaffOnly: true,
    permission: 'programme_desk',
  },
  /** The card programme's printed cards (binding) and their membership fees. */
  { id: 'programme_cards', path: '/programme/cards', isKycGated: true },
  { id: 'programme_fees', path: '/programme/fees', isKycGated: true },
];

/** Parent paths that redirect to their first child (SPEC.md section 2). */
export const redirects: Readonly<Record<string, string>> = {
  '/blockchain_d': '/blockchain_d/deposit_jmhb',
  '/blockchain_w': '/blockchain_w/transfer_p_fiat',
  '/kyc_step': '/kyc_step/kyc_step_one',
  '/affiche': '/affiche/affiche_list',
};

/**
 * Pages of SPEC.md section 2 that are another page under a second address (fiat-deposit-page.tsx,
 * fiat-withdrawal-page.tsx): the app sends them on, and the server answers their address with a
 * redirect, as it does each of `redirects`.
 */
export const pageRedirects = {
  fiat_deposit: 'fiat_deposit_request',
  fiat_withdrawal: 'new_fiat_transfer',
} as const satisfies Partial<Record<PageId, PageId>>;

/**
 * Each address the server answers with a redirect (302), and where to: `redirects` and the pages of
 * `pageRedirects`. The browser then asks for the page it lands on, and paints that page's outline
 * rather than the app drawing one page's heading and sending it on to another's.
 */
export function serverRedirects(): ReadonlyMap<string, string> {
  return new Map([
    ...Object.entries(redirects),
    ...Object.entries(pageRedirects).map(([from, to]): [string, string] => [pathOf(from as PageId), pathOf(to)]),
  ]);
}

/** Whether the page opens only once the company's KYC is approved. */
export function isKycGatedPage(id: PageId): boolean {
  return mainPages.some((page) => page.id === id && page.isKycGated);
}

export function pathOf(id: PageId): string {
  const page = mainPages.find((candidate) => candidate.id === id);
  if (!page) throw new Error(`unknown page ${id}`);
  return page.path;
}

/** The cards page with one card's panel open (`?card=<id>`): where a card's QR code leads. */
export function cardPagePath(cardId: string): string {
  return `${pathOf('cards')}?card=${encodeURIComponent(cardId)}`;
}

/**
 * The public pages the web build draws in each language (apps/web/src/prerender.tsx), by the name of
 * their files (dist/prerendered/<name>.<language>.html), which the server sends for their paths. Every
 * signed-in page is drawn too, as its outline: the signed-in shell's frame with the page's heading,
 * naming no one and showing no data, in dist/prerendered/<page id>.<language>.html, which the app
 * draws afresh (it does not take the drawing over) once it knows the visitor.
 */
export const prerenderedPages = {
  login: publicPaths.login,
  register: publicPaths.register,
} as const;

/** Every path the server answers with index.html (deep links). */
export const spaPaths: readonly string[] = [
  ...Object.values(publicPaths),
  ...mainPages.map((page) => page.path),
  ...Object.keys(redirects),
];
