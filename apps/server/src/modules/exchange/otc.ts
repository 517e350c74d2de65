/**
 * OTC: a company asks for a quote on a large trade (from the OTC threshold); the desk (the company's
 * relationship manager, or a system admin) answers with a rate and a validity, or cancels it; the
 * company accepts (settling at once through the ledger, settlement.ts), declines, or lets it expire.
 * Every change follows the contract's otcTransitions, is audited, and takes the request's row lock,
 * so two decisions never both apply. A quote past its validity reads expired at once; the schedule
 * `exchange__expire_otc_quotes` writes it.
 */
import {
  canMoveOtc,
  type OtcRequestDraft,
  type OtcStatus,
  type OtcTrade,
  otcRequestsPerCompanyPerHour,
  type StaffOtcTrade,
} from '@bank/contract/exchange';
import { and, eq, lte } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { parseAmount, roundToAsset } from '../../platform/money.ts';
import { assertWithinCap } from '../../platform/rate-limit.ts';
import { lockCompany } from '../../platform/tenant.ts';
import { conversionRates } from '../ledger/index.ts';
import { assertAtLeastOtcThreshold, assertConvertsToSomething } from './limits.ts';
import {
  companyRow,
  type DeskReader,
  deskAnswer,
  deskRow,
  statusAt,
  type TradeRow,
  tradeOf,
  updateTrade,
} from './queries.ts';
import { settleConversion } from './settlement.ts';
import { otcTrades } from './tables.ts';

export type Requester = { companyId: string; userId: string; ip: string; now: Date };

function illegal(row: TradeRow, to: OtcStatus, now: Date): AppError {
  const status = statusAt(row, now);
  if (status === 'expired') return new AppError('quote_expired', { detail: `otc request ${row.id} expired` });
  return new AppError('illegal_state', {
    messageKey: `exchange.otc.errors.not_${to}`,
    detail: `otc request ${row.id} is ${status}, cannot become ${to}`,
  });
}

/** Moves a locked row on if the table allows it, else the typed refusal. */
function assertMove(row: TradeRow, to: OtcStatus, now: Date): void {
  if (!canMoveOtc(statusAt(row, now), to)) throw illegal(row, to, now);
}

export async function requestQuote(tx: DbHandle, requester: Requester, draft: OtcRequestDraft): Promise<OtcTrade> {
  const { now } = requester;
  await assertWithinCap(
    tx,
    `otc_request:company:${requester.companyId}`,
    { max: otcRequestsPerCompanyPerHour, windowSeconds: 60 * 60 },
    now,
  );
  const rates = await conversionRates(tx, draft.from, draft.to, now);
  if (rates.isStale) throw new AppError('rates_stale', { detail: `rates of ${draft.from}/${draft.to} are stale` });
  const amount = parseAmount(draft.amount);
  assertAtLeastOtcThreshold(amount, rates.usdPerUnit);
  const [row] = await tx
    .insert(otcTrades)
    .values({
      id: newId(now.getTime()),
      company_id: requester.companyId,
      requested_by: requester.userId,
      from_asset: draft.from,
      to_asset: draft.to,
      amount: amount.toFixed(),
      note: draft.note?.trim() || null,
      status: 'requested',
      created_at: now,
      updated_at: now,
    })
    .returning();
  if (!row) throw new Error('otc request not inserted');
  await writeAudit(tx, {
    action: 'otc.requested',
    at: now,
    actorUserId: requester.userId,
    companyId: requester.companyId,
    ip: requester.ip,
    detail: { request_id: row.id, from: row.from_asset, to: row.to_asset, amount: amount.toFixed() },
  });
  await recordEvent(
    tx,
    'otc.requested',
    {
      request_id: row.id,
      company_id: row.company_id,
      from: row.from_asset,
      to: row.to_asset,
      amount: amount.toFixed(),
      at: now.toISOString(),
    },
    { companyId: row.company_id },
  );
  return tradeOf(row, now);
}

/** The client accepts the desk's quote within its validity: the trade settles at its rate. */
export async function acceptQuote(tx: DbHandle, requester: Requester, requestId: string): Promise<OtcTrade> {
  const { now } = requester;
  // A money path: the company's lock first, before the request's row and the ledger's accounts.
  await lockCompany(tx, requester.companyId);
  const row = await companyRow(tx, requester.companyId, requestId);
  assertMove(row, 'accepted', now);
  if (!row.rate || !row.amount_received || !row.quoted_at)
    throw new Error(`otc request ${row.id} quoted without a rate`);
  const received = parseAmount(row.amount_received);
  const transactionId = await settleConversion(
    tx,
    {
      companyId: row.company_id,
      source: { type: 'otc_trade', id: row.id },
      from: row.from_asset,
      to: row.to_asset,
      amount: parseAmount(row.amount),
      gross: received,
      fee: parseAmount('0'),
      net: received,
      rate: parseAmount(row.rate),
      rateAt: row.quoted_at,
    },
    now,
  );
  const accepted = await updateTrade(
    tx,
    row.id,
    { status: 'accepted', decided_by: requester.userId, decided_at: now, transaction_id: transactionId },
    now,
  );
  await writeAudit(tx, {
    action: 'otc.accepted',
    at: now,
    actorUserId: requester.userId,
    companyId: row.company_id,
    ip: requester.ip,
    detail: { request_id: row.id, rate: accepted.rate, amount_received: accepted.amount_received },
  });
  return tradeOf(accepted, now);
}

