/**
 * Membership fees of programme cards (SPEC.md sections 3 and 4): one record per bound
 * card and term. The first term opens when the card is first bound (from the bank's calendar day of
 * binding, for the contract's membership term), falls due on its first day and is overdue
 * `membershipGraceDays` later; its payment status is derived (programme.ts, membershipStatusOn).
 * The company pays terms from USDC or USDT, one or many at once (all or nothing), or lets the
 * schedule take them on their due date (the contract's automatic deduction mode). The daily
 * schedule `programme__membership_fees` opens the next term of a live card when a term ends, ends
 * the terms of cards that ended, and charges terms due under automatic deduction and every overdue
 * term (from USDC, else USDT); a term neither covers stays overdue with a remark, and the company's
 * card users are told once.
 */
import { addDays, dayOf } from '@bank/contract/calendar';
import type { FeeCost } from '@bank/contract/card-management';
import { type CardFundingAsset, cardFundingAssets, type FeeQuote } from '@bank/contract/cards';
import type { FeeDeductionMode, MembershipFeeRecord } from '@bank/contract/programme';
import type { FeeContract, MembershipFeeQuote } from '@bank/contract/programme-cards';
import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit.ts';
import type { AppDatabase, DbHandle } from '../../platform/db.ts';
import { AppError, isAppError } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/events.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseAmount } from '../../platform/money.ts';
import { lockCompany } from '../../platform/tenant.ts';
import { assertFeeQuote, cardStock, cards, chargeCompanyFee, feeCosts, feeOf } from '../cards/index.ts';
import type { ProgrammeCaller } from './context.ts';
import { contractOfStockCard, feeContractColumns, feeRecords, insertTerm, last4Of } from './queries.ts';
import { programmeContracts, programmeMembershipFees } from './tables.ts';

export const membershipFeesSchedule = 'programme__membership_fees';

type FeeRow = typeof programmeMembershipFees.$inferSelect;

/** A card still in use: a term ending opens the next; otherwise its membership ends. */
const liveCardStatuses = ['approved', 'active', 'blocked'] as const;

// ---------------------------------------------------------------------------------------------
// Terms opened

/** The card's first membership term, from today, when it has none yet (a rebound card keeps its terms). */
export async function openFirstTerm(handle: DbHandle, stockCardId: string, now: Date): Promise<void> {
  const [existing] = await handle
    .select({ id: programmeMembershipFees.id })
    .from(programmeMembershipFees)
    .where(eq(programmeMembershipFees.stock_card_id, stockCardId))
    .limit(1);
  if (existing) return;
  const { stock, contract } = await contractOfStockCard(handle, stockCardId);
  const fee = await feeOf(handle, stock.level, 'membership');
  await insertTerm(
    handle,
    {
      companyId: stock.company_id,
      contractId: contract.id,
      stockCardId,
      startsOn: dayOf(now),
      months: contract.membership_term_months,
      fee: fee.amount,
    },
    now,
  );
}

// ---------------------------------------------------------------------------------------------
// Contracts' deduction mode

/** The company sets how a contract's membership terms are paid: by hand, or taken on their due date. */
export async function setFeeDeductionMode(
  handle: DbHandle,
  caller: ProgrammeCaller,
  request: { contract_id: string; mode: FeeDeductionMode },
): Promise<FeeContract> {
  if (!isUuid(request.contract_id)) throw new AppError('not_found', { detail: 'no such contract' });
  await lockCompany(handle, caller.companyId);
  const [contract] = await handle
    .update(programmeContracts)
    .set({ fee_deduction_mode: request.mode, updated_at: caller.now })
    .where(and(eq(programmeContracts.id, request.contract_id), eq(programmeContracts.company_id, caller.companyId)))
    .returning(feeContractColumns);
  if (!contract) throw new AppError('not_found', { detail: `no contract ${request.contract_id} in the company` });
  await writeAudit(handle, {
    action: 'programme.fee_deduction_mode_changed',
    at: caller.now,
    actorUserId: caller.userId,
    companyId: caller.companyId,
    ip: caller.ip,
    detail: { contract_id: contract.id, mode: request.mode },
  });
  return contract;
}

// ---------------------------------------------------------------------------------------------
// Paying terms

