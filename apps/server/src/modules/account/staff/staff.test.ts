import type { SignedIn } from '@bank/contract/account';
import { errorCatalogue } from '@bank/contract/errors';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../../platform/audit.ts';
import { auditLog } from '../../../platform/audit-table.ts';
import { runDemoSeed } from '../../../platform/module.ts';
import { call, createRunningTestApp, type RunningTestApp } from '../../../platform/test-support.ts';
import { demoSeeders } from '../../index.ts';
import { identityDemoAccounts } from '../seed.ts';
import { companies, users } from '../tables.ts';
import { authenticatorCode, pairAuthenticator, registerUser, signIn } from '../test-support.ts';

let test: RunningTestApp;

beforeAll(async () => {
  test = await createRunningTestApp();
  await runDemoSeed({ db: test.database.db, now: test.clock.now(), providers: test.providers }, demoSeeders);
});

afterAll(async () => {
  await test?.close();
});

const forbidden = errorCatalogue.forbidden.code;
type AuditPage = {
  items: { id: string; at: string; action: string; actor_email: string | null; detail: Record<string, unknown> }[];
  next_cursor: string | null;
};

describe('demo seed', () => {
  it('creates the demo administrator and the staff accounts (each role, operations, payout desk, OTC desk, card desks, communications and client service), once', async () => {
    const countUsers = async () => (await test.database.db.select({ total: count() }).from(users))[0]?.total;
    const countCompanies = async () => (await test.database.db.select({ total: count() }).from(companies))[0]?.total;
    const usersBefore = await countUsers();
    const companiesBefore = await countCompanies();
    const accounts = await runDemoSeed(
      { db: test.database.db, now: test.clock.now(), providers: test.providers },
      demoSeeders,
    );
    expect(await countUsers()).toBe(usersBefore);
    expect(await countCompanies()).toBe(companiesBefore);
    expect(accounts.map((account) => account.role)).toEqual([
      'administrator',
      'system_admin',
      'compliance_officer',
      'system_admin',
      'sales_relationship_manager',
      'system_admin',
      'system_admin',
      'system_admin',
      'system_admin',
      'compliance_officer',
      // The cards' desks: card money (system admin) and card review (compliance officer).
      'system_admin',
      // The card programme desk (system admin).
      'system_admin',
      'compliance_officer',
    ]);
    const [admin] = await test.database.db
      .select({ role: users.role, kyc: companies.kyc_status, company: companies.name })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.company_id))
      .where(eq(users.email, identityDemoAccounts.companyAdministrator.email));
    expect(admin).toEqual({ role: 'administrator', kyc: 'not_submitted', company: 'Demo Trading Ltd' });
    const staff = await test.database.db.select().from(users).where(sql`${users.company_id} is null`);
    expect(staff.map((user) => user.role).sort()).toEqual([
      'compliance_officer',
      'compliance_officer',
      'compliance_officer',
      'sales_relationship_manager',
      'system_admin',
      'system_admin',
      'system_admin',
      'system_admin',
      'system_admin',
      'system_admin',
      'system_admin',
      'system_admin',
    ]);
  });

  it('lets the demo administrator sign in with the printed password', async () => {
    const session = await signIn(test, identityDemoAccounts.companyAdministrator);
    expect(session).toMatchObject({ is_staff: false, kyc_status: 'not_submitted' });
  });
});

describe('staff', () => {
  let staffSession: SignedIn;

  beforeAll(async () => {
    staffSession = await signIn(test, identityDemoAccounts.complianceOfficer);
  });

  it('sign in like clients, as staff, with the emailed code until an authenticator is paired', () => {
    expect(staffSession).toMatchObject({ status: 'signed_in', is_staff: true, kyc_status: 'not_submitted' });
  });

  it('may only make the pairing calls until an authenticator is paired', async () => {
    const session = staffSession;
    const info = await call<{ role: string; is_staff: boolean; company: unknown }>(
      test,
      '/api/v1/account/getUserInfo',
      {},
      { session },
    );
    expect(info.data).toMatchObject({ role: 'compliance_officer', is_staff: true, company: null });

    for (const path of ['/api/v1/admin/audit/list', '/api/v1/account/sessions/list', '/api/v1/account/modify']) {
      const refused = await call<{ reason: string }>(test, path, {}, { session });
      expect(refused.code, path).toBe(forbidden);
      expect(refused.data, path).toEqual({ reason: 'authenticator_pairing_required' });
      expect(refused.msg).toBe('Pair an authenticator app with your account before doing anything else.');
    }
    // Public calls do not act with the session and are not refused.
    expect(
      (await call(test, '/api/v1/sendEmail', { email: 'someone@example.com', purpose: 'register' }, { session })).code,
    ).toBe(200);
  });

  it('reach the back office once paired', async () => {
    const session = staffSession;
    const secret = await pairAuthenticator(test, session);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const page = await call<AuditPage>(test, '/api/v1/admin/audit/list', {}, { session });
    expect(page.code).toBe(200);
    expect(page.data.items.length).toBeGreaterThan(0);
    expect(page.data.items.map((item) => item.action)).toContain('authenticator.paired');
    expect(await authenticatorCode(secret, test.clock.now())).toMatch(/^\d{6}$/);
  });

  it('refuse back-office calls to clients', async () => {
    const client = await signIn(test, await registerUser(test));
    const refused = await call(test, '/api/v1/admin/audit/list', {}, { session: client });
    expect(refused.code).toBe(forbidden);
    expect(refused.data).toBeNull();
  });
});

describe('audit log', () => {
  it('pages newest first with a keyset cursor, and filters by action', async () => {
    const base = test.clock.now().getTime();
    for (let index = 0; index < 5; index += 1) {
      await writeAudit(test.database.db, {
        action: 'test.paged',
        at: new Date(base + index * 1000),
        detail: { index },
      });
    }
    const session = await pairedSystemAdminSession();
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const body: Record<string, unknown> = { page_size: 2, action: 'test.paged', ...(cursor ? { cursor } : {}) };
      const page: { code: number; data: AuditPage } = await call(test, '/api/v1/admin/audit/list', body, { session });
      expect(page.code).toBe(200);
      seen.push(...page.data.items.map((item) => Number(item.detail.index)));
      cursor = page.data.next_cursor;
    } while (cursor);
    expect(seen).toEqual([4, 3, 2, 1, 0]);

    const badCursor = await call(test, '/api/v1/admin/audit/list', { cursor: 'garbage' }, { session });
    expect(badCursor.code).toBe(errorCatalogue.validation.code);
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    await expect(test.database.db.update(auditLog).set({ action: 'changed' })).rejects.toThrow();
    await expect(test.database.db.delete(auditLog)).rejects.toThrow();
    const [row] = await test.database.db.select({ total: count() }).from(auditLog);
    expect(row?.total).toBeGreaterThan(0);
  });

  it('never holds a secret', async () => {
    const rows = await test.database.db.select().from(auditLog);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(identityDemoAccounts.companyAdministrator.password);
    expect(text).not.toMatch(/argon2/);
  });
});

/** The system admin, paired, signed in afresh (the compliance officer's session may have idled out). */
async function pairedSystemAdminSession(): Promise<SignedIn> {
  const account = identityDemoAccounts.systemAdmin;
  const [row] = await test.database.db.select().from(users).where(eq(users.email, account.email));
  if (row?.totp_secret_sealed) throw new Error('expected an unpaired system admin');
  const session = await signIn(test, account);
  const secret = await pairAuthenticator(test, session);
  expect(secret).toBeTruthy();
  return session;
}
