import { randomUUID } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import type { ClientAnnouncement, ManagedAnnouncement } from '@bank/contract/announcements';
import type { InboxMessage } from '@bank/contract/inbox';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit-table.ts';
import {
  type CallOptions,
  call,
  createRunningTestApp,
  type RunningTestApp,
  settleEmails,
  uniqueEmail,
} from '../../platform/test-support.ts';
import { ensureUser } from '../account/index.ts';
import {
  memberWithoutGroup,
  pairAuthenticator,
  registerUser,
  signIn,
  strongPassword,
} from '../account/test-support.ts';
import { approvedCompany } from '../deposits/test-support.ts';
import { openAnnouncementWindowsSchedule } from './module.ts';

let test: RunningTestApp;
let staff: SignedIn;

beforeAll(async () => {
  test = await createRunningTestApp();
  staff = await staffMember('system_admin');
});
afterAll(async () => {
  await test?.close();
});

const forbidden = 9403;
const notFound = 9404;
const illegalState = 9409;
const invalid = 9422;

async function staffMember(role: 'system_admin' | 'compliance_officer' | 'sales_relationship_manager') {
  const email = uniqueEmail(role);
  await ensureUser(test.database.db, { email, password: strongPassword, fullName: 'Staff', role }, test.clock.now());
  const session = await signIn(test, { email, password: strongPassword });
  await pairAuthenticator(test, session);
  return session;
}

function draft(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    title_en: `Holiday hours ${tag}`,
    body_en: 'Our desk closes early on 24 December.\n\nPayouts after 12:00 are reviewed the next day.',
    title_ch: `假期服务时间 ${tag}`,
    body_ch: '12月24日服务台提前关闭。',
    title_jp: `年末の営業時間 ${tag}`,
    body_jp: '12月24日は窓口を早めに閉めます。',
    starts_at: test.clock.now().toISOString(),
    audience: 'all_companies',
    ...overrides,
  };
}

type Answer<Data> = { code: number; msg: string; data: Data };

const asStaff = (session: SignedIn, options: CallOptions = {}) => ({ session, ...options });

async function create(body: object, session = staff, options: CallOptions = {}) {
  return call<ManagedAnnouncement>(test, '/api/v1/admin/announcements/create', body, {
    ...asStaff(session, options),
    headers: { 'idempotency-key': randomUUID(), ...options.headers },
  });
}

async function act(action: 'publish' | 'unpublish' | 'get', id: string, session = staff) {
  return call<ManagedAnnouncement>(test, `/api/v1/admin/announcements/${action}`, { announcement_id: id }, { session });
}

