/**
 * Managing a card: the company's cards and their timeline, activation with the
 * letter's codes (a replacement takes over the old card's balance and membership), the PIN (straight
 * to the processor, never kept), blocks (temporary, or final as lost, stolen or damaged: blocked at
 * once, the replacement ordered with its fee, or waiting on the fee when the company cannot pay it
 * until `payReplacementFee`), unblocking, replacing a worn
 * card and the mailing address. Every change is checked against the transition table first
 * (`assertCardAction`), is audited and, when the state or stage moves, recorded as an event.
 * Staff use the same changes (card-operations.ts) with no company of their own.
 */
import {
  actionOfBlockKind,
  type BlockKind,
  type CardDetails,
  cardLimits,
  causeOfFinalBlock,
  type ReplaceConfig,
} from '@bank/contract/card-management';
import {
  blockTypeOfActor,
  type Card,
  type CardActor,
  type CardFundingAsset,
  type FeeQuote,
  type PostalAddress,
} from '@bank/contract/cards';
import { cardPagePath } from '@bank/contract/routes';
import type { CardBlockType, CardStatus } from '@bank/contract/states';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { CardProcessor } from '../../../adapters/card-processor/card-processor.ts';
import { writeAudit } from '../../../platform/audit.ts';
import type { AppDatabase, DbHandle } from '../../../platform/db.ts';
import { AppError, isAppError } from '../../../platform/errors.ts';
import { recordEvent } from '../../../platform/events.ts';
import { isUuid } from '../../../platform/ids.ts';
import { parseAmount } from '../../../platform/money.ts';
import { qrCodeSvg } from '../../../platform/qr-code.ts';
import { assertWithinCap } from '../../../platform/rate-limit.ts';
import { lockCompany } from '../../../platform/tenant.ts';
import { accountBalance, ledger } from '../../ledger/index.ts';
import {
  anyCard,
  assertCardAction,
  type CardAccess,
  cardAccountId,
  cardViews,
  companyCard,
  reachableCard,
  reachableCards,
} from '../card-view.ts';
import { assertFeeQuote, chargeCompanyFee, feeOf, isFeeQuoteCurrent } from '../fees.ts';
import { issueCardFor } from '../issuing.ts';
import { cardLoadLimits } from '../money/load-limits.ts';
import type { CardRow } from '../queries.ts';
import { annualFeeStatusOf } from '../renewals/queries.ts';
import { activationFeeOf, adoptMembership, feeCosts, startMembership } from '../renewals/renewals.ts';
import { cardEvents, cardholders, cards } from '../tables.ts';
import { applyCardChange, type CardCaller, cardTimeline } from './card-changes.ts';

// ---------------------------------------------------------------------------------------------
// Reading

/** Cards as the wire shows them to `actor`, with their annual fee state. */
export function cardViewsFor(handle: DbHandle, rows: readonly CardRow[], actor: CardActor, now: Date) {
  return cardViews(handle, rows, actor, now, annualFeeStatusOf);
}

export async function cardViewOf(handle: DbHandle, card: CardRow, actor: CardActor, now: Date): Promise<Card> {
  const [view] = await cardViewsFor(handle, [card], actor, now);
  if (!view) throw new Error(`card ${card.id} has no view`);
  return view;
}

/** `refreshData`: the cards the caller reaches, newest first (keyset on the time-ordered id). */
export async function listCompanyCards(
  db: AppDatabase,
  access: CardAccess,
  request: { page_size: number; cursor?: string | undefined; status?: CardStatus | undefined },
  now: Date,
): Promise<{ items: Card[]; next_cursor: string | null }> {
  if (request.cursor !== undefined && !isUuid(request.cursor))
    throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } } });
  const rows = await db
    .select()
    .from(cards)
    .where(
      and(
        reachableCards(access),
        request.status ? eq(cards.status, request.status) : undefined,
        request.cursor ? lt(cards.id, request.cursor) : undefined,
      ),
    )
    .orderBy(desc(cards.id))
    .limit(request.page_size + 1);
  const pageRows = rows.slice(0, request.page_size);
  return {
    items: await cardViewsFor(db, pageRows, access.actor, now),
    next_cursor: rows.length > request.page_size ? (pageRows.at(-1)?.id ?? null) : null,
  };
}

