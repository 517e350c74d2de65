/**
 * The card processor adapter (DECISIONS.md "Cards"): the issuing processor that enrols cardholders
 * (their KYC), issues, ships and activates cards, sets PINs, loads money, and reports what happens
 * afterwards. Like a real processor it answers requests at once and reports asynchronous changes
 * as notifications (a real one sends webhooks; the product reads them in order from a cursor, so
 * that none is lost or applied twice: the cards module's sync).
 *
 * The processor holds the card number, the PIN and the security code. The product sends a PIN from
 * the form straight here and keeps nothing of it; it learns a card's last 4 digits and its
 * reference, never more.
 *
 * A request to the processor fails in one of two ways, and an adapter raises nothing else for the
 * outside world: `CardProcessorFailure` `unavailable` when the processor did not answer (refused,
 * reset, or no answer within the adapter's time-out) and `malformed` when it answered something
 * that is not what this interface says (a body that does not parse, a field missing or of another
 * kind, a value outside its list). The cards module answers the caller for both and tells the
 * bank's card staff; the caller's transaction rolls back, so the product keeps nothing half done.
 */
import { cardDeclineReasons } from '@bank/contract/card-money';
import type { CardLevel, CardNetwork, CardProcessorFault, PostalAddress } from '@bank/contract/cards';
import type { CardAnomalyCause, CardOperationStage, TopUpStatus, VerificationDisplay } from '@bank/contract/states';
import type { DbHandle } from '../../platform/db.ts';

/** The processor did not answer (`unavailable`) or answered what this interface does not say (`malformed`). */
export class CardProcessorFailure extends Error {
  override name = 'CardProcessorFailure';
  readonly fault: CardProcessorFault;

  constructor(fault: CardProcessorFault, detail: string, options?: { cause?: unknown }) {
    super(`card processor ${fault}: ${detail}`, options);
    this.fault = fault;
  }
}

export function isCardProcessorFailure(error: unknown): error is CardProcessorFailure {
  return error instanceof CardProcessorFailure;
}

export type ProcessorCardholder = {
  title: string;
  first_name: string;
  last_name: string;
  /** The cardholder's login at the processor: letters, digits, underscore. */
  username: string;
  email: string;
  mobile: string;
  date_of_birth: string;
  residence_address: PostalAddress;
  id_type: 'passport' | 'national_id';
  id_number: string;
  id_issuing_country: string;
  id_issue_date: string;
  id_expiry_date: string;
  proof_of_address_type: string;
  proof_of_address_issue_date: string;
};

export type ProcessorKycStatus = {
  /** The processor's review of the ID and of the proof of address, and its message when it refused one. */
  id_status: VerificationDisplay;
  address_status: VerificationDisplay;
  message: string | null;
};

type IssuedCard = {
  reference: string;
  last4: string;
  /** YYYY-MM-DD: the last day the card works unless renewed. */
  expires_on: string;
  operation_stage: CardOperationStage;
};

export type ProcessorNotification =
  | {
      seq: string;
      type: 'kyc_status';
      member_id: string;
      kyc: ProcessorKycStatus;
      at: string;
    }
  | {
      seq: string;
      type: 'card_stage';
      reference: string;
      operation_stage: CardOperationStage;
      anomaly_cause: CardAnomalyCause | null;
      /** The KIT number, from the stage the card is packed (mailed) on. */
      kit_code: string | null;
      at: string;
    }
  | {
      seq: string;
      type: 'load_status';
      reference: string;
      load_reference: string;
      status: Exclude<TopUpStatus, 'processing'>;
      at: string;
    }
  | {
      seq: string;
      type: 'card_transaction';
      reference: string;
      transaction: ProcessorCardTransaction;
      at: string;
    };

const cardTransactionKinds = ['authorisation', 'settlement', 'refund', 'decline', 'fee', 'reversal'] as const;
type CardTransactionKind = (typeof cardTransactionKinds)[number];

/** The processor's reasons for a decline: the contract's list, which screens translate. */
const declineReasons = cardDeclineReasons;
export type DeclineReason = (typeof declineReasons)[number];

export type ProcessorCardTransaction = {
  /** The processor's id of this line; a settlement, refund or reversal names the authorisation it follows. */
  id: string;
  kind: CardTransactionKind;
  authorisation_id: string | null;
  /** USD, 2 decimals, always positive: the kind says which way it goes. */
  amount: string;
  merchant_name: string;
  merchant_category: string;
  merchant_country: string;
  /** What the merchant charged in its own currency, when not USD. */
  original_amount: string | null;
  original_currency: string | null;
  decline_reason: DeclineReason | null;
  /** For a fee line: which fee of the schedule. */
  fee_kind: string | null;
};

