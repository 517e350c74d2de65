/**
 * An ended card's money back to its company (DECISIONS.md "Cards": a card is a USD ledger account of
 * the company, and a top-up debits its USDC or USDT at the coin's USD rate). When a card expires or
 * is cancelled, what it can still spend (its available USD: posted, less what open authorisations
 * hold) goes back the way a top-up came, reversed: the card's account to the USD conversion account,
 * then the coin's conversion account to the company's coin, at the coin's USD rate now (recorded,
 * with its time, on every line). The coin is the one the card was last topped up from (or the card
 * it replaced), else its renewal coin.
 *
 * Each return is one history line on both sides (the card's transactions and the company's
 * transaction history), a line on the card's timeline, and `card.balance_returned` (the inbox).
 * Money still held by an open authorisation stays until the merchant settles or it is reversed; the
 * sweep (`returnEndedCardBalances`) returns whatever reaches an ended card later.
 */
import { type CardFundingAsset, cardFundingAssets } from '@bank/contract/cards';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppDatabase, DbHandle } from '../../../platform/db.ts';
import { AppError, isAppError } from '../../../platform/errors.ts';
import { recordEvent } from '../../../platform/events.ts';
import { newId } from '../../../platform/ids.ts';
import { formatAmountForWire, parseAmount, roundToAsset } from '../../../platform/money.ts';
import { lockCompany } from '../../../platform/tenant.ts';
import {
  accountBalance,
  accountIdOf,
  cardsWithAvailableBalance,
  conversionRates,
  ledger,
  rateOf,
} from '../../ledger/index.ts';
import { openTransaction } from '../../transactions/index.ts';
import { cardAccountId } from '../card-view.ts';
import type { CardRow } from '../queries.ts';
import { cards } from '../tables.ts';
import { recordCardEvent } from '../timeline.ts';
import { cardTransactions, topUps } from './tables.ts';

/** The source the ledger transfers and the history line of a return name. */
const balanceReturnReferenceType = 'card_balance_return';

/** Why a card ended: what the return's lines and message say. */
export type CardEnding = 'expired' | 'cancelled';

export type BalanceReturned = {
  returnId: string;
  /** USD taken off the card, 2 decimals. */
  amount: string;
  asset: CardFundingAsset;
  /** What the company's coin received. */
  creditedAmount: string;
  rate: string;
  rateAt: Date;
  transactionId: string;
};

/** How far back through replaced cards the funding coin is looked for. */
const replacedCardsLookedAt = 10;

/** The coin the card's money came from: its latest loaded top-up's (or a card it replaced), else its renewal coin. */
async function fundingAssetOf(handle: DbHandle, card: CardRow): Promise<CardFundingAsset> {
  const chain = [card.id];
  let replaces = card.replaces_card_id;
  while (replaces && chain.length < replacedCardsLookedAt) {
    chain.push(replaces);
    const [previous] = await handle
      .select({ replaces: cards.replaces_card_id })
      .from(cards)
      .where(eq(cards.id, replaces));
    replaces = previous?.replaces ?? null;
  }
  const [latest] = await handle
    .select({ asset: topUps.asset })
    .from(topUps)
    .where(and(inArray(topUps.card_id, chain), eq(topUps.status, 'success')))
    .orderBy(desc(topUps.id))
    .limit(1);
  const asset = latest?.asset ?? card.auto_renewal_asset;
  return (cardFundingAssets as readonly string[]).includes(asset) ? (asset as CardFundingAsset) : 'USDC';
}

/**
 * Returns what the ended card can still spend to the company, in the caller's transaction (the
 * company and the card locked by the caller). Null when nothing is left. `rates_stale` refuses:
 * see `tryReturnCardBalance`.
 */
async function returnCardBalance(
  handle: DbHandle,
  card: CardRow,
  ending: CardEnding,
  now: Date,
): Promise<BalanceReturned | null> {
  const cardAccount = await cardAccountId(handle, card, now);
  const available = parseAmount((await accountBalance(handle, cardAccount))?.available ?? '0');
  if (!available.greaterThan(0)) return null;
  const amount = available.toFixed(2);
  const asset = await fundingAssetOf(handle, card);
  const rates = await conversionRates(handle, 'USD', asset, now);
  if (rates.isStale) throw new AppError('rates_stale', { detail: `the ${asset} rate is stale` });
  const rate = rateOf(rates);
  // Not a fee: the coin amount is rounded half up, as any conversion is.
  const credited = formatAmountForWire(roundToAsset(available.times(rate), asset), asset);
  const returnId = newId(now.getTime());
  const reference = { type: balanceReturnReferenceType, id: returnId };
  const [unload] = await ledger.transfer(
    handle,
    [
      {
        idempotencyKey: `${balanceReturnReferenceType}-${returnId}-usd`,
        kind: 'card_unload',
        asset: 'USD',
        debitAccountId: cardAccount,
        creditAccountId: await accountIdOf(handle, { kind: 'conversion', asset: 'USD' }, now),
        amount,
        reference,
      },
      {
        idempotencyKey: `${balanceReturnReferenceType}-${returnId}-coin`,
        kind: 'card_balance_return',
        asset,
        debitAccountId: await accountIdOf(handle, { kind: 'conversion', asset }, now),
        creditAccountId: await accountIdOf(handle, { kind: 'customer', companyId: card.company_id, asset }, now),
        amount: credited,
        reference,
      },
    ],
    now,
  );
  if (!unload) throw new Error(`ledger answered no transfer for the balance return of card ${card.id}`);
  const returned = { returnId, amount, asset, creditedAmount: credited, rate: rate.toFixed(), rateAt: rates.rateAt };
  const transactionId = await recordReturnLines(handle, card, ending, returned, unload.id, now);
  return { ...returned, transactionId };
}

