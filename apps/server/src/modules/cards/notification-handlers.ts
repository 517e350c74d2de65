/**
 * What the processor's money notifications do in the product: a load's outcome posts or voids the
 * top-up's hold, a card transaction moves the card's ledger account. Filled in by the top-up and
 * card-transaction part of the module (issue 14, slice C).
 */
import type { CardsContext } from './context.ts';
import type { MoneyNotificationHandlers } from './sync.ts';

export function moneyNotificationHandlers(_cards: CardsContext): MoneyNotificationHandlers {
  return {
    load_status: async (_tx, notification) => {
      throw new Error(`load ${notification.load_reference}: top-up outcomes are not applied yet`);
    },
    card_transaction: async (_tx, notification) => {
      throw new Error(`card transaction ${notification.transaction.id}: not applied yet`);
    },
  };
}
