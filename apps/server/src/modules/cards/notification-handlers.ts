/**
 * What the processor's money notifications do in the product: a load's outcome posts or voids the
 * top-up's holds (top-ups.ts), a card transaction moves the card's ledger account
 * (card-transactions.ts). Called by the sync, in its transaction, once per notification.
 */
import { applyCardTransaction } from './card-transactions.ts';
import type { CardsContext } from './context.ts';
import type { MoneyNotificationHandlers } from './sync.ts';
import { applyLoadStatus } from './top-ups.ts';

export function moneyNotificationHandlers(_cards: CardsContext): MoneyNotificationHandlers {
  return {
    load_status: (tx, notification, now) => applyLoadStatus(tx, notification, now),
    card_transaction: (tx, notification, now) => applyCardTransaction(tx, notification, now),
  };
}
