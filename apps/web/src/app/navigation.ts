/**
 * The sidebar, grouped as a corporate banking user expects. Each item opens one page of the
 * contract's route table and stays highlighted on the pages under it. Staff-only pages never appear
 * here (they belong to the back office).
 */
import { mainPages, type PageId, pathOf } from '@bank/contract/routes';
import type { shell } from '@bank/i18n/locales/en/shell';
import {
  type Icon,
  IconArrowBarToDown,
  IconArrowBarUp,
  IconArrowDownToArc,
  IconArrowsExchange,
  IconArrowUpRight,
  IconBriefcase,
  IconCalendarRepeat,
  IconChartCandle,
  IconChartPie,
  IconCreditCard,
  IconDiamond,
  IconHistory,
  IconHome,
  IconIdBadge2,
  IconReceipt,
  IconReceipt2,
  IconShieldCheck,
  IconSpeakerphone,
  IconUserCircle,
} from '@tabler/icons-react';

type NavigationItemKey = keyof typeof shell.navigation.items;
type NavigationGroupKey = keyof typeof shell.navigation.groups;

export type NavigationItem = {
  key: NavigationItemKey;
  page: PageId;
  icon: Icon;
  /** Path prefixes (besides the page's own path) under which the item shows as current. */
  sections?: readonly string[];
};

export type NavigationGroup = { key: NavigationGroupKey; items: readonly NavigationItem[] };

const groups: readonly NavigationGroup[] = [
  {
    key: 'overview',
    items: [
      { key: 'home', page: 'home', icon: IconHome },
      { key: 'transactions', page: 'transactions', icon: IconReceipt, sections: ['/my_transaction_info'] },
    ],
  },
  {
    key: 'money',
    items: [
      { key: 'deposit', page: 'crypto_deposit', icon: IconArrowDownToArc, sections: ['/blockchain_d'] },
      { key: 'transfer', page: 'fiat_transfer', icon: IconArrowUpRight, sections: ['/blockchain_w'] },
      { key: 'fiat_deposit', page: 'fiat_deposit', icon: IconArrowBarToDown },
      { key: 'fiat_withdrawal', page: 'fiat_withdrawal', icon: IconArrowBarUp },
      { key: 'fx', page: 'fx', icon: IconArrowsExchange },
      { key: 'otc', page: 'otc', icon: IconChartCandle },
    ],
  },
  {
    key: 'cards',
    items: [
      { key: 'cards', page: 'cards', icon: IconCreditCard },
      { key: 'top_up_history', page: 'top_up_history', icon: IconHistory },
      { key: 'card_transactions', page: 'card_transactions', icon: IconReceipt2 },
      { key: 'renewals', page: 'renewals', icon: IconCalendarRepeat },
      { key: 'card_applications', page: 'cardholder_kyc', icon: IconIdBadge2, sections: ['/kyc_apply_card_input'] },
    ],
  },
  {
    key: 'company',
    items: [
      { key: 'kyc', page: 'kyc', icon: IconShieldCheck, sections: ['/kyc_step'] },
      { key: 'account', page: 'account', icon: IconUserCircle },
    ],
  },
  {
    key: 'products',
    items: [
      { key: 'private_banking', page: 'private_banking', icon: IconDiamond },
      { key: 'structured_products', page: 'structured_products', icon: IconChartPie },
      { key: 'investment_banking', page: 'investment_banking', icon: IconBriefcase },
    ],
  },
  {
    key: 'announcements',
    items: [{ key: 'announcements', page: 'announcements', icon: IconSpeakerphone, sections: ['/affiche'] }],
  },
];

const staffOnlyPages: ReadonlySet<PageId> = new Set(
  mainPages.filter((page) => page.isStaffOnly).map((page) => page.id),
);

/** The client's navigation: every group, without staff-only pages and without groups left empty. */
export const clientNavigation: readonly NavigationGroup[] = groups
  .map((group) => ({ ...group, items: group.items.filter((item) => !staffOnlyPages.has(item.page)) }))
  .filter((group) => group.items.length > 0);

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Whether an item is the current one for a location (its page, or a page under one of its sections). */
export function isCurrentItem(item: NavigationItem, pathname: string): boolean {
  const path = pathOf(item.page);
  if (path === '/') return pathname === '/';
  return isUnder(pathname, path) || (item.sections ?? []).some((section) => isUnder(pathname, section));
}
