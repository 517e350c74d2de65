/**
 * Demo team: in the approved demo company (kyc-approved@demo.bank), two permission groups
 * ("Payments preparers", "Payment approvers"), a sub-account in each, who pairs an authenticator at
 * the first sign-in: the approver decides the administrator's payouts above the threshold, which
 * nobody else could. Runs once: a group or user of that name is not added twice.
 */
import type { GroupPermission } from '@bank/contract/permissions';
import { eq } from 'drizzle-orm';
import type { DemoSeeder } from '../../platform/module.ts';
import { demoCompanyOf, ensurePermissionGroup, ensureUser, users } from '../account/index.ts';

const demoCompanyAdministrator = 'kyc-approved@demo.bank';

const teamDemoAccounts = {
  preparer: { email: 'preparer@demo.bank', password: 'Demo-Preparer#2026', fullName: 'Pat Preparer' },
  approver: { email: 'approver@demo.bank', password: 'Demo-Approver#2026', fullName: 'Alex Approver' },
} as const;

const demoGroups: { name: string; description: string; permissions: GroupPermission[] }[] = [
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
    const { preparer, approver } = teamDemoAccounts;
    // A director of the company: who may sponsor a staff member's card application.
    const userId = await ensureUser(db, { ...preparer, role: 'director', companyId }, now);
    await db
      .update(users)
      .set({ permission_group_id: groupIds[0], team_description: 'Prepares supplier payments' })
      .where(eq(users.id, userId));
    const approverId = await ensureUser(db, { ...approver, role: 'staff_member', companyId }, now);
    await db
      .update(users)
      .set({ permission_group_id: groupIds[1], team_description: 'Approves payouts prepared by colleagues' })
      .where(eq(users.id, approverId));
    return [
      {
        email: approver.email,
        password: approver.password,
        role: 'staff_member',
        note: 'sub-account of Meridian Treasury Services Ltd in "Payment approvers": approves the payouts of kyc-approved@demo.bank and of the preparer above the threshold; pairs an authenticator at first sign-in',
      },
      {
        email: preparer.email,
        password: preparer.password,
        role: 'director',
        note: 'sub-account and director of Meridian Treasury Services Ltd in "Payments preparers" (sponsors staff card applications); pairs an authenticator at first sign-in',
      },
    ];
  },
};
