/**
 * /blockchain_d/transaction_h_info: one deposit. A deposit is a line of the company's history, so
 * its details are the transaction's (/my_transaction_info), with the same `?id=`.
 */
import { pathOf } from '@bank/contract/routes';
import { Navigate, useLocation } from 'react-router';

export function DepositDetailPage() {
  const { search } = useLocation();
  return <Navigate to={`${pathOf('transaction_detail')}${search}`} replace />;
}
