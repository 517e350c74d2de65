/**
 * The word for every value of the contract a client reads, so that no code reaches a client:
 * each state of states.ts, each transaction type, step and ledger movement kind, and where its word
 * is in the catalogues. Screens (web ui/labels.ts), the PDF, CSV and XLSX exports and messages all
 * name a value through this one table, so that one value reads as one word everywhere. Pure (no
 * catalogue is loaded here), so the web app takes it without every language; label-text.ts writes
 * the word on the server.
 */
import {
  accountKycStatuses,
  cardAnomalyCauses,
  cardApplicationStatuses,
  cardBlockTypes,
  cardOperationStages,
  cardReplacementStatuses,
  cardStatuses,
  contractStatuses,
  feePaymentStatuses,
  membershipRenewalStatuses,
  otcStatuses,
  payoutSteps,
  preOrderStatuses,
  topUpStatuses,
  transactionStatuses,
  verificationDisplays,
} from '@bank/contract/states';
import { ledgerMovementKinds, movementSteps, transactionTypes } from '@bank/contract/transaction';

/** Every step a transaction's timeline may show: a payout's, or another movement's. */
const transactionSteps = [...movementSteps, ...payoutSteps] as const;

/** Each labelled value set: its values (from the contract) and the catalogue keys its words sit under, in order. */
export const labelledValues = {
  transaction_status: { values: transactionStatuses, under: 'states.transaction' },
  verification: { values: verificationDisplays, under: 'states.verification' },
  account_kyc: { values: accountKycStatuses, under: 'states.account_kyc' },
  card: { values: cardStatuses, under: 'states.card' },
  card_block: { values: cardBlockTypes, under: 'states.card_block' },
  card_replacement: { values: cardReplacementStatuses, under: 'states.card_replacement' },
  card_application: { values: cardApplicationStatuses, under: 'states.card_application' },
  card_operation: { values: cardOperationStages, under: 'states.card_operation' },
  card_anomaly: { values: cardAnomalyCauses, under: 'states.card_anomaly' },
  top_up: { values: topUpStatuses, under: 'states.top_up' },
  fee_payment: { values: feePaymentStatuses, under: 'states.fee_payment' },
  pre_order: { values: preOrderStatuses, under: 'states.pre_order' },
  contract: { values: contractStatuses, under: 'states.contract' },
  membership_renewal: { values: membershipRenewalStatuses, under: 'states.membership_renewal' },
  otc: { values: otcStatuses, under: 'states.otc' },
  transaction_type: { values: transactionTypes, under: 'transactions.types' },
  // A payout's steps read as on its own page (payout_step); the other movements' as here.
  transaction_step: { values: transactionSteps, under: 'transactions.detail.steps' },
  payout_step: { values: payoutSteps, under: 'payouts.steps' },
  // A fee's movement reads what the fee was for (the server names it by the transaction's type).
  ledger_movement: {
    values: [...ledgerMovementKinds, 'payout_fee', 'conversion_fee'],
    under: 'transactions.detail.kinds',
  },
} as const satisfies Record<string, { values: readonly string[]; under: string }>;

export type LabelledSet = keyof typeof labelledValues;
export type LabelledValue<Set extends LabelledSet> = (typeof labelledValues)[Set]['values'][number];

/** The word a value of no known kind reads as (an old row, a value newer than the catalogues). */
export const unknownValueKey = 'transactions.detail.unknown_value';

/** The catalogue key of a value's word (`states.transaction.failed`), or the unknown value's. */
export function labelKeyOf<Set extends LabelledSet>(set: Set, value: LabelledValue<Set> | (string & {})): string {
  if (set === 'transaction_step' && (payoutSteps as readonly string[]).includes(value)) return `payouts.steps.${value}`;
  const { values, under } = labelledValues[set];
  return (values as readonly string[]).includes(value) ? `${under}.${value}` : unknownValueKey;
}
