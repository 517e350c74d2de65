/**
 * Demo data, so that a newcomer can sign in a minute after `npm start`: a client company with its
 * administrator, and one account per staff role. Idempotent: what exists is left as it is (a changed
 * password stays changed), so a second start creates nothing.
 *
 * Extension point: a capability adds a DemoSeeder (platform/module.ts) to `demoSeeders` in modules/index.ts; it may use
 * `ensureUser` and `ensureCompanyAdministrator` (KYC adds a company in each KYC state this way).
 */
import type { UserRole } from '@bank/contract/account';
import type { Language } from '@bank/contract/constants';
import type { GroupPermission } from '@bank/contract/permissions';
import type { AccountKycStatus } from '@bank/contract/states';
import { and, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { findUserByEmail, insertCompany, insertUser } from './queries.ts';
import { hashPassword } from './registration/passwords.ts';
import { permissionGroups, users } from './tables.ts';

export type DemoUser = {
  email: string;
  password: string;
  fullName: string;
  role: UserRole;
  phoneCountry?: string;
  phone?: string;
  language?: Language;
  companyId?: string | null;
  referralCode?: string | null;
};

/** Creates the user unless the address exists; answers the user's id either way. */
export async function ensureUser(handle: DbHandle, user: DemoUser, now: Date): Promise<string> {
  const existing = await findUserByEmail(handle, user.email);
  if (existing) return existing.id;
  return insertUser(handle, {
    email: user.email,
    fullName: user.fullName,
    phoneCountry: user.phoneCountry ?? 'GB',
    phone: user.phone ?? '+44 20 7946 0000',
    passwordHash: await hashPassword(user.password),
    role: user.role,
    language: user.language ?? 'en',
    companyId: user.companyId ?? null,
    termsAcceptedAt: now,
    referralCode: user.referralCode ?? null,
    now,
  });
}

/** A company and its administrator, unless the administrator's address exists; answers both ids. */
export async function ensureCompanyAdministrator(
  handle: DbHandle,
  company: {
    companyName: string | null;
    kycStatus?: AccountKycStatus;
    relationshipManagerEmail?: string;
    administrator: Omit<DemoUser, 'role' | 'companyId'>;
  },
  now: Date,
): Promise<{ companyId: string; userId: string }> {
  const existing = await findUserByEmail(handle, company.administrator.email);
  if (existing?.company_id) return { companyId: existing.company_id, userId: existing.id };
  const [manager] = company.relationshipManagerEmail
    ? await handle
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, company.relationshipManagerEmail))
        .limit(1)
    : [];
  const companyId = await insertCompany(handle, {
    name: company.companyName,
    kycStatus: company.kycStatus,
    ciCode: null,
    relationshipManagerId: manager?.id ?? null,
    now,
  });
  const userId = await ensureUser(handle, { ...company.administrator, role: 'administrator', companyId }, now);
  return { companyId, userId };
}

/** Fixed demo passwords: strong by the rule, not in the common list, and printed at start. */
export const identityDemoAccounts = {
  companyAdministrator: { email: 'admin@demo.bank', password: 'Demo-Admin#2026', fullName: 'Dana Demo' },
  systemAdmin: { email: 'admin@bank.localhost', password: 'Staff-System#2026', fullName: 'Sam System' },
  complianceOfficer: {
    email: 'compliance@bank.localhost',
    password: 'Staff-Compliance#2026',
    fullName: 'Cora Compliance',
  },
  /** A second system administrator, for the treasury's deposit operations and simulator controls. */
  operations: { email: 'operations@bank.localhost', password: 'Staff-Operations#2026', fullName: 'Olive Operations' },
  relationshipManager: {
    email: 'rm@bank.localhost',
    password: 'Staff-Manager#2026',
    fullName: 'Remy Manager',
    referralCode: 'RM-DEMO',
  },
} as const;

export const identityDemoSeeder: DemoSeeder = {
  name: 'identity',
  async seed({ db, now }) {
    const accounts = identityDemoAccounts;
    await db.transaction(async (tx) => {
      // Several instances may start together on one database: one seeds, the others then find it done.
      await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
      await ensureUser(tx, { ...accounts.systemAdmin, role: 'system_admin' }, now);
      await ensureUser(tx, { ...accounts.complianceOfficer, role: 'compliance_officer' }, now);
      await ensureUser(tx, { ...accounts.operations, role: 'system_admin' }, now);
      await ensureUser(tx, { ...accounts.relationshipManager, role: 'sales_relationship_manager' }, now);
      await ensureCompanyAdministrator(
        tx,
        {
          companyName: 'Demo Trading Ltd',
          relationshipManagerEmail: accounts.relationshipManager.email,
          administrator: accounts.companyAdministrator,
        },
        now,
      );
    });
    return [
      { ...accounts.companyAdministrator, role: 'administrator', note: 'company Demo Trading Ltd, KYC not submitted' },
      { ...accounts.systemAdmin, role: 'system_admin', note: 'staff: pairs an authenticator at first sign-in' },
      { ...accounts.complianceOfficer, role: 'compliance_officer', note: 'staff' },
      { ...accounts.operations, role: 'system_admin', note: 'staff: deposit operations and simulator controls' },
      {
        ...accounts.relationshipManager,
        role: 'sales_relationship_manager',
        note: `staff; CI code ${accounts.relationshipManager.referralCode}`,
      },
    ];
  },
};

/** The demo company a seeded administrator runs, with the administrator's id; null before it is seeded. */
export async function demoCompanyOf(
  handle: DbHandle,
  administratorEmail: string,
): Promise<{ companyId: string; administratorId: string } | null> {
  const [administrator] = await handle
    .select({ id: users.id, company_id: users.company_id })
    .from(users)
    .where(eq(users.email, administratorEmail))
    .limit(1);
  return administrator?.company_id ? { companyId: administrator.company_id, administratorId: administrator.id } : null;
}

/** The company's permission group of that name, created with `group`'s permissions unless it exists; answers its id. */
export async function ensurePermissionGroup(
  handle: DbHandle,
  companyId: string,
  group: { name: string; description: string; permissions: GroupPermission[] },
  now: Date,
): Promise<string> {
  const [existing] = await handle
    .select({ id: permissionGroups.id })
    .from(permissionGroups)
    .where(and(eq(permissionGroups.company_id, companyId), eq(permissionGroups.name, group.name)))
    .limit(1);
  if (existing) return existing.id;
  const id = newId(now.getTime());
  await handle
    .insert(permissionGroups)
    .values({ id, company_id: companyId, ...group, created_at: now, updated_at: now });
  return id;
}
