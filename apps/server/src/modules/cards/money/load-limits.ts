/**
 * A card's load limits (SPEC.md section 9: the statement's load capacity and per-transaction, daily
 * and monthly limits), read from the contract's one table per card level (`cardLoadLimitsUsd`), and
 * the month's loads and the load capacity they leave. The top-up rule, the top-up config, the card
 * and its statement all answer from here.
 */
import { type CardLoadLimits, cardLoadLimitsUsd, topUpStatusesCountingTowardsCap } from '@bank/contract/card-money';
import type { CardLevel } from '@bank/contract/cards';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { type MoneyValue, parseAmount } from '../../../platform/money.ts';
import { accountBalance } from '../../ledger/index.ts';
import { cardAccountId } from '../card-view.ts';
import type { CardRow } from '../queries.ts';
import { loadedBetween, loadedThisMonth, usd } from './queries.ts';

/** Never less than nothing: a limit already used up leaves 0. */
export function atLeastZero(value: MoneyValue): MoneyValue {
  return value.isNegative() ? parseAmount('0') : value;
}

export function loadLimitsOf(level: CardLevel) {
  return cardLoadLimitsUsd[level];
}

/**
 * The most the card can still be loaded with: its level's maximum balance less what it holds and
 * the loads on their way to it (processing or retrying: not yet on its balance, but they will be).
 */
export function loadCapacityOf(level: CardLevel, balance: MoneyValue, onTheirWay: MoneyValue): MoneyValue {
  return atLeastZero(parseAmount(loadLimitsOf(level).maximumBalance).minus(balance).minus(onTheirWay));
}

/** What the card's balance and its loads on their way leave of its maximum balance, now. */
async function currentLoadCapacity(handle: DbHandle, card: CardRow, now: Date): Promise<MoneyValue> {
  // One after another: the handle is often a transaction, one connection that runs one query at a time.
  const account = await accountBalance(handle, await cardAccountId(handle, card, now));
  const onTheirWay = await loadedBetween(handle, card.id, ['processing', 'retry']);
  return loadCapacityOf(card.level, parseAmount(account?.balance ?? '0'), onTheirWay);
}

/** The card's limits as the card and the top-up config show them, with its load capacity. */
function loadLimitsView(level: CardLevel, loadCapacity: MoneyValue): CardLoadLimits {
  const limits = loadLimitsOf(level);
  return {
    per_transaction: limits.perTransaction,
    daily: limits.daily,
    monthly: limits.monthly,
    maximum_balance: limits.maximumBalance,
    load_capacity: usd(loadCapacity),
  };
}

export async function cardLoadLimits(handle: DbHandle, card: CardRow, now: Date): Promise<CardLoadLimits> {
  return loadLimitsView(card.level, await currentLoadCapacity(handle, card, now));
}

const dayMs = 86_400_000;

type RefusalKey =
  | 'amount_below_minimum'
  | 'amount_above_maximum'
  | 'daily_top_up_limit'
  | 'monthly_top_up_limit'
  | 'load_capacity';

/**
 * A refusal of the amount, on its field and as the call's message, with the limit in it. The monthly
 * limit and the load capacity have no code of their own: they answer `amount_above_maximum` (the
 * amount is above what the card may take now), with their own message.
 */
function amountRefusal(key: RefusalKey, limit: string) {
  const messageKey = `cards.money.errors.${key}`;
  const params = { limit };
  const code = key === 'monthly_top_up_limit' || key === 'load_capacity' ? 'amount_above_maximum' : key;
  return new AppError(code, { messageKey, params, fields: { amount: { key: messageKey, params } } });
}

/**
 * The load limits of a top-up of `amount` USD onto the card: its level's minimum and per-top-up
 * maximum, what the day's and the month's loads leave, and its load capacity. Throws the first
 * refusal; answers what the day's cap leaves before this top-up.
 */
export async function checkLoadLimits(
  handle: DbHandle,
  card: CardRow,
  amount: MoneyValue,
  now: Date,
): Promise<MoneyValue> {
  const limits = loadLimitsOf(card.level);
  if (amount.lessThan(limits.minimum)) throw amountRefusal('amount_below_minimum', limits.minimum);
  if (amount.greaterThan(limits.perTransaction)) throw amountRefusal('amount_above_maximum', limits.perTransaction);
  const dayStart = new Date(Math.floor(now.getTime() / dayMs) * dayMs);
  // One after another: the top-up's transaction is one connection, which runs one query at a time.
  const today = await loadedBetween(handle, card.id, topUpStatusesCountingTowardsCap, {
    from: dayStart,
    until: new Date(dayStart.getTime() + dayMs),
  });
  const month = await loadedThisMonth(handle, card.id, now);
  const capacity = await currentLoadCapacity(handle, card, now);
  const remainingToday = parseAmount(limits.daily).minus(today);
  if (amount.greaterThan(remainingToday)) throw amountRefusal('daily_top_up_limit', usd(atLeastZero(remainingToday)));
  const remainingThisMonth = parseAmount(limits.monthly).minus(month);
  if (amount.greaterThan(remainingThisMonth))
    throw amountRefusal('monthly_top_up_limit', usd(atLeastZero(remainingThisMonth)));
  if (amount.greaterThan(capacity)) throw amountRefusal('load_capacity', usd(capacity));
  return remainingToday;
}
