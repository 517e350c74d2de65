/**
 * The KYC gate (SPEC.md sections 2 and 6): a page the contract marks `isKycGated` is not rendered
 * until sessionStorage `kyc_status` is `kyc_approved`; the access-denied dialog shows instead. The
 * stored status may be older than the server's (staff approved the company since it was stored), so
 * the dialog asks the server once (getUserInfo, which refreshes `kyc_status`) and the gate looks
 * again. The dialog is loaded only when needed, so that the first load of /login stays small.
 */
import type { MainPage } from '@bank/contract/routes';
import { lazy, type ReactNode, useReducer } from 'react';
import { isKycApproved } from '../lib/session-storage.ts';

const KycAccessDenied = lazy(async () => ({ default: (await import('./kyc-access-denied.tsx')).KycAccessDenied }));

export function KycGate({ page, children }: { page: MainPage; children: ReactNode }) {
  const [, lookAgain] = useReducer((count: number) => count + 1, 0);
  if (!page.isKycGated || isKycApproved()) return children;
  return <KycAccessDenied page={page} onStatusRefreshed={lookAgain} />;
}
