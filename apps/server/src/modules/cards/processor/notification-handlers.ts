/**
 * What the processor's money notifications do in the product: a load's outcome posts or voids the
 * top-up's holds (top-ups.ts), a card transaction moves the card's ledger account
 * (card-transactions.ts). Called by the sync, in its transaction, once per notification.
 */
import type { CardProcessor } from '../../../adapters/card-processor/card-processor.ts';
import type { AppDatabase } from '../../../platform/db.ts';
import { applyCardTransaction } from '../money/card-transactions.ts';
import { applyLoadStatus } from '../money/top-ups.ts';
import { type MoneyNotificationHandlers, syncProcessor } from './sync.ts';

export function moneyNotificationHandlers(): MoneyNotificationHandlers {
  return {
    load_status: (tx, notification, now) => applyLoadStatus(tx, notification, now),
    card_transaction: (tx, notification, now) => applyCardTransaction(tx, notification, now),
  };
}

/** Applies the processor's notifications now (what the sync schedule does): for seeders and tests. */
export function applyProcessorNotifications(db: AppDatabase, processor: CardProcessor, now: Date): Promise<number> {
  return syncProcessor(db, processor, moneyNotificationHandlers(), now);
}
