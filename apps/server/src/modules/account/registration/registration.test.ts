import { errorCatalogue } from '@bank/contract/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../platform/audit-table.ts';
import {
  call,
  codeIn,
  createRunningTestApp,
  nextEmail,
  type RunningTestApp,
  readMailbox,
  settleEmails,
  uniqueEmail,
} from '../../../platform/test-support.ts';
import { companies, users } from '../tables.ts';
import { emailedCode, registerUser, signIn, strongPassword } from '../test-support.ts';

let test: RunningTestApp;

beforeAll(async () => {
  test = await createRunningTestApp();
});

afterAll(async () => {
  await test?.close();
});

function registration(email: string, code: string, overrides: Record<string, unknown> = {}) {
  return {
    full_name: 'Grace Hopper',
    email,
    email_code: code,
    phone_country: 'US',
    phone: '+1 202 555 0143',
    new_password: strongPassword,
    confirm_password: strongPassword,
    accept_terms: true,
    ...overrides,
  };
}

describe('registration', () => {
  it('needs the emailed register code, then creates the company and its administrator (KYC not submitted)', async () => {
    const email = uniqueEmail('founder');
    const code = await emailedCode(test, email, 'register', { language: 'ch' });
    const answer = await call(test, '/api/v1/account/register', registration(email, code), { language: 'ch' });
    expect(answer).toMatchObject({ code: 200, data: null });

    const [user] = await test.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: 'administrator', language: 'ch', full_name: 'Grace Hopper' });
    expect(user?.terms_accepted_at).toBeInstanceOf(Date);
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    const [company] = await test.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, user?.company_id ?? ''));
    expect(company).toMatchObject({ kyc_status: 'not_submitted', name: null, ci_code: null });
    const audit = await test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actor_user_id, user?.id ?? ''));
    expect(audit.map((entry) => entry.action)).toContain('account.registered');
  });

  it('sends the register code in the language of the request', async () => {
    const email = uniqueEmail('japanese');
    await call(test, '/api/v1/sendEmail', { email, purpose: 'register' }, { language: 'jp' });
    const sent = await nextEmail(test, email, 0);
    expect(sent.subject).toBe('登録用確認コード');
    expect(sent.text).toMatch(/\b\d{6}\b/);
  });

  it('refuses a wrong code, and a right code only once', async () => {
    const email = uniqueEmail();
    const code = await emailedCode(test, email, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await call(test, '/api/v1/account/register', registration(email, wrong));
    expect(refused.code).toBe(errorCatalogue.verification_code_incorrect.code);
    expect((await call(test, '/api/v1/account/register', registration(email, code))).code).toBe(200);

    const other = await call(test, '/api/v1/account/register', registration(email, code, { full_name: 'Again' }));
    expect(other.code).toBe(errorCatalogue.verification_code_incorrect.code);
  });

  it('keeps the CI code and links the company to the relationship manager whose code it is', async () => {
    const managerEmail = uniqueEmail('manager');
    const { insertUser } = await import('../queries.ts');
    const managerId = await insertUser(test.database.db, {
      email: managerEmail,
      fullName: 'Manager',
      phoneCountry: 'GB',
      phone: '+44 20 7946 0000',
      passwordHash: 'unused',
      role: 'sales_relationship_manager',
      language: 'en',
      companyId: null,
      termsAcceptedAt: null,
      referralCode: 'RM-TEST-7',
      now: new Date(),
    });
    const linked = await registerUser(test, { ci_code: 'RM-TEST-7' });
    const unknown = await registerUser(test, { ci_code: 'NOBODY-1' });
    const companyOf = async (email: string) => {
      const [row] = await test.database.db
        .select({ ci_code: companies.ci_code, manager: companies.relationship_manager_id })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.company_id))
        .where(eq(users.email, email));
      return row;
    };
    expect(await companyOf(linked.email)).toEqual({ ci_code: 'RM-TEST-7', manager: managerId });
    expect(await companyOf(unknown.email)).toEqual({ ci_code: 'NOBODY-1', manager: null });
  });

  it('refuses a common password on new_password, in the language of the request', async () => {
    const email = uniqueEmail();
    const code = await emailedCode(test, email, 'register');
    const answer = await call<{ fields: Record<string, string> }>(
      test,
      '/api/v1/account/register',
      registration(email, code, { new_password: 'P@ssw0rd', confirm_password: 'P@ssw0rd' }),
      { language: 'jp' },
    );
    expect(answer.code).toBe(errorCatalogue.validation.code);
    expect(answer.data.fields).toEqual({ new_password: 'このパスワードは一般的すぎます。別のものを選んでください' });
    // The code was not spent on a refused password.
    expect((await call(test, '/api/v1/account/register', registration(email, code))).code).toBe(200);
  });

  it('refuses the email address as the password', async () => {
    const email = `Grace1@${uniqueEmail().split('@')[0]}.example.com`;
    const answer = await call<{ fields: Record<string, string> }>(
      test,
      '/api/v1/account/register',
      registration(email, '123456', { new_password: email, confirm_password: email }),
    );
    expect(answer.code).toBe(errorCatalogue.validation.code);
    expect(answer.data.fields.new_password).toBe('The password must not be your e-mail address');
  });

  it('never sends a register code to a registered address: its owner is told, the caller learns nothing', async () => {
    const existing = await registerUser(test);
    const fresh = uniqueEmail();
    test.clock.advance(61);
    const forExisting = await call(test, '/api/v1/sendEmail', { email: existing.email, purpose: 'register' });
    const forFresh = await call(test, '/api/v1/sendEmail', { email: fresh, purpose: 'register' });
    expect(forExisting).toEqual(forFresh);

    const notice = await nextEmail(test, existing.email, 1);
    expect(notice.subject).toBe('You already have an account');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    // Whatever is typed, the registration of a registered address fails like a wrong code.
    const attempt = await call(test, '/api/v1/account/register', registration(existing.email, '123456'));
    expect(attempt.code).toBe(errorCatalogue.verification_code_incorrect.code);
  });

  it('answers email_taken when the address was registered after the code was sent', async () => {
    const email = uniqueEmail();
    const code = await emailedCode(test, email, 'register');
    const { insertUser } = await import('../queries.ts');
    await insertUser(test.database.db, {
      email,
      fullName: 'Meanwhile',
      phoneCountry: 'GB',
      phone: '+44 20 7946 0000',
      passwordHash: 'unused',
      role: 'administrator',
      language: 'en',
      companyId: null,
      termsAcceptedAt: null,
      now: new Date(),
    });
    const answer = await call(test, '/api/v1/account/register', registration(email, code));
    expect(answer.code).toBe(errorCatalogue.email_taken.code);
  });

  it('lets the new administrator sign in and read their profile', async () => {
    const user = await registerUser(test);
    const session = await signIn(test, user);
    expect(session).toMatchObject({
      status: 'signed_in',
      is_google: true,
      kyc_status: 'not_submitted',
      is_staff: false,
    });
    const info = await call(test, '/api/v1/account/getUserInfo', {}, { session });
    expect(info.data).toMatchObject({
      email: user.email,
      role: 'administrator',
      kyc_status: 'not_submitted',
      is_authenticator_paired: false,
      has_accepted_terms: true,
    });
  });
});

