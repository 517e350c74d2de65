/**
 * The KYC gate (SPEC.md sections 2 and 6): a page the contract marks `isKycGated` is not rendered
 * until sessionStorage `kyc_status` is `kyc_approved`; the access-denied dialog shows instead. The
 * dialog is loaded only when needed, so that the first load of /login stays small.
 */
import type { MainPage } from '@bank/contract/routes';
import { lazy, type ReactNode } from 'react';
import { isKycApproved } from './session-storage.ts';

const KycAccessDenied = lazy(async () => ({ default: (await import('./kyc-access-denied.tsx')).KycAccessDenied }));

export function KycGate({ page, children }: { page: MainPage; children: ReactNode }) {
  if (!page.isKycGated || isKycApproved()) return children;
  return <KycAccessDenied page={page} />;
}
