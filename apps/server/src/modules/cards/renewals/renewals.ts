/**
 * Annual fees and renewal (SPEC.md sections 3 and 4; DECISIONS.md "Cards"): a card's membership runs
 * in terms of `annualTermMonths` from its activation. The first term's fee is charged at activation
 * (`free` when the level's schedule says 0, `unpaid` when the company's stable coin cannot cover
 * it); the card's end date is the end of its last settled term. The next term is `upcoming`, then
 * `pending` from renewalOpensDaysBefore days before its due date (the end of the term before), then
 * `overdue`. Paying it (`renew`, or the daily schedule for auto renewal) needs the term before to be
 * settled, tells the processor and moves the card's end date on. The schedule `cards__renewals`
 * also expires cards whose end date passed without a renewal.
 */

import { addDays, dayOf } from '@bank/contract/calendar';
import { type AnnualConfig, cardLimits, type FeeCost, type FeeTerm } from '@bank/contract/card-management';
import {
  annualTermMonths,
  type CardActor,
  type CardFundingAsset,
  cardActionRefusal,
  cardFundingAssets,
  type FeeQuote,
  renewalOpensDaysBefore,
} from '@bank/contract/cards';
import type { FeePaymentStatus } from '@bank/contract/states';
import { and, asc, desc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { CardProcessor } from '../../../adapters/card-processor/card-processor.ts';
import { writeAudit } from '../../../platform/audit.ts';
import type { AppDatabase, DbHandle } from '../../../platform/db.ts';
import { AppError, isAppError } from '../../../platform/errors.ts';
import { recordEvent } from '../../../platform/events.ts';
import { isUuid } from '../../../platform/ids.ts';
import { parseAmount } from '../../../platform/money.ts';
import { lockCompany } from '../../../platform/tenant.ts';
import { accountBalance, accountIdOf } from '../../ledger/index.ts';
import { assertCardAction, companyCard, ruleFactsOf } from '../card-view.ts';
import { assertFeeQuote, chargeCompanyFee, feeOf, stablecoinCostOf } from '../fees.ts';
import { applyCardChange, type CardCaller } from '../management/card-changes.ts';
import { tryReturnCardBalance } from '../money/balance-return.ts';
import type { CardRow } from '../queries.ts';
import { cards } from '../tables.ts';
import { bringTermsUpToDate, companyTerm, insertTerm } from './queries.ts';
import { cardFeeTerms, type FeeTermRow } from './tables.ts';

export const renewalsSchedule = 'cards__renewals';

// ---------------------------------------------------------------------------------------------
// Term states

const settledStatuses: readonly FeePaymentStatus[] = ['paid', 'free'];
const payableStatuses: readonly FeePaymentStatus[] = ['pending', 'overdue', 'unpaid'];

/** The state an open term has on `today`: upcoming until its renewal opens, pending until its due date, then overdue. */
function termStatusOn(term: Pick<FeeTermRow, 'status' | 'due_on'>, today: string): FeePaymentStatus {
  if (term.status !== 'upcoming' && term.status !== 'pending') return term.status;
  if (today > term.due_on) return 'overdue';
  return today >= addDays(term.due_on, -renewalOpensDaysBefore) ? 'pending' : 'upcoming';
}

/** The term after `term`, waiting to be paid (made once). */
async function ensureNextTerm(handle: DbHandle, card: CardRow, term: FeeTermRow, now: Date): Promise<FeeTermRow> {
  const fee = await feeOf(handle, card.level, 'annual');
  const next = { sequence: term.sequence + 1, startsOn: addDays(term.ends_on, 1), dueOn: term.ends_on };
  return insertTerm(
    handle,
    card,
    { ...next, amount: fee.amount, status: termStatusOn({ status: 'upcoming', due_on: next.dueOn }, dayOf(now)) },
    now,
  );
}

type Payment = { asset: CardFundingAsset; mode: 'auto' | 'manual'; actorUserId: string | null };

/**
 * Settles a term: its fee from the company's stable coin (posted to the fee account), the processor
 * told of a term beyond the card's end date and the end date moved to the term's end, the next term
 * made. `insufficient_balance` and `rates_stale` refuse and leave the transaction as it was only
 * when run in a savepoint (see `trySettle`).
 */
async function settleTerm(
  handle: DbHandle,
  processor: CardProcessor,
  card: CardRow,
  term: FeeTermRow,
  payment: Payment,
  now: Date,
): Promise<FeeTermRow> {
  const amount = parseAmount(term.amount).toFixed(2);
  const charged = await chargeCompanyFee(
    handle,
    {
      companyId: card.company_id,
      asset: payment.asset,
      usdAmount: amount,
      kind: 'annual',
      idempotencyKey: `card-annual-fee-${term.id}`,
      reference: { type: 'card_fee_term', id: term.id },
    },
    now,
  );
  const isBeyondEnd = card.expires_on === null || term.ends_on > card.expires_on;
  if (isBeyondEnd && term.sequence > 1) await processor.renew(handle, card.processor_reference, term.months, now);
  const [paid] = await handle
    .update(cardFeeTerms)
    .set({
      status: charged ? 'paid' : 'free',
      paid_at: now,
      deduction_mode: payment.mode,
      paid_asset: charged ? payment.asset : null,
      paid_amount: charged?.debitAmount ?? null,
      transfer_id: charged?.transferId ?? null,
      remarks: term.remarks === 'carried_over' ? 'carried_over' : '',
      updated_at: now,
    })
    .where(eq(cardFeeTerms.id, term.id))
    .returning();
  if (!paid) throw new Error(`fee term ${term.id} vanished`);
  const renewed = await applyCardChange(
    handle,
    card,
    isBeyondEnd ? { expires_on: term.ends_on } : {},
    {
      kind: term.sequence === 1 ? 'fee_charged' : 'renewed',
      detail: {
        fee_kind: 'annual',
        term: String(term.sequence),
        amount,
        asset: charged ? payment.asset : null,
        debit_amount: charged?.debitAmount ?? null,
        ends_on: term.ends_on,
        mode: payment.mode,
      },
      actorUserId: payment.actorUserId,
    },
    now,
  );
  await ensureNextTerm(handle, renewed, paid, now);
  return paid;
}

/** settleTerm in a savepoint: a refusal for want of money or of a fresh rate answers it instead of aborting the transaction. */
async function trySettle(
  handle: DbHandle,
  processor: CardProcessor,
  card: CardRow,
  term: FeeTermRow,
  payment: Payment,
  now: Date,
): Promise<FeeTermRow | 'insufficient_balance' | 'rates_stale'> {
  try {
    return await handle.transaction((savepoint) => settleTerm(savepoint, processor, card, term, payment, now));
  } catch (error) {
    if (isAppError(error) && (error.key === 'insufficient_balance' || error.key === 'rates_stale')) return error.key;
    throw error;
  }
}

/**
 * The card's membership at its activation: the first term from today, charged now from the card's
 * renewal coin (free when the schedule says 0, unpaid when the coin cannot cover it), the card's end
 * date at the term's end, and the next term waiting.
 */
export async function startMembership(
  handle: DbHandle,
  processor: CardProcessor,
  card: CardRow,
  actorUserId: string,
  now: Date,
): Promise<CardRow> {
  // A programme card pays the programme's membership fee instead: it never opens an annual term.
  if (card.fee_rule === 'membership') return card;
  const today = dayOf(now);
  const fee = await feeOf(handle, card.level, 'annual');
  const first = await insertTerm(
    handle,
    card,
    { sequence: 1, startsOn: today, dueOn: today, amount: fee.amount, status: 'unpaid' },
    now,
  );
  // The card's end date becomes its membership's (until now it was the plastic's, from the processor).
  const [withEnd] = await handle
    .update(cards)
    .set({ expires_on: first.ends_on, updated_at: now })
    .where(eq(cards.id, card.id))
    .returning();
  if (!withEnd) throw new Error(`card ${card.id} vanished at activation`);
  const outcome = await trySettle(
    handle,
    processor,
    withEnd,
    first,
    { asset: card.auto_renewal_asset as CardFundingAsset, mode: 'auto', actorUserId },
    now,
  );
  if (typeof outcome === 'string') {
    await handle
      .update(cardFeeTerms)
      .set({ remarks: 'activation_charge_failed', updated_at: now })
      .where(eq(cardFeeTerms.id, first.id));
    await ensureNextTerm(handle, withEnd, first, now);
  }
  const [current] = await handle.select().from(cards).where(eq(cards.id, card.id));
  return current ?? withEnd;
}

/**
 * What activating the card charges (USD): the first annual fee of a card that starts its own
 * membership; null for a programme card (membership fee rule) or a replacement that takes over the
 * terms of the card it replaces (startMembership and adoptMembership decide the same).
 */
export async function activationFeeOf(
  handle: DbHandle,
  card: Pick<CardRow, 'fee_rule' | 'level' | 'replaces_card_id'>,
): Promise<string | null> {
  if (card.fee_rule !== 'annual') return null;
  if (card.replaces_card_id) {
    const [carried] = await handle
      .select({ id: cardFeeTerms.id })
      .from(cardFeeTerms)
      .where(eq(cardFeeTerms.card_id, card.replaces_card_id))
      .limit(1);
    if (carried) return null;
  }
  return (await feeOf(handle, card.level, 'annual')).amount;
}

/** A replacement card takes over the terms, end date and renewal setting of the card it replaces. */
export async function adoptMembership(
  handle: DbHandle,
  replaced: CardRow,
  replacement: CardRow,
  now: Date,
): Promise<{ card: CardRow; hasAdopted: boolean }> {
  const moved = await handle
    .update(cardFeeTerms)
    .set({
      card_id: replacement.id,
      remarks: sql`case when ${cardFeeTerms.remarks} = '' then 'carried_over' else ${cardFeeTerms.remarks} end`,
      updated_at: now,
    })
    .where(eq(cardFeeTerms.card_id, replaced.id))
    .returning({ id: cardFeeTerms.id });
  if (moved.length === 0) return { card: replacement, hasAdopted: false };
  const [adopted] = await handle
    .update(cards)
    .set({
      expires_on: replaced.expires_on,
      auto_renewal: replaced.auto_renewal,
      auto_renewal_asset: replaced.auto_renewal_asset,
      updated_at: now,
    })
    .where(eq(cards.id, replacement.id))
    .returning();
  return { card: adopted ?? replacement, hasAdopted: true };
}

/** Whether every term before `term` of its card is settled. */
function isPreviousSettled(term: FeeTermRow, termsOfCard: readonly FeeTermRow[]): boolean {
  return termsOfCard.every(
    (other) =>
      other.sequence >= term.sequence || settledStatuses.includes(other.status) || other.status === 'discontinued',
  );
}

/** `renew`: a client pays a term of one of the company's cards. */
export async function renewTerm(
  handle: DbHandle,
  processor: CardProcessor,
  caller: CardCaller & { companyId: string },
  request: { term_id: string; asset: CardFundingAsset; fee_quote: FeeQuote },
): Promise<FeeTerm> {
  const { now } = caller;
  await lockCompany(handle, caller.companyId);
  await bringTermsUpToDate(handle, dayOf(now), caller.companyId);
  const term = await companyTerm(handle, caller.companyId, request.term_id, true);
  const card = await companyCard(handle, caller.companyId, term.card_id, { forUpdate: true });
  assertCardAction(card, 'renew', caller.actor);
  if (settledStatuses.includes(term.status))
    throw new AppError('illegal_state', {
      messageKey: 'cards.errors.term_settled',
      detail: `term ${term.id} is ${term.status}`,
    });
  if (term.status === 'upcoming')
    throw new AppError('illegal_state', {
      messageKey: 'cards.errors.renewal_not_open',
      detail: `term ${term.id} opens later`,
    });
  if (!payableStatuses.includes(term.status))
    throw new AppError('status_error', { detail: `term ${term.id} is ${term.status}` });
  const termsOfCard = await handle.select().from(cardFeeTerms).where(eq(cardFeeTerms.card_id, card.id));
  if (!isPreviousSettled(term, termsOfCard))
    throw new AppError('previous_renewal_first', { detail: `card ${card.id}: a term before ${term.sequence} is open` });
  // The term's amount as the renewal list showed it, or nothing is charged.
  assertFeeQuote(request.fee_quote, parseAmount(term.amount).toFixed(2), `renewal of term ${term.id}`);
  const paid = await settleTerm(
    handle,
    processor,
    card,
    term,
    { asset: request.asset, mode: 'manual', actorUserId: caller.userId },
    now,
  );
  await writeAudit(handle, {
    action: 'card.renewed',
    at: now,
    actorUserId: caller.userId,
    companyId: caller.companyId,
    ip: caller.ip,
    detail: { card_id: card.id, term_id: term.id, sequence: term.sequence, asset: request.asset, amount: term.amount },
  });
  const [view] = await feeTermViews(handle, [paid], caller.actor, now);
  if (!view) throw new Error(`fee term ${paid.id} has no view`);
  return view;
}

/** Membership fee records as the wire shows them, with whether the caller may pay each now. */
async function feeTermViews(
  handle: DbHandle,
  terms: readonly FeeTermRow[],
  actor: CardActor,
  now: Date,
): Promise<FeeTerm[]> {
  if (terms.length === 0) return [];
  const cardIds = [...new Set(terms.map((term) => term.card_id))];
  const cardRows = await handle.select().from(cards).where(inArray(cards.id, cardIds));
  const cardOf = new Map(cardRows.map((card) => [card.id, card]));
  const allTerms = await handle.select().from(cardFeeTerms).where(inArray(cardFeeTerms.card_id, cardIds));
  const today = dayOf(now);
  return terms.map((term) => {
    const card = cardOf.get(term.card_id);
    if (!card) throw new Error(`fee term ${term.id} has no card`);
    const status = termStatusOn(term, today);
    const isSettled = settledStatuses.includes(status);
    const hasLapsed =
      status === 'discontinued' || (!isSettled && (card.status === 'expired' || card.status === 'cancelled'));
    return {
      term_id: term.id,
      card_id: card.id,
      last4: card.last4,
      name_on_card: card.name_on_card,
      card_expires_on: card.expires_on,
      sequence: term.sequence,
      starts_on: term.starts_on,
      ends_on: term.ends_on,
      due_on: term.due_on,
      months: term.months,
      amount: parseAmount(term.amount).toFixed(2),
      status,
      paid_at: term.paid_at?.toISOString() ?? null,
      renewal_status: isSettled ? 'renewed' : hasLapsed ? 'lapsed' : 'open',
      deduction_mode: term.deduction_mode,
      paid_asset: term.paid_asset,
      paid_amount: term.paid_amount === null ? null : parseAmount(term.paid_amount).toString(),
      yearly_expires_on: term.ends_on,
      remarks: term.remarks === '' ? null : term.remarks,
      can_renew:
        payableStatuses.includes(status) &&
        cardActionRefusal(ruleFactsOf(card), 'renew', actor) === null &&
        isPreviousSettled(
          term,
          allTerms.filter((other) => other.card_id === term.card_id),
        ),
    };
  });
}

const cursorPattern = /^(\d{4}-\d{2}-\d{2})~([0-9a-f-]{36})$/;

/** `renewList`: the company's terms, latest due first (keyset on due date and id). */
export async function listRenewals(
  db: AppDatabase,
  companyId: string,
  actor: CardActor,
  request: {
    page_size: number;
    cursor?: string | undefined;
    status?: FeePaymentStatus | undefined;
    card_id?: string | undefined;
  },
  now: Date,
): Promise<{ items: FeeTerm[]; next_cursor: string | null }> {
  await bringTermsUpToDate(db, dayOf(now), companyId);
  if (request.card_id !== undefined && !isUuid(request.card_id)) return { items: [], next_cursor: null };
  const after = request.cursor ? cursorPattern.exec(request.cursor) : null;
  if (request.cursor && !after) throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } } });
  const rows = await db
    .select()
    .from(cardFeeTerms)
    .where(
      and(
        eq(cardFeeTerms.company_id, companyId),
        request.status ? eq(cardFeeTerms.status, request.status) : undefined,
        request.card_id ? eq(cardFeeTerms.card_id, request.card_id) : undefined,
        after
          ? or(
              lt(cardFeeTerms.due_on, after[1] ?? ''),
              and(eq(cardFeeTerms.due_on, after[1] ?? ''), lt(cardFeeTerms.id, after[2] ?? '')),
            )
          : undefined,
      ),
    )
    .orderBy(desc(cardFeeTerms.due_on), desc(cardFeeTerms.id))
    .limit(request.page_size + 1);
  const pageRows = rows.slice(0, request.page_size);
  const last = pageRows.at(-1);
  return {
    items: await feeTermViews(db, pageRows, actor, now),
    next_cursor: rows.length > request.page_size && last ? `${last.due_on}~${last.id}` : null,
  };
}

