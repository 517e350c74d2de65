/** The bank's staff have no client home: / takes them to the back office. Light: part of the first load. */
import { pathOf } from '@bank/contract/routes';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isStaffSession } from '../lib/session-storage.ts';

export function ClientHomeGate({ children }: { children: ReactNode }) {
  if (isStaffSession()) return <Navigate to={pathOf('admin_home')} replace />;
  return children;
}