/** The client declines the desk's quote, or withdraws a request not answered yet. */
export async function decideAgainst(
  tx: DbHandle,
  requester: Requester,
  requestId: string,
  to: 'declined' | 'cancelled',
): Promise<OtcTrade> {
  const { now } = requester;
  const row = await companyRow(tx, requester.companyId, requestId);
  assertMove(row, to, now);
  const decided = await updateTrade(tx, row.id, { status: to, decided_by: requester.userId, decided_at: now }, now);
  await writeAudit(tx, {
    action: `otc.${to}`,
    at: now,
    actorUserId: requester.userId,
    companyId: row.company_id,
    ip: requester.ip,
    detail: { request_id: row.id },
  });
  return tradeOf(decided, now);
}

export async function quoteRequest(
  tx: DbHandle,
  reader: DeskReader,
  answer: { request_id: string; rate: string; validity_minutes: number; note?: string | undefined },
): Promise<StaffOtcTrade> {
  const { now } = reader;
  const row = await deskRow(tx, reader, answer.request_id);
  assertMove(row, 'quoted', now);
  const rate = parseAmount(answer.rate);
  const received = roundToAsset(parseAmount(row.amount).times(rate), row.to_asset);
  assertConvertsToSomething(received);
  const expiresAt = new Date(now.getTime() + answer.validity_minutes * 60_000);
  const quoted = await updateTrade(
    tx,
    row.id,
    {
      status: 'quoted',
      rate: rate.toFixed(),
      amount_received: received.toFixed(),
      quoted_by: reader.userId,
      quoted_at: now,
      expires_at: expiresAt,
      desk_note: answer.note?.trim() || null,
    },
    now,
  );
  await writeAudit(tx, {
    action: 'otc.quoted',
    at: now,
    actorUserId: reader.userId,
    companyId: row.company_id,
    ip: reader.ip,
    detail: {
      request_id: row.id,
      rate: rate.toFixed(),
      amount_received: received.toFixed(),
      validity_minutes: answer.validity_minutes,
    },
  });
  await recordEvent(
    tx,
    'otc.quoted',
    {
      request_id: row.id,
      company_id: row.company_id,
      from: row.from_asset,
      to: row.to_asset,
      amount: parseAmount(quoted.amount).toFixed(),
      rate: rate.toFixed(),
      amount_received: received.toFixed(),
      expires_at: expiresAt.toISOString(),
      at: now.toISOString(),
    },
    { companyId: row.company_id },
  );
  return deskAnswer(tx, reader, row.id);
}

export async function cancelByDesk(
  tx: DbHandle,
  reader: DeskReader,
  requestId: string,
  note: string,
): Promise<StaffOtcTrade> {
  const { now } = reader;
  const row = await deskRow(tx, reader, requestId);
  assertMove(row, 'cancelled', now);
  await updateTrade(
    tx,
    row.id,
    { status: 'cancelled', desk_note: note, decided_by: reader.userId, decided_at: now },
    now,
  );
  await writeAudit(tx, {
    action: 'otc.cancelled_by_desk',
    at: now,
    actorUserId: reader.userId,
    companyId: row.company_id,
    ip: reader.ip,
    detail: { request_id: row.id, note },
  });
  return deskAnswer(tx, reader, row.id);
}

/** The schedule: quotes past their validity become expired (audited, with no actor). Safe to run twice. */
export async function expireQuotes(tx: DbHandle, now: Date): Promise<number> {
  const expired = await tx
    .update(otcTrades)
    .set({ status: 'expired', updated_at: now })
    .where(and(eq(otcTrades.status, 'quoted'), lte(otcTrades.expires_at, now)))
    .returning({ id: otcTrades.id, company_id: otcTrades.company_id, expires_at: otcTrades.expires_at });
  for (const row of expired)
    await writeAudit(tx, {
      action: 'otc.expired',
      at: now,
      companyId: row.company_id,
      detail: { request_id: row.id, expires_at: row.expires_at?.toISOString() ?? null, scheduled: true },
    });
  return expired.length;
}
