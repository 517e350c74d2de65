/**
 * The signed-in user (getUserInfo), shared by the account page, the staff gate and the keep-alive:
 * one query key, so that each of them sees what the others loaded. Every answer also refreshes the
 * session keys it carries (`kyc_status`, `is_staff`), so that the KYC gate and the back-office guard
 * follow the server without a new sign-in.
 * Its call is loaded on use, on its own (not with the identity contract and its phone rules).
 */

import type { CallDefinition, RequestOf } from '@bank/contract/calls';
import { holdsPermission, type Permission } from '@bank/contract/permissions';
import type { UserInfo } from '@bank/contract/user-info';
import { type QueryClient, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../lib/api-client.ts';
import { queryClient } from '../lib/query-client.ts';
import { loadScreenData, prefetchScreenData } from '../lib/screen-query.ts';
import { writeSession } from '../lib/session-storage.ts';

const loadUserInfoCall = () => import('@bank/contract/user-info');

export const userInfoQueryKey = ['/api/v1/account/getUserInfo', {}] as const;

function remember(info: UserInfo): UserInfo {
  writeSession({ kycStatus: info.kyc_status, isStaff: info.is_staff });
  return info;
}

/** One query of the user for every reader, the page loads that start before a page renders included. */
const userInfoQuery = {
  queryKey: userInfoQueryKey,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const { getUserInfo } = await loadUserInfoCall();
    return remember(await loadScreenData(getUserInfo, {}, signal));
  },
};

/** The screen load of the user (120 s time-out, errors shown as every screen shows them). */
export function useUserInfo(): UseQueryResult<UserInfo> {
  return useQuery(userInfoQuery);
}

/**
 * Starts the user's load from a page's first loads (app/page-data.ts), into the query
 * `useUserInfo` reads; answers the user, for the loads that depend on it, or nothing on a failure.
 */
export function prefetchUserInfo(): Promise<UserInfo | undefined> {
  return queryClient.fetchQuery(userInfoQuery).catch(() => undefined);
}

/**
 * Starts, from a page's first loads, a load the page makes only for a user holding `permission`, once
 * the user's answer says so: never a call the server would refuse, and not left to the page once
 * drawn, whose answer would draw it again (decision 40).
 */
export async function prefetchIfPermitted<Call extends CallDefinition>(
  permission: Permission,
  call: Call,
  body: RequestOf<Call>,
): Promise<void> {
  const user = await prefetchUserInfo();
  if (user && holdsPermission(user.permissions, permission)) await prefetchScreenData(call, body);
}

/** One getUserInfo call outside a screen (the keep-alive); its answer refreshes the cached user. */
export async function fetchUserInfo(queryClient: QueryClient, options: CallOptions = {}): Promise<UserInfo> {
  const { getUserInfo } = await loadUserInfoCall();
  const info = remember(await callApi(getUserInfo, {}, options));
  queryClient.setQueryData(userInfoQueryKey, info);
  return info;
}

/**
 * Whether the signed-in user holds a permission (getUserInfo's `permissions`, the server's own
 * answer): undefined until known. Screens hide what a user may not do; the server refuses it anyway.
 */
export function useHoldsPermission(permission: Permission): boolean | undefined {
  const permissions = useUserInfo().data?.permissions;
  return permissions === undefined ? undefined : holdsPermission(permissions, permission);
}
