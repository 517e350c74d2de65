/**
 * Annual fee terms: query functions taking the database or transaction handle first. The states the
 * calendar has brought written, the annual fee state each card shows, a term made once, and a term
 * of the company. The steps (charging, renewing, the schedule) and the terms' views are renewals.ts's.
 */
import { addDays, termEndOf } from '@bank/contract/calendar';
import { annualTermMonths, renewalOpensDaysBefore } from '@bank/contract/cards';
import type { FeePaymentStatus } from '@bank/contract/states';
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { isUuid, newId } from '../../../platform/ids.ts';
import type { CardRow } from '../queries.ts';
import { cardFeeTerms, type FeeTermRow } from './tables.ts';

/**
 * Writes the states the calendar has brought (upcoming to pending to overdue): the schedule does it
 * daily; reads of a company's terms do it for that company first, so that no screen shows yesterday's.
 */
export async function bringTermsUpToDate(handle: DbHandle, today: string, companyId: string | null): Promise<void> {
  const ofCompany = companyId ? eq(cardFeeTerms.company_id, companyId) : undefined;
  await handle
    .update(cardFeeTerms)
    .set({ status: 'overdue', updated_at: sql`now()` })
    .where(and(ofCompany, inArray(cardFeeTerms.status, ['upcoming', 'pending']), lt(cardFeeTerms.due_on, today)));
  await handle
    .update(cardFeeTerms)
    .set({ status: 'pending', updated_at: sql`now()` })
    .where(
      and(
        ofCompany,
        eq(cardFeeTerms.status, 'upcoming'),
        lte(cardFeeTerms.due_on, addDays(today, renewalOpensDaysBefore)),
      ),
    );
}

/** The annual fee state a card shows: an open term's (overdue first), else the settled term covering today. */
export async function annualFeeStatusOf(
  handle: DbHandle,
  cardIds: readonly string[],
): Promise<Map<string, FeePaymentStatus>> {
  if (cardIds.length === 0) return new Map();
  const terms = await handle
    .select({ card_id: cardFeeTerms.card_id, status: cardFeeTerms.status })
    .from(cardFeeTerms)
    .where(inArray(cardFeeTerms.card_id, [...cardIds]))
    .orderBy(asc(cardFeeTerms.sequence));
  const rank: FeePaymentStatus[] = ['overdue', 'unpaid', 'pending', 'paid', 'free', 'upcoming', 'discontinued'];
  const statusOf = new Map<string, FeePaymentStatus>();
  for (const term of terms) {
    const current = statusOf.get(term.card_id);
    if (!current || rank.indexOf(term.status) < rank.indexOf(current)) statusOf.set(term.card_id, term.status);
  }
  return statusOf;
}

// ---------------------------------------------------------------------------------------------
// Terms made and paid

export async function insertTerm(
  handle: DbHandle,
  card: CardRow,
  term: { sequence: number; startsOn: string; dueOn: string; amount: string; status: FeePaymentStatus },
  now: Date,
): Promise<FeeTermRow> {
  const [row] = await handle
    .insert(cardFeeTerms)
    .values({
      id: newId(now.getTime()),
      card_id: card.id,
      company_id: card.company_id,
      sequence: term.sequence,
      starts_on: term.startsOn,
      ends_on: termEndOf(term.startsOn, annualTermMonths),
      due_on: term.dueOn,
      months: annualTermMonths,
      amount: term.amount,
      status: term.status,
      created_at: now,
      updated_at: now,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  const [existing] = await handle
    .select()
    .from(cardFeeTerms)
    .where(and(eq(cardFeeTerms.card_id, card.id), eq(cardFeeTerms.sequence, term.sequence)));
  if (!existing) throw new Error(`card ${card.id}: term ${term.sequence} neither made nor found`);
  return existing;
}

// ---------------------------------------------------------------------------------------------
// The calls

export async function companyTerm(handle: DbHandle, companyId: string, termId: string, forUpdate: boolean) {
  if (!isUuid(termId)) throw new AppError('not_found', { detail: `no fee term ${termId}` });
  const query = handle
    .select()
    .from(cardFeeTerms)
    .where(and(eq(cardFeeTerms.id, termId), eq(cardFeeTerms.company_id, companyId)));
  const [term] = forUpdate ? await query.for('update') : await query;
  if (!term) throw new AppError('not_found', { detail: `no fee term ${termId} in company ${companyId}` });
  return term;
}