/** The company's terms, locked, each owed (not paid, waived or discontinued); `not_found` for any other's. */
async function owedTerms(handle: DbHandle, companyId: string, feeIds: readonly string[], forUpdate: boolean) {
  const ids = [...new Set(feeIds)];
  if (!ids.every(isUuid)) throw new AppError('not_found', { detail: 'no such membership term' });
  const query = handle
    .select()
    .from(programmeMembershipFees)
    .where(and(inArray(programmeMembershipFees.id, ids), eq(programmeMembershipFees.company_id, companyId)))
    .orderBy(asc(programmeMembershipFees.id));
  const rows = forUpdate ? await query.for('update') : await query;
  if (rows.length !== ids.length)
    throw new AppError('not_found', { detail: `membership terms of company ${companyId}: some not found` });
  const settled = rows.find((row) => row.settled !== null);
  if (settled) throw new AppError('status_error', { detail: `membership term ${settled.id} is ${settled.settled}` });
  return rows;
}

const totalUsdOf = (terms: readonly FeeRow[]) =>
  terms.reduce((sum, term) => sum.plus(parseAmount(term.fee_due)), parseAmount('0')).toFixed(2);

/** `programme/fees/quote`: what the terms cost now in each stable coin, and what the company holds. */
export async function quoteMembershipFees(
  handle: DbHandle,
  companyId: string,
  feeIds: readonly string[],
  now: Date,
): Promise<MembershipFeeQuote> {
  const terms = await owedTerms(handle, companyId, feeIds, false);
  const total = totalUsdOf(terms);
  const costs: FeeCost[] = await feeCosts(handle, companyId, total, now);
  return { total_usd: total, costs };
}

/** Charges one term from the stable coin and records it paid (free when the fee is nothing). */
async function chargeTerm(
  handle: DbHandle,
  term: FeeRow,
  payment: { asset: CardFundingAsset; paidBy: string | null; last4: string },
  now: Date,
) {
  const charged = await chargeCompanyFee(
    handle,
    {
      companyId: term.company_id,
      asset: payment.asset,
      usdAmount: parseAmount(term.fee_due).toFixed(2),
      kind: 'membership',
      idempotencyKey: `programme-membership-fee-${term.id}`,
      reference: { type: 'programme_membership_fee', id: term.id },
      counterparty: `•••• ${payment.last4}`,
    },
    now,
  );
  await handle
    .update(programmeMembershipFees)
    .set({
      settled: charged ? 'paid' : 'free',
      paid_at: now,
      paid_asset: charged ? payment.asset : null,
      paid_amount: charged?.debitAmount ?? null,
      transfer_id: charged?.transferId ?? null,
      paid_by: payment.paidBy,
      remarks: '',
      updated_at: now,
    })
    .where(eq(programmeMembershipFees.id, term.id));
  return charged;
}

/**
 * `programme/fees/pay`: the terms charged from one stable coin in the caller's transaction, all or
 * nothing: a term settled already, or a balance that does not cover them all, refuses every one.
 */
export async function payMembershipFees(
  handle: DbHandle,
  caller: ProgrammeCaller,
  request: { fee_ids: readonly string[]; asset: CardFundingAsset; fee_quote: FeeQuote },
): Promise<{ items: MembershipFeeRecord[]; total_usd: string; debit_amount: string }> {
  const { now } = caller;
  await lockCompany(handle, caller.companyId);
  const terms = await owedTerms(handle, caller.companyId, request.fee_ids, true);
  // The total the quote showed, or nothing is charged.
  assertFeeQuote(request.fee_quote, totalUsdOf(terms), `membership terms ${terms.map((term) => term.id).join(',')}`);
  const last4 = await last4Of(
    handle,
    terms.map((term) => term.stock_card_id),
  );
  let debit = parseAmount('0');
  for (const term of terms) {
    const charged = await chargeTerm(
      handle,
      term,
      { asset: request.asset, paidBy: caller.userId, last4: last4.get(term.stock_card_id) ?? '' },
      now,
    );
    if (charged) debit = debit.plus(parseAmount(charged.debitAmount));
  }
  const total = totalUsdOf(terms);
  await writeAudit(handle, {
    action: 'programme.membership_fees_paid',
    at: now,
    actorUserId: caller.userId,
    companyId: caller.companyId,
    ip: caller.ip,
    detail: { fee_ids: terms.map((term) => term.id), asset: request.asset, total_usd: total, debit: debit.toString() },
  });
  return {
    items: await feeRecords(
      handle,
      terms.map((term) => term.id),
      now,
    ),
    total_usd: total,
    debit_amount: debit.toString(),
  };
}

