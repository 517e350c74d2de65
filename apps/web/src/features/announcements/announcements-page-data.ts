/**
 * What /affiche/affiche_list loads first: the announcement the address opens (`?id=`), or the
 * list's first page; started before the page's code has arrived (app/page-data.ts).
 */
import { getAnnouncement, listAnnouncements } from '@bank/contract/announcements';
import { defaultPageSize } from '@bank/contract/constants';
import { type PagePlace, prefetchScreenData, prefetchScreenPages } from '../../lib/screen-query.ts';

export const listRequest = { page_size: defaultPageSize };

export const detailRequestOf = (id: string) => ({ announcement_id: id });

export function loadAnnouncementsPage({ search }: PagePlace): void {
  // One announcement (`?id=`), or the list.
  const id = search.get('id');
  if (id) void prefetchScreenData(getAnnouncement, detailRequestOf(id));
  else void prefetchScreenPages(listAnnouncements, listRequest);
}
