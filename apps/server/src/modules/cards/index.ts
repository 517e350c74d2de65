/**
 * The cards module's public surface: what other modules (the card programme) may use. The card
 * processor is the cards module's; a module that prints or binds programme cards asks it through
 * these functions, with the processor the app chose (`cardProcessorOf`).
 */

export { cardProcessorOf } from './context.ts';
export {
  assertFeeQuote,
  chargeCompanyFee,
  feeOf,
  settleCompanyFee,
} from './fees.ts';
export { enrolCardholder } from './issuing.ts';
export { applyProcessorNotifications } from './processor/notification-handlers.ts';
export { syncProcessorSchedule } from './processor/sync.ts';
export { usersReachingCard } from './queries.ts';
export { feeCosts } from './renewals/renewals.ts';
export { bindStockCard, printStockCards, unbindStockCard } from './stock.ts';
export { cardholders, cardStock, cards } from './tables.ts';
