/**
 * The card processor simulator: behaves like an issuing processor so that the product runs and is
 * tested on one machine (DECISIONS.md "What the server does"). It answers requests at once and
 * reports what happens later as notifications, in order, as a processor's webhooks would:
 *
 * - a cardholder's KYC is decided `stepMinutes` after enrolment or correction (approved, unless the
 *   control asked it to refuse the ID or the address);
 * - an ordered card moves through the operation stages of SPEC.md section 4 once its holder's KYC
 *   passed, one stage every `stepMinutes` (consolidating, reserved for print, printing, mailed with
 *   its KIT code, awaiting activation); a replacement starts at "replacement in progress";
 * - activation needs the KIT code and the activation code of the card's letter; a PIN is checked
 *   for its form and forgotten;
 * - a replacement is refused (stage "replacement refused", the card closed) instead of printed when
 *   the control asked it for the cardholder's next one;
 * - a cancellation is "cancelling" at once and "cancelled" `stepMinutes` later;
 * - a load is processing until `stepMinutes` later, then succeeds (or ends as the control said:
 *   retry, returned, cancelled);
 * - purchases are authorised against what the card can spend (or declined with a reason), settled,
 *   refunded or reversed when the controls say, and fees are charged to the card;
 * - when staff set a fault, the next requests (a number of them, or all until cleared) fail as a
 *   real processor's would: no answer (`unavailable`) or a malformed one (`malformed`).
 *
 * `advance(now)` does what is due; the product's schedule calls it outside production, and tests
 * and the back office's controls call the others on demand. The letter (KIT and activation code)
 * is what the processor's mailer prints: derived from the simulator's key and the card's
 * reference, never stored, and shown only by `letterOf` (the back office's simulator panel, the
 * stand-in for the envelope in the post).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { CardProcessorFault, PostalAddress } from '@bank/contract/cards';
import type { CardAnomalyCause, CardOperationStage, TopUpStatus } from '@bank/contract/states';
import { and, asc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { type DbHandle, executeRows } from '../../platform/db.ts';
import { Money, parseAmount } from '../../platform/money.ts';
import {
  type CardProcessor,
  CardProcessorFailure,
  type DeclineReason,
  type ProcessorCardTransaction,
  type ProcessorKycStatus,
  type ProcessorNotification,
} from './card-processor.ts';
import {
  cardSimAuthorisations,
  cardSimCards,
  cardSimFaults,
  cardSimLoads,
  cardSimMembers,
  cardSimNotifications,
} from './simulator-table.ts';

/** Steps (minutes in the demo) after which an authorised purchase settles on its own. */
const settleAfterSteps = 60;

/** A new card works for three years (to the end of its month). */
const cardLifeYears = 3;

/** The stages an ordered card passes through after its holder's KYC, and a replacement after its order. */
const newCardStages: readonly CardOperationStage[] = [
  'consolidating',
  'reserved_for_print',
  'printing',
  'mailed',
  'awaiting_activation',
];
const replacementStages: readonly CardOperationStage[] = ['printing', 'mailed', 'awaiting_activation'];
/** The stages of a programme card's print batch, from its order to the company's hands. */
const printBatchStages: readonly CardOperationStage[] = [
  'consolidating',
  'pending_payment',
  'reserved_for_print',
  'printing',
  'mailed',
  'printed_pending_bind',
];
/** Stages at which a card waits for someone (its holder, the company) rather than moving on its own. */
const waitingStages: readonly CardOperationStage[] = ['awaiting_activation', 'printed_pending_bind', 'bound'];

/** Which way a card goes: a new card to its holder, a replacement, or a programme card to its company. */
type CardPath = 'new' | 'replacement' | 'print_batch';
const pathOf = (card: { batch_number: string | null; replaces_reference: string | null }): CardPath =>
  card.batch_number !== null ? 'print_batch' : card.replaces_reference !== null ? 'replacement' : 'new';
const stagesOfPath: Readonly<Record<CardPath, readonly CardOperationStage[]>> = {
  new: newCardStages,
  replacement: replacementStages,
  print_batch: printBatchStages,
};

type Merchant = {
  merchant_name: string;
  merchant_category: string;
  merchant_country: string;
  original_amount?: string | null;
  original_currency?: string | null;
};

type CardLetter = { last4: string; name_on_card: string; kit_code: string; activation_code: string };

type LoadOutcome = Exclude<TopUpStatus, 'processing' | 'success'>;

type RequestName = Exclude<keyof CardProcessor, 'name' | 'notificationsAfter'>;

/**
 * The requests the product sends the processor: every method of the interface but its name and its
 * notification feed. A record, so that a request added to the interface must be named here: it can
 * fail too.
 */
const isRequest: Record<RequestName, true> = {
  isUsernameAvailable: true,
  enrolCardholder: true,
  updateCardholder: true,
  issueCard: true,
  printCards: true,
  bindCard: true,
  unbindCard: true,
  activate: true,
  setPin: true,
  block: true,
  unblock: true,
  changeMailingAddress: true,
  renew: true,
  cancel: true,
  requestCancellation: true,
  load: true,
};
const requestNames = Object.keys(isRequest) as RequestName[];

