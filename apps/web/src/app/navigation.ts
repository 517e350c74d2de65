/**
 * The sidebar, grouped as a corporate banking user expects. Each item opens one page of the
 * contract's route table and stays highlighted on the pages under it. Clients never see a staff-only
 * page; the bank's staff get the back office's own navigation instead of the client's.
 */
import { holdsPermission, type StaffPermission } from '@bank/contract/permissions';
import type { UserRole } from '@bank/contract/roles';
import { mainPages, type PageId, pathOf } from '@bank/contract/routes';
import type { admin } from '@bank/i18n/locales/en/admin';
import type { shellSignedIn } from '@bank/i18n/locales/en/shell-signed-in';
import {
  type Icon,
  IconArrowBarToDown,
  IconArrowBarUp,
  IconArrowDownToArc,
  IconArrowsExchange,
  IconArrowUpRight,
  IconBook2,
  IconBriefcase,
  IconBuildingBank,
  IconCalendarRepeat,
  IconChartCandle,
  IconChartPie,
  IconChecklist,
  IconCreditCard,
  IconDiamond,
  IconFileSearch,
  IconHistory,
  IconHome,
  IconIdBadge2,
  IconLayoutDashboard,
  IconMessageCircle,
  IconPhoneCall,
  IconReceipt,
  IconReceipt2,
  IconShieldCheck,
  IconSpeakerphone,
  IconUserCircle,
} from '@tabler/icons-react';

type ClientItemKey = keyof typeof shellSignedIn.navigation.items;
type ClientGroupKey = keyof typeof shellSignedIn.navigation.groups;
type StaffItemKey = keyof typeof admin.navigation.items;
type StaffGroupKey = keyof typeof admin.navigation.groups;

export type NavigationItem = {
  key: string;
  label: `shell.navigation.items.${ClientItemKey}` | `admin.navigation.items.${StaffItemKey}`;
  /** The page it opens: a page of the contract's route table, or a path of the web app's own. */
  page: PageId | { path: string };
  icon: Icon;
  /** Path prefixes (besides the page's own path) under which the item shows as current. */
  sections?: readonly string[];
  /** A back-office item shows only to staff whose role holds this permission. */
  permission?: StaffPermission;
};

export type NavigationGroup = {
  key: string;
  label: `shell.navigation.groups.${ClientGroupKey}` | `admin.navigation.groups.${StaffGroupKey}`;
  items: readonly NavigationItem[];
};

function clientItem(key: ClientItemKey, page: PageId, icon: Icon, sections?: readonly string[]): NavigationItem {
  return { key, label: `shell.navigation.items.${key}`, page, icon, ...(sections ? { sections } : {}) };
}

function clientGroup(key: ClientGroupKey, items: readonly NavigationItem[]): NavigationGroup {
  return { key, label: `shell.navigation.groups.${key}`, items };
}

const groups: readonly NavigationGroup[] = [
  clientGroup('overview', [
    clientItem('home', 'home', IconHome),
    clientItem('transactions', 'transactions', IconReceipt, ['/my_transaction_info']),
  ]),
  clientGroup('money', [
    clientItem('deposit', 'crypto_deposit', IconArrowDownToArc, ['/blockchain_d']),
    clientItem('transfer', 'fiat_transfer', IconArrowUpRight, ['/blockchain_w']),
    clientItem('fiat_deposit', 'fiat_deposit', IconArrowBarToDown),
    clientItem('fiat_withdrawal', 'fiat_withdrawal', IconArrowBarUp),
    clientItem('fx', 'fx', IconArrowsExchange),
    clientItem('otc', 'otc', IconChartCandle),
  ]),
  clientGroup('cards', [
    clientItem('cards', 'cards', IconCreditCard),
    clientItem('top_up_history', 'top_up_history', IconHistory),
    clientItem('card_transactions', 'card_transactions', IconReceipt2),
    clientItem('renewals', 'renewals', IconCalendarRepeat),
    clientItem('card_applications', 'cardholder_kyc', IconIdBadge2, ['/kyc_apply_card_input']),
  ]),
  clientGroup('company', [
    clientItem('kyc', 'kyc', IconShieldCheck, ['/kyc_step']),
    clientItem('account', 'account', IconUserCircle),
  ]),
  clientGroup('products', [
    clientItem('private_banking', 'private_banking', IconDiamond),
    clientItem('structured_products', 'structured_products', IconChartPie),
    clientItem('investment_banking', 'investment_banking', IconBriefcase),
  ]),
  clientGroup('announcements', [clientItem('announcements', 'announcements', IconSpeakerphone, ['/affiche'])]),
];

function staffItem(
  key: StaffItemKey,
  page: NavigationItem['page'],
  icon: Icon,
  permission?: StaffPermission,
): NavigationItem {
  return { key, label: `admin.navigation.items.${key}`, page, icon, ...(permission ? { permission } : {}) };
}

/** What the bank's staff see: the back office, and their own account. */
export const staffNavigation: readonly NavigationGroup[] = [
  {
    key: 'back_office',
    label: 'admin.navigation.groups.back_office',
    items: [
      staffItem('overview', 'admin_home', IconLayoutDashboard),
      staffItem('kyc_review', 'admin_kyc', IconChecklist, 'kyc_review'),
      staffItem('deposit_operations', 'admin_deposits', IconBuildingBank, 'deposit_operations'),
      staffItem('ledger_explorer', 'admin_ledger', IconBook2, 'ledger_explorer'),
      staffItem('audit_log', { path: pathOf('admin_audit') }, IconFileSearch, 'audit_log'),
      staffItem('announcements', 'announcements_admin', IconSpeakerphone),
      staffItem('feedback', 'admin_feedback', IconMessageCircle, 'feedback'),
      staffItem('contact_requests', 'admin_contact_requests', IconPhoneCall, 'contact_requests'),
    ],
  },
  {
    key: 'personal',
    label: 'admin.navigation.groups.personal',
    items: [staffItem('account', 'account', IconUserCircle)],
  },
];

/**
 * The back office as one staff member sees it: items whose permission their role does not hold are
 * left out (the server refuses those calls anyway). Until the user's role is known (the first
 * getUserInfo), only items that need no permission are shown, rather than links that may not open.
 */
export function staffNavigationOf(role: UserRole | undefined): readonly NavigationGroup[] {
  return staffNavigation.map((group) => ({
    ...group,
    items: group.items.filter(
      (item) => !item.permission || (role !== undefined && holdsPermission(role, item.permission)),
    ),
  }));
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
