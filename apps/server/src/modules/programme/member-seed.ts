/**
 * The demo company's staff member for programme cards: Sky Tanaka, a sub-account of the approved
 * demo company (kyc-approved@demo.bank) in a "Cardholders" permission group (cards only), enrolled
 * at the card processor as a staff cardholder for a programme card (no card of their own) with the
 * processor's KYC approved. The administrator binds a printed card to them; they sign in and
 * activate it. Runs once (the cardholder's username marks it).
 */

import type { GroupPermission } from '@bank/contract/permissions';
import { and, eq } from 'drizzle-orm';
import type { ProcessorCardholder } from '../../adapters/card-processor/card-processor.ts';
import type { DemoAccount, DemoSeeder } from '../../platform/module.ts';
import { demoCompanyOf, ensurePermissionGroup, ensureUser, users } from '../account/index.ts';
import { applyProcessorNotifications, cardholders, enrolCardholder } from '../cards/index.ts';

const demoCompanyAdministrator = 'kyc-approved@demo.bank';

const programmeStaffMember = {
  email: 'sky.tanaka@demo.bank',
  password: 'Demo-Cardholder#2026',
  fullName: 'Sky Tanaka',
} as const;

const cardholdersGroup: { name: string; description: string; permissions: GroupPermission[] } = {
  name: 'Cardholders',
  description: 'Staff who hold a company card: they activate it, set its PIN and follow it.',
  permissions: ['cards'],
};

const skyTanaka: ProcessorCardholder = {
  title: 'Mx',
  first_name: 'Sky',
  last_name: 'Tanaka',
  username: 'sky_tanaka_demo',
  email: programmeStaffMember.email,
  mobile: '+6598765432',
  date_of_birth: '1992-09-03',
  residence_address: {
    line1: '12 Tanjong Pagar Road',
    line2: '#05-02',
    city: 'Singapore',
    state: 'Singapore',
    country: 'SG',
    postal_code: '088443',
  },
  id_type: 'passport',
  id_number: 'K7654321M',
  id_issuing_country: 'SG',
  id_issue_date: '2022-01-17',
  id_expiry_date: '2032-01-16',
  proof_of_address_type: 'utility_bill',
  proof_of_address_issue_date: '2026-10-15',
};

const account: DemoAccount = {
  email: programmeStaffMember.email,
  password: programmeStaffMember.password,
  role: 'staff_member',
  note: 'sub-account of Meridian Treasury Services Ltd in "Cardholders"; enrolled for a programme card; pairs an authenticator at first sign-in',
};

export const programmeMemberDemoSeeder: DemoSeeder = {
  name: 'programme_member',
  async seed({ db, now, config, providers }) {
    // Enrolled at the app's processor simulator: none without the configuration, in production or beside a real processor.
    const simulator = providers?.simulators.cardProcessor;
    if (!config || config.nodeEnv === 'production' || !simulator) return [];
    const demo = await demoCompanyOf(db, demoCompanyAdministrator);
    if (!demo) return [];
    const { companyId } = demo;
    const groupId = await ensurePermissionGroup(db, companyId, cardholdersGroup, now);
    const userId = await ensureUser(db, { ...programmeStaffMember, role: 'staff_member', companyId }, now);
    await db
      .update(users)
      .set({ permission_group_id: groupId, team_description: 'Operations staff; holds a programme card' })
      .where(eq(users.id, userId));

    const [enrolled] = await db
      .select({ id: cardholders.id })
      .from(cardholders)
      .where(and(eq(cardholders.company_id, companyId), eq(cardholders.username, skyTanaka.username)))
      .limit(1);
    if (enrolled) return [account];
    const enrolledAt = new Date(now.getTime() - 10 * 60_000);
    await db.transaction((tx) =>
      enrolCardholder(
        tx,
        simulator,
        { companyId, applicationId: null, cardholder: skyTanaka, applicantType: 'staff' },
        enrolledAt,
      ),
    );
    // The processor decides the KYC a step after enrolment; its answer is applied at once.
    await db.transaction((tx) => simulator.advance(tx, now));
    await applyProcessorNotifications(db, simulator, now);
    return [account];
  },
};
