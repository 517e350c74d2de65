/**
 * /blockchain_w/new_fiat2: the fiat payout as checked (amount, fee, rate, what arrives in the payee's
 * currency, total held, destination, purpose), its quote's countdown and "Confirm payout".
 */
import { ConfirmPayoutPage } from './payout-flow.tsx';
import '../../messages/payouts.ts';
import '../../messages/transactions.ts';

export function ConfirmFiatTransferPage() {
  return <ConfirmPayoutPage kind="fiat" />;
}
