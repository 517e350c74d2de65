/**
 * The sidebar, grouped as a corporate banking user expects. Each item opens one page of the
 * contract's route table and stays highlighted on the pages under it. Clients never see a staff-only
 * page; the bank's staff get the back office's own navigation instead of the client's.
 */
import { type ClientPermission, holdsPermission, type Permission } from '@bank/contract/permissions';
import { type MainPage, mainPages, type PageId, pathOf } from '@bank/contract/routes';
import type { admin } from '@bank/i18n/locales/en/admin';
import type { payouts } from '@bank/i18n/locales/en/payouts';
import type { shellSignedIn } from '@bank/i18n/locales/en/shell-signed-in';
import {
  type Icon,
  IconAddressBook,
  IconArrowBarToDown,
  IconArrowBarUp,
  IconArrowDownToArc,
  IconArrowsExchange,
  IconArrowUpRight,
  IconBellRinging,
  IconBook2,
  IconBriefcase,
  IconBuildingBank,
  IconCalendarRepeat,
  IconCards,
  IconChartCandle,
  IconChartPie,
  IconChecklist,
  IconChecks,
  IconCreditCard,
  IconDiamond,
  IconFileSearch,
  IconFileSpreadsheet,
  IconHistory,
  IconHome,
  IconIdBadge2,
  IconLayoutDashboard,
  IconMessageCircle,
  IconPhoneCall,
  IconReceipt,
  IconReceipt2,
  IconReceiptTax,
  IconSend,
  IconShieldCheck,
  IconSpeakerphone,
  IconStack2,
  IconUserCircle,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';

type ClientItemKey = keyof typeof shellSignedIn.navigation.items;
type ClientGroupKey = keyof typeof shellSignedIn.navigation.groups;
type StaffItemKey = keyof typeof admin.navigation.items;
type StaffGroupKey = keyof typeof admin.navigation.groups;
/** The payout pages' items, named in the payouts' own namespace. */
type PayoutItemKey = keyof typeof payouts.navigation;

export type NavigationItem = {
  key: string;
  label:
    | `shell.navigation.items.${ClientItemKey}`
    | `admin.navigation.items.${StaffItemKey}`
    | `payouts.navigation.${PayoutItemKey}`;
  /** The page it opens: a page of the contract's route table, or a path of the web app's own. */
  page: PageId | { path: string };
  icon: Icon;
  /** Path prefixes (besides the page's own path) under which the item shows as current. */
  sections?: readonly string[];
  /** The item shows only to a user who holds this permission (a staff role's, or a client's group's). */
  permission?: Permission;
};

export type NavigationGroup = {
  key: string;
  label: `shell.navigation.groups.${ClientGroupKey}` | `admin.navigation.groups.${StaffGroupKey}`;
  items: readonly NavigationItem[];
};

function clientItem(
  key: ClientItemKey,
  page: PageId,
  icon: Icon,
  options: { sections?: readonly string[]; permission?: ClientPermission } = {},
): NavigationItem {
  return { key, label: `shell.navigation.items.${key}`, page, icon, ...options };
}

function payoutItem(
  key: PayoutItemKey,
  page: PageId,
  icon: Icon,
  options: { sections?: readonly string[]; permission?: Permission } = {},
): NavigationItem {
  return { key, label: `payouts.navigation.${key}`, page, icon, ...options };
}

/**
 * The payout pages an item of "Transfer & payout" stands for (payees, addresses, approvals have their
 * own, and a new fiat payout is "Fiat withdrawal").
 */
const transferSections = [
  '/blockchain_w/transfer_p_jmhb',
  '/blockchain_w/new_digital_asset',
  '/blockchain_w/new_digital_asset2',
  '/blockchain_w/fiat_t_h_info',
  '/blockchain_w/digital_t_h_info',
] as const;

function clientGroup(key: ClientGroupKey, items: readonly NavigationItem[]): NavigationGroup {
  return { key, label: `shell.navigation.groups.${key}`, items };
}

const groups: readonly NavigationGroup[] = [
  clientGroup('overview', [
    clientItem('home', 'home', IconHome),
    clientItem('transactions', 'transactions', IconReceipt, {
      sections: ['/my_transaction_info'],
      permission: 'view_balances',
    }),
  ]),
  clientGroup('money', [
    // Each deposit item opens its own page (SPEC.md's fiat_deposit and fiat_withdrawal paths only
    // redirect, so the menu links to the pages they lead to and each item is current on its pages).
    clientItem('crypto_deposit', 'crypto_deposit', IconArrowDownToArc, {
      sections: ['/blockchain_d/transaction_h_info'],
      permission: 'deposit',
    }),
    clientItem('fiat_deposit', 'fiat_deposit_request', IconArrowBarToDown, {
      sections: ['/blockchain_d/bank_details'],
      permission: 'deposit',
    }),
    clientItem('transfer', 'fiat_transfer', IconArrowUpRight, {
      sections: transferSections,
      permission: 'prepare_payouts',
    }),
    clientItem('fiat_withdrawal', 'new_fiat_transfer', IconArrowBarUp, {
      sections: ['/blockchain_w/new_fiat2'],
      permission: 'prepare_payouts',
    }),
    // Payees and addresses are read by those who prepare payouts; changing them needs manage_payees
    // (the pages offer the changes only to its holders).
    payoutItem('payees', 'payees', IconBuildingBank, { permission: 'prepare_payouts' }),
    payoutItem('address_book', 'address_book', IconAddressBook, { permission: 'prepare_payouts' }),
    payoutItem('batches', 'payout_batches', IconFileSpreadsheet, { permission: 'prepare_payouts' }),
    payoutItem('approvals', 'payout_approvals', IconChecks, { permission: 'approve_payouts' }),
    clientItem('fx', 'fx', IconArrowsExchange, { permission: 'exchange' }),
    clientItem('otc', 'otc', IconChartCandle, { permission: 'exchange' }),
  ]),
  clientGroup('cards', [
    clientItem('cards', 'cards', IconCreditCard, { permission: 'cards' }),
    clientItem('top_up_history', 'top_up_history', IconHistory, { permission: 'cards' }),
    clientItem('card_transactions', 'card_transactions', IconReceipt2, { permission: 'cards' }),
    clientItem('renewals', 'renewals', IconCalendarRepeat, { permission: 'card_management' }),
    clientItem('card_applications', 'cardholder_kyc', IconIdBadge2, {
      sections: ['/kyc_apply_card_input'],
      permission: 'card_management',
    }),
  ]),
  clientGroup('programme', [
    // The contracts page carries the order summary and the issuing records as its tabs.
    clientItem('card_programme', 'programme_contracts', IconStack2, {
      sections: ['/programme/contracts', '/programme/orders', '/programme/issuing'],
      permission: 'card_programme',
    }),
    clientItem('programme_cards', 'programme_cards', IconCards, { permission: 'card_programme' }),
    clientItem('programme_fees', 'programme_fees', IconReceiptTax, { permission: 'card_programme' }),
  ]),
  clientGroup('company', [
    clientItem('kyc', 'kyc', IconShieldCheck, { sections: ['/kyc_step'], permission: 'company_profile' }),
    clientItem('team', 'team', IconUsersGroup, { permission: 'team' }),
    clientItem('account', 'account', IconUserCircle),
    clientItem('alerts', 'alerts', IconBellRinging),
    clientItem('webhooks', 'webhook_settings', IconWebhook, { permission: 'webhooks' }),
    clientItem('audit_log', 'audit_log', IconFileSearch, { permission: 'company_audit_log' }),
  ]),
  clientGroup('products', [
    clientItem('private_banking', 'private_banking', IconDiamond),
    clientItem('structured_products', 'structured_products', IconChartPie),
    clientItem('investment_banking', 'investment_banking', IconBriefcase),
  ]),
  clientGroup('announcements', [
    clientItem('announcements', 'announcements', IconSpeakerphone, { sections: ['/affiche'] }),
  ]),
];

/**
 * A back-office item shows to those who may open its page: the permission is the page's (contract
 * routes.ts). The payout review is named in the payouts' own namespace.
 */
function staffItem(key: StaffItemKey | 'payout_review', page: PageId, icon: Icon): NavigationItem {
  const permission = pageOfId(page).permission;
  const label: NavigationItem['label'] =
    key === 'payout_review' ? 'payouts.navigation.payout_review' : `admin.navigation.items.${key}`;
  return { key, label, page, icon, ...(permission ? { permission } : {}) };
}

/** What the bank's staff see: the back office, and their own account. */
export const staffNavigation: readonly NavigationGroup[] = [
  {
    key: 'back_office',
    label: 'admin.navigation.groups.back_office',
    items: [
      staffItem('overview', 'admin_home', IconLayoutDashboard),
      staffItem('kyc_review', 'admin_kyc', IconChecklist),
      staffItem('deposit_operations', 'admin_deposits', IconBuildingBank),
      staffItem('payout_review', 'admin_payouts', IconSend),
      staffItem('card_review', 'admin_card_applications', IconIdBadge2),
      staffItem('card_operations', 'admin_cards', IconCreditCard),
      staffItem('card_programme', 'admin_programme', IconStack2),
      staffItem('ledger_explorer', 'admin_ledger', IconBook2),
      staffItem('audit_log', 'admin_audit', IconFileSearch),
      staffItem('announcements', 'announcements_admin', IconSpeakerphone),
      staffItem('feedback', 'admin_feedback', IconMessageCircle),
      staffItem('contact_requests', 'admin_contact_requests', IconPhoneCall),
      staffItem('otc_desk', 'admin_otc', IconChartCandle),
    ],
  },
  {
    key: 'personal',
    label: 'admin.navigation.groups.personal',
    items: [staffItem('account', 'account', IconUserCircle)],
  },
];

/**
 * The navigation as one user sees it: items whose permission they do not hold are left out (the
 * server refuses those calls anyway). Until the user's permissions are known (the first getUserInfo),
 * only items that need no permission are shown, rather than links that may not open.
 */
export function navigationFor(
  navigation: readonly NavigationGroup[],
  permissions: readonly Permission[] | undefined,
): readonly NavigationGroup[] {
  return navigation
    .map((group) => ({
      ...group,
      items: group.items.filter(
        (item) => !item.permission || (permissions !== undefined && holdsPermission(permissions, item.permission)),
      ),
    }))
    .filter((group) => group.items.length > 0);
}

function pageOfId(id: PageId): MainPage {
  const page = mainPages.find((candidate) => candidate.id === id);
  if (!page) throw new Error(`No page ${id} in the contract's route table`);
  return page;
}

/**
 * Whether a user may open a page: a back-office page needs its permission (contract routes.ts); the
 * staff gate shows "no permission" in its place rather than a page whose every call is refused.
 */
export function mayOpenPage(page: MainPage, permissions: readonly Permission[]): boolean {
  return !page.permission || holdsPermission(permissions, page.permission);
}

const staffOnlyPages: ReadonlySet<PageId> = new Set(
  mainPages.filter((page) => page.isStaffOnly).map((page) => page.id),
);

/** The client's navigation: every group, without staff-only pages and without groups left empty. */
export const clientNavigation: readonly NavigationGroup[] = groups
  .map((group) => ({
    ...group,
    items: group.items.filter((item) => typeof item.page !== 'string' || !staffOnlyPages.has(item.page)),
  }))
  .filter((group) => group.items.length > 0);

export function pathOfItem(item: NavigationItem): string {
  return typeof item.page === 'string' ? pathOf(item.page) : item.page.path;
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Whether an item is the current one for a location (its page, or a page under one of its sections). */
export function isCurrentItem(item: NavigationItem, pathname: string): boolean {
  const path = pathOfItem(item);
  // Home pages are current only on themselves, not on every page under them.
  if (path === '/' || path === pathOf('admin_home')) return pathname === path;
  return isUnder(pathname, path) || (item.sections ?? []).some((section) => isUnder(pathname, section));
}
