/**
 * The announcements module (organisation issue, part 5): staff with `announcements` write, edit,
 * publish and unpublish announcements (admin/announcements/*); every signed-in user reads those
 * published for their company within their window (announcement/list, announcement/get). A
 * schedule tells the audience of an announcement whose window opens after it was published.
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
import type { AppModule } from '../../platform/module.ts';
import type { CallContext } from '../../platform/route.ts';
import { registerCall } from '../../platform/route.ts';
import {
  announcementRow,
  clientAnnouncement,
  clientAnnouncementPage,
  companyChoices,
  managedAnnouncementOf,
  managedAnnouncementPage,
} from './queries.ts';
import { announcementsDemoSeeder } from './seed.ts';
import { createDraft, editDraft, openScheduledWindows, publish, type StaffActor, unpublish } from './service.ts';

/** Every minute: announcements whose window has opened reach their audience's inboxes. */
export const openAnnouncementWindowsSchedule = 'announcements__open_windows';

function actorOf(call: CallContext): StaffActor {
  return { userId: call.session.user_id, ip: call.ip, now: call.now };
}

export const announcementsModule: AppModule = {
  name: 'announcements',
  demoSeeder: announcementsDemoSeeder,
  register(app, context) {
    const db = context.database.db;

    context.jobs.schedule({
      name: openAnnouncementWindowsSchedule,
      cron: '* * * * *',
      run: async () => {
        await openScheduledWindows(db, context.clock.now());
      },
    });

    // Back office.
    registerCall(app, listManagedAnnouncements, (body, call) => managedAnnouncementPage(db, body, call.now));
    registerCall(app, getManagedAnnouncement, async (body, call) =>
      managedAnnouncementOf(db, await announcementRow(db, body.announcement_id), call.now),
    );
    registerCall(app, createAnnouncement, (body, call) => createDraft(call.transaction ?? db, body, actorOf(call)));
    registerCall(app, updateAnnouncement, (body, call) => {
      const { announcement_id: id, ...draft } = body;
      return editDraft(db, id, draft, actorOf(call));
    });
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
  },
};
