import { clientPermissions, permissionsOf } from '@bank/contract/permissions';
import type { StaffRole } from '@bank/contract/roles';
import { mainPages, pathOf } from '@bank/contract/routes';
import { describe, expect, it } from 'vitest';
import {
  clientNavigation,
  isCurrentItem,
  mayOpenPage,
  navigationFor,
  pathOfItem,
  staffNavigation,
} from './navigation.ts';

const itemsOf = (navigation: typeof clientNavigation) => navigation.flatMap((group) => group.items);
const staffPermissionsOf = (role: StaffRole) => permissionsOf({ role });

describe('the menu leads to pages, never to a redirect', () => {
  it('no client item opens a page that only redirects (fiat_deposit, fiat_withdrawal)', () => {
    const paths = itemsOf(clientNavigation).map(pathOfItem);
    expect(paths).not.toContain(pathOf('fiat_deposit'));
    expect(paths).not.toContain(pathOf('fiat_withdrawal'));
    expect(paths).toContain(pathOf('fiat_deposit_request'));
    expect(paths).toContain(pathOf('new_fiat_transfer'));
  });

  it.each([
    ['crypto_deposit', 'crypto_deposit'],
    ['fiat_deposit_request', 'fiat_deposit'],
    ['bank_details', 'fiat_deposit'],
    ['new_fiat_transfer', 'fiat_withdrawal'],
    ['new_fiat_transfer_confirm', 'fiat_withdrawal'],
    ['fiat_transfer', 'transfer'],
  ] as const)('on %s exactly one item is current: %s', (page, key) => {
    const current = itemsOf(clientNavigation).filter((item) => isCurrentItem(item, pathOf(page)));
    expect(current.map((item) => item.key)).toEqual([key]);
  });
});

describe('the back office shows a staff member only the queues their role opens', () => {
  it('a relationship manager sees the OTC desk and contact requests, not KYC review, deposits or payouts', () => {
    const keys = itemsOf(navigationFor(staffNavigation, staffPermissionsOf('sales_relationship_manager'))).map(
      (item) => item.key,
    );
    expect(keys).toEqual(expect.arrayContaining(['overview', 'otc_desk', 'contact_requests', 'audit_log']));
    for (const hidden of ['kyc_review', 'deposit_operations', 'payout_review', 'card_operations', 'ledger_explorer']) {
      expect(keys).not.toContain(hidden);
    }
  });

  it('each back-office item needs exactly the permission of the page it opens', () => {
    for (const item of itemsOf(staffNavigation)) {
      const page = mainPages.find((candidate) => candidate.path === pathOfItem(item));
      expect(page, item.key).toBeDefined();
      expect(item.permission, item.key).toBe(page?.permission);
    }
  });

  it('a page without its permission does not open (the gate shows "no permission"); with it, it does', () => {
    const kycQueue = mainPages.find((page) => page.id === 'admin_kyc');
    if (!kycQueue) throw new Error('admin_kyc missing');
    expect(mayOpenPage(kycQueue, staffPermissionsOf('sales_relationship_manager'))).toBe(false);
    expect(mayOpenPage(kycQueue, staffPermissionsOf('compliance_officer'))).toBe(true);
  });

  it('every back-office page but the overview names a permission', () => {
    const unnamed = mainPages.filter((page) => page.isStaffOnly && !page.permission).map((page) => page.id);
    expect(unnamed).toEqual(['admin_home']);
  });

  it('clients never see a staff page, whatever they hold', () => {
    const paths = itemsOf(navigationFor(clientNavigation, clientPermissions)).map(pathOfItem);
    expect(paths.filter((path) => path.startsWith('/admin'))).toEqual([]);
  });
});