type ActivationOutcome = 'activated' | 'codes_incorrect' | 'not_ready';

/**
 * Every method but `notificationsAfter` is a request the processor answers while the product waits,
 * and may throw CardProcessorFailure. `notificationsAfter` stands for what the processor reports on
 * its own (its webhooks), read by the sync job, not by a caller.
 */
export type CardProcessor = {
  name: string;
  /** Whether the processor would accept this login username for a new cardholder. */
  isUsernameAvailable(handle: DbHandle, username: string): Promise<boolean>;
  /** Enrols a cardholder for KYC; its result arrives as a `kyc_status` notification. */
  enrolCardholder(handle: DbHandle, cardholder: ProcessorCardholder, now: Date): Promise<{ memberId: string }>;
  /** Sends corrected KYC details (after a refusal) for review again. */
  updateCardholder(handle: DbHandle, memberId: string, changes: Partial<ProcessorCardholder>, now: Date): Promise<void>;
  /** Orders a card for an enrolled cardholder; it is printed and mailed once the cardholder's KYC passes. */
  issueCard(
    handle: DbHandle,
    order: {
      memberId: string;
      level: CardLevel;
      network: CardNetwork;
      nameOnCard: string;
      mailingAddress: PostalAddress;
      /** The card a replacement replaces, whose balance it takes over when activated. */
      replacesReference: string | null;
    },
    now: Date,
  ): Promise<IssuedCard>;
  /**
   * Prints a batch of programme cards for a company (no cardholder yet, the company's abbreviation
   * on the name line); they go through the print stages to "printed pending bind", in the company's
   * hands, reported as notifications.
   */
  printCards(
    handle: DbHandle,
    batch: {
      batchNumber: string;
      quantity: number;
      level: CardLevel;
      network: CardNetwork;
      nameOnCard: string;
      mailingAddress: PostalAddress;
    },
    now: Date,
  ): Promise<IssuedCard[]>;
  /**
   * Binds a printed programme card to an enrolled cardholder whose KYC passed: bound at once when
   * it was never bound, pending rebind (then bound, reported) when it was unbound from another.
   */
  bindCard(
    handle: DbHandle,
    reference: string,
    memberId: string,
    now: Date,
  ): Promise<{ operation_stage: CardOperationStage }>;
  /** Takes a bound programme card, not yet activated, back from its cardholder. */
  unbindCard(handle: DbHandle, reference: string, now: Date): Promise<void>;
  activate(
    handle: DbHandle,
    reference: string,
    codes: { kitCode: string; activationCode: string },
    now: Date,
  ): Promise<ActivationOutcome>;
  /** Sets the PIN; the product never keeps it. */
  setPin(handle: DbHandle, reference: string, pin: string, now: Date): Promise<'set' | 'failed'>;
  block(handle: DbHandle, reference: string, cause: CardAnomalyCause | null, now: Date): Promise<void>;
  unblock(handle: DbHandle, reference: string, now: Date): Promise<void>;
  changeMailingAddress(handle: DbHandle, reference: string, address: PostalAddress, now: Date): Promise<void>;
  /** Extends the card's end date by a term (a renewal that was paid). */
  renew(handle: DbHandle, reference: string, months: number, now: Date): Promise<{ expiresOn: string }>;
  /** Closes the card at once (expired, replaced). */
  cancel(handle: DbHandle, reference: string, now: Date): Promise<void>;
  /**
   * Asks the processor to cancel a card the company ends: it reports `cancelling` at once, then
   * `cancelled` once the card is closed at the networks (notifications). A card of which the
   * processor refused a replacement answers by closing it too.
   */
  requestCancellation(handle: DbHandle, reference: string, now: Date): Promise<void>;
  /** Loads USD onto the card; the outcome arrives as a `load_status` notification. */
  load(
    handle: DbHandle,
    reference: string,
    load: { idempotencyKey: string; amount: string },
    now: Date,
  ): Promise<{ loadReference: string }>;
  /** Notifications after `cursor` (null: from the first), oldest first. */
  notificationsAfter(handle: DbHandle, cursor: string | null, limit: number): Promise<ProcessorNotification[]>;
};
