/**
 * What /affiche/affiche_list_admin loads first: the list's first page, of all states, or the
 * announcement being edited (`?write=<id>`); started before the page's code has arrived
 * (app/page-data.ts).
 */
import { type AnnouncementState, getManagedAnnouncement, listManagedAnnouncements } from '@bank/contract/announcements';
import { defaultPageSize } from '@bank/contract/constants';
import { type PagePlace, prefetchScreenData, prefetchScreenPages } from '../../../lib/screen-query.ts';

/** The announcements listed: in one state, or all (the list opens on all). */
export function listRequestOf(state: AnnouncementState | '') {
  return { page_size: defaultPageSize, ...(state ? { state } : {}) };
}

export const editedRequestOf = (id: string) => ({ announcement_id: id });

export function loadManageAnnouncementsPage({ search }: PagePlace): void {
  // The list, or the announcement being edited (`?write=<id>`); a new one (`?write=new`) asks nothing.
  const writing = search.get('write');
  if (writing === null) void prefetchScreenPages(listManagedAnnouncements, listRequestOf(''));
  else if (writing !== 'new') void prefetchScreenData(getManagedAnnouncement, editedRequestOf(writing));
}