async function published(body: Record<string, unknown> = {}) {
  const written = await create(draft(body));
  expect(written.code, written.msg).toBe(200);
  const answer = await act('publish', written.data.announcement_id);
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

const clientList = (session: SignedIn, body: object = {}) =>
  call<{ items: ClientAnnouncement[]; next_cursor: string | null }>(test, '/api/v1/announcement/list', body, {
    session,
  });
const clientGet = (session: SignedIn, id: string) =>
  call<ClientAnnouncement>(test, '/api/v1/announcement/get', { announcement_id: id }, { session });

async function announcementMessages(session: SignedIn): Promise<InboxMessage[]> {
  await settleEmails(test);
  const page = await call<{ items: InboxMessage[] }>(
    test,
    '/api/v1/msg/list',
    { category: 'announcements' },
    { session },
  );
  return page.data.items;
}

describe('writing an announcement', () => {
  it('keeps a draft in three languages, which no client reads until it is published', async () => {
    const written = await create(draft({ ends_at: null }));
    expect(written.code, written.msg).toBe(200);
    expect(written.data).toMatchObject({ state: 'draft', audience: 'all_companies', companies: [], ends_at: null });
    expect(written.data.body_en).toContain('\n\nPayouts');

    const client = await approvedCompany(test);
    expect((await clientGet(client.session, written.data.announcement_id)).code).toBe(notFound);
    expect((await clientList(client.session)).data.items.map((item) => item.announcement_id)).not.toContain(
      written.data.announcement_id,
    );
  });

  it('refuses a missing language, a control character, a window that ends before it starts and no chosen company, each on its field in the caller’s language', async () => {
    const refused = await create(
      draft({
        title_jp: '   ',
        body_ch: 'bell \u0007 inside',
        ends_at: new Date(test.clock.now().getTime() - 60_000).toISOString(),
        audience: 'chosen_companies',
      }),
      staff,
      { language: 'jp' },
    );
    expect(refused.code).toBe(invalid);
    expect(refused.data).toEqual({
      fields: {
        title_jp: 'タイトルを入力してください',
        body_ch: expect.any(String),
        ends_at: '掲載終了は掲載開始より後にしてください',
        company_ids: '法人を 1 社以上選択してください',
      },
    });
    const tooLong = await create(draft({ title_en: 'x'.repeat(121), starts_at: 'tomorrow' }));
    expect(tooLong.code).toBe(invalid);
    expect(Object.keys((tooLong.data as unknown as { fields: object }).fields).sort()).toEqual([
      'starts_at',
      'title_en',
    ]);
    const unknownCompany = await create(draft({ audience: 'chosen_companies', company_ids: [randomUUID()] }));
    expect(unknownCompany.code).toBe(invalid);
    expect(unknownCompany.data).toEqual({ fields: { company_ids: 'One of the chosen companies does not exist' } });
  });

  it('is edited only while not published, and every staff action is audited', async () => {
    const written = await create(draft());
    const id = written.data.announcement_id;
    const edited = await call<ManagedAnnouncement>(
      test,
      '/api/v1/admin/announcements/update',
      { ...draft({ title_en: 'Corrected title' }), announcement_id: id },
      { session: staff },
    );
    expect(edited.data).toMatchObject({ title_en: 'Corrected title', state: 'draft' });

    expect((await act('publish', id)).data.state).toBe('live');
    expect((await act('publish', id)).code).toBe(illegalState);
    const refused = await call(
      test,
      '/api/v1/admin/announcements/update',
      { ...draft(), announcement_id: id },
      { session: staff, language: 'ch' },
    );
    expect(refused).toMatchObject({ code: illegalState, msg: '已发布的公告不能修改，请先撤回。' });

    expect((await act('unpublish', id)).data.state).toBe('unpublished');
    expect((await act('unpublish', id)).code).toBe(illegalState);
    const again = await call<ManagedAnnouncement>(
      test,
      '/api/v1/admin/announcements/update',
      { ...draft({ title_en: 'Second version' }), announcement_id: id },
      { session: staff },
    );
    expect(again.data).toMatchObject({ title_en: 'Second version', state: 'unpublished' });

    const entries = await test.database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(and(like(auditLog.action, 'announcement.%'), eq(auditLog.actor_user_id, staff.userid)))
      .orderBy(asc(auditLog.id));
    const ofThis = entries.filter((entry) => (entry.detail as { announcement_id?: string }).announcement_id === id);
    expect(ofThis.map((entry) => entry.action)).toEqual([
      'announcement.created',
      'announcement.updated',
      'announcement.published',
      'announcement.unpublished',
      'announcement.updated',
    ]);
    expect(ofThis[2]?.detail).toMatchObject({
      title: 'Corrected title',
      audience: 'all_companies',
      is_delivered: true,
    });
  });

  it('refuses to publish a window that has already ended', async () => {
    const start = test.clock.now();
    const written = await create(
      draft({ starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 1000).toISOString() }),
    );
    test.clock.advance(2);
    const refused = await act('publish', written.data.announcement_id);
    expect(refused.code).toBe(illegalState);
    expect(refused.msg).toBe('Its publish window has already ended. Change the dates before publishing it.');
  });
});

describe('who may manage announcements', () => {
  it('is staff holding announcements; a client, a compliance officer or a relationship manager is refused', async () => {
    const client = await approvedCompany(test);
    const officer = await staffMember('compliance_officer');
    const manager = await staffMember('sales_relationship_manager');
    const written = await create(draft());
    for (const session of [client.session, officer, manager]) {
      expect((await create(draft(), session)).code).toBe(forbidden);
      expect((await act('publish', written.data.announcement_id, session)).code).toBe(forbidden);
      expect((await act('get', written.data.announcement_id, session)).code).toBe(forbidden);
      const companies = await call(test, '/api/v1/admin/announcements/companies', {}, { session });
      expect(companies.code).toBe(forbidden);
    }
    expect((await call(test, '/api/v1/admin/announcements/list', {}, {})).code).toBe(9400);
    expect((await call(test, '/api/v1/announcement/list', {}, {})).code).toBe(9400);
  });
});

