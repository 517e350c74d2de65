/**
 * The back office is shown only to the bank's staff (sessionStorage `is_staff`, written from the
 * sign-in's answer and refreshed by every getUserInfo). Anyone else opening a staff-only page sees the
 * 404 page, as for any page that does not exist for them: the address does not confirm that a back
 * office is there. The server refuses every back-office call to anyone but staff in any case.
 *
 * A back-office page whose permission the staff member's role does not hold (contract routes.ts)
 * says so in place of the page, as the menu leaves it out: its calls would only be refused.
 *
 * Staff must pair an authenticator before anything else (the server refuses their other calls until
 * then): a staff member without one is sent to My account, where the pairing card is open.
 *
 * Loaded with the first staff-only page (routes.tsx), never on /login.
 */
import { type MainPage, pathOf } from '@bank/contract/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useUserInfo } from '../api/user-info.ts';
import type { AccountPageState } from '../lib/account-page-state.ts';
import { isStaffSession } from '../lib/session-storage.ts';
import { NoPermissionPage } from '../ui/no-permission-page.tsx';
import { PageSkeleton } from '../ui/skeletons.tsx';
import { mayOpenPage } from './navigation.ts';
import { NotFoundPage } from './not-found-page.tsx';
import '../messages/admin.ts';
import '../messages/payout-navigation.ts';

function PairingCheck({ page, children }: { page: MainPage; children: ReactNode }) {
  const { t } = useTranslation();
  const userInfo = useUserInfo();
  if (userInfo.isPending) return <PageSkeleton />;
  // A failed load shows the page: its own calls then answer what the server thinks.
  if (userInfo.data?.is_staff && userInfo.data.must_pair_authenticator) {
    const state: AccountPageState = { mustPairAuthenticator: true };
    return <Navigate to={pathOf('account')} replace state={state} />;
  }
  // A session that turned out not to be staff's (is_staff was edited by hand) is refreshed above.
  if (userInfo.data && !userInfo.data.is_staff) return <NotFoundPage isSignedInUser />;
  if (userInfo.data && !mayOpenPage(page, userInfo.data.permissions)) {
    return <NoPermissionPage title={t(`pages.${page.id}.title`)} />;
  }
  return children;
}

export function StaffGate({ page, children }: { page: MainPage; children: ReactNode }) {
  if (!isStaffSession()) return <NotFoundPage isSignedInUser />;
  return <PairingCheck page={page}>{children}</PairingCheck>;
}
