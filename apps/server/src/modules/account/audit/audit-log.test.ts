/**
 * The audit log as a company's administrator and the bank's staff read it: only the company's own
 * rows for its administrator, every other role refused, the filters (who, category, days), the files
 * (CSV and PDF carry the rows the page shows, in each language) audited themselves, and the back
 * office's log of one company and its file.
 */
import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import type { AuditEntry } from '@bank/contract/audit-log';
import type { Language } from '@bank/contract/constants';
import { errorCatalogue } from '@bank/contract/errors';
import { groupPermissions } from '@bank/contract/permissions';
import { translate } from '@bank/i18n/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../../platform/audit.ts';
import { csvRows, pdfText } from '../../../platform/exports/test-support.ts';
import { call, createRunningTestApp, type RunningTestApp } from '../../../platform/test-support.ts';
import { approvedCompany, type ClientOfCompany, depositOperator } from '../../deposits/test-support.ts';
import { colleague } from '../../payouts/test-support.ts';
import { findUserById } from '../queries.ts';
import { registerUser } from '../test-support.ts';

let test: RunningTestApp;
let acme: ClientOfCompany & { email: string };
let other: ClientOfCompany;
let staff: SignedIn;
const day = (offset: number) => new Date(Date.UTC(2026, 10, 10 + offset, 9, 30)).toISOString().slice(0, 10);

type Page = { items: AuditEntry[]; next_cursor: string | null };

async function list(session: SignedIn, body: Record<string, unknown>, language: Language = 'en') {
  return call<Page>(test, '/api/v1/audit/list', { page_size: 100, ...body }, { session, language });
}

function download(session: SignedIn, path: string, body: Record<string, unknown>, language: Language = 'en') {
  return test.app.inject({
    method: 'POST',
    url: path,
    payload: body,
    headers: { 'content-type': 'application/json', language, token: session.token, userid: session.userid },
  });
}

/** Entries of known actions, days and addresses: two in each of a few categories, one of another company. */
async function recordEntries(): Promise<void> {
  const db = test.database.db;
  const actor = acme.session.userid;
  const at = (offset: number, hour: number) => new Date(Date.UTC(2026, 10, 10 + offset, hour, 0));
  const entries = [
    { action: 'payee.added', at: at(0, 9), ip: '203.0.113.7', detail: { currency: 'USD' } },
    { action: 'payout_address.changed', at: at(1, 10), ip: '203.0.113.8', detail: { network: 'TRC20' } },
    { action: 'team.member_invited', at: at(2, 11), ip: '198.51.100.4', detail: {} },
    { action: 'api_key.rotated', at: at(3, 12), ip: '198.51.100.5', detail: {} },
    { action: 'fx.converted', at: at(4, 13), ip: '198.51.100.6', detail: {} },
  ];
  for (const entry of entries) await writeAudit(db, { ...entry, actorUserId: actor, companyId: acme.companyId });
  await writeAudit(db, {
    action: 'payee.added',
    at: at(0, 9),
    actorUserId: other.session.userid,
    companyId: other.companyId,
    ip: '192.0.2.99',
  });
}

beforeAll(async () => {
  test = await createRunningTestApp();
  const company = await approvedCompany(test, 'Acme Audit Ltd');
  const user = await findUserById(test.database.db, company.session.userid);
  acme = { ...company, email: user?.email ?? '' };
  other = await approvedCompany(test, 'Other Audit Ltd');
  staff = await depositOperator(test);
  await recordEntries();
}, 120_000);

afterAll(async () => {
  await test?.close();
});