export async function companyCardDetails(
  db: AppDatabase,
  access: CardAccess,
  cardId: string,
  now: Date,
  dashboardUrl: string,
): Promise<CardDetails> {
  const card = await reachableCard(db, access, cardId);
  return {
    ...(await cardViewOf(db, card, access.actor, now)),
    timeline: await cardTimeline(db, card.id, 'client'),
    load_limits: await cardLoadLimits(db, card, now),
    qr_svg: await qrCodeSvg(`${dashboardUrl}${cardPagePath(card.id)}`),
  };
}

/**
 * The card a change is about, locked, after its company: the caller's company's card (another
 * company's is not found), or any card for staff.
 */
export async function lockedCard(handle: DbHandle, caller: CardCaller, cardId: string): Promise<CardRow> {
  if (caller.companyId) {
    await lockCompany(handle, caller.companyId);
    return reachableCard(handle, { companyId: caller.companyId, holderUserId: caller.holderUserId }, cardId, {
      forUpdate: true,
    });
  }
  const card = await anyCard(handle, cardId);
  await lockCompany(handle, card.company_id);
  return anyCard(handle, cardId, { forUpdate: true });
}

// ---------------------------------------------------------------------------------------------
// Activation and PIN

/**
 * `active`: the KIT code and the activation code of the card's letter, checked by the processor
 * (a wrong pair answers activate_card_failed; the attempts of a card are capped an hour). The card
 * becomes active; a replacement takes the old card's available dollars (one ledger transfer) and
 * membership, and the old card ends (reissued); a new card starts its membership.
 */
export async function activateCard(
  db: AppDatabase,
  processor: CardProcessor,
  caller: CardCaller & { companyId: string },
  request: { card_id: string; kit_code: string; activation_code: string; fee_quote?: FeeQuote | undefined },
): Promise<Card> {
  const { now } = caller;
  const found = await reachableCard(db, caller, request.card_id);
  // Counted outside the change's transaction, so that a refused attempt still counts.
  await assertWithinCap(
    db,
    `card-activation:${found.id}`,
    { max: cardLimits.activationAttemptsPerHour, windowSeconds: 3600 },
    now,
  );
  return db.transaction(async (tx) => {
    const card = await lockedCard(tx, caller, found.id);
    assertCardAction(card, 'activate', caller.actor);
    // The first annual fee the activation dialog showed, or the card is not activated.
    const activationFee = await activationFeeOf(tx, card);
    if (activationFee !== null) assertFeeQuote(request.fee_quote, activationFee, `activation of card ${card.id}`);
    await activateAtProcessor(tx, processor, card, request, now);
    const activated = await applyCardChange(
      tx,
      card,
      { status: 'active', operation_stage: 'activated', anomaly_cause: null },
      { kind: 'activated', actorUserId: caller.userId },
      now,
    );
    const takenOver = await takeOverReplacedCard(tx, caller, card, activated);
    let active = takenOver.active;
    // A new card, or the replacement of a card that had no membership: the membership starts now. A
    // programme card's fee is the programme's membership fee (opened at binding): it has no annual term.
    if (!takenOver.hasMembership && active.fee_rule === 'annual')
      active = await startMembership(tx, processor, active, caller.userId, now);
    await recordActivation(tx, caller, card, takenOver.movedAmount);
    return cardViewOf(tx, active, caller.actor, now);
  });
}

/** The letter's codes at the processor: a wrong pair, or a card the processor does not hold ready, refuses. */
async function activateAtProcessor(
  tx: DbHandle,
  processor: CardProcessor,
  card: CardRow,
  request: { kit_code: string; activation_code: string },
  now: Date,
): Promise<void> {
  const outcome = await processor.activate(
    tx,
    card.processor_reference,
    { kitCode: request.kit_code, activationCode: request.activation_code },
    now,
  );
  if (outcome === 'codes_incorrect')
    throw new AppError('activate_card_failed', { detail: `card ${card.id}: the letter's codes do not match` });
  if (outcome === 'not_ready')
    throw new AppError('status_error', { detail: `card ${card.id} is not ready at the processor` });
}

/**
 * A replacement activated: the old card's available dollars move to it, the old card ends
 * (reissued) and its membership passes to the new one. A new card answers as it is.
 */
