/** /fiat_deposit: funding the account in a fiat currency is the deposit notice of /blockchain_d/deposit_fiat. */
import { pageRedirects, pathOf } from '@bank/contract/routes';
import { Navigate } from 'react-router';

export function FiatDepositPage() {
  return <Navigate to={pathOf(pageRedirects.fiat_deposit)} replace />;
}