/** What a USD fee costs the company in each stable coin now, beside what it holds of each. */
export async function feeCosts(handle: DbHandle, companyId: string, usdAmount: string, now: Date): Promise<FeeCost[]> {
  const costs: FeeCost[] = [];
  for (const asset of cardFundingAssets) {
    const { amount } = await stablecoinCostOf(handle, asset, usdAmount, now);
    const balance = await accountBalance(
      handle,
      await accountIdOf(handle, { kind: 'customer', companyId, asset }, now),
    );
    costs.push({ asset, amount: amount.toString(), available: parseAmount(balance?.available ?? '0').toString() });
  }
  return costs;
}

/** `getAnnualConfig`: the card's fee, terms (oldest first) and auto renewal setting. */
export async function annualConfig(
  handle: DbHandle,
  card: CardRow,
  actor: CardActor,
  now: Date,
): Promise<AnnualConfig> {
  await bringTermsUpToDate(handle, dayOf(now), card.company_id);
  const fee = await feeOf(handle, card.level, 'annual');
  const terms = await handle
    .select()
    .from(cardFeeTerms)
    .where(eq(cardFeeTerms.card_id, card.id))
    .orderBy(asc(cardFeeTerms.sequence));
  const activationFee = card.status === 'approved' ? await activationFeeOf(handle, card) : null;
  return {
    card_id: card.id,
    level: card.level,
    annual_fee: fee.amount,
    fee_rule: card.fee_rule,
    activation_fee: activationFee,
    activation_costs: activationFee === null ? [] : await feeCosts(handle, card.company_id, activationFee, now),
    term_months: annualTermMonths,
    renewal_opens_days_before: renewalOpensDaysBefore,
    expires_on: card.expires_on,
    auto_renewal: card.auto_renewal,
    auto_renewal_asset: card.auto_renewal_asset as CardFundingAsset,
    terms: await feeTermViews(handle, terms, actor, now),
    costs: await feeCosts(handle, card.company_id, fee.amount, now),
  };
}