/** The fault in force: which, how many requests it still fails (null: until cleared), since when. */
export type SimulatedFault = { fault: CardProcessorFault; callsLeft: number | null; setAt: Date };

const faultRowId = 'processor';

/** What every step of one simulator knows: how long a step is, and the key its letters' codes come from. */
type Simulation = { stepMs: number; secret: string };

export type CardProcessorSimulator = CardProcessor & {
  /** What is due at `now`: KYC decisions, stage moves, load outcomes. Answers how many things moved. */
  advance(handle: DbHandle, now: Date): Promise<number>;
  /** Moves a card straight to awaiting activation (its holder's KYC passed), each stage reported in order. */
  shipNow(handle: DbHandle, reference: string, now: Date): Promise<void>;
  letterOf(handle: DbHandle, reference: string): Promise<CardLetter>;
  refuseNextKyc(handle: DbHandle, memberId: string, part: 'id' | 'address'): Promise<void>;
  /** The processor refuses the next replacement card ordered for the member (reported when it would print). */
  refuseNextReplacement(handle: DbHandle, memberId: string): Promise<void>;
  setNextLoadOutcome(handle: DbHandle, reference: string, outcome: LoadOutcome | null): Promise<void>;
  failNextPin(handle: DbHandle, reference: string): Promise<void>;
  /** Finishes the card's loads still processing (or waiting to retry) now. */
  completeLoads(handle: DbHandle, reference: string, now: Date): Promise<void>;
  /** A purchase at a merchant: authorised, or declined with a reason. */
  purchase(
    handle: DbHandle,
    reference: string,
    purchase: { amount: string } & Merchant,
    now: Date,
  ): Promise<ProcessorCardTransaction>;
  settle(handle: DbHandle, authorisationId: string, now: Date): Promise<ProcessorCardTransaction>;
  reverse(handle: DbHandle, authorisationId: string, now: Date): Promise<ProcessorCardTransaction>;
  refund(handle: DbHandle, authorisationId: string, amount: string, now: Date): Promise<ProcessorCardTransaction>;
  chargeFee(
    handle: DbHandle,
    reference: string,
    fee: { kind: string; amount: string },
    now: Date,
  ): Promise<ProcessorCardTransaction>;
  raiseAnomaly(handle: DbHandle, reference: string, cause: CardAnomalyCause, now: Date): Promise<void>;
  /** The next `calls` requests (null: every request until cleared) fail with `fault`; null clears it. */
  setFault(
    handle: DbHandle,
    fault: { fault: CardProcessorFault; calls: number | null } | null,
    now: Date,
  ): Promise<SimulatedFault | null>;
  faultOf(handle: DbHandle): Promise<SimulatedFault | null>;
};

/**
 * The next number of the request sequence: not transactional, so a request the fault fails keeps
 * its number when its caller's transaction rolls back.
 */
async function nextRequestNumber(handle: DbHandle): Promise<number> {
  const [row] = await executeRows<{ number: string }>(
    handle,
    sql`select nextval('card_sim_request_numbers')::text as number`,
  );
  return Number(row?.number);
}

async function faultOf(handle: DbHandle): Promise<SimulatedFault | null> {
  const [row] = await handle.select().from(cardSimFaults).where(eq(cardSimFaults.id, faultRowId));
  if (!row) return null;
  const fault = row.fault as CardProcessorFault;
  if (row.calls === null) return { fault, callsLeft: null, setAt: row.set_at };
  const [sequence] = await executeRows<{ last: string }>(
    handle,
    sql`select last_value::text as last from card_sim_request_numbers`,
  );
  const callsLeft = row.calls - (Number(sequence?.last) - row.numbered_after);
  return callsLeft > 0 ? { fault, callsLeft, setAt: row.set_at } : null;
}

/** Fails the request when a fault is in force and the request's number is within it. */
async function failIfTold(handle: DbHandle, request: RequestName): Promise<void> {
  const [row] = await handle.select().from(cardSimFaults).where(eq(cardSimFaults.id, faultRowId));
  if (!row) return;
  const number = await nextRequestNumber(handle);
  if (row.calls !== null && number - row.numbered_after > row.calls) return;
  throw row.fault === 'malformed'
    ? new CardProcessorFailure('malformed', `simulated: the answer to ${request} is not what the interface says`)
    : new CardProcessorFailure('unavailable', `simulated: no answer to ${request}`);
}

/** The simulator with each request first asking whether a fault fails it. */
function withFaults(simulator: CardProcessorSimulator): CardProcessorSimulator {
  const requests = Object.fromEntries(
    requestNames.map((name) => {
      const request = simulator[name] as (handle: DbHandle, ...rest: never[]) => Promise<unknown>;
      const failing = async (handle: DbHandle, ...rest: never[]) => {
        await failIfTold(handle, name);
        return request(handle, ...rest);
      };
      return [name, failing];
    }),
  ) as Pick<CardProcessorSimulator, RequestName>;
  return { ...simulator, ...requests };
}

function digits(sim: Simulation, purpose: string, reference: string, length: number): string {
  const hex = createHmac('sha256', sim.secret).update(`${purpose}:${reference}`).digest('hex');
  return (BigInt(`0x${hex.slice(0, 24)}`) % 10n ** BigInt(length)).toString().padStart(length, '0');
}
const kitCodeOf = (sim: Simulation, reference: string) => digits(sim, 'kit', reference, 10);
const activationCodeOf = (sim: Simulation, reference: string) => digits(sim, 'activation', reference, 6);

