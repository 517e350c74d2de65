/**
 * Payout quotes (withdraw/crypto/calc, withdraw/fiat/calc): what a payout of an amount costs and
 * what arrives, kept server-side for payoutQuoteValiditySeconds so that the submission pays exactly
 * what the user confirmed and the client can never choose its own fee or rate.
 *
 * - Crypto: the network fee of the asset on the network (contract networkFees) on top of the amount.
 * - Fiat: the fee fiatPayoutFee (a share of the amount, at least a minimum, rounded up: the bank's
 *   favour), and the amount converted to the payee's currency at the kept rates
 *   (ledger conversionRates; refused when stale), rounded half up to the cent.
 */
import type { Asset, DigitalAsset, Network } from '@bank/contract/money';
import {
  cryptoPayoutLimits,
  fiatPayoutFee,
  fiatPayoutLimits,
  networkFees,
  type PayoutKind,
  type PayoutQuote,
  payoutLimits,
  payoutQuoteValiditySeconds,
} from '@bank/contract/payouts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { formatAmountForWire, Money, type MoneyValue, parseAmount, roundToAsset } from '../../platform/money.ts';
import { assertWithinCap } from '../../platform/rate-limit.ts';
import { accountBalance, accountIdOf, conversionRates, convert, rateOf } from '../ledger/index.ts';
import type { PayoutActor } from './actor.ts';
import { payeeRow } from './destinations.ts';
import { payoutQuotes, payouts } from './tables.ts';

export type QuoteRow = typeof payoutQuotes.$inferSelect;

/** What the company can spend of the asset now (its balance less what is held). */
export async function availableOf(handle: DbHandle, companyId: string, asset: Asset, now: Date): Promise<MoneyValue> {
  const accountId = await accountIdOf(handle, { kind: 'customer', companyId, asset }, now);
  const balance = await accountBalance(handle, accountId);
  return parseAmount(balance?.available ?? '0');
}

/** Refuses an amount outside the limits, on the amount field, with the limit in the message. */
function checkLimits(amount: MoneyValue, asset: Asset, limits: { min: string; max: string }): void {
  if (amount.lessThan(parseAmount(limits.min)))
    throw new AppError('validation', {
      fields: { amount: { key: 'payouts.validation.amount_below_minimum', params: { minimum: limits.min, asset } } },
    });
  if (amount.greaterThan(parseAmount(limits.max)))
    throw new AppError('validation', {
      fields: { amount: { key: 'payouts.validation.amount_above_maximum', params: { maximum: limits.max, asset } } },
    });
}

/** The fiat payout fee of an amount: the share, at least the minimum, rounded up to the asset's scale. */
function fiatFeeOf(amount: MoneyValue, asset: Asset): MoneyValue {
  const share = roundToAsset(amount.times(fiatPayoutFee.rate), asset, 'fee');
  return Money.max(share, parseAmount(fiatPayoutFee.minimum));
}

export function quoteOf(row: QuoteRow, available: MoneyValue): PayoutQuote {
  const asset = row.asset as DigitalAsset;
  const amount = parseAmount(row.amount);
  const fee = parseAmount(row.fee);
  return {
    quote_id: row.id,
    kind: row.kind,
    asset,
    network: (row.network as Network | null) ?? null,
    amount: formatAmountForWire(amount, asset),
    fee: formatAmountForWire(fee, asset),
    total: formatAmountForWire(amount.plus(fee), asset),
    receive_amount: formatAmountForWire(parseAmount(row.receive_amount), row.receive_currency as Asset),
    receive_currency: row.receive_currency,
    rate: row.rate === null ? null : parseAmount(row.rate).toFixed(),
    rate_at: row.rate_at?.toISOString() ?? null,
    available: formatAmountForWire(available, asset),
    fixed_side: row.fixed_side,
    expires_at: row.expires_at.toISOString(),
  };
}

export type NewQuote = Omit<QuoteRow, 'id' | 'company_id' | 'created_at' | 'expires_at'>;

/** Writes a quote, valid payoutQuoteValiditySeconds from now. */
export async function insertQuote(handle: DbHandle, actor: PayoutActor, quote: NewQuote): Promise<QuoteRow> {
  const [row] = await handle
    .insert(payoutQuotes)
    .values({
      ...quote,
      id: newId(actor.now.getTime()),
      company_id: actor.companyId,
      created_at: actor.now,
      expires_at: new Date(actor.now.getTime() + payoutQuoteValiditySeconds * 1000),
    })
    .returning();
  if (!row) throw new Error('quote not written');
  return row;
}

async function keepQuote(handle: DbHandle, actor: PayoutActor, quote: NewQuote): Promise<PayoutQuote> {
  await assertWithinCap(
    handle,
    `payout_quote:company:${actor.companyId}`,
    { max: payoutLimits.quotesPerCompanyPerMinute, windowSeconds: 60 },
    actor.now,
  );
  const amount = parseAmount(quote.amount);
  const total = amount.plus(parseAmount(quote.fee));
  const available = await availableOf(handle, actor.companyId, quote.asset as Asset, actor.now);
  if (total.greaterThan(available))
    throw new AppError('insufficient_balance', { detail: `quote of ${total} ${quote.asset} over ${available}` });
  return quoteOf(await insertQuote(handle, actor, quote), available);
}