/** `annualSetting`: auto renewal on or off, and its stable coin. */
export async function setAutoRenewal(
  handle: DbHandle,
  caller: CardCaller & { companyId: string },
  request: { card_id: string; auto_renewal: boolean; asset: CardFundingAsset },
): Promise<AnnualConfig> {
  await lockCompany(handle, caller.companyId);
  const card = await companyCard(handle, caller.companyId, request.card_id, { forUpdate: true });
  assertCardAction(card, 'renew', caller.actor);
  const changed = await applyCardChange(
    handle,
    card,
    { auto_renewal: request.auto_renewal, auto_renewal_asset: request.asset },
    {
      kind: 'auto_renewal_changed',
      detail: { auto_renewal: String(request.auto_renewal), asset: request.asset },
      actorUserId: caller.userId,
    },
    caller.now,
  );
  await writeAudit(handle, {
    action: 'card.auto_renewal_changed',
    at: caller.now,
    actorUserId: caller.userId,
    companyId: caller.companyId,
    ip: caller.ip,
    detail: { card_id: card.id, auto_renewal: request.auto_renewal, asset: request.asset },
  });
  return annualConfig(handle, changed, caller.actor, caller.now);
}

// ---------------------------------------------------------------------------------------------
// The daily schedule

const batchSize = 500;

