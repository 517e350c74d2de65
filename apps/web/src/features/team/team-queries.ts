/** The team screens' reads: one query key per list, refreshed after every change of the team. */

import { listApiKeys } from '@bank/contract/api-keys';
import { defaultPageSize } from '@bank/contract/constants';
import { listPermissionGroups, listTeamMembers } from '@bank/contract/team';
import { type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { prefetchScreenData, prefetchScreenPages, screenPagesOptions, useScreenQuery } from '../../lib/screen-query.ts';

/** The start of each list's query key, whatever its request: invalidating it reloads the list. */
const groupsKey = [listPermissionGroups.path] as const;
const membersKey = [listTeamMembers.path] as const;

const membersRequest = { page_size: defaultPageSize };

export function useGroups() {
  return useScreenQuery(listPermissionGroups, {});
}

export function useMembers() {
  return useInfiniteQuery(screenPagesOptions(listTeamMembers, membersRequest));
}

/**
 * Starts the team page's lists before the page's code has arrived (team-page-data.ts). The members'
 * list is drawn once the groups have arrived but asks nothing of them, so both start at once.
 */
export function prefetchTeam() {
  void prefetchScreenData(listPermissionGroups, {});
  void prefetchScreenPages(listTeamMembers, membersRequest);
}

/** After a change: groups count their members, members show their group. */
export async function refreshTeam(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: groupsKey }),
    queryClient.invalidateQueries({ queryKey: membersKey }),
  ]);
}

/** The company's API keys (the administrator's tab): asked for only while the tab is open. */
export function useApiKeys() {
  return useScreenQuery(listApiKeys, {});
}

export async function refreshApiKeys(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: [listApiKeys.path] });
}
