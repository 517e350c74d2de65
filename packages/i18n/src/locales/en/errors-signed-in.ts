/**
 * Messages of what only signed-in screens do (cards, money): loaded with the signed-in shell, not
 * on a public page's first load. Part of `errors` (resources.ts and the web app merge them); its own module so that the first load
 * does not carry it.
 */
export const errorsSignedIn = {
  card_blocked_by_admin: 'Operation cannot continue, card blocked by administrator.',
  password_reset_unsupported: 'Password reset is not supported in the current state.',
  card_pending_replacement: 'A card with a pending replacement cannot be unblocked.',
  submission_failed: 'Submission failed. We will contact you shortly.',
  data_error: 'Data error.',
  processor_unavailable_staff: 'The card processor did not answer. Nothing was changed; try again later.',
  processor_malformed_staff:
    'The card processor answered something the product cannot read. Nothing was changed; check the card at the processor.',
  status_error: 'Status error.',
  fee_changed: 'The fee has changed since it was shown. Check the new fee and try again.',
  allocate_cards_failed: 'Failed to allocate cards.',
  activate_card_failed: 'Failed to activate card.',
  set_pin_failed: 'Failed to set PIN.',
  previous_renewal_first: 'Please process the previous renewal first.',
  insufficient_balance: 'Insufficient balance. Top up the account or choose another currency.',
  rates_stale: 'Exchange rates are being updated. Please try again in a few minutes.',
  quote_expired: 'This quote has expired. A new quote is on its way: check the rate and accept again.',
  amount_below_minimum: 'The amount is below the minimum.',
  amount_above_maximum: 'The amount is above the maximum.',
  daily_top_up_limit: 'The amount is over the daily top-up limit.',
  contract_not_open: 'This contract is not taking orders: it has not started yet or it has ended.',
  order_below_minimum: 'The quantity is below the contract’s minimum order per batch.',
  order_above_remaining: 'The quantity is more than the contract has left to order.',
  card_already_bound: 'This card is already bound to a cardholder.',
  cardholder_kyc_not_approved: 'The cardholder’s card KYC is not approved yet.',
  api_key_call_refused: 'An API key cannot make this call: it is a person’s, or outside the key’s scope.',
  api_key_address_refused: 'This API key may write only from the IP ranges of its allow-list.',
} as const;