describe('development mailbox', () => {
  it('lists emails newest first and filters by address', async () => {
    const email = uniqueEmail();
    const first = await emailedCode(test, email, 'register');
    test.clock.advance(61);
    const second = await emailedCode(test, email, 'register');
    const listed = await readMailbox(test, email);
    expect(listed.map((entry) => codeIn(entry))).toEqual([second, first]);
    expect(listed.every((entry) => entry.to === email && typeof entry.time === 'string')).toBe(true);
    expect(Object.keys(listed[0] ?? {}).sort()).toEqual(['subject', 'text', 'time', 'to']);
    const page = await test.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(email);
  });

  it('escapes markup in the HTML page', async () => {
    const { devMailbox } = await import('../../../adapters/mail/dev-mailbox-table.ts');
    await test.database.db.insert(devMailbox).values({
      id: '01900000-0000-7000-8000-000000000001',
      to: 'x@example.com',
      subject: '<img src=x onerror=alert(1)>',
      text: '<b>bold</b>',
      html: '',
    });
    const page = await test.app.inject({ method: 'GET', url: '/dev/mailbox?to=x@example.com' });
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page.body).not.toContain('<img');
    expect(page.body).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });

  it('sends every email as HTML and plain text', async () => {
    await settleEmails(test);
    const { devMailbox } = await import('../../../adapters/mail/dev-mailbox-table.ts');
    const [row] = await test.database.db.select().from(devMailbox).limit(1);
    expect(row?.html).toMatch(/^<!doctype html>/);
    expect(row?.text.length).toBeGreaterThan(20);
  });
});