/**
 * One term's automatic renewal, in its own transaction: the company and the term locked, the term
 * checked still due and its card still renewing, then the fee charged, or the failure told.
 */
async function renewTermAutomatically(
  tx: DbHandle,
  processor: CardProcessor,
  candidate: FeeTermRow,
  today: string,
  now: Date,
): Promise<'renewed' | 'failed' | 'skipped'> {
  await lockCompany(tx, candidate.company_id);
  const [term] = await tx.select().from(cardFeeTerms).where(eq(cardFeeTerms.id, candidate.id)).for('update');
  const [card] = await tx.select().from(cards).where(eq(cards.id, candidate.card_id)).for('update');
  if (!term || !card?.auto_renewal || settledStatuses.includes(term.status)) return 'skipped';
  if (term.auto_attempted_on !== null && term.auto_attempted_on >= today) return 'skipped';
  if (cardActionRefusal(ruleFactsOf(card), 'renew', 'system') !== null) return 'skipped';
  const termsOfCard = await tx.select().from(cardFeeTerms).where(eq(cardFeeTerms.card_id, card.id));
  if (!isPreviousSettled(term, termsOfCard)) return 'skipped';
  await tx.update(cardFeeTerms).set({ auto_attempted_on: today }).where(eq(cardFeeTerms.id, term.id));
  const asset = card.auto_renewal_asset as CardFundingAsset;
  const settled = await trySettle(tx, processor, card, term, { asset, mode: 'auto', actorUserId: null }, now);
  if (typeof settled !== 'string') {
    await writeAudit(tx, {
      action: 'card.renewed',
      at: now,
      companyId: card.company_id,
      detail: {
        card_id: card.id,
        term_id: term.id,
        sequence: term.sequence,
        asset,
        amount: term.amount,
        mode: 'auto',
      },
    });
    return 'renewed';
  }
  await tx
    .update(cardFeeTerms)
    .set({ remarks: 'auto_renewal_failed', updated_at: now })
    .where(eq(cardFeeTerms.id, term.id));
  await recordEvent(
    tx,
    'card.auto_renewal_failed',
    {
      company_id: card.company_id,
      card_id: card.id,
      last4: card.last4,
      term_id: term.id,
      amount: parseAmount(term.amount).toFixed(2),
      asset,
      due_on: term.due_on,
      at: now.toISOString(),
    },
    { companyId: card.company_id },
  );
  return 'failed';
}

