/**
 * Card top-ups (DECISIONS.md "Cards"): the limits and the quote (one rule, used
 * by calc and topUp), the submission (two ledger holds and the processor's load) and the load's
 * outcome (posted or voided). The company's records are read in queries.ts.
 *
 * Money: the card receives `amount` USD; the level's load fee (a share with a minimum) comes on
 * top; the company pays both in USDC or USDT at the coin's USD rate, each rounded up to the coin's
 * scale (the bank's favour). At submission the coin is held: the amount towards the coin's
 * conversion account, the fee towards the fee account. On `success` both are posted and the card's
 * USD account is credited from the USD conversion account; `returned` and `cancelled` void both;
 * `retry` keeps them.
 */
import {
  type SourceOfFunds,
  sourcesOfFunds,
  type TopUpConfig,
  type TopUpQuote,
  topUpWorkingDays,
} from '@bank/contract/card-money';
import { type CardActor, type CardFundingAsset, cardFundingAssets, type FeeQuote } from '@bank/contract/cards';
import type { TopUpStatus } from '@bank/contract/states';
import { eq } from 'drizzle-orm';
import type { CardProcessor, ProcessorNotification } from '../../../adapters/card-processor/card-processor.ts';
import type { DbHandle, Transaction } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { recordEvent } from '../../../platform/events.ts';
import { newId } from '../../../platform/ids.ts';
import { formatAmountForWire, type MoneyValue, parseAmount } from '../../../platform/money.ts';
import { lockCompany } from '../../../platform/tenant.ts';
import { accountIdOf, companyBalances, conversionRates, ledger } from '../../ledger/index.ts';
import { advanceTransaction, openTransaction } from '../../transactions/index.ts';
import { assertCardAction, cardAccountId } from '../card-view.ts';
import { assertFeeQuote, feeOf, shareFee, stablecoinCostOf } from '../fees.ts';
import type { CardRow } from '../queries.ts';
import { cards } from '../tables.ts';
import { recordCardEvent } from '../timeline.ts';
import { atLeastZero, cardLoadLimits, checkLoadLimits, loadLimitsOf } from './load-limits.ts';
import { loadedThisMonth, loadedToday, type TopUpRow, usd } from './queries.ts';
import { topUps } from './tables.ts';

/** The source the ledger transfers of a top-up name. */
const topUpReferenceType = 'top_up';

const coin = (value: MoneyValue, asset: CardFundingAsset) => formatAmountForWire(value, asset);

/**
 * The one rule of a top-up, for calc and topUp alike: the card allows it (transition table), the
 * amount lies within the limits and the day's cap, the fee and the coin amounts at the current rate,
 * and the company's available coin pays for both. Throws the refusal; answers the quote.
 */
export async function checkTopUp(
  handle: DbHandle,
  card: CardRow,
  actor: CardActor,
  request: { amount: string; asset: CardFundingAsset },
  now: Date,
): Promise<TopUpQuote> {
  assertCardAction(card, 'top_up', actor);
  const amount = parseAmount(request.amount);
  const remaining = await checkLoadLimits(handle, card, amount, now);
  const fee = shareFee(await feeOf(handle, card.level, 'load'), usd(amount));
  const forAmount = await stablecoinCostOf(handle, request.asset, usd(amount), now);
  const forFee = await stablecoinCostOf(handle, request.asset, fee, now);
  const total = forAmount.amount.plus(forFee.amount);
  const balance = (await companyBalances(handle, card.company_id)).find((row) => row.asset === request.asset);
  if (total.greaterThan(balance?.available ?? '0'))
    throw new AppError('insufficient_balance', {
      fields: { asset: { key: 'errors.insufficient_balance' } },
      detail: `top-up of ${usd(amount)} USD needs ${total.toFixed()} ${request.asset}`,
    });
  const { rateAt } = await conversionRates(handle, 'USD', request.asset, now);
  return {
    card_id: card.id,
    amount: usd(amount),
    fee,
    asset: request.asset,
    rate: forAmount.rate.toFixed(),
    rate_at: rateAt.toISOString(),
    debit_amount: coin(forAmount.amount, request.asset),
    debit_fee: coin(forFee.amount, request.asset),
    debit_total: coin(total, request.asset),
    remaining_today: usd(remaining.minus(amount)),
  };
}

