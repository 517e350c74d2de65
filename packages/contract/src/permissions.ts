/**
 * The permission catalogue: what a call needs beyond a session. Each call of the contract names
 * one (calls.ts), or says it is public or needs only a session; the server checks it in one place
 * (registerCall) and the web app hides what a user may not do. Client permissions are held by a
 * company's users (the administrator holds all of them, a sub-account those of its permission
 * group); back-office permissions by the bank's staff, by role.
 */
import type { StaffRole, UserRole } from './roles.ts';

export const clientPermissions = [
  'view_balances',
  'deposit',
  'prepare_payouts',
  'approve_payouts',
  'manage_payees',
  /**
   * Card use: the cards the user holds, and nothing else (see, activate, set a PIN, block for a
   * while or for good as lost, stolen or damaged, lift their own block, read their statement).
   */
  'cards',
  /**
   * Every card of the company, as the company: top-ups from company funds, replacement, renewal and
   * auto-renewal, the mailing address, lifting the company's block, cancelling, and ordering cards
   * (applications and the cardholders' KYC).
   */
  'card_management',
  /** The card programme's contracts, orders, printed cards and membership fees (reading them). */
  'card_programme',
  /** Placing pre-orders under a contract (the company's money is held for them). */
  'programme_order',
  /** Binding printed cards to cardholders, unbinding and rebinding them. */
  'programme_bind',
  /** Paying membership fees from the corporate account, and the contract's deduction mode. */
  'programme_fees',
  'team',
  'webhooks',
  'exports',
  'company_profile',
  /** FX conversions and OTC requests for quote (accepting one moves the company's money). */
  'exchange',
  /**
   * The company's audit log (reading and downloading it): the administrator's alone, never a
   * permission group's, since it shows what every user of the company did and from where.
   */
  'company_audit_log',
] as const;

/** Client permissions only the company's administrator holds: no permission group may be given them. */
const administratorOnlyPermissions: readonly ClientPermission[] = ['company_audit_log'];

/** What a permission group may hold: every client permission but the administrator's own. */
export const groupPermissions = clientPermissions.filter(
  (permission) => !administratorOnlyPermissions.includes(permission),
) as readonly GroupPermission[];
export type GroupPermission = Exclude<ClientPermission, 'company_audit_log'>;

const staffPermissions = [
  /** The KYC review queue and decisions. */
  'kyc_review',
  /** The audit log of sensitive actions. */
  'audit_log',
  /** Helping a user who lost a factor (authenticator reset after an identity check). */
  'user_support',
  /** Deposits in flight and, outside production, the custody and bank-rail simulators' controls. */
  'deposit_operations',
  /** The ledger explorer: every account, transfer and the invariant check. */
  'ledger_explorer',
  /** Writing, publishing and unpublishing announcements to client companies. */
  'announcements',
  /** Reading client feedback and answering it. */
  'feedback',
  /** Contact requests from the product pages: a relationship manager's own companies', a system admin's all. */
  'contact_requests',
  /** Payouts in admin review: approving them to the rail or custody, or rejecting them. */
  'payout_review',
  /** OTC requests for quote: a relationship manager answers their own companies', a system admin all. */
  'otc_desk',
  /** Card applications (approve, reject with a reason) and cardholder KYC the processor refused. */
  'card_review',
  /** Cards at the bank: admin blocks, the fee schedule per level and, outside production, the card processor simulator's controls. */
  'card_operations',
  /** Card programme contracts, the decision on pre-orders, allocation to print batches and, outside production, the printer simulator. */
  'programme_desk',
] as const;

export const permissions = [...clientPermissions, ...staffPermissions] as const;
export type ClientPermission = (typeof clientPermissions)[number];
export type StaffPermission = (typeof staffPermissions)[number];
export type Permission = (typeof permissions)[number];

/** What a call requires: a permission of the catalogue, a session only, or nothing (public). */
export type CallPermission = Permission | 'session' | 'public';

export function isStaffPermission(permission: Permission): permission is StaffPermission {
  return (staffPermissions as readonly string[]).includes(permission);
}

const permissionsOfStaffRole: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  system_admin: [
    'kyc_review',
    'audit_log',
    'user_support',
    'deposit_operations',
    'ledger_explorer',
    'announcements',
    'feedback',
    'contact_requests',
    'payout_review',
    'otc_desk',
    'card_review',
    'card_operations',
    'programme_desk',
  ],
  // Compliance reviews what the bank tells clients (audit log) but does not publish it: who speaks
  // to every client is kept to system admins, so that a compromised reviewer cannot phish them all.
  // Feedback is a complaint channel as well, which compliance keeps an eye on and answers.
  compliance_officer: ['kyc_review', 'audit_log', 'user_support', 'feedback', 'payout_review', 'card_review'],
  sales_relationship_manager: ['audit_log', 'contact_requests', 'otc_desk'],
};

/**
 * What a user holds, the one rule of it: the bank's staff by their role; a company's administrator
 * (who registered it) every client permission; any other company user (a sub-account) exactly the
 * client permissions of their permission group (card management bringing card use with it), none
 * without one.
 */
export function permissionsOf(user: {
  role: UserRole;
  group_permissions?: readonly string[] | null;
}): readonly Permission[] {
  const { role } = user;
  if (Object.hasOwn(permissionsOfStaffRole, role)) return permissionsOfStaffRole[role as StaffRole];
  if (role === 'administrator') return clientPermissions;
  const held = new Set(user.group_permissions ?? []);
  // Managing every card of the company includes using one's own.
  if (held.has('card_management')) held.add('cards');
  return groupPermissions.filter((permission) => held.has(permission));
}

/** Whether a user's list of held permissions (permissionsOf, or UserInfo's `permissions`) has one. */
export function holdsPermission(held: readonly Permission[], permission: Permission): boolean {
  return held.includes(permission);
}

/**
 * Whose cards a user acts on, the one rule of it (the server reads it for every card call): with
 * card management every card of the company, as the company; with card use only the cards they hold,
 * as their holder; without either, none.
 */
export type CardScope = 'company' | 'own' | 'none';

export function cardScopeOf(held: readonly Permission[]): CardScope {
  if (holdsPermission(held, 'card_management')) return 'company';
  return holdsPermission(held, 'cards') ? 'own' : 'none';
}
