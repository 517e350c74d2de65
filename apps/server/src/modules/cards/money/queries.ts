/**
 * Card money's reads: query functions taking the database or transaction handle first. A card's
 * transactions (a page, every one for a download, a purchase locked for its settlement, the open
 * purchases the simulator's panel shows) and the company's top-ups with the views the calls answer,
 * and the sums the load limits count. The steps (top-ups, the processor's lines and load outcomes,
 * returned balances) are top-ups.ts's, card-transactions.ts's and balance-return.ts's.
 */
import {
  type CardTransaction,
  type CardTransactionFilter,
  type TopUp,
  type TopUpFilter,
  topUpStatusesCountingTowardsCap,
} from '@bank/contract/card-money';
import type { CardFundingAsset } from '@bank/contract/cards';
import type { TopUpStatus } from '@bank/contract/states';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbHandle, Transaction } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { isUuid } from '../../../platform/ids.ts';
import { formatAmountForWire, type MoneyValue, parseAmount } from '../../../platform/money.ts';
import { users } from '../../account/index.ts';
import { type CardAccess, reachableCards } from '../card-view.ts';
import type { CardRow } from '../queries.ts';
import { cardholders, cards } from '../tables.ts';
import { cardTransactions, topUps } from './tables.ts';

/** A card's money as its screens show it: US dollars with both cents (`10.00`). */
export const usd = (value: MoneyValue) => value.toFixed(2);
const coin = (value: MoneyValue, asset: CardFundingAsset) => formatAmountForWire(value, asset);
const dayMs = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Card transactions

export type CardTransactionRow = typeof cardTransactions.$inferSelect;

/** A purchase's row by its authorisation's processor id, locked. */
export async function purchaseOf(
  tx: Transaction,
  authorisationId: string | null,
): Promise<CardTransactionRow | undefined> {
  if (!authorisationId) return undefined;
  const [row] = await tx
    .select()
    .from(cardTransactions)
    .where(and(eq(cardTransactions.processor_id, authorisationId), eq(cardTransactions.kind, 'purchase')))
    .for('update');
  return row;
}

/** The refunds so far of each purchase among `rows`. */
async function refundsOf(handle: DbHandle, rows: readonly CardTransactionRow[]): Promise<Map<string, MoneyValue>> {
  const purchaseIds = rows.filter((row) => row.kind === 'purchase').map((row) => row.id);
  if (purchaseIds.length === 0) return new Map();
  const refunds = await handle
    .select({ purchase: cardTransactions.refund_of, total: sql<string>`sum(${cardTransactions.amount})::text` })
    .from(cardTransactions)
    .where(inArray(cardTransactions.refund_of, purchaseIds))
    .groupBy(cardTransactions.refund_of);
  return new Map(refunds.flatMap((refund) => (refund.purchase ? [[refund.purchase, parseAmount(refund.total)]] : [])));
}

function cardTransactionOf(row: CardTransactionRow, last4: string, refunded: MoneyValue | undefined): CardTransaction {
  return {
    transaction_id: row.id,
    card_id: row.card_id,
    last4,
    kind: row.kind,
    status: row.status,
    direction: row.kind === 'refund' ? 'credit' : 'debit',
    amount: usd(parseAmount(row.amount)),
    merchant_name: row.merchant_name,
    merchant_category: row.merchant_category,
    merchant_country: row.merchant_country,
    original_amount: row.original_amount === null ? null : usd(parseAmount(row.original_amount)),
    original_currency: row.original_currency,
    decline_reason: row.decline_reason,
    fee_kind: row.fee_kind,
    refunded_amount: usd(refunded ?? parseAmount('0')),
    refund_of: row.refund_of,
    processor_reference: row.processor_id,
    at: row.at.toISOString(),
    settled_at: row.settled_at?.toISOString() ?? null,
    reversed_at: row.reversed_at?.toISOString() ?? null,
  };
}

async function cardTransactionsOf(
  handle: DbHandle,
  card: Pick<CardRow, 'last4'>,
  rows: CardTransactionRow[],
): Promise<CardTransaction[]> {
  const refunds = await refundsOf(handle, rows);
  return rows.map((row) => cardTransactionOf(row, card.last4, refunds.get(row.id)));
}

export type CardTransactionQuery = CardTransactionFilter & {
  page_size: number;
  cursor?: string | undefined;
  transaction_id?: string | undefined;
};