async function takeOverReplacedCard(
  tx: DbHandle,
  caller: CardCaller,
  card: CardRow,
  activated: CardRow,
): Promise<{ active: CardRow; hasMembership: boolean; movedAmount: string | null }> {
  const { now } = caller;
  const replaced = card.replaces_card_id
    ? await companyCard(tx, card.company_id, card.replaces_card_id, { forUpdate: true })
    : null;
  if (!replaced) return { active: activated, hasMembership: false, movedAmount: null };
  const movedAmount = await moveBalance(tx, replaced, activated, now);
  await applyCardChange(
    tx,
    replaced,
    {
      // As the processor reports it: a card blocked for good stays blocked, so that its block still says why.
      status: replaced.status === 'blocked' ? 'blocked' : 'expired',
      operation_stage: 'reissued',
      replacement_status: 'replaced',
    },
    {
      kind: 'replaced',
      detail: { replaced_by_card_id: activated.id, moved_amount: movedAmount },
      actorUserId: caller.userId,
    },
    now,
  );
  const adopted = await adoptMembership(tx, replaced, activated, now);
  return { active: adopted.card, hasMembership: adopted.hasAdopted, movedAmount };
}

/** The activation's event and audit row. */
async function recordActivation(tx: DbHandle, caller: CardCaller, card: CardRow, movedAmount: string | null) {
  const { now } = caller;
  await recordEvent(
    tx,
    'card.activated',
    {
      company_id: card.company_id,
      card_id: card.id,
      last4: card.last4,
      actor_user_id: caller.userId,
      at: now.toISOString(),
    },
    { companyId: card.company_id },
  );
  await writeAudit(tx, {
    action: 'card.activated',
    at: now,
    actorUserId: caller.userId,
    companyId: card.company_id,
    ip: caller.ip,
    detail: { card_id: card.id, replaces_card_id: card.replaces_card_id, moved_amount: movedAmount },
  });
}

/** What the old card could spend, onto the new card: one ledger transfer between the two card accounts. */
async function moveBalance(handle: DbHandle, from: CardRow, to: CardRow, now: Date): Promise<string | null> {
  const fromAccount = await cardAccountId(handle, from, now);
  const balance = await accountBalance(handle, fromAccount);
  const available = parseAmount(balance?.available ?? '0');
  if (!available.greaterThan(0)) return null;
  const amount = available.toFixed(2);
  await ledger.transfer(
    handle,
    [
      {
        idempotencyKey: `card-replacement-balance-${to.id}`,
        kind: 'card_replacement_balance',
        asset: 'USD',
        debitAccountId: fromAccount,
        creditAccountId: await cardAccountId(handle, to, now),
        amount,
        reference: { type: 'card', id: to.id },
      },
    ],
    now,
  );
  return amount;
}

/**
 * `setPin`: the PIN goes to the processor and nowhere else (no row, no log line, no audit detail, no
 * answer). A processor's refusal answers set_pin_failed after the attempt is recorded.
 */
export async function setCardPin(
  db: AppDatabase,
  processor: CardProcessor,
  caller: CardCaller & { companyId: string },
  request: { card_id: string; pin: string },
): Promise<{ card_id: string }> {
  const { now } = caller;
  const outcome = await db.transaction(async (tx) => {
    const card = await lockedCard(tx, caller, request.card_id);
    assertCardAction(card, 'set_pin', caller.actor);
    const result = await processor.setPin(tx, card.processor_reference, request.pin, now);
    if (result === 'set') await applyCardChange(tx, card, {}, { kind: 'pin_set', actorUserId: caller.userId }, now);
    await writeAudit(tx, {
      action: result === 'set' ? 'card.pin_set' : 'card.pin_set_failed',
      at: now,
      actorUserId: caller.userId,
      companyId: card.company_id,
      ip: caller.ip,
      detail: { card_id: card.id },
    });
    return { result, cardId: card.id };
  });
  if (outcome.result !== 'set')
    throw new AppError('set_pin_failed', { detail: `card ${outcome.cardId}: the processor refused the PIN` });
  return { card_id: outcome.cardId };
}

// ---------------------------------------------------------------------------------------------
// Blocks

/**
 * `block`: the table decides by the kind (block, block_lost_stolen, block_damaged); the block records
 * its type by who acts, who, when and why. A final block blocks the card and records the anomaly at
 * once; then it charges the level's replacement fee from the chosen stable coin and orders the
 * replacement card, or, when the coin cannot pay it, leaves the replacement waiting on the fee.
 */
type BlockRequest = {
  card_id: string;
  kind: BlockKind;
  reason: string;
  asset?: CardFundingAsset | undefined;
  fee_quote?: FeeQuote | undefined;
};