export async function topUpConfig(handle: DbHandle, card: CardRow, now: Date): Promise<TopUpConfig> {
  const loaded = await loadedToday(handle, card.id, now);
  const loadedMonth = await loadedThisMonth(handle, card.id, now);
  const balances = await companyBalances(handle, card.company_id);
  const limits = loadLimitsOf(card.level);
  return {
    card_id: card.id,
    last4: card.last4,
    currency: 'USD',
    minimum: limits.minimum,
    maximum: limits.perTransaction,
    daily_cap: limits.daily,
    loaded_today: usd(loaded),
    remaining_today: usd(atLeastZero(parseAmount(limits.daily).minus(loaded))),
    limits: await cardLoadLimits(handle, card, now),
    loaded_this_month: usd(loadedMonth),
    remaining_this_month: usd(atLeastZero(parseAmount(limits.monthly).minus(loadedMonth))),
    fee: await feeOf(handle, card.level, 'load'),
    funding: cardFundingAssets.map((asset) => ({
      asset,
      available: coin(parseAmount(balances.find((row) => row.asset === asset)?.available ?? '0'), asset),
    })),
    sources_of_funds: [...sourcesOfFunds],
    working_days: { ...topUpWorkingDays },
  };
}

/**
 * The coins a top-up needs, held from the company's account: its amount towards the coin's
 * conversion account and its fee (when there is one) towards the fee account.
 */
async function holdTopUp(
  tx: Transaction,
  card: CardRow,
  asset: CardFundingAsset,
  quote: TopUpQuote,
  id: string,
  now: Date,
) {
  const reference = { type: topUpReferenceType, id };
  const companyCoin = await accountIdOf(tx, { kind: 'customer', companyId: card.company_id, asset }, now);
  return ledger.transfer(
    tx,
    [
      {
        idempotencyKey: `top_up-${id}-amount`,
        kind: 'card_top_up',
        asset,
        debitAccountId: companyCoin,
        creditAccountId: await accountIdOf(tx, { kind: 'conversion', asset }, now),
        amount: quote.debit_amount,
        reference,
        isPending: true,
      },
      ...(parseAmount(quote.debit_fee).isZero()
        ? []
        : [
            {
              idempotencyKey: `top_up-${id}-fee`,
              kind: 'fee',
              asset,
              debitAccountId: companyCoin,
              creditAccountId: await accountIdOf(tx, { kind: 'fee', asset }, now),
              amount: quote.debit_fee,
              reference,
              isPending: true,
            },
          ]),
    ],
    now,
  );
}

export type TopUpCaller = { companyId: string; userId: string; actor: CardActor };

/**
 * Submits a top-up in the caller's transaction (the company is locked by the caller first): the
 * rule again, the two holds, the processor's load, the row, the card's timeline and the event.
 */
export async function submitTopUp(
  tx: Transaction,
  processor: CardProcessor,
  card: CardRow,
  caller: TopUpCaller,
  request: { amount: string; asset: CardFundingAsset; source_of_funds: SourceOfFunds; fee_quote: FeeQuote },
  now: Date,
): Promise<TopUpRow> {
  const quote = await checkTopUp(tx, card, caller.actor, request, now);
  // The load fee calc showed for this amount, or nothing is held.
  assertFeeQuote(request.fee_quote, quote.fee, `top-up of card ${card.id}`);
  const id = newId(now.getTime());
  const holds = await holdTopUp(tx, card, request.asset, quote, id, now);
  const [amountHold, feeHold] = holds;
  if (!amountHold) throw new Error('ledger answered no transfer for a top-up');
  const { loadReference } = await processor.load(
    tx,
    card.processor_reference,
    { idempotencyKey: `top_up-${id}`, amount: quote.amount },
    now,
  );
  const [row] = await tx
    .insert(topUps)
    .values({
      id,
      company_id: card.company_id,
      card_id: card.id,
      status: 'processing',
      amount: quote.amount,
      fee: quote.fee,
      asset: request.asset,
      rate: quote.rate,
      rate_at: new Date(quote.rate_at),
      debit_amount: quote.debit_amount,
      debit_fee: quote.debit_fee,
      source_of_funds: request.source_of_funds,
      amount_transfer_id: amountHold.id,
      fee_transfer_id: feeHold?.id ?? null,
      load_reference: loadReference,
      created_by: caller.userId,
      created_at: now,
      updated_at: now,
    })
    .returning();
  if (!row) throw new Error('top-up not inserted');
  const reference = { type: topUpReferenceType, id };
  await openTransaction(
    tx,
    {
      companyId: card.company_id,
      type: 'card_top_up',
      direction: 'debit',
      asset: request.asset,
      amount: quote.debit_amount,
      fee: quote.debit_fee,
      status: 'in_process',
      counterparty: `•••• ${card.last4}`,
      source: reference,
      step: 'top_up_submitted',
    },
    now,
  );
  await recordTopUpChange(tx, card, row, caller.userId, now);
  return row;
}