/** A return on the card's timeline and as the company's event. */
async function recordReturnFacts(
  handle: DbHandle,
  card: CardRow,
  ending: CardEnding,
  returned: Omit<BalanceReturned, 'transactionId'>,
  transactionId: string,
  now: Date,
): Promise<void> {
  const facts = {
    amount: returned.amount,
    asset: returned.asset,
    credited_amount: returned.creditedAmount,
    rate: returned.rate,
    rate_at: returned.rateAt.toISOString(),
    ending,
  };
  await recordCardEvent(
    handle,
    {
      cardId: card.id,
      companyId: card.company_id,
      kind: 'balance_returned',
      operationStage: card.operation_stage,
      detail: facts,
    },
    now,
  );
  await recordEvent(
    handle,
    'card.balance_returned',
    {
      company_id: card.company_id,
      card_id: card.id,
      last4: card.last4,
      cause: ending,
      amount: returned.amount,
      asset: returned.asset,
      credited_amount: returned.creditedAmount,
      rate: returned.rate,
      transaction_id: transactionId,
      at: now.toISOString(),
    },
    { companyId: card.company_id },
  );
}

/** The lines of a return: the card's transaction, the company's history line, the timeline, the event. */
async function recordReturnLines(
  handle: DbHandle,
  card: CardRow,
  ending: CardEnding,
  returned: Omit<BalanceReturned, 'transactionId'>,
  unloadTransferId: string,
  now: Date,
): Promise<string> {
  await handle.insert(cardTransactions).values({
    id: returned.returnId,
    company_id: card.company_id,
    card_id: card.id,
    kind: 'balance_return',
    status: 'settled',
    amount: returned.amount,
    processor_id: `${balanceReturnReferenceType}:${returned.returnId}`,
    merchant_name: '',
    merchant_category: '',
    merchant_country: '',
    transfer_id: unloadTransferId,
    at: now,
    settled_at: now,
    created_at: now,
  });
  const transactionId = await openTransaction(
    handle,
    {
      companyId: card.company_id,
      type: 'card_balance_return',
      direction: 'credit',
      asset: returned.asset,
      amount: returned.creditedAmount,
      status: 'success',
      counterparty: `•••• ${card.last4}`,
      // The USD that left the card and the rate it became the coin at, as a fiat leg records a conversion.
      fiat: {
        currency: 'USD',
        amount: returned.amount,
        rate: returned.rate,
        rateAt: returned.rateAt,
        reference: `•••• ${card.last4}`,
      },
      source: { type: balanceReturnReferenceType, id: returned.returnId },
      step: 'card_balance_returned',
    },
    now,
  );
  await recordReturnFacts(handle, card, ending, returned, transactionId, now);
  return transactionId;
}

/**
 * returnCardBalance in a savepoint: without a fresh rate the card ends all the same and its money
 * waits for the sweep (the schedule `cards__return_balances`), instead of the ending failing.
 */
export async function tryReturnCardBalance(
  handle: DbHandle,
  card: CardRow,
  ending: CardEnding,
  now: Date,
): Promise<BalanceReturned | null | 'rates_stale'> {
  try {
    return await handle.transaction((savepoint) => returnCardBalance(savepoint, card, ending, now));
  } catch (error) {
    if (isAppError(error) && error.key === 'rates_stale') return 'rates_stale';
    throw error;
  }
}

export const returnBalancesSchedule = 'cards__return_balances';

const sweepPageSize = 500;

/**
 * `cards__return_balances`: every ended card that still has money it can spend (a return that
 * waited for a fresh rate, a refund or a reversal after the end, a load the processor confirmed
 * late) sends it back. Each card in its own transaction; safe to run twice.
 */
export async function returnEndedCardBalances(db: AppDatabase, now: Date): Promise<number> {
  let count = 0;
  for (let after: string | null = null; ; ) {
    const withMoney = await cardsWithAvailableBalance(db, { afterCardId: after, limit: sweepPageSize });
    if (withMoney.length === 0) return count;
    after = withMoney.at(-1) ?? null;
    const ended = await db
      .select({ id: cards.id, company_id: cards.company_id })
      .from(cards)
      .where(and(inArray(cards.id, withMoney), inArray(cards.status, ['expired', 'cancelled'])));
    for (const candidate of ended) if (await sweepCard(db, candidate, now)) count += 1;
    if (withMoney.length < sweepPageSize) return count;
  }
}

async function sweepCard(db: AppDatabase, candidate: { id: string; company_id: string }, now: Date) {
  return db.transaction(async (tx) => {
    await lockCompany(tx, candidate.company_id);
    const [card] = await tx.select().from(cards).where(eq(cards.id, candidate.id)).for('update');
    if (!card || (card.status !== 'expired' && card.status !== 'cancelled')) return false;
    const outcome = await tryReturnCardBalance(tx, card, card.status, now);
    return outcome !== null && outcome !== 'rates_stale';
  });
}
