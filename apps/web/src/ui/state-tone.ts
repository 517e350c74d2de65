/**
 * The colour meaning of every state of SPEC.md section 4, so that a status reads the same on every
 * screen: done and good, needs the user, in progress at the bank, stopped or failed, or neither.
 */
import type { StateListName } from '@bank/contract/states';

export type StateTone = 'positive' | 'attention' | 'in_progress' | 'negative' | 'neutral';

/** Tones by state value; a value means the same in every list where it appears. */
const toneOfValue: Readonly<Record<string, StateTone>> = {
  // Done and good
  success: 'positive',
  kyc_approved: 'positive',
  approved: 'positive',
  active: 'positive',
  activated: 'positive',
  bound: 'positive',
  paid: 'positive',
  allocated: 'positive',
  replaced: 'positive',
  reissued: 'positive',
  accepted: 'positive',
  renewed: 'positive',
  // Needs the user to act
  not_submitted: 'attention',
  pending_resubmission: 'attention',
  pending_payment: 'attention',
  unpaid: 'attention',
  retry: 'attention',
  awaiting_activation: 'attention',
  printed_pending_bind: 'attention',
  pending_rebind: 'attention',
  quoted: 'attention',
  // In progress at the bank or a provider
  admin_review: 'in_progress',
  pending_approval: 'in_progress',
  in_process: 'in_progress',
  under_review: 'in_progress',
  pending_review: 'in_progress',
  pending: 'in_progress',
  processing: 'in_progress',
  kyc_processing: 'in_progress',
  consolidating: 'in_progress',
  reserved_for_print: 'in_progress',
  printing: 'in_progress',
  mailed: 'in_progress',
  replacement_in_progress: 'in_progress',
  pending_replacement: 'in_progress',
  partially_allocated: 'in_progress',
  cancelling: 'in_progress',
  upcoming: 'in_progress',
  requested: 'in_progress',
  // Stopped or failed
  rejected: 'negative',
  kyc_rejected: 'negative',
  failed: 'negative',
  blocked: 'negative',
  overdue: 'negative',
  declined: 'negative',
  card_anomaly: 'negative',
  replacement_refused: 'negative',
  // Neither
  not_replaced: 'neutral',
  unbound: 'neutral',
  cancelled: 'neutral',
  discontinued: 'neutral',
  returned: 'neutral',
  free: 'neutral',
  expired: 'neutral',
  not_started: 'neutral',
  ended: 'neutral',
  not_renewed: 'neutral',
};

/** Lists whose every value has one meaning: who blocked a card, why a card is in anomaly. */
const toneOfList: Partial<Record<StateListName, StateTone>> = {
  card_block: 'negative',
  card_anomaly: 'negative',
};

/** The tone of a state, or undefined for a value no list of the contract has. */
export function toneOfState(list: StateListName, value: string): StateTone | undefined {
  return toneOfList[list] ?? toneOfValue[value];
}

/** Mantine colour of each tone (the theme's primary colour for work in progress). */
export const colourOfTone: Record<StateTone, string> = {
  positive: 'teal',
  attention: 'orange',
  in_progress: 'bank',
  negative: 'red',
  neutral: 'gray',
};