/**
 * `cards__renewals`: brings every term's state up to date, charges the auto renewals that are due
 * (a week before the due date; one try a day, and one notice to the company when it cannot be
 * charged), and expires the cards whose end date passed without a renewal. Each card in its own
 * transaction; safe to run twice.
 */
export async function runRenewals(
  db: AppDatabase,
  processor: CardProcessor,
  now: Date,
): Promise<{ renewed: number; failed: number; expired: number }> {
  const today = dayOf(now);
  await bringTermsUpToDate(db, today, null);
  let renewed = 0;
  let failed = 0;
  const due = await db
    .select({ term: cardFeeTerms })
    .from(cardFeeTerms)
    .innerJoin(cards, eq(cards.id, cardFeeTerms.card_id))
    .where(
      and(
        eq(cards.auto_renewal, true),
        inArray(cardFeeTerms.status, ['upcoming', 'pending', 'overdue']),
        lte(cardFeeTerms.due_on, addDays(today, cardLimits.autoRenewalDaysBefore)),
        or(sql`${cardFeeTerms.auto_attempted_on} is null`, lt(cardFeeTerms.auto_attempted_on, today)),
      ),
    )
    .orderBy(asc(cardFeeTerms.due_on))
    .limit(batchSize);
  for (const { term: candidate } of due) {
    const outcome = await db.transaction((tx) => renewTermAutomatically(tx, processor, candidate, today, now));
    if (outcome === 'renewed') renewed += 1;
    if (outcome === 'failed') failed += 1;
  }
  const expired = await expireCards(db, processor, now);
  return { renewed, failed, expired };
}