/** A crypto quote's figures: the amount within the limits, the network's fee on top. */
export function cryptoQuoteOf(request: { asset: DigitalAsset; network: Network; amount: string }): NewQuote {
  const amount = parseAmount(request.amount);
  checkLimits(amount, request.asset, cryptoPayoutLimits[request.asset]);
  const fee = networkFees[request.asset][request.network] ?? '0';
  return {
    kind: 'crypto',
    asset: request.asset,
    network: request.network,
    payee_id: null,
    amount: amount.toFixed(),
    fee,
    receive_amount: amount.toFixed(),
    receive_currency: request.asset,
    rate: null,
    rate_at: null,
    fixed_side: 'send',
  };
}

export function quoteCryptoPayout(
  handle: DbHandle,
  actor: PayoutActor,
  request: { asset: DigitalAsset; network: Network; amount: string },
): Promise<PayoutQuote> {
  return keepQuote(handle, actor, cryptoQuoteOf(request));
}

/**
 * The amount of the asset to send so that the payee receives `receiveAmount`: divided by the rate and
 * rounded up to the asset's scale (the bank's favour, by less than one unit of the last decimal), so
 * that converting it back, rounded half up to the cent, gives exactly the amount asked for.
 */
function amountToReceive(receiveAmount: MoneyValue, rate: MoneyValue, asset: Asset): MoneyValue {
  return roundToAsset(receiveAmount.dividedBy(rate), asset, 'fee');
}

type FiatQuoteRequest = {
  asset: 'USDC' | 'USDT';
  payee_id: string;
  amount?: string | undefined;
  receive_amount?: string | undefined;
};

/** A fiat quote's figures: the payee's currency at the kept rates (refused when stale), the fee. */
export async function fiatQuoteOf(handle: DbHandle, actor: PayoutActor, request: FiatQuoteRequest): Promise<NewQuote> {
  const payee = await payeeRow(handle, actor.companyId, request.payee_id);
  const currency = payee.currency as Asset;
  const rates = await conversionRates(handle, request.asset, currency, actor.now);
  if (rates.isStale) throw new AppError('rates_stale', { detail: `rates of ${request.asset}/${currency} are stale` });
  const isReceiveFixed = request.receive_amount !== undefined;
  const amount = isReceiveFixed
    ? amountToReceive(parseAmount(request.receive_amount ?? '0'), rateOf(rates), request.asset)
    : parseAmount(request.amount ?? '0');
  checkLimits(amount, request.asset, fiatPayoutLimits);
  const conversion = convert(amount, currency, rates, '0');
  return {
    kind: 'fiat',
    asset: request.asset,
    network: null,
    payee_id: payee.id,
    amount: amount.toFixed(),
    fee: fiatFeeOf(amount, request.asset).toFixed(),
    receive_amount: conversion.net.toFixed(),
    receive_currency: currency,
    rate: conversion.rate.toFixed(),
    rate_at: conversion.rateAt,
    fixed_side: isReceiveFixed ? 'receive' : 'send',
  };
}

export async function quoteFiatPayout(
  handle: DbHandle,
  actor: PayoutActor,
  request: FiatQuoteRequest,
): Promise<PayoutQuote> {
  return keepQuote(handle, actor, await fiatQuoteOf(handle, actor, request));
}

/** A live quote of the company and kind for a payout: not found, expired or used are refused. */
export async function usableQuote(
  handle: DbHandle,
  actor: PayoutActor,
  kind: PayoutKind,
  quoteId: string,
  isUsed: (quoteId: string) => Promise<boolean>,
  options: { isExpiredAccepted?: boolean } = {},
): Promise<QuoteRow> {
  const [row] = isUuid(quoteId)
    ? await handle
        .select()
        .from(payoutQuotes)
        .where(
          and(eq(payoutQuotes.id, quoteId), eq(payoutQuotes.company_id, actor.companyId), eq(payoutQuotes.kind, kind)),
        )
    : [];
  if (!row) throw new AppError('not_found', { detail: `no ${kind} quote ${quoteId} of company ${actor.companyId}` });
  if (await isUsed(row.id)) throw new AppError('illegal_state', { messageKey: 'payouts.errors.quote_used' });
  if (!options.isExpiredAccepted && row.expires_at <= actor.now)
    throw new AppError('illegal_state', { messageKey: 'payouts.errors.quote_expired' });
  return row;
}

/** Quotes kept this long after their expiry are forgotten unless a payout used them. */
const expiredQuoteRetentionHours = 24;

/** Forgets quotes that expired more than a day ago and made no payout; answers how many. */
export async function deleteExpiredQuotes(handle: DbHandle, now: Date): Promise<number> {
  const before = new Date(now.getTime() - expiredQuoteRetentionHours * 3_600_000);
  const deleted = await handle
    .delete(payoutQuotes)
    .where(
      and(
        lt(payoutQuotes.expires_at, before),
        sql`not exists (select 1 from ${payouts} where ${payouts.quote_id} = ${payoutQuotes.id})`,
      ),
    )
    .returning({ id: payoutQuotes.id });
  return deleted.length;
}
