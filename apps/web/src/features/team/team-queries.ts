/** The team screens' reads: one query key per list, refreshed after every change of the team. */
import { defaultPageSize } from '@bank/contract/constants';
import { listPermissionGroups, listTeamMembers } from '@bank/contract/team';
import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { loadScreenData } from '../../lib/screen-query.ts';

const groupsKey = [listPermissionGroups.path] as const;
const membersKey = [listTeamMembers.path] as const;

export function useGroups() {
  return useQuery({
    queryKey: groupsKey,
    queryFn: ({ signal }) => loadScreenData(listPermissionGroups, {}, signal),
  });
}

export function useMembers() {
  return useInfiniteQuery({
    queryKey: membersKey,
    queryFn: ({ pageParam, signal }) =>
      loadScreenData(
        listTeamMembers,
        { page_size: defaultPageSize, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

/** After a change: groups count their members, members show their group. */
export async function refreshTeam(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: groupsKey }),
    queryClient.invalidateQueries({ queryKey: membersKey }),
  ]);
}
