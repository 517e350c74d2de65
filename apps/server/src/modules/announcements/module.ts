/**
 * The announcements module: staff write and publish announcements, every signed-in user reads those
 * meant for their company (routes.ts). A schedule tells the audience of an announcement whose window
 * opens after it was published.
 */
import type { AppModule } from '../../platform/module.ts';
import { registerAnnouncementCalls } from './routes.ts';
import { announcementsDemoSeeder } from './seed.ts';
import { openScheduledWindows } from './service.ts';

/** Every minute: announcements whose window has opened reach their audience's inboxes. */
export const openAnnouncementWindowsSchedule = 'announcements__open_windows';

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

    registerAnnouncementCalls(app, db);
  },
};