async function notify(handle: DbHandle, payload: DistributiveOmit<ProcessorNotification, 'seq'>, now: Date) {
  const { type, ...rest } = payload;
  await handle.insert(cardSimNotifications).values({ type, payload: rest, created_at: now });
}

async function cardOf(handle: DbHandle, reference: string) {
  const [card] = await handle.select().from(cardSimCards).where(eq(cardSimCards.reference, reference));
  if (!card) throw new Error(`card processor simulator: no card ${reference}`);
  return card;
}

async function moveStage(
  sim: Simulation,
  handle: DbHandle,
  reference: string,
  stage: CardOperationStage,
  changes: { state?: string; anomaly_cause?: CardAnomalyCause | null; next_stage_at?: Date | null },
  now: Date,
) {
  await handle
    .update(cardSimCards)
    .set({
      operation_stage: stage,
      anomaly_cause: changes.anomaly_cause ?? null,
      next_stage_at: changes.next_stage_at ?? null,
      updated_at: now,
      ...(changes.state ? { state: changes.state } : {}),
    })
    .where(eq(cardSimCards.reference, reference));
  const showsKit = stage === 'mailed' || stage === 'awaiting_activation';
  await notify(
    handle,
    {
      type: 'card_stage',
      reference,
      operation_stage: stage,
      anomaly_cause: changes.anomaly_cause ?? null,
      kit_code: showsKit ? kitCodeOf(sim, reference) : null,
      at: now.toISOString(),
    },
    now,
  );
}

/** The stage after `stage` on the card's way to its holder, or null when it waits for someone. */
function nextStageOf(stage: CardOperationStage, cardPath: CardPath): CardOperationStage | null {
  const path = stagesOfPath[cardPath];
  if (stage === 'replacement_in_progress') return replacementStages[0] ?? null;
  if (stage === 'cancelling') return 'cancelled';
  // A programme card rebound to another holder is bound once the processor has moved it over.
  if (stage === 'pending_rebind') return 'bound';
  const index = path.indexOf(stage);
  return index >= 0 && index < path.length - 1 ? (path[index + 1] ?? null) : null;
}

async function kycOfMember(handle: DbHandle, memberId: string) {
  const [member] = await handle.select().from(cardSimMembers).where(eq(cardSimMembers.member_id, memberId));
  return member;
}

/** Cards of a member waiting in kyc_processing start their way to print once its KYC passed. */
async function releaseCardsOf(sim: Simulation, handle: DbHandle, memberId: string, now: Date) {
  const waiting = await handle
    .select({ reference: cardSimCards.reference })
    .from(cardSimCards)
    .where(and(eq(cardSimCards.member_id, memberId), eq(cardSimCards.operation_stage, 'kyc_processing')));
  for (const card of waiting) {
    await moveStage(
      sim,
      handle,
      card.reference,
      'consolidating',
      { next_stage_at: new Date(now.getTime() + sim.stepMs) },
      now,
    );
  }
}

async function decideKyc(sim: Simulation, handle: DbHandle, memberId: string, now: Date) {
  const member = await kycOfMember(handle, memberId);
  if (!member) return;
  const kyc: ProcessorKycStatus =
    member.refuse_next === 'id'
      ? {
          id_status: 'failed',
          address_status: 'success',
          message: 'The ID document is unreadable or does not match the details given.',
        }
      : member.refuse_next === 'address'
        ? {
            id_status: 'success',
            address_status: 'failed',
            message: 'The proof of address is older than 3 months or does not show the residence address.',
          }
        : { id_status: 'success', address_status: 'success', message: null };
  await handle
    .update(cardSimMembers)
    .set({
      kyc_id_status: kyc.id_status,
      kyc_address_status: kyc.address_status,
      kyc_message: kyc.message,
      kyc_due_at: null,
      refuse_next: null,
    })
    .where(eq(cardSimMembers.member_id, memberId));
  await notify(handle, { type: 'kyc_status', member_id: memberId, kyc, at: now.toISOString() }, now);
  if (kyc.id_status === 'success' && kyc.address_status === 'success') await releaseCardsOf(sim, handle, memberId, now);
}

async function finishLoad(sim: Simulation, handle: DbHandle, load: typeof cardSimLoads.$inferSelect, now: Date) {
  const card = await cardOf(handle, load.reference);
  const outcome = (card.next_load_outcome as LoadOutcome | null) ?? null;
  // A load told to retry is tried again a step later, and then succeeds.
  const status: Exclude<TopUpStatus, 'processing'> = load.status === 'retry' ? 'success' : (outcome ?? 'success');
  if (outcome)
    await handle
      .update(cardSimCards)
      .set({ next_load_outcome: null })
      .where(eq(cardSimCards.reference, card.reference));
  await handle
    .update(cardSimLoads)
    .set({ status, due_at: status === 'retry' ? new Date(now.getTime() + sim.stepMs) : null })
    .where(eq(cardSimLoads.load_reference, load.load_reference));
  if (status === 'success') {
    await handle
      .update(cardSimCards)
      .set({ available: sql`${cardSimCards.available} + ${load.amount}` })
      .where(eq(cardSimCards.reference, card.reference));
  }
  await notify(
    handle,
    {
      type: 'load_status',
      reference: card.reference,
      load_reference: load.load_reference,
      status,
      at: now.toISOString(),
    },
    now,
  );
}

