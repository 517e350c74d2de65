/**
 * Card transactions: what the processor's `card_transaction` notifications do
 * to the card's USD ledger account, and the card's transactions as the cardholder reads them.
 *
 * Ledger (DECISIONS.md "Cards"): an authorisation holds the amount (card → the USD clearing account
 * of the card network, pending); a settlement posts it; a reversal voids it; a refund credits the
 * card from the clearing account; a fee moves card → the USD fee account; a decline moves nothing
 * but is recorded. After every notification the card's available balance in the ledger equals what
 * the processor lets the card spend.
 */
import type { CardTransaction, CardTransactionFilter } from '@bank/contract/card-money';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type {
  ProcessorCardTransaction,
  ProcessorNotification,
} from '../../../adapters/card-processor/card-processor.ts';
import type { DbHandle, Transaction } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { isUuid, newId } from '../../../platform/ids.ts';
import { type MoneyValue, parseAmount } from '../../../platform/money.ts';
import { lockCompany } from '../../../platform/tenant.ts';
import { accountIdOf, ledger } from '../../ledger/index.ts';
import { type CardRow, cardAccountId } from '../card-view.ts';
import { cards } from '../tables.ts';
import { cardTransactions } from './tables.ts';

export type CardTransactionRow = typeof cardTransactions.$inferSelect;

/** The source the ledger transfers of a card transaction name. */
const cardTransactionReferenceType = 'card_transaction';
/** The rail of the clearing account card spending goes through. */
const cardNetworkRail = 'card_network';

const usd = (value: MoneyValue) => value.toFixed(2);
const dayMs = 86_400_000;

async function clearingAccount(tx: DbHandle, now: Date) {
  return accountIdOf(tx, { kind: 'clearing', asset: 'USD', rail: cardNetworkRail }, now);
}

/** A new row for a line that stands on its own; null when the line was applied already. */
async function insertLine(
  tx: Transaction,
  card: CardRow,
  line: ProcessorCardTransaction,
  values: Pick<CardTransactionRow, 'kind' | 'status'> & { refund_of?: string | null },
  at: Date,
  now: Date,
): Promise<CardTransactionRow | null> {
  const [row] = await tx
    .insert(cardTransactions)
    .values({
      id: newId(at.getTime()),
      company_id: card.company_id,
      card_id: card.id,
      kind: values.kind,
      status: values.status,
      amount: line.amount,
      processor_id: line.id,
      merchant_name: line.merchant_name,
      merchant_category: line.merchant_category,
      merchant_country: line.merchant_country,
      original_amount: line.original_amount,
      original_currency: line.original_currency,
      decline_reason: line.decline_reason,
      fee_kind: line.fee_kind,
      refund_of: values.refund_of ?? null,
      at,
      ...(values.status === 'settled' ? { settled_at: at } : {}),
      created_at: now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

async function moveMoney(
  tx: Transaction,
  row: CardTransactionRow,
  transfer: { kind: string; debitAccountId: string; creditAccountId: string; isPending?: boolean },
  now: Date,
): Promise<void> {
  const [outcome] = await ledger.transfer(
    tx,
    [
      {
        idempotencyKey: `card_transaction-${row.processor_id}`,
        asset: 'USD',
        amount: usd(parseAmount(row.amount)),
        reference: { type: cardTransactionReferenceType, id: row.id },
        ...transfer,
      },
    ],
    now,
  );
  if (!outcome) throw new Error(`ledger answered no transfer for card transaction ${row.processor_id}`);
  await tx.update(cardTransactions).set({ transfer_id: outcome.id }).where(eq(cardTransactions.id, row.id));
}

/** A purchase's row by its authorisation's processor id, locked. */
async function purchaseOf(tx: Transaction, authorisationId: string | null): Promise<CardTransactionRow | undefined> {
  if (!authorisationId) return undefined;
  const [row] = await tx
    .select()
    .from(cardTransactions)
    .where(and(eq(cardTransactions.processor_id, authorisationId), eq(cardTransactions.kind, 'purchase')))
    .for('update');
  return row;
}

/** A purchase's settlement (its hold posted) or reversal (voided); one already closed is left as it is. */
async function closePurchase(tx: Transaction, line: ProcessorCardTransaction, at: Date, now: Date): Promise<void> {
  const purchase = await purchaseOf(tx, line.authorisation_id);
  if (purchase?.status !== 'unsettled' || !purchase.transfer_id) return;
  const isSettled = line.kind === 'settlement';
  if (isSettled) await ledger.post(tx, purchase.transfer_id, now);
  else await ledger.void(tx, purchase.transfer_id, now);
  await tx
    .update(cardTransactions)
    .set(isSettled ? { status: 'settled', settled_at: at } : { status: 'reversed', reversed_at: at })
    .where(eq(cardTransactions.id, purchase.id));
}

/** A refund: its line, naming the purchase it refunds, and the money back onto the card. */
async function applyRefund(
  tx: Transaction,
  card: CardRow,
  line: ProcessorCardTransaction,
  at: Date,
  now: Date,
): Promise<void> {
  const purchase = await purchaseOf(tx, line.authorisation_id);
  const row = await insertLine(
    tx,
    card,
    line,
    { kind: 'refund', status: 'settled', refund_of: purchase?.id ?? null },
    at,
    now,
  );
  if (row)
    await moveMoney(
      tx,
      row,
      {
        kind: 'card_refund',
        debitAccountId: await clearingAccount(tx, now),
        creditAccountId: await cardAccountId(tx, card, now),
      },
      now,
    );
}

/** Applies one `card_transaction` notification (the sync, in its transaction, once per notification). */
export async function applyCardTransaction(
  tx: Transaction,
  notification: Extract<ProcessorNotification, { type: 'card_transaction' }>,
  now: Date,
): Promise<void> {
  const [card] = await tx.select().from(cards).where(eq(cards.processor_reference, notification.reference));
  // A card the product never recorded is not the product's to follow.
  if (!card) return;
  // The company's lock first (platform/tenant.ts): the card's money and rows after it.
  await lockCompany(tx, card.company_id);
  const line = notification.transaction;
  const at = new Date(notification.at);
  switch (line.kind) {
    case 'authorisation': {
      const row = await insertLine(tx, card, line, { kind: 'purchase', status: 'unsettled' }, at, now);
      if (row)
        await moveMoney(
          tx,
          row,
          {
            kind: 'card_purchase',
            debitAccountId: await cardAccountId(tx, card, now),
            creditAccountId: await clearingAccount(tx, now),
            isPending: true,
          },
          now,
        );
      return;
    }
    case 'decline':
      await insertLine(tx, card, line, { kind: 'purchase', status: 'declined' }, at, now);
      return;
    case 'settlement':
    case 'reversal':
      await closePurchase(tx, line, at, now);
      return;
    case 'refund':
      await applyRefund(tx, card, line, at, now);
      return;
    case 'fee': {
      const row = await insertLine(tx, card, line, { kind: 'fee', status: 'settled' }, at, now);
      // A processor takes a fee only up to what the card holds: a fee of nothing moves nothing.
      if (row && !parseAmount(row.amount).isZero())
        await moveMoney(
          tx,
          row,
          {
            kind: 'fee',
            debitAccountId: await cardAccountId(tx, card, now),
            creditAccountId: await accountIdOf(tx, { kind: 'fee', asset: 'USD' }, now),
          },
          now,
        );
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

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
