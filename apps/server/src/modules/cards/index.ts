/**
 * The cards module's public surface: what other modules (the card programme, issue 15) may use.
 * The card processor is the cards module's; a module that prints or binds programme cards asks it
 * through these functions, with the processor the cards module made (`cardProcessorOf`).
 */
export { cardProcessorOf, simulatorKeyOf } from './context.ts';
export { chargeCompanyFee, feeOf, feeScheduleOf, settleCompanyFee, stablecoinCostOf } from './fees.ts';
export { enrolCardholder } from './issuing.ts';
export { applyProcessorNotifications } from './notification-handlers.ts';
export { feeCosts } from './renewals.ts';
export { bindStockCard, type PrintOrder, printStockCards, type StockRow, unbindStockCard } from './stock.ts';
export { syncProcessorSchedule } from './sync.ts';
export { cardholders, cardStock, cards } from './tables.ts';
