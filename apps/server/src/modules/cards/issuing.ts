/**
 * Ordering a card for an approved application: the cardholder is enrolled at the processor (its KYC
 * is the processor's to decide, reported by the sync), and the card is ordered; the product keeps
 * the card's last 4 digits and the processor's reference, the state `approved` and the stage the
 * processor answered. Fees are the caller's (the application holds the card cost).
 */
import type { ApplicantType, CardFeeRule, CardLevel, CardNetwork, PostalAddress } from '@bank/contract/cards';
import type { CardOperationStage } from '@bank/contract/states';
import type { CardProcessor, ProcessorCardholder } from '../../adapters/card-processor/card-processor.ts';
import type { DbHandle } from '../../platform/db.ts';
import { recordEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { cardholders, cards } from './tables.ts';
import { recordCardEvent } from './timeline.ts';

export type CardOrder = {
  companyId: string;
  /** The application it comes from; null for a cardholder the bank enrols directly (the demo's). */
  applicationId: string | null;
  /** Who asked for the card (the application's submitter): the card's creator. */
  actorUserId: string;
  cardholder: ProcessorCardholder;
  applicantType: ApplicantType;
  level: CardLevel;
  network: CardNetwork;
  nameOnCard: string;
  mailingAddress: PostalAddress;
};

export async function orderCard(
  handle: DbHandle,
  processor: CardProcessor,
  order: CardOrder,
  now: Date,
): Promise<{ cardId: string; cardholderId: string }> {
  const { cardholderId, memberId } = await enrolCardholder(handle, processor, order, now);
  const cardId = await issueCardFor(
    handle,
    processor,
    {
      companyId: order.companyId,
      cardholderId,
      memberId,
      level: order.level,
      network: order.network,
      nameOnCard: order.nameOnCard,
      mailingAddress: order.mailingAddress,
      actorUserId: order.actorUserId,
      replaces: null,
    },
    now,
  );
  return { cardId, cardholderId };
}

/**
 * Enrols the cardholder at the processor (its KYC the processor's to decide) with no card: an
 * applicant for a programme card, bound later to a printed card of the company's programme.
 */
export async function enrolCardholder(
  handle: DbHandle,
  processor: CardProcessor,
  order: Pick<CardOrder, 'companyId' | 'applicationId' | 'cardholder' | 'applicantType'>,
  now: Date,
): Promise<{ cardholderId: string; memberId: string }> {
  const { memberId } = await processor.enrolCardholder(handle, order.cardholder, now);
  const cardholderId = newId(now.getTime());
  await handle.insert(cardholders).values({
    id: cardholderId,
    company_id: order.companyId,
    application_id: order.applicationId,
    member_id: memberId,
    first_name: order.cardholder.first_name,
    last_name: order.cardholder.last_name,
    username: order.cardholder.username,
    email: order.cardholder.email,
    applicant_type: order.applicantType,
    kyc_id_status: 'under_review',
    kyc_address_status: 'under_review',
    created_at: now,
    updated_at: now,
  });
  return { cardholderId, memberId };
}

type IssueOrder = {
  companyId: string;
  cardholderId: string;
  memberId: string;
  level: CardLevel;
  network: CardNetwork;
  nameOnCard: string;
  mailingAddress: PostalAddress;
  actorUserId: string;
  replaces: { cardId: string; reference: string } | null;
  /** A replacement keeps the fee rule of the card it replaces (a programme card's stays membership). */
  feeRule?: CardFeeRule;
};

/** Orders one card at the processor for an enrolled cardholder: a new card, or the replacement of one. */
export async function issueCardFor(
  handle: DbHandle,
  processor: CardProcessor,
  order: IssueOrder,
  now: Date,
): Promise<string> {
  const issued = await processor.issueCard(
    handle,
    {
      memberId: order.memberId,
      level: order.level,
      network: order.network,
      nameOnCard: order.nameOnCard,
      mailingAddress: order.mailingAddress,
      replacesReference: order.replaces?.reference ?? null,
    },
    now,
  );
  const cardId = newId(now.getTime());
  await handle.insert(cards).values({
    id: cardId,
    company_id: order.companyId,
    cardholder_id: order.cardholderId,
    processor_reference: issued.reference,
    last4: issued.last4,
    name_on_card: order.nameOnCard,
    level: order.level,
    network: order.network,
    status: 'approved',
    operation_stage: issued.operation_stage,
    stage_updated_at: now,
    replaces_card_id: order.replaces?.cardId ?? null,
    expires_on: issued.expires_on,
    mailing_address: order.mailingAddress,
    card_fee_paid: true,
    fee_rule: order.feeRule ?? 'annual',
    created_by: order.actorUserId,
    created_at: now,
    updated_at: now,
  });
  await recordOrder(handle, order, cardId, issued, now);
  return cardId;
}

/** The card's first line of its timeline, and the event that tells the company's listeners. */
async function recordOrder(
  handle: DbHandle,
  order: IssueOrder,
  cardId: string,
  issued: { last4: string; operation_stage: CardOperationStage },
  now: Date,
): Promise<void> {
  await recordCardEvent(
    handle,
    {
      cardId,
      companyId: order.companyId,
      kind: 'ordered',
      operationStage: issued.operation_stage,
      detail: { replaces_card_id: order.replaces?.cardId ?? null },
      actorUserId: order.actorUserId,
    },
    now,
  );
  await recordEvent(
    handle,
    'card.operation_status_changed',
    {
      company_id: order.companyId,
      card_id: cardId,
      last4: issued.last4,
      status: 'approved',
      from_stage: null,
      operation_stage: issued.operation_stage,
      anomaly_cause: null,
      at: now.toISOString(),
    },
    { companyId: order.companyId },
  );
}
