/**
 * The back office's card operations (permission card_operations): cards of every company found by
 * company name, last 4 digits and state; the bank's own block (an administrator's block, which only
 * staff lift) and unblock, each with a reason; the fee schedule per level (audited); and, outside
 * production, the processor simulator's controls: ship a card now, read its letter (the only place
 * the KIT and activation codes appear, never logged), raise an anomaly, refuse a cardholder's next
 * KYC review. Each control applies the processor's notifications at once, as the schedule would.
 */
import type { CardLetter, FeeSchedule, StaffCard, StaffCardDetails } from '@bank/contract/card-management';
import type { CardFeeKind, CardLevel } from '@bank/contract/cards';
import type { CardAnomalyCause, CardStatus } from '@bank/contract/states';
import { and, desc, eq, ilike, inArray, lt } from 'drizzle-orm';
import type { CardProcessorSimulator } from '../../../adapters/card-processor/simulator.ts';
import { writeAudit } from '../../../platform/audit.ts';
import type { AppDatabase, DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { isUuid } from '../../../platform/ids.ts';
import { containing } from '../../../platform/search.ts';
import { companies } from '../../account/index.ts';
import { anyCard } from '../card-view.ts';
import { feeScheduleOf } from '../fees.ts';
import type { CardRow } from '../queries.ts';
import { cardFeeSchedule, cardholders, cards } from '../tables.ts';
import { type CardCaller, cardTimeline } from './card-changes.ts';
import { cardViewsFor } from './management.ts';

/** Escapes LIKE's wildcards: a name typed by staff is a plain substring. */

async function staffCards(handle: DbHandle, rows: readonly CardRow[], now: Date): Promise<StaffCard[]> {
  if (rows.length === 0) return [];
  const names = await handle
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...new Set(rows.map((row) => row.company_id))]));
  const nameOf = new Map(names.map((company) => [company.id, company.name]));
  const views = await cardViewsFor(handle, rows, 'staff', now);
  return views.map((view, index) => {
    const companyId = rows[index]?.company_id ?? '';
    return { ...view, company_id: companyId, company_name: nameOf.get(companyId) ?? '' };
  });
}

export async function staffCardDetails(handle: DbHandle, cardId: string, now: Date): Promise<StaffCardDetails> {
  const card = await anyCard(handle, cardId);
  const [view] = await staffCards(handle, [card], now);
  if (!view) throw new Error(`card ${card.id} has no view`);
  return { ...view, timeline: await cardTimeline(handle, card.id, 'staff') };
}