describe('reading announcements', () => {
  it('shows a published one to every company and tells each of their users once, in the three languages', async () => {
    const client = await approvedCompany(test);
    const member = await memberWithoutGroup(test, client.companyId);
    const other = await approvedCompany(test);
    const announcement = await published();

    for (const session of [client.session, member, other.session]) {
      const page = await clientList(session);
      expect(page.data.items.map((item) => item.announcement_id)).toContain(announcement.announcement_id);
      const [message] = (await announcementMessages(session)).filter(
        (item) => item.link?.id === announcement.announcement_id,
      );
      expect(message).toMatchObject({
        kind: 'announcement_published',
        category: 'announcements',
        params: { title_en: announcement.title_en, title_ch: announcement.title_ch, title_jp: announcement.title_jp },
        link: { page: 'announcement', id: announcement.announcement_id },
      });
    }
    const read = await clientGet(member, announcement.announcement_id);
    expect(read.data).toEqual({
      announcement_id: announcement.announcement_id,
      title_en: announcement.title_en,
      body_en: announcement.body_en,
      title_ch: announcement.title_ch,
      body_ch: announcement.body_ch,
      title_jp: announcement.title_jp,
      body_jp: announcement.body_jp,
      starts_at: announcement.starts_at,
      ends_at: null,
    });
    expect((await test.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    // Unpublished, it is gone; published again, it is not told a second time.
    await act('unpublish', announcement.announcement_id);
    expect((await clientGet(client.session, announcement.announcement_id)).code).toBe(notFound);
    await act('publish', announcement.announcement_id);
    await test.app.jobs.runSchedule(openAnnouncementWindowsSchedule);
    const messages = (await announcementMessages(client.session)).filter(
      (item) => item.link?.id === announcement.announcement_id,
    );
    expect(messages).toHaveLength(1);
  });

  it('keeps an announcement for chosen companies from every other company: not listed, not found, not told', async () => {
    const chosen = await approvedCompany(test, 'Chosen Trading Ltd');
    const stranger = await approvedCompany(test, 'Stranger Holdings Ltd');
    const announcement = await published({ audience: 'chosen_companies', company_ids: [chosen.companyId] });
    expect(announcement.companies).toEqual([{ company_id: chosen.companyId, name: 'Chosen Trading Ltd' }]);

    expect((await clientGet(chosen.session, announcement.announcement_id)).code).toBe(200);
    expect((await announcementMessages(chosen.session)).map((item) => item.link?.id)).toContain(
      announcement.announcement_id,
    );

    const refused = await clientGet(stranger.session, announcement.announcement_id);
    expect(refused.code).toBe(notFound);
    expect(refused.data).toBeNull();
    expect((await clientList(stranger.session)).data.items.map((item) => item.announcement_id)).not.toContain(
      announcement.announcement_id,
    );
    expect((await announcementMessages(stranger.session)).map((item) => item.link?.id)).not.toContain(
      announcement.announcement_id,
    );
    // Staff read only what is for every company.
    expect((await clientGet(staff, announcement.announcement_id)).code).toBe(notFound);
  });

  it('waits for a later window: shown and told when the schedule finds it open, once, and no longer after it ends', async () => {
    const client = await approvedCompany(test);
    const start = new Date(test.clock.now().getTime() + 5 * 60_000);
    const announcement = await published({
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + 10 * 60_000).toISOString(),
    });
    expect(announcement).toMatchObject({ state: 'scheduled', delivered_at: null });
    await test.app.jobs.runSchedule(openAnnouncementWindowsSchedule);
    expect((await clientGet(client.session, announcement.announcement_id)).code).toBe(notFound);
    expect((await announcementMessages(client.session)).map((item) => item.link?.id)).not.toContain(
      announcement.announcement_id,
    );

    test.clock.advance(6 * 60);
    await test.app.jobs.runSchedule(openAnnouncementWindowsSchedule);
    await test.app.jobs.runSchedule(openAnnouncementWindowsSchedule);
    expect((await clientGet(client.session, announcement.announcement_id)).code).toBe(200);
    const told = (await announcementMessages(client.session)).filter(
      (item) => item.link?.id === announcement.announcement_id,
    );
    expect(told).toHaveLength(1);
    expect((await act('get', announcement.announcement_id)).data).toMatchObject({
      state: 'live',
      delivered_at: expect.any(String),
    });

    test.clock.advance(10 * 60);
    expect((await clientGet(client.session, announcement.announcement_id)).code).toBe(notFound);
    expect((await act('get', announcement.announcement_id)).data.state).toBe('ended');
  });

  it('pages newest window first with an opaque cursor', async () => {
    const client = await signIn(test, await registerUser(test));
    const base = test.clock.now().getTime();
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1)
      ids.push(
        (await published({ starts_at: new Date(base - (index + 1) * 3_600_000).toISOString() })).announcement_id,
      );
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page: Answer<{ items: ClientAnnouncement[]; next_cursor: string | null }> = await clientList(client, {
        page_size: 2,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.code).toBe(200);
      seen.push(...page.data.items.map((item) => item.announcement_id));
      cursor = page.data.next_cursor;
    } while (cursor);
    const ours = seen.filter((id) => ids.includes(id));
    expect(ours).toEqual(ids);
    expect(new Set(seen).size).toBe(seen.length);
    expect((await clientList(client, { cursor: 'not a cursor' })).code).toBe(invalid);
  });
});

describe('choosing companies', () => {
  it('finds named companies by part of their name and answers the chosen ones by id', async () => {
    const named = await approvedCompany(test, `Kestrel ${randomUUID().slice(0, 6)} Logistics`);
    const search = await call<{ items: { company_id: string; name: string | null }[] }>(
      test,
      '/api/v1/admin/announcements/companies',
      { search: 'kestrel' },
      { session: staff },
    );
    expect(search.data.items.map((item) => item.company_id)).toContain(named.companyId);
    expect(search.data.items.every((item) => item.name?.toLowerCase().includes('kestrel'))).toBe(true);
    const byId = await call<{ items: { company_id: string }[] }>(
      test,
      '/api/v1/admin/announcements/companies',
      { search: 'no company is called this', company_ids: [named.companyId] },
      { session: staff },
    );
    expect(byId.data.items.map((item) => item.company_id)).toEqual([named.companyId]);
  });
});
