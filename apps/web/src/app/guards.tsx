/**
 * The route guards of SPEC.md section 2, which look at the token and the 2FA-done flag only:
 * - a signed-in user (both present) who opens a public page (login, reg, reset_pwd, forget_pwd,
 *   upload) is sent to /;
 * - a user lacking either who opens any other page is sent to /login (the page they wanted rides
 *   along in the navigation state, for the login flow to return to).
 */
import { pathOf, publicPaths } from '@bank/contract/routes';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isSignedIn } from '../lib/session-storage.ts';
import { ShellSkeleton } from './shell-skeleton.tsx';

type LoginRedirectState = { from?: string };

export function RequireSession() {
  const location = useLocation();
  if (!isSignedIn()) {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={publicPaths.login} replace state={state} />;
  }
  // The main layout is loaded on demand: its outline shows meanwhile, not a blank page.
  return (
    <Suspense fallback={<ShellSkeleton />}>
      <Outlet />
    </Suspense>
  );
}

export function PublicOnly() {
  if (isSignedIn()) return <Navigate to={pathOf('home')} replace />;
  return <Outlet />;
}