/** The card's timeline line and the `top_up.status_changed` event of the row's state now. */
async function recordTopUpChange(
  tx: DbHandle,
  card: Pick<CardRow, 'id' | 'company_id' | 'last4' | 'operation_stage'>,
  row: TopUpRow,
  actorUserId: string | null,
  now: Date,
): Promise<void> {
  await recordCardEvent(
    tx,
    {
      cardId: card.id,
      companyId: card.company_id,
      kind: 'top_up',
      operationStage: card.operation_stage,
      detail: { top_up_id: row.id, status: row.status, amount: usd(parseAmount(row.amount)), asset: row.asset },
      actorUserId,
    },
    now,
  );
  await recordEvent(
    tx,
    'top_up.status_changed',
    {
      company_id: card.company_id,
      card_id: card.id,
      last4: card.last4,
      top_up_id: row.id,
      status: row.status,
      amount: usd(parseAmount(row.amount)),
      debit_asset: row.asset,
      debit_amount: coin(parseAmount(row.debit_amount).plus(row.debit_fee), row.asset),
      maker_user_id: row.created_by,
      at: now.toISOString(),
    },
    { companyId: card.company_id },
  );
}

const finalStatuses: readonly TopUpStatus[] = ['success', 'returned', 'cancelled'];

/**
 * A load's outcome from the processor (the sync, in its transaction, once per notification):
 * success posts both holds and credits the card; returned and cancelled void them; retry keeps
 * them. A load the product does not know, or a top-up already ended, changes nothing.
 */
export async function applyLoadStatus(
  tx: Transaction,
  notification: Extract<ProcessorNotification, { type: 'load_status' }>,
  now: Date,
): Promise<void> {
  const [owner] = await tx
    .select({ companyId: topUps.company_id })
    .from(topUps)
    .where(eq(topUps.load_reference, notification.load_reference));
  // The company's lock first (platform/tenant.ts), then the top-up's row and the ledger.
  if (owner) await lockCompany(tx, owner.companyId);
  const [row] = await tx
    .select()
    .from(topUps)
    .where(eq(topUps.load_reference, notification.load_reference))
    .for('update');
  if (!row || finalStatuses.includes(row.status) || row.status === notification.status) return;
  const [card] = await tx.select().from(cards).where(eq(cards.id, row.card_id));
  if (!card) throw new Error(`top-up ${row.id} has no card`);
  const at = new Date(notification.at);
  const holds = [row.amount_transfer_id, ...(row.fee_transfer_id ? [row.fee_transfer_id] : [])];
  if (notification.status === 'success') {
    for (const hold of holds) await ledger.post(tx, hold, now);
    await ledger.transfer(
      tx,
      [
        {
          idempotencyKey: `top_up-${row.id}-load`,
          kind: 'card_load',
          asset: 'USD',
          debitAccountId: await accountIdOf(tx, { kind: 'conversion', asset: 'USD' }, now),
          creditAccountId: await cardAccountId(tx, card, now),
          amount: usd(parseAmount(row.amount)),
          reference: { type: topUpReferenceType, id: row.id },
        },
      ],
      now,
    );
  } else if (notification.status === 'returned' || notification.status === 'cancelled') {
    for (const hold of holds) await ledger.void(tx, hold, now);
  }
  if (notification.status === 'success' || notification.status === 'returned' || notification.status === 'cancelled') {
    const isLoaded = notification.status === 'success';
    // The transaction reads the top-up's own final word: loaded, returned (refunded) or cancelled.
    await advanceTransaction(
      tx,
      { type: topUpReferenceType, id: row.id },
      { status: notification.status, step: isLoaded ? 'card_loaded' : 'top_up_not_loaded' },
      at,
    );
  }
  const isFinal = finalStatuses.includes(notification.status);
  const [updated] = await tx
    .update(topUps)
    .set({ status: notification.status, updated_at: now, ...(isFinal ? { completed_at: at } : {}) })
    .where(eq(topUps.id, row.id))
    .returning();
  if (updated) await recordTopUpChange(tx, card, updated, null, now);
}
