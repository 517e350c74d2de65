/**
 * Card transactions: what the processor's `card_transaction` notifications do to the card's USD
 * ledger account (the card's transactions as the cardholder reads them are queries.ts's).
 *
 * Ledger (DECISIONS.md "Cards"): an authorisation holds the amount (card → the USD clearing account
 * of the card network, pending); a settlement posts it; a reversal voids it; a refund credits the
 * card from the clearing account; a fee moves card → the USD fee account; a decline moves nothing
 * but is recorded. An authorised purchase is also an event (`card.purchase_authorised`: purchase alerts). After every notification the card's available balance in the ledger equals what
 * the processor lets the card spend.
 */
import { eq } from 'drizzle-orm';
import type {
  ProcessorCardTransaction,
  ProcessorNotification,
} from '../../../adapters/card-processor/card-processor.ts';
import type { DbHandle, Transaction } from '../../../platform/db.ts';
import { recordEvent } from '../../../platform/events.ts';
import { newId } from '../../../platform/ids.ts';
import { parseAmount } from '../../../platform/money.ts';
import { lockCompany } from '../../../platform/tenant.ts';
import { accountIdOf, ledger } from '../../ledger/index.ts';
import { cardAccountId } from '../card-view.ts';
import type { CardRow } from '../queries.ts';
import { cards } from '../tables.ts';
import { type CardTransactionRow, purchaseOf, usd } from './queries.ts';
import { cardTransactions } from './tables.ts';

/** The source the ledger transfers of a card transaction name. */
const cardTransactionReferenceType = 'card_transaction';
/** The rail of the clearing account card spending goes through. */
const cardNetworkRail = 'card_network';

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

/** An authorisation: the purchase's line, its hold on the card, and its event (purchase alerts). */
async function authorise(tx: Transaction, card: CardRow, line: ProcessorCardTransaction, at: Date, now: Date) {
  const row = await insertLine(tx, card, line, { kind: 'purchase', status: 'unsettled' }, at, now);
  if (!row) return;
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
  await recordEvent(
    tx,
    'card.purchase_authorised',
    {
      company_id: card.company_id,
      card_id: card.id,
      last4: card.last4,
      amount: usd(parseAmount(row.amount)),
      merchant_name: row.merchant_name ?? '',
      card_transaction_id: row.id,
      at: at.toISOString(),
    },
    { companyId: card.company_id },
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
    case 'authorisation':
      await authorise(tx, card, line, at, now);
      return;
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
