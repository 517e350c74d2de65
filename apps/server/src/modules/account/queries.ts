/** Users and companies: query functions taking the database or transaction handle first. */
import type { UserRole } from '@bank/contract/account';
import type { AuditEntry } from '@bank/contract/audit-log';
import type { Language } from '@bank/contract/constants';
import { type ClientPermission, holdsPermission, permissionsOf } from '@bank/contract/permissions';
import type { AccountKycStatus } from '@bank/contract/states';
import { and, asc, desc, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { auditLog } from '../../platform/audit-table.ts';
import type { AppDatabase, DbHandle } from '../../platform/db.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { searchCondition } from '../../platform/search.ts';
import { companies, permissionGroups, users } from './tables.ts';

export type UserRow = typeof users.$inferSelect;

/** Only an active user signs in, gets codes or is told of events. */
export function isActiveUser(user: UserRow | undefined): user is UserRow {
  return user?.status === 'active';
}

export async function findUserByEmail(handle: DbHandle, email: string): Promise<UserRow | undefined> {
  const [user] = await handle.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findUserById(handle: DbHandle, userId: string): Promise<UserRow | undefined> {
  const [user] = await handle.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

/**
 * The active users of a company who hold a permission: who may see what an event tells (the inbox's
 * readers). What a user holds is the contract's one rule (permissionsOf: role, or group).
 */
export async function companyUsersHolding(
  handle: DbHandle,
  companyId: string,
  permission: ClientPermission,
): Promise<{ id: string }[]> {
  const members = await handle
    .select({ id: users.id, role: users.role, group_permissions: permissionGroups.permissions })
    .from(users)
    .leftJoin(permissionGroups, eq(permissionGroups.id, users.permission_group_id))
    .where(and(eq(users.company_id, companyId), eq(users.status, 'active')))
    .orderBy(asc(users.created_at));
  return members.filter((member) => holdsPermission(permissionsOf(member), permission)).map(({ id }) => ({ id }));
}

export async function findUserWithCompany(handle: DbHandle, userId: string) {
  const [row] = await handle
    .select({ user: users, company: { id: companies.id, name: companies.name, kyc_status: companies.kyc_status } })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * What getUserInfo answers, read with a named prepared statement (built once per database, parsed
 * once per connection: the hot read of every screen) and only the columns it shows.
 */
const userInfoStatements = new WeakMap<AppDatabase, ReturnType<typeof prepareUserInfo>>();

function prepareUserInfo(db: AppDatabase) {
  return db
    .select({
      user: {
        id: users.id,
        email: users.email,
        full_name: users.full_name,
        phone_country: users.phone_country,
        phone: users.phone,
        role: users.role,
        totp_paired_at: users.totp_paired_at,
        terms_accepted_at: users.terms_accepted_at,
      },
      company: { id: companies.id, name: companies.name, kyc_status: companies.kyc_status },
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('account_user_info');
}

export async function findUserInfo(db: AppDatabase, userId: string) {
  let statement = userInfoStatements.get(db);
  if (!statement) {
    statement = prepareUserInfo(db);
    userInfoStatements.set(db, statement);
  }
  const [row] = await statement.execute({ userId });
  return row;
}

/** The sales relationship manager whose referral (CI) code this is, if any. */
export async function findRelationshipManagerByReferralCode(handle: DbHandle, referralCode: string) {
  const [manager] = await handle
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referral_code, referralCode), eq(users.role, 'sales_relationship_manager')))
    .limit(1);
  return manager;
}

export type NewUser = {
  email: string;
  fullName: string;
  phoneCountry: string;
  phone: string;
  passwordHash: string;
  role: UserRole;
  language: Language;
  companyId: string | null;
  termsAcceptedAt: Date | null;
  referralCode?: string | null;
  now: Date;
};

export async function insertUser(handle: DbHandle, user: NewUser): Promise<string> {
  const id = newId(user.now.getTime());
  await handle.insert(users).values({
    id,
    company_id: user.companyId,
    email: user.email,
    full_name: user.fullName,
    phone_country: user.phoneCountry,
    phone: user.phone,
    password_hash: user.passwordHash,
    role: user.role,
    language: user.language,
    referral_code: user.referralCode ?? null,
    terms_accepted_at: user.termsAcceptedAt,
    password_changed_at: user.now,
    created_at: user.now,
  });
  return id;
}

export async function insertCompany(
  handle: DbHandle,
  company: {
    name: string | null;
    ciCode: string | null;
    relationshipManagerId: string | null;
    kycStatus?: AccountKycStatus;
    now: Date;
  },
): Promise<string> {
  const id = newId(company.now.getTime());
  await handle.insert(companies).values({
    id,
    name: company.name,
    kyc_status: company.kycStatus ?? 'not_submitted',
    ci_code: company.ciCode,
    relationship_manager_id: company.relationshipManagerId,
    created_at: company.now,
  });
  return id;
}

export async function updateProfile(
  handle: DbHandle,
  userId: string,
  profile: { fullName: string; phoneCountry: string; phone: string; language: Language },
): Promise<void> {
  await handle
    .update(users)
    .set({
      full_name: profile.fullName,
      phone_country: profile.phoneCountry,
      phone: profile.phone,
      language: profile.language,
    })
    .where(eq(users.id, userId));
}

export async function updatePasswordHash(
  handle: DbHandle,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await handle.update(users).set({ password_hash: passwordHash, password_changed_at: now }).where(eq(users.id, userId));
}

export async function acceptTerms(handle: DbHandle, userId: string, now: Date): Promise<void> {
  await handle.update(users).set({ terms_accepted_at: now }).where(eq(users.id, userId));
}

export async function setPendingAuthenticator(
  handle: DbHandle,
  userId: string,
  pending: { secretSealed: string; now: Date },
): Promise<void> {
  await handle
    .update(users)
    .set({ pending_totp_secret_sealed: pending.secretSealed, pending_totp_created_at: pending.now })
    .where(eq(users.id, userId));
}

/**
 * Records that an authenticator code of `timeStep` was used, only if no code of that step or a later
 * one was used before: the replay guard. Answers false when the code is a replay.
 */
export async function claimAuthenticatorStep(handle: DbHandle, userId: string, timeStep: number): Promise<boolean> {
  const claimed = await handle
    .update(users)
    .set({ totp_last_used_step: timeStep })
    .where(and(eq(users.id, userId), or(isNull(users.totp_last_used_step), lt(users.totp_last_used_step, timeStep))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

export async function pairAuthenticator(handle: DbHandle, userId: string, now: Date): Promise<void> {
  await handle
    .update(users)
    .set({
      totp_secret_sealed: sql`${users.pending_totp_secret_sealed}`,
      totp_paired_at: now,
      pending_totp_secret_sealed: null,
      pending_totp_created_at: null,
    })
    .where(eq(users.id, userId));
}

export async function unpairAuthenticator(handle: DbHandle, userId: string): Promise<void> {
  await handle
    .update(users)
    .set({
      totp_secret_sealed: null,
      totp_paired_at: null,
      pending_totp_secret_sealed: null,
      pending_totp_created_at: null,
    })
    .where(eq(users.id, userId));
}

/**
 * Audit entries as every reader of the log sees them (the company's and the back office's log, a
 * deposit's history): with the email of who acted and the company's name as it is now. `where` may
 * name `users.email` and `companies.name`, which the entries are joined to.
 */
export async function auditEntriesWhere(
  handle: DbHandle,
  selection: { where: SQL | undefined; order: 'newest_first' | 'oldest_first'; limit: number },
): Promise<AuditEntry[]> {
  const direction = selection.order === 'newest_first' ? desc : asc;
  const rows = await handle
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actor_email: users.email,
      company_id: auditLog.company_id,
      company_name: companies.name,
      ip: auditLog.ip,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actor_user_id))
    .leftJoin(companies, eq(companies.id, auditLog.company_id))
    .where(selection.where)
    .orderBy(direction(auditLog.at), direction(auditLog.id))
    .limit(selection.limit);
  return rows.map((row) => ({
    ...row,
    at: row.at.toISOString(),
    detail: (row.detail ?? {}) as Record<string, unknown>,
  }));
}

/** Client companies by name (a search), or the one given: the back office's choice of whose log to read. */
export async function companiesByName(
  handle: DbHandle,
  choice: { search?: string | undefined; companyId?: string | undefined; limit: number },
): Promise<{ company_id: string; name: string | null; administrator_email: string }[]> {
  if (choice.companyId !== undefined && !isUuid(choice.companyId)) return [];
  // A company has a name once its KYC gives it one: before that its administrator's email finds it.
  const matching = choice.companyId
    ? eq(companies.id, choice.companyId)
    : searchCondition(choice.search, [companies.name, users.email]);
  return handle
    .select({ company_id: companies.id, name: companies.name, administrator_email: users.email })
    .from(companies)
    .innerJoin(users, and(eq(users.company_id, companies.id), eq(users.role, 'administrator')))
    .where(matching)
    .orderBy(sql`${companies.name} asc nulls last`, asc(users.email))
    .limit(choice.limit);
}
