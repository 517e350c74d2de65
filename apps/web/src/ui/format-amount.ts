/**
 * Amounts and rates on screen: the contract's one money formatter (money-text.ts), which the server's
 * messages and documents use too, so that a page and a file never write the same amount two ways.
 */
import { displayDecimals } from '@bank/contract/money';
import { numberFormatOf } from '@bank/contract/money-text';

export {
  formatAmount,
  formatDecimal,
  formatMoney,
  formatRate,
  isDecimalString,
} from '@bank/contract/money-text';

/**
 * Makes the locale's amount format ahead of need. A browser's first number format loads its number
 * data (about 90 ms on a slow phone, measured at 4x slower CPU), and home's balances asked for it in
 * the same task that drew them; the signed-in shell asks for it in a task of its own once drawn.
 */
export function prepareAmountFormat(locale: string): void {
  numberFormatOf(locale, displayDecimals('USD'));
}
