/**
 * Pages of every card of the company (applications, cardholders' KYC, renewals) open only to users
 * with card management; a cardholder with card use alone is told so in place of the page (the
 * server refuses its calls too).
 */
import type { ReactNode } from 'react';
import { useHoldsPermission } from '../../api/user-info.ts';
import { NoPermissionPage } from '../../ui/no-permission-page.tsx';

export function CardManagementOnly({ title, children }: { title: string; children: ReactNode }) {
  const mayManage = useHoldsPermission('card_management');
  if (mayManage === false) return <NoPermissionPage title={title} />;
  return children;
}