export async function blockCard(
  handle: DbHandle,
  processor: CardProcessor,
  caller: CardCaller,
  request: BlockRequest,
): Promise<CardRow> {
  const card = await lockedCard(handle, caller, request.card_id);
  assertCardAction(card, actionOfBlockKind[request.kind], caller.actor);
  const block = {
    status: 'blocked' as const,
    block_type: blockTypeOfActor(caller.actor),
    block_reason: request.reason,
    blocked_by: caller.userId,
    blocked_at: caller.now,
  };
  return request.kind === 'temporary'
    ? blockForNow(handle, processor, caller, card, block)
    : blockForGood(handle, processor, caller, card, block, { ...request, kind: request.kind });
}

type Block = {
  status: 'blocked';
  block_type: CardBlockType;
  block_reason: string;
  blocked_by: string;
  blocked_at: Date;
};

async function blockForNow(
  handle: DbHandle,
  processor: CardProcessor,
  caller: CardCaller,
  card: CardRow,
  block: Block,
): Promise<CardRow> {
  const { now } = caller;
  await processor.block(handle, card.processor_reference, null, now);
  const blocked = await applyCardChange(
    handle,
    card,
    { ...block, block_cause: null, block_is_final: false },
    {
      kind: 'blocked',
      detail: { block_type: block.block_type, reason: block.block_reason },
      actorUserId: caller.userId,
    },
    now,
  );
  await auditCard(handle, caller, blocked, 'card.blocked', {
    block_type: block.block_type,
    kind: 'temporary',
    reason: block.block_reason,
  });
  return blocked;
}

async function blockForGood(
  handle: DbHandle,
  processor: CardProcessor,
  caller: CardCaller,
  card: CardRow,
  block: Block,
  request: BlockRequest & { kind: Exclude<BlockKind, 'temporary'> },
): Promise<CardRow> {
  const { now } = caller;
  const asset = request.asset;
  if (!asset) throw new AppError('validation', { fields: { asset: { key: 'validation.required' } } });
  const cause = causeOfFinalBlock[request.kind];
  // The block comes first and never waits on money: a lost or stolen card must stop working now.
  await processor.block(handle, card.processor_reference, cause, now);
  const blocked = await applyCardChange(
    handle,
    card,
    {
      ...block,
      block_cause: cause,
      block_is_final: true,
      operation_stage: 'card_anomaly',
      anomaly_cause: cause,
      replacement_status: 'pending_replacement',
    },
    {
      kind: 'blocked',
      detail: { block_type: block.block_type, cause, reason: request.reason },
      actorUserId: caller.userId,
    },
    now,
  );
  const fee = await tryChargeReplacementFee(handle, blocked, asset, request.fee_quote, now);
  const replaced =
    fee.outcome === 'charged'
      ? await orderReplacement(handle, processor, blocked, caller, fee.charged, now)
      : await awaitReplacementFee(handle, blocked, caller, fee.amount, fee.outcome, now);
  await auditCard(handle, caller, replaced, 'card.blocked', {
    block_type: block.block_type,
    kind: request.kind,
    cause,
    reason: request.reason,
    replacement_card_id: replaced.replaced_by_card_id,
    ...(fee.outcome === 'charged' ? fee.charged : { fee: fee.amount, fee_owed: true, why: fee.outcome }),
  });
  return replaced;
}

/** `unblock`: the table's refusals (an administrator's block, a replacement under way, a final block). */
export async function unblockCard(
  handle: DbHandle,
  processor: CardProcessor,
  caller: CardCaller,
  request: { card_id: string; reason?: string },
): Promise<CardRow> {
  const card = await lockedCard(handle, caller, request.card_id);
  assertCardAction(card, 'unblock', caller.actor);
  await processor.unblock(handle, card.processor_reference, caller.now);
  const unblocked = await applyCardChange(
    handle,
    card,
    {
      status: 'active',
      operation_stage: 'activated',
      block_type: null,
      block_reason: null,
      block_cause: null,
      block_is_final: false,
      blocked_by: null,
      blocked_at: null,
    },
    {
      kind: 'unblocked',
      detail: { block_type: card.block_type, reason: request.reason ?? null },
      actorUserId: caller.userId,
    },
    caller.now,
  );
  await auditCard(handle, caller, unblocked, 'card.unblocked', {
    block_type: card.block_type,
    ...(request.reason ? { reason: request.reason } : {}),
  });
  return unblocked;
}

