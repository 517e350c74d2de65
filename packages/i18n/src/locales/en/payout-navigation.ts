/** The payouts' items of the signed-in menu: part of payouts.ts, apart so that the shell loads only these. */
export const payoutNavigation = {
  batches: 'Batch payouts',
  payees: 'Payees',
  address_book: 'Address book',
  approvals: 'Payout approvals',
  payout_review: 'Payout review',
};