/** Staff waive a term still owed: free, the reason in its remarks. */
export async function waiveMembershipFee(
  handle: DbHandle,
  staff: { userId: string; ip: string | null; now: Date },
  request: { fee_id: string; reason: string },
): Promise<MembershipFeeRecord> {
  if (!isUuid(request.fee_id)) throw new AppError('not_found', { detail: 'no such membership term' });
  const [term] = await handle
    .select()
    .from(programmeMembershipFees)
    .where(eq(programmeMembershipFees.id, request.fee_id))
    .for('update');
  if (!term) throw new AppError('not_found', { detail: `no membership term ${request.fee_id}` });
  if (term.settled !== null)
    throw new AppError('status_error', { detail: `membership term ${term.id} is ${term.settled}` });
  await handle
    .update(programmeMembershipFees)
    .set({ settled: 'free', remarks: request.reason, updated_at: staff.now })
    .where(eq(programmeMembershipFees.id, term.id));
  await writeAudit(handle, {
    action: 'programme.membership_fee_waived',
    at: staff.now,
    actorUserId: staff.userId,
    companyId: term.company_id,
    ip: staff.ip,
    detail: { fee_id: term.id, reason: request.reason },
  });
  const [record] = await feeRecords(handle, [term.id], staff.now);
  if (!record) throw new Error(`membership term ${term.id} vanished`);
  return record;
}

// ---------------------------------------------------------------------------------------------
// The daily schedule

const batchSize = 500;

/** A term the schedule works on, locked after its company (the order every change takes). */
async function lockedTerm(tx: DbHandle, candidate: { id: string; company_id: string }): Promise<FeeRow | undefined> {
  await lockCompany(tx, candidate.company_id);
  const [term] = await tx
    .select()
    .from(programmeMembershipFees)
    .where(eq(programmeMembershipFees.id, candidate.id))
    .for('update');
  return term;
}

/** The card's live state (its `cards` row; a card never bound has none and is not live). */
async function isCardLive(handle: DbHandle, stockCardId: string): Promise<boolean> {
  const [card] = await handle.select({ status: cards.status }).from(cards).where(eq(cards.id, stockCardId));
  return card !== undefined && (liveCardStatuses as readonly string[]).includes(card.status);
}

/** Terms ended: the next term of a live card opens (renewed); a card that ended has its membership end. */
async function renewEndedTerms(db: AppDatabase, today: string, now: Date): Promise<number> {
  const ended = await db
    .select({ id: programmeMembershipFees.id, company_id: programmeMembershipFees.company_id })
    .from(programmeMembershipFees)
    .where(and(lt(programmeMembershipFees.term_ends_on, today), eq(programmeMembershipFees.renewal_status, 'pending')))
    .orderBy(asc(programmeMembershipFees.term_ends_on))
    .limit(batchSize);
  let opened = 0;
  for (const candidate of ended) {
    const isOpened = await db.transaction(async (tx) => {
      const term = await lockedTerm(tx, candidate);
      if (term?.renewal_status !== 'pending') return false;
      if (!(await isCardLive(tx, term.stock_card_id))) {
        await endMembership(tx, term, now);
        return false;
      }
      const { stock, contract } = await contractOfStockCard(tx, term.stock_card_id);
      const fee = await feeOf(tx, stock.level, 'membership');
      await insertTerm(
        tx,
        {
          companyId: term.company_id,
          contractId: contract.id,
          stockCardId: term.stock_card_id,
          startsOn: addDays(term.term_ends_on, 1),
          months: contract.membership_term_months,
          fee: fee.amount,
        },
        now,
      );
      await tx
        .update(programmeMembershipFees)
        .set({ renewal_status: 'renewed', updated_at: now })
        .where(eq(programmeMembershipFees.id, term.id));
      return true;
    });
    if (isOpened) opened += 1;
  }
  return opened;
}