// ---------------------------------------------------------------------------------------------
// Replacement

type ChargedFee = { fee: string; asset: string | null; debit_amount: string | null };

async function chargeReplacementFee(
  handle: DbHandle,
  card: CardRow,
  asset: CardFundingAsset,
  now: Date,
): Promise<ChargedFee> {
  const fee = await feeOf(handle, card.level, 'replacement');
  const charged = await chargeCompanyFee(
    handle,
    {
      companyId: card.company_id,
      asset,
      usdAmount: fee.amount,
      kind: 'replacement',
      idempotencyKey: await replacementFeeKey(handle, card),
      reference: { type: 'card', id: card.id },
    },
    now,
  );
  return { fee: fee.amount, asset: charged ? asset : null, debit_amount: charged?.debitAmount ?? null };
}

/** Why a final block's replacement fee was not taken at once. */
type FeeNotTaken = 'insufficient_balance' | 'rates_stale' | 'fee_changed';

/**
 * The replacement fee of a card just blocked for good, in a savepoint: a balance that does not
 * cover it (or no fresh rate) leaves the fee owed instead of undoing the block; so does a fee that
 * is not the one the dialog showed (never charged: the pay action shows the fee now).
 */
async function tryChargeReplacementFee(
  handle: DbHandle,
  card: CardRow,
  asset: CardFundingAsset,
  quote: FeeQuote | undefined,
  now: Date,
): Promise<{ outcome: 'charged'; charged: ChargedFee } | { outcome: FeeNotTaken; amount: string }> {
  const scheduled = await feeOf(handle, card.level, 'replacement');
  if (!isFeeQuoteCurrent(quote, scheduled.amount)) return { outcome: 'fee_changed', amount: scheduled.amount };
  try {
    const charged = await handle.transaction((savepoint) => chargeReplacementFee(savepoint, card, asset, now));
    return { outcome: 'charged', charged };
  } catch (error) {
    if (!isAppError(error) || (error.key !== 'insufficient_balance' && error.key !== 'rates_stale')) throw error;
    const fee = await feeOf(handle, card.level, 'replacement');
    return { outcome: error.key, amount: fee.amount };
  }
}

/** The replacement waits on its fee: the card says so, and the company's card users are told. */
async function awaitReplacementFee(
  handle: DbHandle,
  card: CardRow,
  caller: CardCaller,
  amount: string,
  why: FeeNotTaken,
  now: Date,
): Promise<CardRow> {
  const owed = await applyCardChange(
    handle,
    card,
    { replacement_fee_owed: true },
    { kind: 'replacement_fee_owed', detail: { amount, why }, actorUserId: caller.userId },
    now,
  );
  await recordEvent(
    handle,
    'card.replacement_fee_owed',
    { company_id: card.company_id, card_id: card.id, last4: card.last4, amount, at: now.toISOString() },
    { companyId: card.company_id },
  );
  return owed;
}

/**
 * `payReplacementFee`: the fee a final block could not take, from the chosen stable coin now
 * (`insufficient_balance` refuses and the card keeps waiting); the replacement is then ordered.
 */
export function payReplacementFee(
  handle: DbHandle,
  processor: CardProcessor,
  caller: CardCaller,
  request: ReplacementRequest,
): Promise<CardRow> {
  return chargeAndReplace(handle, processor, caller, request, 'pay_replacement_fee', 'card.replacement_fee_paid');
}

type ReplacementRequest = { card_id: string; asset: CardFundingAsset; fee_quote: FeeQuote };

/** The replacement fee shown, charged from the chosen coin, then the replacement ordered and audited. */
async function chargeAndReplace(
  handle: DbHandle,
  processor: CardProcessor,
  caller: CardCaller,
  request: ReplacementRequest,
  action: 'replace' | 'pay_replacement_fee',
  auditAction: string,
): Promise<CardRow> {
  const card = await lockedCard(handle, caller, request.card_id);
  assertCardAction(card, action, caller.actor);
  await assertReplacementQuote(handle, card, request.fee_quote);
  const fee = await chargeReplacementFee(handle, card, request.asset, caller.now);
  const replaced = await orderReplacement(handle, processor, card, caller, fee, caller.now);
  await auditCard(handle, caller, replaced, auditAction, { replacement_card_id: replaced.replaced_by_card_id, ...fee });
  return replaced;
}