async function transaction(
  handle: DbHandle,
  reference: string,
  line: Omit<ProcessorCardTransaction, 'id'> & { id?: string },
  now: Date,
): Promise<ProcessorCardTransaction> {
  const full: ProcessorCardTransaction = {
    ...line,
    id: line.id ?? `SIMTX${randomBytes(6).toString('hex').toUpperCase()}`,
  };
  await notify(handle, { type: 'card_transaction', reference, transaction: full, at: now.toISOString() }, now);
  return full;
}

async function authorisationOf(handle: DbHandle, id: string) {
  const [authorisation] = await handle.select().from(cardSimAuthorisations).where(eq(cardSimAuthorisations.id, id));
  if (!authorisation) throw new Error(`card processor simulator: no authorisation ${id}`);
  return authorisation;
}

const noMerchant = {
  merchant_name: '',
  merchant_category: '',
  merchant_country: '',
  original_amount: null,
  original_currency: null,
};

/** An open authorisation settled (the spending stays) or reversed (it comes back to the card). */
async function closeAuthorisation(
  handle: DbHandle,
  authorisationId: string,
  state: 'settled' | 'reversed',
  now: Date,
): Promise<ProcessorCardTransaction> {
  const authorisation = await authorisationOf(handle, authorisationId);
  if (authorisation.state !== 'open')
    throw new Error(`card processor simulator: authorisation ${authorisationId} is ${authorisation.state}`);
  await handle.update(cardSimAuthorisations).set({ state }).where(eq(cardSimAuthorisations.id, authorisationId));
  if (state === 'reversed')
    await handle
      .update(cardSimCards)
      .set({ available: sql`${cardSimCards.available} + ${authorisation.amount}` })
      .where(eq(cardSimCards.reference, authorisation.reference));
  return transaction(
    handle,
    authorisation.reference,
    {
      kind: state === 'settled' ? 'settlement' : 'reversal',
      authorisation_id: authorisationId,
      amount: parseAmount(authorisation.amount).toFixed(2),
      ...(authorisation.merchant as Merchant & typeof noMerchant),
      decline_reason: null,
      fee_kind: null,
    },
    now,
  );
}

/** A replacement whose member the control marked is refused where it would go to print: closed, never issued. */
async function refuseReplacement(sim: Simulation, handle: DbHandle, card: typeof cardSimCards.$inferSelect, now: Date) {
  if (card.operation_stage !== 'replacement_in_progress' || card.member_id === null) return false;
  const member = await kycOfMember(handle, card.member_id);
  if (member?.refuse_next !== 'replacement') return false;
  await handle.update(cardSimMembers).set({ refuse_next: null }).where(eq(cardSimMembers.member_id, card.member_id));
  await moveStage(sim, handle, card.reference, 'replacement_refused', { state: 'closed' }, now);
  return true;
}

/** The cardholder requests: a username free, an enrolment, a correction (each KYC decided a step later). */
function cardholderRequests(
  sim: Simulation,
): Pick<CardProcessorSimulator, 'isUsernameAvailable' | 'enrolCardholder' | 'updateCardholder'> {
  return {
    async isUsernameAvailable(handle, username) {
      const [taken] = await handle
        .select({ id: cardSimMembers.member_id })
        .from(cardSimMembers)
        .where(sql`lower(${cardSimMembers.username}) = lower(${username})`);
      return !taken;
    },

    async enrolCardholder(handle, cardholder, now) {
      // The processor's member ids: 12 characters mixing letters and digits (SPEC.md: 5 to 20).
      const memberId = `M${randomBytes(6).toString('hex').toUpperCase()}X`;
      await handle.insert(cardSimMembers).values({
        member_id: memberId,
        username: cardholder.username,
        email: cardholder.email,
        kyc_id_status: 'under_review',
        kyc_address_status: 'under_review',
        kyc_due_at: new Date(now.getTime() + sim.stepMs),
        created_at: now,
      });
      return { memberId };
    },

    async updateCardholder(handle, memberId, changes, now) {
      const member = await kycOfMember(handle, memberId);
      if (!member) throw new Error(`card processor simulator: no member ${memberId}`);
      await handle
        .update(cardSimMembers)
        .set({
          ...(changes.username ? { username: changes.username } : {}),
          ...(changes.email ? { email: changes.email } : {}),
          kyc_id_status: 'under_review',
          kyc_address_status: 'under_review',
          kyc_message: null,
          kyc_due_at: new Date(now.getTime() + sim.stepMs),
        })
        .where(eq(cardSimMembers.member_id, memberId));
      await notify(
        handle,
        {
          type: 'kyc_status',
          member_id: memberId,
          kyc: { id_status: 'under_review', address_status: 'under_review', message: null },
          at: now.toISOString(),
        },
        now,
      );
    },
  };
}

