/**
 * FX: a quote between two of the company's digital assets, kept by the server for
 * fxQuoteValiditySeconds, and its acceptance, which converts exactly what the quote said through
 * the ledger (settlement.ts). The rate, fee and amount received come from the kept rates
 * (ledger/conversion.ts); the client names only the quote's id.
 */
import {
  type FxConversion,
  type FxQuote,
  type FxQuoteRequest,
  fxQuotesPerCompanyPerMinute,
  fxQuoteValiditySeconds,
} from '@bank/contract/exchange';
import { and, eq, isNull } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { formatAmountForWire, parseAmount } from '../../platform/money.ts';
import { assertWithinCap } from '../../platform/rate-limit.ts';
import { lockCompany } from '../../platform/tenant.ts';
import { conversionRates, convert, isRateStale } from '../ledger/index.ts';
import { assertBelowOtcThreshold, assertConvertsToSomething } from './limits.ts';
import { settleConversion } from './settlement.ts';
import { fxQuotes } from './tables.ts';

/** The FX fee: 0.2% of the converted amount, rounded up to the target's scale (the bank's favour, stated). */
const fxFeeRate = '0.002';

export type Caller = { companyId: string; userId: string };
/** Who converts: the audit log keeps where from. */
export type Converter = Caller & { ip: string };

type QuoteRow = typeof fxQuotes.$inferSelect;

function quoteOf(row: QuoteRow, now: Date): FxQuote {
  return {
    quote_id: row.id,
    from: row.from_asset,
    to: row.to_asset,
    amount: formatAmountForWire(parseAmount(row.amount), row.from_asset),
    rate: parseAmount(row.rate).toFixed(),
    rate_at: row.rate_at.toISOString(),
    gross: formatAmountForWire(parseAmount(row.gross), row.to_asset),
    fee: formatAmountForWire(parseAmount(row.fee), row.to_asset),
    fee_rate: row.fee_rate,
    amount_received: formatAmountForWire(parseAmount(row.amount_received), row.to_asset),
    expires_at: row.expires_at.toISOString(),
    server_time: now.toISOString(),
  };
}

export async function quoteFx(handle: DbHandle, caller: Caller, request: FxQuoteRequest, now: Date): Promise<FxQuote> {
  await assertWithinCap(
    handle,
    `fx_quote:company:${caller.companyId}`,
    { max: fxQuotesPerCompanyPerMinute, windowSeconds: 60 },
    now,
  );
  const rates = await conversionRates(handle, request.from, request.to, now);
  if (rates.isStale) throw new AppError('rates_stale', { detail: `rates of ${request.from}/${request.to} are stale` });
  const amount = parseAmount(request.amount);
  assertBelowOtcThreshold(amount, rates.usdPerUnit);
  const conversion = convert(amount, request.to, rates, fxFeeRate);
  assertConvertsToSomething(conversion.net);
  const [row] = await handle
    .insert(fxQuotes)
    .values({
      id: newId(now.getTime()),
      company_id: caller.companyId,
      quoted_for: caller.userId,
      from_asset: request.from,
      to_asset: request.to,
      amount: amount.toFixed(),
      rate: conversion.rate.toFixed(),
      rate_at: conversion.rateAt,
      gross: conversion.gross.toFixed(),
      fee: conversion.fee.toFixed(),
      fee_rate: fxFeeRate,
      amount_received: conversion.net.toFixed(),
      expires_at: new Date(now.getTime() + fxQuoteValiditySeconds * 1000),
      created_at: now,
    })
    .returning();
  if (!row) throw new Error('fx quote not inserted');
  return quoteOf(row, now);
}

/**
 * Converts at a quote of the caller's company: once, within its validity, at rates that are not
 * stale. Another company's quote is not found; a used one is illegal_state.
 */
export async function acceptFxQuote(
  tx: DbHandle,
  caller: Converter,
  quoteId: string,
  now: Date,
): Promise<FxConversion> {
  // A money path: the company's lock first, before the quote's row and the ledger's accounts.
  await lockCompany(tx, caller.companyId);
  const [row] = isUuid(quoteId)
    ? await tx
        .select()
        .from(fxQuotes)
        .where(and(eq(fxQuotes.id, quoteId), eq(fxQuotes.company_id, caller.companyId)))
        .for('update')
    : [];
  if (!row) throw new AppError('not_found', { detail: `no fx quote ${quoteId} of this company` });
  if (row.accepted_at)
    throw new AppError('illegal_state', {
      messageKey: 'exchange.errors.quote_used',
      detail: `fx quote ${row.id} was accepted`,
    });
  if (now.getTime() >= row.expires_at.getTime())
    throw new AppError('quote_expired', { detail: `fx quote ${row.id} expired at ${row.expires_at.toISOString()}` });
  if (isRateStale({ quotedAt: row.rate_at }, now))
    throw new AppError('rates_stale', { detail: `fx quote ${row.id} rests on stale rates` });
  const transactionId = await settleConversion(
    tx,
    {
      companyId: caller.companyId,
      source: { type: 'fx_quote', id: row.id },
      from: row.from_asset,
      to: row.to_asset,
      amount: parseAmount(row.amount),
      gross: parseAmount(row.gross),
      fee: parseAmount(row.fee),
      net: parseAmount(row.amount_received),
      rate: parseAmount(row.rate),
      rateAt: row.rate_at,
    },
    now,
  );
  const [accepted] = await tx
    .update(fxQuotes)
    .set({ accepted_at: now, accepted_by: caller.userId, transaction_id: transactionId })
    .where(and(eq(fxQuotes.id, row.id), isNull(fxQuotes.accepted_at)))
    .returning();
  if (!accepted) throw new Error(`fx quote ${row.id} changed under its lock`);
  const { server_time: _, ...quote } = quoteOf(accepted, now);
  const conversion = { ...quote, transaction_id: transactionId, accepted_at: now.toISOString() };
  await auditConversion(tx, caller, conversion, now);
  return conversion;
}

async function auditConversion(tx: DbHandle, caller: Converter, conversion: FxConversion, now: Date): Promise<void> {
  await writeAudit(tx, {
    action: 'fx.converted',
    at: now,
    actorUserId: caller.userId,
    companyId: caller.companyId,
    ip: caller.ip,
    detail: {
      quote_id: conversion.quote_id,
      from: conversion.from,
      to: conversion.to,
      amount: conversion.amount,
      rate: conversion.rate,
      fee: conversion.fee,
      amount_received: conversion.amount_received,
    },
  });
}
