/**
 * Demo announcements: one published for every client company, its window open since the seed, so a
 * user of `npm start` finds it on /affiche/affiche_list (and the demo users already there, in their
 * inbox). And the member of staff who writes them: a system administrator kept for announcements, so
 * that the browser journey pairing its authenticator shares it with no other journey. Runs once: if
 * any announcement exists, nothing is added.
 */

import type { DemoSeeder } from '../../platform/module.ts';
import { ensureUser } from '../account/index.ts';
import { createDraft, publish } from './service.ts';
import { announcements } from './tables.ts';

const communicationsStaff = {
  email: 'communications@bank.localhost',
  password: 'Staff-Notices#2026',
  fullName: 'Nia Notices',
} as const;

const demoAnnouncement = {
  title_en: 'Extended support hours for year-end payments',
  body_en:
    'From 15 December to 10 January our payments desk answers from 07:00 to 22:00 (UTC+8), seven days a week.\n\nPayouts submitted before 16:00 are reviewed the same day. Please plan large year-end transfers early and keep your payees up to date.',
  title_ch: '年末付款服务时间延长',
  body_ch:
    '12月15日至1月10日期间，我们的付款服务台每天 07:00 至 22:00（UTC+8）提供服务，周末无休。\n\n16:00 前提交的付款将于当日审核。请提前安排年末大额转账，并及时更新收款人信息。',
  title_jp: '年末のお支払いに向けたサポート時間の延長',
  body_jp:
    '12月15日から1月10日まで、お支払い窓口は毎日 07:00〜22:00（UTC+8）に営業いたします。\n\n16:00 までに申請された出金は当日中に審査いたします。年末の大口送金はお早めにご準備いただき、受取人情報を最新の状態に保ってください。',
};

export const announcementsDemoSeeder: DemoSeeder = {
  name: 'announcements',
  async seed({ db, now }) {
    const userId = await ensureUser(db, { ...communicationsStaff, role: 'system_admin' }, now);
    const account = {
      email: communicationsStaff.email,
      password: communicationsStaff.password,
      role: 'system_admin',
      note: 'announcements',
    };
    const [existing] = await db.select({ id: announcements.id }).from(announcements).limit(1);
    if (existing) return [account];
    const actor = { userId, ip: '127.0.0.1', now };
    const draft = await db.transaction((tx) =>
      createDraft(
        tx,
        {
          ...demoAnnouncement,
          starts_at: now.toISOString(),
          ends_at: null,
          audience: 'all_companies',
          company_ids: [],
        },
        actor,
      ),
    );
    await publish(db, draft.announcement_id, actor);
    return [account];
  },
};