/** Cards ordered for a holder and programme cards printed in a batch, on their way to print a step later. */
function issuingRequests(sim: Simulation): Pick<CardProcessorSimulator, 'issueCard' | 'printCards'> {
  return {
    async issueCard(handle, order, now) {
      const reference = `SIMCARD${randomBytes(8).toString('hex').toUpperCase()}`;
      const end = new Date(Date.UTC(now.getUTCFullYear() + cardLifeYears, now.getUTCMonth() + 1, 0));
      const expiresOn = end.toISOString().slice(0, 10);
      const member = await kycOfMember(handle, order.memberId);
      const kycPassed = member?.kyc_id_status === 'success' && member.kyc_address_status === 'success';
      const stage: CardOperationStage = order.replacesReference
        ? 'replacement_in_progress'
        : kycPassed
          ? 'consolidating'
          : 'kyc_processing';
      const last4 = digits(sim, 'pan', reference, 4);
      await handle.insert(cardSimCards).values({
        reference,
        member_id: order.memberId,
        level: order.level,
        network: order.network,
        name_on_card: order.nameOnCard,
        last4,
        state: 'ordered',
        operation_stage: stage,
        next_stage_at: stage === 'kyc_processing' ? null : new Date(now.getTime() + sim.stepMs),
        mailing_address: order.mailingAddress,
        expires_on: expiresOn,
        replaces_reference: order.replacesReference,
        created_at: now,
        updated_at: now,
      });
      return { reference, last4, expires_on: expiresOn, operation_stage: stage };
    },

    async printCards(handle, batch, now) {
      const end = new Date(Date.UTC(now.getUTCFullYear() + cardLifeYears, now.getUTCMonth() + 1, 0));
      const expiresOn = end.toISOString().slice(0, 10);
      const printed = [];
      for (let index = 0; index < batch.quantity; index += 1) {
        const reference = `SIMCARD${randomBytes(8).toString('hex').toUpperCase()}`;
        const last4 = digits(sim, 'pan', reference, 4);
        printed.push({ reference, last4, expires_on: expiresOn, operation_stage: 'consolidating' as const });
      }
      if (printed.length > 0)
        await handle.insert(cardSimCards).values(
          printed.map((card) => ({
            reference: card.reference,
            member_id: null,
            batch_number: batch.batchNumber,
            level: batch.level,
            network: batch.network,
            name_on_card: batch.nameOnCard,
            last4: card.last4,
            state: 'ordered',
            operation_stage: card.operation_stage,
            next_stage_at: new Date(now.getTime() + sim.stepMs),
            mailing_address: batch.mailingAddress,
            expires_on: expiresOn,
            created_at: now,
            updated_at: now,
          })),
        );
      return printed;
    },
  };
}

/** A programme card bound to a member who passed KYC, or unbound. */
function bindingRequests(sim: Simulation): Pick<CardProcessorSimulator, 'bindCard' | 'unbindCard'> {
  return {
    async bindCard(handle, reference, memberId, now) {
      const card = await cardOf(handle, reference);
      const member = await kycOfMember(handle, memberId);
      if (member?.kyc_id_status !== 'success' || member.kyc_address_status !== 'success')
        throw new Error(`card processor simulator: member ${memberId} has not passed KYC`);
      const stage = card.operation_stage as CardOperationStage;
      if (card.batch_number === null || (stage !== 'printed_pending_bind' && stage !== 'unbound'))
        throw new Error(`card processor simulator: card ${reference} cannot be bound at ${stage}`);
      await handle
        .update(cardSimCards)
        .set({ member_id: memberId, updated_at: now })
        .where(eq(cardSimCards.reference, reference));
      const next: CardOperationStage = stage === 'unbound' ? 'pending_rebind' : 'bound';
      await moveStage(
        sim,
        handle,
        reference,
        next,
        { next_stage_at: next === 'pending_rebind' ? new Date(now.getTime() + sim.stepMs) : null },
        now,
      );
      return { operation_stage: next };
    },

    async unbindCard(handle, reference, now) {
      const card = await cardOf(handle, reference);
      const stage = card.operation_stage as CardOperationStage;
      if (card.state !== 'ordered' || (stage !== 'bound' && stage !== 'pending_rebind'))
        throw new Error(`card processor simulator: card ${reference} cannot be unbound at ${stage}`);
      await handle
        .update(cardSimCards)
        .set({ member_id: null, updated_at: now })
        .where(eq(cardSimCards.reference, reference));
      await moveStage(sim, handle, reference, 'unbound', { next_stage_at: null }, now);
    },
  };
}