describe("a company's audit log", () => {
  it("shows its administrator the company's entries only, newest first", async () => {
    const answer = await list(acme.session, {});
    expect(answer.code).toBe(200);
    const items = answer.data.items;
    expect(items.every((entry) => entry.company_id === acme.companyId)).toBe(true);
    expect(items.some((entry) => entry.ip === '192.0.2.99')).toBe(false);
    const times = items.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(items.find((entry) => entry.action === 'payee.added')).toMatchObject({
      actor_email: acme.email,
      ip: '203.0.113.7',
    });
  });

  it('refuses a sub-account holding every permission a group may hold, and staff', async () => {
    const member = await colleague(test, acme.companyId, [...groupPermissions]);
    const forbidden = errorCatalogue.forbidden.code;
    expect((await list(member, {})).code).toBe(forbidden);
    expect(
      (await download(member, '/api/v1/audit/download', { format: 'csv', from: day(0), to: day(4) })).json(),
    ).toMatchObject({
      code: forbidden,
    });
    expect((await list(staff, {})).code).toBe(forbidden);
    // A group cannot be given the permission.
    const group = await call(
      test,
      '/api/v1/team/group/add',
      { name: 'Auditors', permissions: ['company_audit_log'] },
      { session: acme.session, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(group.code).toBe(errorCatalogue.validation.code);
  });

  it('filters by category, user and days of the reader', async () => {
    const actions = async (body: Record<string, unknown>) =>
      (await list(acme.session, { from: day(0), to: day(4), ...body })).data.items.map((entry) => entry.action);
    expect(await actions({ category: 'payees' })).toEqual(['payout_address.changed', 'payee.added']);
    expect(await actions({ category: 'team' })).toEqual(['team.member_invited']);
    expect(await actions({ category: 'api_keys' })).toEqual(['api_key.rotated']);
    expect(await actions({ category: 'other' })).toEqual(['fx.converted']);
    expect(await actions({ category: 'security' })).toEqual([]);
    expect(await actions({ from: day(1), to: day(2) })).toEqual(['team.member_invited', 'payout_address.changed']);
    // 09:00 UTC on the first day is 22:00 the evening before in Pago Pago (UTC-11): that day finds it there.
    expect(await actions({ from: day(-1), to: day(-1), time_zone: 'Pacific/Pago_Pago' })).toEqual(['payee.added']);
    expect(await actions({ actor_email: acme.email.toUpperCase(), category: 'payees' })).toHaveLength(2);
    expect(await actions({ actor_email: 'nobody@example.com' })).toEqual([]);
    const all = (await list(acme.session, {})).data.items.map((entry) => entry.action);
    expect(all).toContain('login.succeeded');
    expect((await list(acme.session, { category: 'security' })).data.items.length).toBeGreaterThan(0);
  });

  it('pages newest first with a cursor that refuses to be forged', async () => {
    const first = await list(acme.session, { page_size: 2, from: day(0), to: day(4) });
    expect(first.data.items.map((entry) => entry.action)).toEqual(['fx.converted', 'api_key.rotated']);
    const second = await list(acme.session, { page_size: 2, from: day(0), to: day(4), cursor: first.data.next_cursor });
    expect(second.data.items.map((entry) => entry.action)).toEqual(['team.member_invited', 'payout_address.changed']);
    expect((await list(acme.session, { cursor: 'not-a-cursor' })).code).toBe(errorCatalogue.validation.code);
  });

  for (const language of ['en', 'ch', 'jp'] as const) {
    it(`downloads as CSV and PDF the rows the page shows, in ${language}, and records who downloaded what`, async () => {
      const filter = { from: day(0), to: day(4), category: 'payees' };
      const shown = (await list(acme.session, filter, language)).data.items;
      const sentence = (action: string) => translate(language, `account.audit.actions.${action.replace(/\./g, '_')}`);

      const csv = await download(acme.session, '/api/v1/audit/download', { ...filter, format: 'csv' }, language);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toContain(`audit-log-${day(0)}-to-${day(4)}.csv`);
      const rows = csvRows(csv.rawPayload);
      const header = rows.findIndex(
        (row) => row[0] === translate(language, 'statement.audit_log.columns.at', { zone: 'UTC' }),
      );
      expect(rows.slice(header + 1).map((row) => [row[1], row[2], row[4], row[6]])).toEqual(
        shown.map((entry) => [entry.actor_email, sentence(entry.action), entry.ip, entry.id]),
      );

      const pdf = await download(acme.session, '/api/v1/audit/download', { ...filter, format: 'pdf' }, language);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = (await pdfText(pdf.rawPayload)).text;
      for (const entry of shown) {
        expect(text).toContain(sentence(entry.action));
        expect(text).toContain(entry.ip);
      }
      expect(text).not.toContain('payee.added');

      const [audited] = (await list(acme.session, { category: 'other' })).data.items;
      expect(audited).toMatchObject({
        action: 'audit_log.downloaded',
        actor_email: acme.email,
        detail: { format: 'pdf', from: day(0), to: day(4), category: 'payees' },
      });
    });
  }

  it('writes its times in the time zone whose days were filtered, and says which', async () => {
    // payee.added at 09:00 UTC on the first day is 22:00 the evening before in Pago Pago (UTC-11).
    const body = { from: day(-1), to: day(-1), time_zone: 'Pacific/Pago_Pago', category: 'payees' };
    const csv = csvRows(
      (await download(acme.session, '/api/v1/audit/download', { ...body, format: 'csv' })).rawPayload,
    );
    const header = csv.findIndex((row) => row[0] === 'Time (Pacific/Pago_Pago)');
    expect(header).toBeGreaterThan(0);
    expect(csv.slice(header + 1).map((row) => row[0])).toEqual([`${day(-1)} 22:00`]);
    const pdf = await download(acme.session, '/api/v1/audit/download', { ...body, format: 'pdf' });
    expect((await pdfText(pdf.rawPayload)).text).toContain('10:00pm');
  });

  it('names a new action it has no sentence for by its category, never its code', async () => {
    const csv = await download(acme.session, '/api/v1/audit/download', {
      from: day(3),
      to: day(3),
      format: 'csv',
    });
    const text = csvRows(csv.rawPayload).flat().join('\n');
    expect(text).toContain(translate('en', 'account.audit.unnamed_action', { category: 'API keys' }));
    expect(text).not.toContain('api_key.rotated');
  });
});

describe("the back office's audit log", () => {
  it("reads one company's entries, or every company's", async () => {
    const one = await call<Page>(
      test,
      '/api/v1/admin/audit/list',
      { page_size: 100, company_id: other.companyId },
      { session: staff },
    );
    expect(one.data.items.map((entry) => entry.company_id)).toSatisfy((ids: (string | null)[]) =>
      ids.every((id) => id === other.companyId),
    );
    expect(one.data.items.some((entry) => entry.ip === '192.0.2.99')).toBe(true);
    const every = await call<Page>(
      test,
      '/api/v1/admin/audit/list',
      { page_size: 100, category: 'payees' },
      { session: staff },
    );
    expect(new Set(every.data.items.map((entry) => entry.company_id))).toEqual(
      new Set([acme.companyId, other.companyId]),
    );
    const made = await call<Page>(
      test,
      '/api/v1/admin/audit/list',
      { page_size: 5, company_id: 'x' },
      { session: staff },
    );
    expect(made.data.items).toEqual([]);
    const companiesFound = async (search: string) =>
      (
        await call<{ items: { company_id: string; name: string | null; administrator_email: string }[] }>(
          test,
          '/api/v1/admin/audit/companies',
          { search },
          { session: staff },
        )
      ).data.items;
    expect(await companiesFound('acme audit')).toEqual([
      { company_id: acme.companyId, name: 'Acme Audit Ltd', administrator_email: acme.email },
    ]);
    // A company with no name yet (before its KYC) is found by its administrator's email.
    const unnamed = await registerUser(test);
    expect(await companiesFound(unnamed.email.toUpperCase())).toEqual([
      { company_id: expect.any(String), name: null, administrator_email: unnamed.email },
    ]);
  });

  it("downloads one company's log with the filters, audited in the back office's log only", async () => {
    const body = { company_id: acme.companyId, from: day(0), to: day(4), category: 'payees', format: 'csv' };
    const csv = await download(staff, '/api/v1/admin/audit/download', body, 'ch');
    expect(csv.statusCode).toBe(200);
    const rows = csvRows(csv.rawPayload);
    expect(rows[1]).toEqual([translate('ch', 'statement.company'), 'Acme Audit Ltd']);
    const header = rows.findIndex(
      (row) => row[0] === translate('ch', 'statement.audit_log.columns.at', { zone: 'UTC' }),
    );
    expect(rows.slice(header + 1).map((row) => row[4])).toEqual(['203.0.113.8', '203.0.113.7']);

    const unknown = await download(staff, '/api/v1/admin/audit/download', { ...body, company_id: randomUUID() });
    expect(unknown.json()).toMatchObject({ code: errorCatalogue.not_found.code });

    const [audited] = (
      await call<Page>(
        test,
        '/api/v1/admin/audit/list',
        { page_size: 1, action: 'audit_log.downloaded' },
        { session: staff },
      )
    ).data.items;
    expect(audited).toMatchObject({ company_id: null, detail: { company_id: acme.companyId, format: 'csv' } });
    const clientSees = (await list(acme.session, { category: 'other' })).data.items;
    expect(clientSees.every((entry) => entry.actor_email !== audited?.actor_email)).toBe(true);
  });

  it('refuses client users', async () => {
    const answer = await call(test, '/api/v1/admin/audit/list', { page_size: 5 }, { session: acme.session });
    expect(answer.code).toBe(errorCatalogue.forbidden.code);
  });
});
