/**
 * /fiat_withdrawal: SPEC.md lists it beside fiat_deposit without saying more. Money leaves a
 * company only as a payout to a payee (a payee can be the company's own bank account), so the
 * route leads to the fiat payout form rather than to a second form doing the same.
 */
import { pageRedirects, pathOf } from '@bank/contract/routes';
import { Navigate } from 'react-router';

export function FiatWithdrawalPage() {
  return <Navigate to={pathOf(pageRedirects.fiat_withdrawal)} replace />;
}