/** Activation with the letter's codes, the PIN, blocks. */
function cardStateRequests(sim: Simulation): Pick<CardProcessorSimulator, 'activate' | 'setPin' | 'block' | 'unblock'> {
  return {
    async activate(handle, reference, codes, now) {
      const card = await cardOf(handle, reference);
      const isWaiting = card.operation_stage === 'awaiting_activation' || card.operation_stage === 'bound';
      if (!isWaiting || card.state !== 'ordered' || card.member_id === null) return 'not_ready';
      if (codes.kitCode !== kitCodeOf(sim, reference) || codes.activationCode !== activationCodeOf(sim, reference)) {
        return 'codes_incorrect';
      }
      if (card.replaces_reference) {
        // The new card takes over what the old one could spend; the old one is reissued and closed.
        const old = await cardOf(handle, card.replaces_reference);
        await handle
          .update(cardSimCards)
          .set({ available: sql`${cardSimCards.available} + ${old.available}` })
          .where(eq(cardSimCards.reference, reference));
        await handle.update(cardSimCards).set({ available: '0' }).where(eq(cardSimCards.reference, old.reference));
        await moveStage(
          sim,
          handle,
          old.reference,
          'reissued',
          { state: 'closed', anomaly_cause: old.anomaly_cause as CardAnomalyCause | null },
          now,
        );
      }
      await moveStage(sim, handle, reference, 'activated', { state: 'active' }, now);
      return 'activated';
    },

    async setPin(handle, reference, pin, now) {
      const card = await cardOf(handle, reference);
      if (card.state !== 'active' || !/^\d{4}$/.test(pin) || card.fail_next_pin) {
        await handle
          .update(cardSimCards)
          .set({ fail_next_pin: false, updated_at: now })
          .where(eq(cardSimCards.reference, reference));
        return 'failed';
      }
      await handle
        .update(cardSimCards)
        .set({ pin_set: true, updated_at: now })
        .where(eq(cardSimCards.reference, reference));
      return 'set';
    },

    async block(handle, reference, cause, now) {
      const card = await cardOf(handle, reference);
      const isAnomaly = cause !== null;
      await moveStage(
        sim,
        handle,
        reference,
        isAnomaly ? 'card_anomaly' : (card.operation_stage as CardOperationStage),
        { state: 'blocked', anomaly_cause: cause },
        now,
      );
    },

    async unblock(handle, reference, now) {
      await moveStage(sim, handle, reference, 'activated', { state: 'active' }, now);
    },
  };
}

/** The mailing address, a renewal, a cancellation (at once, or requested), a load. */
function cardChangeRequests(
  sim: Simulation,
): Pick<CardProcessorSimulator, 'changeMailingAddress' | 'renew' | 'cancel' | 'requestCancellation' | 'load'> {
  return {
    async changeMailingAddress(handle, reference, address: PostalAddress, now) {
      await handle
        .update(cardSimCards)
        .set({ mailing_address: address, updated_at: now })
        .where(eq(cardSimCards.reference, reference));
    },

    async renew(handle, reference, months, now) {
      const card = await cardOf(handle, reference);
      const current = new Date(`${card.expires_on}T00:00:00Z`);
      const end = new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth() + months + 1, 0));
      const expiresOn = end.toISOString().slice(0, 10);
      await handle
        .update(cardSimCards)
        .set({ expires_on: expiresOn, updated_at: now })
        .where(eq(cardSimCards.reference, reference));
      return { expiresOn };
    },

    async cancel(handle, reference, now) {
      await moveStage(sim, handle, reference, 'cancelled', { state: 'closed' }, now);
    },

    async requestCancellation(handle, reference, now) {
      await moveStage(
        sim,
        handle,
        reference,
        'cancelling',
        { next_stage_at: new Date(now.getTime() + sim.stepMs) },
        now,
      );
    },

    async load(handle, reference, load, now) {
      const [existing] = await handle
        .select()
        .from(cardSimLoads)
        .where(eq(cardSimLoads.idempotency_key, load.idempotencyKey));
      if (existing) return { loadReference: existing.load_reference };
      const card = await cardOf(handle, reference);
      if (card.state !== 'active') throw new Error(`card processor simulator: card ${reference} is ${card.state}`);
      const loadReference = `SIMLOAD${randomBytes(6).toString('hex').toUpperCase()}`;
      await handle.insert(cardSimLoads).values({
        load_reference: loadReference,
        reference,
        idempotency_key: load.idempotencyKey,
        amount: load.amount,
        status: 'processing',
        due_at: new Date(now.getTime() + sim.stepMs),
        created_at: now,
      });
      return { loadReference };
    },
  };
}

/** A card's whole way at once: its holder's KYC decided, then every stage to the holder's letterbox. */
async function shipAtOnce(sim: Simulation, handle: DbHandle, reference: string, now: Date): Promise<void> {
  const card = await cardOf(handle, reference);
  const member = card.member_id ? await kycOfMember(handle, card.member_id) : undefined;
  if (member && (member.kyc_id_status !== 'success' || member.kyc_address_status !== 'success')) {
    await decideKyc(sim, handle, member.member_id, now);
  }
  if (await refuseReplacement(sim, handle, card, now)) return;
  const path = pathOf(card);
  let stage = (await cardOf(handle, reference)).operation_stage as CardOperationStage;
  for (let next = nextStageOf(stage, path); next; next = nextStageOf(stage, path)) {
    await moveStage(sim, handle, reference, next, { next_stage_at: null }, now);
    stage = next;
  }
}

/** The controls of a card's way and of the next outcomes: ship now, the letter, refusals, a load's outcome. */
function deliveryControls(
  sim: Simulation,
): Pick<
  CardProcessorSimulator,
  | 'shipNow'
  | 'letterOf'
  | 'refuseNextKyc'
  | 'refuseNextReplacement'
  | 'setNextLoadOutcome'
  | 'failNextPin'
  | 'completeLoads'
