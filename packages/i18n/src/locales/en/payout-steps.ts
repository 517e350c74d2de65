/**
 * The steps of a payout's timeline (the transactions' details draw them too): part of payouts.ts, apart
 * so that a page that shows them loads only these.
 */
export const payoutSteps = {
  submitted: 'Submitted',
  approval_requested: 'Sent for approval',
  approved: 'Approved',
  approval_rejected: 'Rejected by an approver',
  review_approved: 'Approved by the bank',
  review_rejected: 'Rejected by the bank',
  sent: 'Sent',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled before approval',
};
