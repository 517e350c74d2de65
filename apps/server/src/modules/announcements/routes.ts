/**
 * The announcements' calls: staff with `announcements` write, edit, publish and unpublish
 * (admin/announcements/*); every signed-in user reads those published for their company within their
 * window (announcement/list, announcement/get).
 */
import {
  createAnnouncement,
  getAnnouncement,
  getManagedAnnouncement,
  listAnnouncementCompanies,
  listAnnouncements,
  listManagedAnnouncements,
  publishAnnouncement,
  unpublishAnnouncement,
  updateAnnouncement,
} from '@bank/contract/announcements';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../platform/db.ts';
import { type CallContext, registerCall } from '../../platform/route.ts';
import {
  clientAnnouncement,
  clientAnnouncementPage,
  companyChoices,
  managedAnnouncement,
  managedAnnouncementPage,
} from './queries.ts';
import { createDraft, editDraft, publish, type StaffActor, unpublish } from './service.ts';

const actorOf = (call: CallContext): StaffActor => ({ userId: call.session.user_id, ip: call.ip, now: call.now });

export function registerAnnouncementCalls(app: FastifyInstance, db: AppDatabase): void {
  // Back office.
  registerCall(app, listManagedAnnouncements, (body, call) => managedAnnouncementPage(db, body, call.now));
  registerCall(app, getManagedAnnouncement, (body, call) => managedAnnouncement(db, body.announcement_id, call.now));
  registerCall(app, createAnnouncement, (body, call) => createDraft(call.transaction ?? db, body, actorOf(call)));
  registerCall(app, updateAnnouncement, ({ announcement_id: id, ...draft }, call) =>
    editDraft(db, id, draft, actorOf(call)),
  );
  registerCall(app, publishAnnouncement, (body, call) => publish(db, body.announcement_id, actorOf(call)));
  registerCall(app, unpublishAnnouncement, (body, call) => unpublish(db, body.announcement_id, actorOf(call)));
  registerCall(app, listAnnouncementCompanies, (body) => companyChoices(db, body));

  // Clients (and staff, who read those for all companies).
  registerCall(app, listAnnouncements, (body, call) =>
    clientAnnouncementPage(db, call.session.company_id, body, call.now),
  );
  registerCall(app, getAnnouncement, (body, call) =>
    clientAnnouncement(db, call.session.company_id, body.announcement_id, call.now),
  );
}