> {
  return {
    shipNow: (handle, reference, now) => shipAtOnce(sim, handle, reference, now),

    async letterOf(handle, reference) {
      const card = await cardOf(handle, reference);
      return {
        last4: card.last4,
        name_on_card: card.name_on_card,
        kit_code: kitCodeOf(sim, reference),
        activation_code: activationCodeOf(sim, reference),
      };
    },

    async refuseNextKyc(handle, memberId, part) {
      await handle.update(cardSimMembers).set({ refuse_next: part }).where(eq(cardSimMembers.member_id, memberId));
    },

    async refuseNextReplacement(handle, memberId) {
      await handle
        .update(cardSimMembers)
        .set({ refuse_next: 'replacement' })
        .where(eq(cardSimMembers.member_id, memberId));
    },

    async setNextLoadOutcome(handle, reference, outcome) {
      await handle
        .update(cardSimCards)
        .set({ next_load_outcome: outcome })
        .where(eq(cardSimCards.reference, reference));
    },

    async failNextPin(handle, reference) {
      await handle.update(cardSimCards).set({ fail_next_pin: true }).where(eq(cardSimCards.reference, reference));
    },

    async completeLoads(handle, reference, now) {
      for (let round = 0; round < 3; round += 1) {
        const open = await handle
          .select()
          .from(cardSimLoads)
          .where(and(eq(cardSimLoads.reference, reference), isNotNull(cardSimLoads.due_at)));
        if (open.length === 0) return;
        for (const load of open) await finishLoad(sim, handle, load, now);
      }
    },
  };
}

/** A purchase's settlement, reversal or refund, as the card network would report it. */
function authorisationControls(): Pick<CardProcessorSimulator, 'settle' | 'reverse' | 'refund'> {
  return {
    async settle(handle, authorisationId, now) {
      return closeAuthorisation(handle, authorisationId, 'settled', now);
    },

    async reverse(handle, authorisationId, now) {
      return closeAuthorisation(handle, authorisationId, 'reversed', now);
    },

    async refund(handle, authorisationId, amount, now) {
      const authorisation = await authorisationOf(handle, authorisationId);
      if (authorisation.state !== 'settled')
        throw new Error(`card processor simulator: authorisation ${authorisationId} is not settled`);
      const refunded = parseAmount(amount).toFixed(2);
      await handle
        .update(cardSimCards)
        .set({ available: sql`${cardSimCards.available} + ${refunded}` })
        .where(eq(cardSimCards.reference, authorisation.reference));
      return transaction(
        handle,
        authorisation.reference,
        {
          kind: 'refund',
          authorisation_id: authorisationId,
          amount: refunded,
          ...(authorisation.merchant as Merchant & typeof noMerchant),
          decline_reason: null,
          fee_kind: null,
        },
        now,
      );
    },
  };
}

/** A fee charged to the card, an anomaly, and the processor's fault. */
function feeAndFaultControls(
  sim: Simulation,
): Pick<CardProcessorSimulator, 'chargeFee' | 'raiseAnomaly' | 'setFault' | 'faultOf'> {
  return {
    async chargeFee(handle, reference, fee, now) {
      // A processor takes a fee only up to what the card holds.
      const card = await cardOf(handle, reference);
      const charged = Money.min(parseAmount(fee.amount), parseAmount(card.available)).toFixed(2);
      await handle
        .update(cardSimCards)
        .set({ available: sql`${cardSimCards.available} - ${charged}` })
        .where(eq(cardSimCards.reference, reference));
      return transaction(
        handle,
        reference,
        {
          kind: 'fee',
          authorisation_id: null,
          amount: charged,
          ...noMerchant,
          decline_reason: null,
          fee_kind: fee.kind,
        },
        now,
      );
    },

    async raiseAnomaly(handle, reference, cause, now) {
      const card = await cardOf(handle, reference);
      await moveStage(sim, handle, reference, 'card_anomaly', { state: card.state, anomaly_cause: cause }, now);
    },

    async setFault(handle, fault, now) {
      if (!fault) {
        await handle.delete(cardSimFaults).where(eq(cardSimFaults.id, faultRowId));
        return null;
      }
      // The requests numbered after this one fail: the fault starts with the next request.
      const row = {
        fault: fault.fault,
        calls: fault.calls,
        numbered_after: await nextRequestNumber(handle),
        set_at: now,
      };
      await handle
        .insert(cardSimFaults)
        .values({ id: faultRowId, ...row })
        .onConflictDoUpdate({ target: cardSimFaults.id, set: row });
      return faultOf(handle);
    },

    faultOf,
  };
}

async function notificationsAfter(handle: DbHandle, cursor: string | null, limit: number) {
  const rows = await handle
    .select()
    .from(cardSimNotifications)
    .where(cursor === null ? undefined : gt(cardSimNotifications.seq, Number(cursor)))
    .orderBy(asc(cardSimNotifications.seq))
    .limit(limit);
  return rows.map(
    (row) => ({ seq: String(row.seq), type: row.type, ...(row.payload as object) }) as ProcessorNotification,
  );
}

/** KYC decisions due at `now`; answers how many. */
async function decideDueKyc(sim: Simulation, handle: DbHandle, now: Date): Promise<number> {
  const dueMembers = await handle
    .select({ member_id: cardSimMembers.member_id })
    .from(cardSimMembers)
    .where(and(isNotNull(cardSimMembers.kyc_due_at), lte(cardSimMembers.kyc_due_at, now)));
  for (const member of dueMembers) await decideKyc(sim, handle, member.member_id, now);
  return dueMembers.length;
}