function conditionsOf(card: Pick<CardRow, 'id'>, query: CardTransactionQuery): (SQL | undefined)[] {
  return [
    eq(cardTransactions.card_id, card.id),
    query.transaction_id ? eq(cardTransactions.id, query.transaction_id) : undefined,
    query.kind ? eq(cardTransactions.kind, query.kind) : undefined,
    query.status ? eq(cardTransactions.status, query.status) : undefined,
    query.from ? gte(cardTransactions.at, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(cardTransactions.at, new Date(Date.parse(`${query.to}T00:00:00Z`) + dayMs)) : undefined,
    query.cursor && isUuid(query.cursor) ? lt(cardTransactions.id, query.cursor) : undefined,
  ];
}

/** The card's transactions, newest first (keyset on the time-ordered id); one, when `transaction_id` names it. */
export async function cardTransactionPage(
  handle: DbHandle,
  card: CardRow,
  query: CardTransactionQuery,
): Promise<{ items: CardTransaction[]; next_cursor: string | null }> {
  if (query.transaction_id && !isUuid(query.transaction_id))
    throw new AppError('not_found', { detail: `no card transaction ${query.transaction_id}` });
  const rows = await handle
    .select()
    .from(cardTransactions)
    .where(and(...conditionsOf(card, query)))
    .orderBy(desc(cardTransactions.id))
    .limit(query.page_size + 1);
  if (query.transaction_id && rows.length === 0)
    throw new AppError('not_found', { detail: `no card transaction ${query.transaction_id} on card ${card.id}` });
  const items = await cardTransactionsOf(handle, card, rows.slice(0, query.page_size));
  return { items, next_cursor: rows.length > query.page_size ? (items.at(-1)?.transaction_id ?? null) : null };
}

/** Every transaction of the card a query selects, newest first, a page at a time (downloads). */
export async function* allCardTransactions(
  handle: DbHandle,
  card: CardRow,
  query: Omit<CardTransactionQuery, 'page_size' | 'cursor'>,
): AsyncGenerator<CardTransaction> {
  let cursor: string | undefined;
  do {
    const page = await cardTransactionPage(handle, card, { ...query, page_size: 100, ...(cursor ? { cursor } : {}) });
    yield* page.items;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}

/** A card's purchase (any company's: the back office's simulator), locked. */
export async function purchaseForSimulator(handle: DbHandle, transactionId: string): Promise<CardTransactionRow> {
  const [row] = isUuid(transactionId)
    ? await handle
        .select()
        .from(cardTransactions)
        .where(and(eq(cardTransactions.id, transactionId), eq(cardTransactions.kind, 'purchase')))
    : [];
  if (!row) throw new AppError('not_found', { detail: `no purchase ${transactionId}` });
  return row;
}

/** A card's latest purchases that can still be settled, reversed or refunded (the simulator's panel). */
export async function openPurchases(handle: DbHandle, card: CardRow): Promise<CardTransaction[]> {
  const rows = await handle
    .select()
    .from(cardTransactions)
    .where(
      and(
        eq(cardTransactions.card_id, card.id),
        eq(cardTransactions.kind, 'purchase'),
        inArray(cardTransactions.status, ['unsettled', 'settled']),
      ),
    )
    .orderBy(desc(cardTransactions.id))
    .limit(20);
  return cardTransactionsOf(handle, card, rows);
}

/** The row a simulator's line made, as the wire shows it. */
export async function lineOfProcessorId(
  handle: DbHandle,
  card: CardRow,
  processorId: string,
): Promise<CardTransaction> {
  const [row] = await handle.select().from(cardTransactions).where(eq(cardTransactions.processor_id, processorId));
  if (!row) throw new Error(`card transaction ${processorId} was not applied`);
  const [line] = await cardTransactionsOf(handle, card, [row]);
  if (!line) throw new Error(`card transaction ${processorId} not read`);
  return line;
}

// ---------------------------------------------------------------------------------------------
// Top-ups

export type TopUpRow = typeof topUps.$inferSelect;

/** USD loaded onto the card in `now`'s UTC day by top-ups not cancelled or returned. */
export async function loadedToday(handle: DbHandle, cardId: string, now: Date): Promise<MoneyValue> {
  const dayStart = new Date(Math.floor(now.getTime() / dayMs) * dayMs);
  const [row] = await handle
    .select({ total: sql<string | null>`sum(${topUps.amount})::text` })
    .from(topUps)
    .where(
      and(
        eq(topUps.card_id, cardId),
        gte(topUps.created_at, dayStart),
        lt(topUps.created_at, new Date(dayStart.getTime() + dayMs)),
        inArray(topUps.status, [...topUpStatusesCountingTowardsCap]),
      ),
    );
  return parseAmount(row?.total ?? '0');
}

const recordColumns = {
  row: topUps,
  last4: cards.last4,
  first_name: cardholders.first_name,
  last_name: cardholders.last_name,
  maker: users.full_name,
};

type RecordRow = { row: TopUpRow; last4: string; first_name: string; last_name: string; maker: string };

function topUpOf({ row, last4, first_name, last_name, maker }: RecordRow): TopUp {
  const debitAmount = parseAmount(row.debit_amount);
  const debitFee = parseAmount(row.debit_fee);
  return {
    top_up_id: row.id,
    card_id: row.card_id,
    last4,
    cardholder_name: `${first_name} ${last_name}`,
    status: row.status,
    amount: usd(parseAmount(row.amount)),
    fee: usd(parseAmount(row.fee)),
    asset: row.asset,
    rate: parseAmount(row.rate).toFixed(),
    rate_at: row.rate_at.toISOString(),
    debit_amount: coin(debitAmount, row.asset),
    debit_fee: coin(debitFee, row.asset),
    debit_total: coin(debitAmount.plus(debitFee), row.asset),
    source_of_funds: row.source_of_funds,
    created_by_name: maker,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
}

/** The company's top-ups, newest first (keyset on the time-ordered id), filtered. */
export async function topUpPage(
  handle: DbHandle,
  access: Pick<CardAccess, 'companyId' | 'holderUserId'>,
  request: TopUpFilter & { page_size: number; cursor?: string | undefined },
): Promise<{ items: TopUp[]; next_cursor: string | null }> {
  const conditions: (SQL | undefined)[] = [
    eq(topUps.company_id, access.companyId),
    reachableCards(access),
    request.card_id ? eq(topUps.card_id, request.card_id) : undefined,
    request.status ? eq(topUps.status, request.status) : undefined,
    request.from ? gte(topUps.created_at, new Date(`${request.from}T00:00:00Z`)) : undefined,
    request.to ? lt(topUps.created_at, new Date(Date.parse(`${request.to}T00:00:00Z`) + dayMs)) : undefined,
    request.cursor && isUuid(request.cursor) ? lt(topUps.id, request.cursor) : undefined,
  ];
  const rows = await handle
    .select(recordColumns)
    .from(topUps)
    .innerJoin(cards, eq(cards.id, topUps.card_id))
    .innerJoin(cardholders, eq(cardholders.id, cards.cardholder_id))
    .innerJoin(users, eq(users.id, topUps.created_by))
    .where(and(...conditions))
    .orderBy(desc(topUps.id))
    .limit(request.page_size + 1);
  const items = rows.slice(0, request.page_size).map(topUpOf);
  return { items, next_cursor: rows.length > request.page_size ? (items.at(-1)?.top_up_id ?? null) : null };
}

/** One top-up of the company as the wire shows it (the answer of topUp). */
export async function companyTopUp(handle: DbHandle, companyId: string, topUpId: string): Promise<TopUp> {
  const [row] = await handle
    .select(recordColumns)
    .from(topUps)
    .innerJoin(cards, eq(cards.id, topUps.card_id))
    .innerJoin(cardholders, eq(cardholders.id, cards.cardholder_id))
    .innerJoin(users, eq(users.id, topUps.created_by))
    .where(and(eq(topUps.id, topUpId), eq(topUps.company_id, companyId)));
  if (!row) throw new AppError('not_found', { detail: `no top-up ${topUpId} in company ${companyId}` });
  return topUpOf(row);
}

/** How many of the card's top-ups the processor is still loading. */
export async function loadsUnderWay(handle: DbHandle, cardId: string): Promise<number> {
  const [row] = await handle
    .select({ count: sql<number>`count(*)::int` })
    .from(topUps)
    .where(and(eq(topUps.card_id, cardId), inArray(topUps.status, ['processing', 'retry'])));
  return row?.count ?? 0;
}

// ---------------------------------------------------------------------------------------------
// What the load limits count

/** The start of `now`'s UTC calendar month, and of the next. */
function monthOf(now: Date): { from: Date; until: Date } {
  return {
    from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    until: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

export async function loadedBetween(
  handle: DbHandle,
  cardId: string,
  statuses: readonly TopUpStatus[],
  period?: { from: Date; until: Date },
): Promise<MoneyValue> {
  const [row] = await handle
    .select({ total: sql<string | null>`sum(${topUps.amount})::text` })
    .from(topUps)
    .where(
      and(
        eq(topUps.card_id, cardId),
        inArray(topUps.status, [...statuses]),
        period ? gte(topUps.created_at, period.from) : undefined,
        period ? lt(topUps.created_at, period.until) : undefined,
      ),
    );
  return parseAmount(row?.total ?? '0');
}

/** USD loaded onto the card in `now`'s UTC month by top-ups not cancelled or returned. */
export function loadedThisMonth(handle: DbHandle, cardId: string, now: Date): Promise<MoneyValue> {
  return loadedBetween(handle, cardId, topUpStatusesCountingTowardsCap, monthOf(now));
}
