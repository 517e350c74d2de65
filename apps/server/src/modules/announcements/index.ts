/** The announcements module's public surface (other modules import it only through here). */
export { openAnnouncementWindowsSchedule } from './module.ts';
export { announcementCompanies, announcements } from './tables.ts';