/** Cards whose next stage is due move on (or a marked replacement is refused); answers how many moved. */
async function moveDueCards(sim: Simulation, handle: DbHandle, now: Date): Promise<number> {
  let moved = 0;
  const dueCards = await handle
    .select()
    .from(cardSimCards)
    .where(and(isNotNull(cardSimCards.next_stage_at), lte(cardSimCards.next_stage_at, now)));
  for (const card of dueCards) {
    if (await refuseReplacement(sim, handle, card, now)) {
      moved += 1;
      continue;
    }
    const next = nextStageOf(card.operation_stage as CardOperationStage, pathOf(card));
    if (!next) continue;
    const waits = waitingStages.includes(next) || next === 'cancelled';
    await moveStage(
      sim,
      handle,
      card.reference,
      next,
      {
        next_stage_at: waits ? null : new Date(now.getTime() + sim.stepMs),
        ...(next === 'cancelled' ? { state: 'closed' } : {}),
      },
      now,
    );
    moved += 1;
  }
  return moved;
}

/** Loads due at `now` end; answers how many. */
async function finishDueLoads(sim: Simulation, handle: DbHandle, now: Date): Promise<number> {
  const dueLoads = await handle
    .select()
    .from(cardSimLoads)
    .where(and(isNotNull(cardSimLoads.due_at), lte(cardSimLoads.due_at, now)));
  for (const load of dueLoads) await finishLoad(sim, handle, load, now);
  return dueLoads.length;
}

/** Purchases settle a while after their authorisation, as the card network clears them; answers how many. */
async function settleDueAuthorisations(sim: Simulation, handle: DbHandle, now: Date): Promise<number> {
  const dueAuthorisations = await handle
    .select({ id: cardSimAuthorisations.id })
    .from(cardSimAuthorisations)
    .where(
      and(
        eq(cardSimAuthorisations.state, 'open'),
        lte(cardSimAuthorisations.created_at, new Date(now.getTime() - settleAfterSteps * sim.stepMs)),
      ),
    );
  for (const authorisation of dueAuthorisations) await closeAuthorisation(handle, authorisation.id, 'settled', now);
  return dueAuthorisations.length;
}

/** What is due at `now`, in order: KYC decisions, stage moves, load outcomes, settlements. */
async function advanceDue(sim: Simulation, handle: DbHandle, now: Date): Promise<number> {
  let moved = await decideDueKyc(sim, handle, now);
  moved += await moveDueCards(sim, handle, now);
  moved += await finishDueLoads(sim, handle, now);
  moved += await settleDueAuthorisations(sim, handle, now);
  return moved;
}

/** A purchase authorised against what the card can spend, or declined with the reason. */
async function authorisePurchase(
  handle: DbHandle,
  reference: string,
  purchase: Merchant & { amount: string },
  now: Date,
): Promise<ProcessorCardTransaction> {
  const card = await cardOf(handle, reference);
  const merchant = {
    merchant_name: purchase.merchant_name,
    merchant_category: purchase.merchant_category,
    merchant_country: purchase.merchant_country,
    original_amount: purchase.original_amount ?? null,
    original_currency: purchase.original_currency ?? null,
  };
  const amount = parseAmount(purchase.amount);
  const declineReason: DeclineReason | null =
    card.state === 'blocked'
      ? 'card_blocked'
      : card.state !== 'active'
        ? 'expired_card'
        : amount.greaterThan(parseAmount(card.available))
          ? 'insufficient_funds'
          : null;
  if (declineReason) {
    return transaction(
      handle,
      reference,
      {
        kind: 'decline',
        authorisation_id: null,
        amount: amount.toFixed(2),
        ...merchant,
        decline_reason: declineReason,
        fee_kind: null,
      },
      now,
    );
  }
  const id = `SIMAUTH${randomBytes(6).toString('hex').toUpperCase()}`;
  await handle
    .update(cardSimCards)
    .set({ available: sql`${cardSimCards.available} - ${amount.toFixed(2)}` })
    .where(eq(cardSimCards.reference, reference));
  await handle
    .insert(cardSimAuthorisations)
    .values({ id, reference, amount: amount.toFixed(2), merchant, state: 'open', created_at: now });
  return transaction(
    handle,
    reference,
    {
      id,
      kind: 'authorisation',
      authorisation_id: id,
      amount: amount.toFixed(2),
      ...merchant,
      decline_reason: null,
      fee_kind: null,
    },
    now,
  );
}

export function createCardProcessorSimulator(options: {
  secret: string;
  stepMinutes?: number;
}): CardProcessorSimulator {
  const sim: Simulation = { stepMs: (options.stepMinutes ?? 1) * 60_000, secret: options.secret };
  return withFaults({
    name: 'simulator',
    ...cardholderRequests(sim),
    ...issuingRequests(sim),
    ...bindingRequests(sim),
    ...cardStateRequests(sim),
    ...cardChangeRequests(sim),
    notificationsAfter,
    advance: (handle, now) => advanceDue(sim, handle, now),
    ...deliveryControls(sim),
    purchase: authorisePurchase,
    ...authorisationControls(),
    ...feeAndFaultControls(sim),
  });
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
