/**
 * Demo team: in the approved demo company (kyc-approved@demo.bank), two permission groups
 * ("Payments preparers", "Payment approvers") and a sub-account in the first, who pairs an
 * authenticator at the first sign-in. Runs once: a group of that name is not added twice.
 */
import type { ClientPermission } from '@bank/contract/permissions';
import { eq } from 'drizzle-orm';
import type { DemoSeeder } from '../../platform/module.ts';
import { demoCompanyOf, ensurePermissionGroup, ensureUser, users } from '../account/index.ts';

const demoCompanyAdministrator = 'kyc-approved@demo.bank';

export const teamDemoAccounts = {
  preparer: { email: 'preparer@demo.bank', password: 'Demo-Preparer#2026', fullName: 'Pat Preparer' },
} as const;

const demoGroups: { name: string; description: string; permissions: ClientPermission[] }[] = [
  {
    name: 'Payments preparers',
    description: 'Prepare payouts and read the history; others approve them.',
    permissions: ['view_balances', 'prepare_payouts', 'exports'],
  },
  {
    name: 'Payment approvers',
    description: 'Approve payouts prepared by colleagues.',
    permissions: ['view_balances', 'approve_payouts'],
  },
];

export const teamDemoSeeder: DemoSeeder = {
  name: 'team',
  async seed({ db, now }) {
    const demo = await demoCompanyOf(db, demoCompanyAdministrator);
    if (!demo) return [];
    const { companyId } = demo;
    const groupIds: string[] = [];
    for (const group of demoGroups) groupIds.push(await ensurePermissionGroup(db, companyId, group, now));
    const { preparer } = teamDemoAccounts;
    const userId = await ensureUser(db, { ...preparer, role: 'staff_member', companyId }, now);
    await db
      .update(users)
      .set({ permission_group_id: groupIds[0], team_description: 'Prepares supplier payments' })
      .where(eq(users.id, userId));
    return [
      {
        email: preparer.email,
        password: preparer.password,
        role: 'staff_member',
        note: 'sub-account of Meridian Treasury Services Ltd in "Payments preparers"; pairs an authenticator at first sign-in',
      },
    ];
  },
};