const liveStatuses = ['approved', 'active', 'blocked'] as const;

/** Cards whose end date passed without a renewal end: the table's `expire` by the system, the processor closes them. */
async function expireCards(db: AppDatabase, processor: CardProcessor, now: Date): Promise<number> {
  const today = dayOf(now);
  const ended = await db
    .select({ id: cards.id, company_id: cards.company_id })
    .from(cards)
    .where(and(isNotNull(cards.expires_on), lt(cards.expires_on, today), inArray(cards.status, [...liveStatuses])))
    .orderBy(asc(cards.expires_on))
    .limit(batchSize);
  let count = 0;
  for (const candidate of ended) {
    const isExpired = await db.transaction(async (tx) => {
      await lockCompany(tx, candidate.company_id);
      const [card] = await tx.select().from(cards).where(eq(cards.id, candidate.id)).for('update');
      if (!card?.expires_on || card.expires_on >= today) return false;
      if (cardActionRefusal(ruleFactsOf(card), 'expire', 'system') !== null) return false;
      await processor.cancel(tx, card.processor_reference, now);
      const expired = await applyCardChange(
        tx,
        card,
        { status: 'expired', operation_stage: 'cancelled', anomaly_cause: null },
        { kind: 'expired', detail: { expires_on: card.expires_on }, actorUserId: null },
        now,
      );
      // What is left on it goes back to the company now (or with the sweep, without a fresh rate).
      await tryReturnCardBalance(tx, expired, 'expired', now);
      await tx
        .update(cardFeeTerms)
        .set({ status: 'discontinued', remarks: 'card_expired', updated_at: now })
        .where(and(eq(cardFeeTerms.card_id, card.id), inArray(cardFeeTerms.status, ['upcoming', 'pending'])));
      await tx
        .update(cardFeeTerms)
        .set({ remarks: 'card_expired', updated_at: now })
        .where(and(eq(cardFeeTerms.card_id, card.id), inArray(cardFeeTerms.status, ['overdue', 'unpaid'])));
      await writeAudit(tx, {
        action: 'card.expired',
        at: now,
        companyId: card.company_id,
        detail: { card_id: card.id, expires_on: card.expires_on },
      });
      return true;
    });
    if (isExpired) count += 1;
  }
  return count;
}
