/**
 * /blockchain_w/new_digital_asset2: the digital asset payout as checked (amount, network fee, total
 * held, address and network, purpose), its quote's countdown and "Confirm payout".
 */
import { ConfirmPayoutPage } from './payout-flow.tsx';
import '../../messages/payouts.ts';
import '../../messages/transactions.ts';

export function ConfirmCryptoTransferPage() {
  return <ConfirmPayoutPage kind="crypto" />;
}