/** Cards of every company, newest first, found by a part of the company's name, the last 4 digits and the state. */
export async function listStaffCards(
  db: AppDatabase,
  request: {
    page_size: number;
    cursor?: string | undefined;
    company_name?: string | undefined;
    last4?: string | undefined;
    status?: CardStatus | undefined;
  },
  now: Date,
): Promise<{ items: StaffCard[]; next_cursor: string | null }> {
  if (request.cursor !== undefined && !isUuid(request.cursor))
    throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } } });
  const rows = await db
    .select({ card: cards })
    .from(cards)
    .innerJoin(companies, eq(companies.id, cards.company_id))
    .where(
      and(
        request.company_name ? ilike(companies.name, containing(request.company_name)) : undefined,
        request.last4 ? eq(cards.last4, request.last4) : undefined,
        request.status ? eq(cards.status, request.status) : undefined,
        request.cursor ? lt(cards.id, request.cursor) : undefined,
      ),
    )
    .orderBy(desc(cards.id))
    .limit(request.page_size + 1);
  const pageRows = rows.slice(0, request.page_size).map((row) => row.card);
  return {
    items: await staffCards(db, pageRows, now),
    next_cursor: rows.length > request.page_size ? (pageRows.at(-1)?.id ?? null) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The fee schedule

export async function setFeeSchedule(
  handle: DbHandle,
  caller: CardCaller,
  request: { level: CardLevel; fees: { kind: CardFeeKind; amount: string; rate: string | null }[] },
): Promise<FeeSchedule> {
  const before = await feeScheduleOf(handle, request.level);
  for (const fee of request.fees) {
    const values = { amount: fee.amount, rate: fee.rate, updated_by: caller.userId, updated_at: caller.now };
    await handle
      .insert(cardFeeSchedule)
      .values({ level: request.level, kind: fee.kind, ...values })
      .onConflictDoUpdate({ target: [cardFeeSchedule.level, cardFeeSchedule.kind], set: values });
  }
  const after = await feeScheduleOf(handle, request.level);
  const changes = after.filter((fee) => {
    const old = before.find((item) => item.kind === fee.kind);
    return old?.amount !== fee.amount || old?.rate !== fee.rate;
  });
  await writeAudit(handle, {
    action: 'card.fee_schedule_changed',
    at: caller.now,
    actorUserId: caller.userId,
    ip: caller.ip,
    detail: {
      level: request.level,
      changes: changes.map((fee) => ({
        kind: fee.kind,
        from: before.find((item) => item.kind === fee.kind) ?? null,
        to: { amount: fee.amount, rate: fee.rate },
      })),
    },
  });
  return { level: request.level, fees: after };
}

// ---------------------------------------------------------------------------------------------
// The simulator's controls

async function auditSimulator(handle: DbHandle, caller: CardCaller, card: CardRow, control: string, detail = {}) {
  await writeAudit(handle, {
    action: `simulator.card_${control}`,
    at: caller.now,
    actorUserId: caller.userId,
    companyId: card.company_id,
    ip: caller.ip,
    detail: { card_id: card.id, ...detail },
  });
}

/** Prints and mails the card now: it is awaiting activation once the notifications are applied. */
export async function shipNow(handle: DbHandle, simulator: CardProcessorSimulator, caller: CardCaller, cardId: string) {
  const card = await anyCard(handle, cardId, { forUpdate: true });
  if (card.status !== 'approved' || card.operation_stage === 'awaiting_activation')
    throw new AppError('status_error', { detail: `card ${card.id} is ${card.status} at ${card.operation_stage}` });
  await simulator.shipNow(handle, card.processor_reference, caller.now);
  await auditSimulator(handle, caller, card, 'shipped');
}

/** The letter as the post would bring it. Audited without the codes. */
export async function readLetter(
  handle: DbHandle,
  simulator: CardProcessorSimulator,
  caller: CardCaller,
  cardId: string,
): Promise<CardLetter> {
  const card = await anyCard(handle, cardId);
  const letter = await simulator.letterOf(handle, card.processor_reference);
  await auditSimulator(handle, caller, card, 'letter_read');
  return letter;
}

export async function raiseAnomaly(
  handle: DbHandle,
  simulator: CardProcessorSimulator,
  caller: CardCaller,
  request: { card_id: string; cause: CardAnomalyCause },
) {
  const card = await anyCard(handle, request.card_id, { forUpdate: true });
  if (card.status === 'expired' || card.status === 'rejected' || card.status === 'cancelled')
    throw new AppError('status_error', { detail: `card ${card.id} is ${card.status}` });
  await simulator.raiseAnomaly(handle, card.processor_reference, request.cause, caller.now);
  await auditSimulator(handle, caller, card, 'anomaly', { cause: request.cause });
}

export async function refuseNextKyc(
  handle: DbHandle,
  simulator: CardProcessorSimulator,
  caller: CardCaller,
  request: { card_id: string; part: 'id' | 'address' | 'replacement' },
) {
  const card = await anyCard(handle, request.card_id);
  const [holder] = await handle.select().from(cardholders).where(eq(cardholders.id, card.cardholder_id));
  if (!holder) throw new AppError('not_found', { detail: `card ${card.id} has no cardholder` });
  if (request.part === 'replacement') await simulator.refuseNextReplacement(handle, holder.member_id);
  else await simulator.refuseNextKyc(handle, holder.member_id, request.part);
  await auditSimulator(handle, caller, card, 'kyc_refusal', { part: request.part });
}