/** A card that ended: its term is not renewed, and discontinued when still owed. */
async function endMembership(handle: DbHandle, term: FeeRow, now: Date) {
  await handle
    .update(programmeMembershipFees)
    .set({
      renewal_status: 'not_renewed',
      ...(term.settled === null ? { settled: 'discontinued' as const, remarks: 'card_ended' } : {}),
      updated_at: now,
    })
    .where(eq(programmeMembershipFees.id, term.id));
}

/** Charges a term from USDC, else USDT, each tried in a savepoint; null when neither covers it. */
async function chargeFromPreferredAsset(handle: DbHandle, term: FeeRow, last4: string, now: Date) {
  for (const asset of cardFundingAssets) {
    try {
      return await handle.transaction(async (savepoint) => {
        await chargeTerm(savepoint, term, { asset, paidBy: null, last4 }, now);
        return asset;
      });
    } catch (error) {
      if (!(isAppError(error) && (error.key === 'insufficient_balance' || error.key === 'rates_stale'))) throw error;
    }
  }
  return null;
}

/** Terms owed the schedule takes: due ones under automatic deduction, overdue ones under any mode. */
async function chargeOwedTerms(db: AppDatabase, today: string, now: Date) {
  const owed = await db
    .select({ id: programmeMembershipFees.id, company_id: programmeMembershipFees.company_id })
    .from(programmeMembershipFees)
    .innerJoin(programmeContracts, eq(programmeContracts.id, programmeMembershipFees.contract_id))
    .where(
      and(
        isNull(programmeMembershipFees.settled),
        or(
          lte(programmeMembershipFees.overdue_from, today),
          and(lte(programmeMembershipFees.due_on, today), eq(programmeContracts.fee_deduction_mode, 'automatic')),
        ),
      ),
    )
    .orderBy(asc(programmeMembershipFees.due_on))
    .limit(batchSize);
  let charged = 0;
  let failed = 0;
  for (const candidate of owed) {
    const outcome = await db.transaction(async (tx) => {
      const term = await lockedTerm(tx, candidate);
      if (!term || term.settled !== null) return 'skipped';
      if (!(await isCardLive(tx, term.stock_card_id))) {
        await endMembership(tx, term, now);
        return 'skipped';
      }
      const [stock] = await tx.select().from(cardStock).where(eq(cardStock.id, term.stock_card_id));
      const last4 = stock?.last4 ?? '';
      const asset = await chargeFromPreferredAsset(tx, term, last4, now);
      if (asset) {
        await writeAudit(tx, {
          action: 'programme.membership_fees_paid',
          at: now,
          companyId: term.company_id,
          detail: { fee_ids: [term.id], asset, total_usd: parseAmount(term.fee_due).toFixed(2), mode: 'automatic' },
        });
        return 'charged';
      }
      if (term.remarks === 'charge_failed') return 'failed';
      await tx
        .update(programmeMembershipFees)
        .set({ remarks: 'charge_failed', updated_at: now })
        .where(eq(programmeMembershipFees.id, term.id));
      // Told once: the schedule tries again each day without telling again.
      await recordEvent(
        tx,
        'programme.membership_fee_failed',
        {
          company_id: term.company_id,
          card_id: term.stock_card_id,
          last4,
          term_id: term.id,
          amount: parseAmount(term.fee_due).toFixed(2),
          due_on: term.due_on,
          at: now.toISOString(),
        },
        { companyId: term.company_id },
      );
      return 'failed';
    });
    if (outcome === 'charged') charged += 1;
    if (outcome === 'failed') failed += 1;
  }
  return { charged, failed };
}

/** `programme__membership_fees`: next terms opened, ended memberships closed, owed terms charged. Safe to run twice. */
export async function runMembershipFees(
  db: AppDatabase,
  now: Date,
): Promise<{ opened: number; charged: number; failed: number }> {
  const today = dayOf(now);
  const opened = await renewEndedTerms(db, today, now);
  const { charged, failed } = await chargeOwedTerms(db, today, now);
  return { opened, charged, failed };
}