/** The replacement fee getReplaceConfig showed, against the level's schedule now. */
async function assertReplacementQuote(handle: DbHandle, card: CardRow, quote: FeeQuote): Promise<void> {
  const fee = await feeOf(handle, card.level, 'replacement');
  assertFeeQuote(quote, fee.amount, `replacement fee of card ${card.id}`);
}

/** One fee per replacement ordered: a card whose replacement the processor refused (and refunded) pays its next one. */
async function replacementFeeKey(handle: DbHandle, card: CardRow): Promise<string> {
  const refusals = await handle
    .select({ id: cardEvents.id })
    .from(cardEvents)
    .where(and(eq(cardEvents.card_id, card.id), eq(cardEvents.kind, 'replacement_refused')));
  return refusals.length === 0
    ? `card-replacement-fee-${card.id}`
    : `card-replacement-fee-${card.id}-${refusals.length + 1}`;
}

/** Orders the card that replaces `card` at the processor (to the card's mailing address) and links the two. */
async function orderReplacement(
  handle: DbHandle,
  processor: CardProcessor,
  card: CardRow,
  caller: CardCaller,
  fee: ChargedFee,
  now: Date,
): Promise<CardRow> {
  const [holder] = await handle.select().from(cardholders).where(eq(cardholders.id, card.cardholder_id));
  if (!holder) throw new Error(`card ${card.id} has no cardholder`);
  const replacementId = await issueCardFor(
    handle,
    processor,
    {
      companyId: card.company_id,
      cardholderId: holder.id,
      memberId: holder.member_id,
      level: card.level,
      network: card.network,
      nameOnCard: card.name_on_card,
      mailingAddress: card.mailing_address,
      actorUserId: caller.userId,
      replaces: { cardId: card.id, reference: card.processor_reference },
      feeRule: card.fee_rule,
    },
    now,
  );
  return applyCardChange(
    handle,
    card,
    { replaced_by_card_id: replacementId, replacement_status: 'pending_replacement', replacement_fee_owed: false },
    {
      kind: 'replacement_requested',
      detail: { replacement_card_id: replacementId, ...fee },
      actorUserId: caller.userId,
    },
    now,
  );
}

/** `replace`: a new card for a worn one; the fee is charged, and the old card works until the new one is activated. */
export function replaceCard(
  handle: DbHandle,
  processor: CardProcessor,
  caller: CardCaller,
  request: ReplacementRequest,
): Promise<CardRow> {
  return chargeAndReplace(handle, processor, caller, request, 'replace', 'card.replacement_requested');
}

/** `getReplaceConfig`: the replacement fee in USD and in each stable coin now, and where the card is mailed. */
export async function replaceConfig(
  db: AppDatabase,
  companyId: string,
  cardId: string,
  now: Date,
): Promise<ReplaceConfig> {
  const card = await companyCard(db, companyId, cardId);
  const fee = await feeOf(db, card.level, 'replacement');
  return {
    card_id: card.id,
    fee: fee.amount,
    costs: await feeCosts(db, companyId, fee.amount, now),
    mailing_address: card.mailing_address,
  };
}

// ---------------------------------------------------------------------------------------------
// Mailing address

export async function changeMailingAddress(
  handle: DbHandle,
  processor: CardProcessor,
  caller: CardCaller,
  request: { card_id: string; mailing_address: PostalAddress },
): Promise<CardRow> {
  const card = await lockedCard(handle, caller, request.card_id);
  assertCardAction(card, 'change_mailing_address', caller.actor);
  await processor.changeMailingAddress(handle, card.processor_reference, request.mailing_address, caller.now);
  const changed = await applyCardChange(
    handle,
    card,
    { mailing_address: request.mailing_address },
    {
      kind: 'mailing_address_changed',
      detail: { city: request.mailing_address.city, country: request.mailing_address.country },
      actorUserId: caller.userId,
    },
    caller.now,
  );
  await auditCard(handle, caller, changed, 'card.mailing_address_changed', {
    country: request.mailing_address.country,
  });
  return changed;
}

async function auditCard(
  handle: DbHandle,
  caller: CardCaller,
  card: CardRow,
  action: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await writeAudit(handle, {
    action,
    at: caller.now,
    actorUserId: caller.userId,
    companyId: card.company_id,
    ip: caller.ip,
    detail: { card_id: card.id, ...detail },
  });
}
