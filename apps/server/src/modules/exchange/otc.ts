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
  seesEveryOtcRequest,
} from '@bank/contract/exchange';
import { and, desc, eq, inArray, lt, lte, not, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { writeAudit } from '../../platform/audit.ts';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { recordEvent } from '../../platform/events.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { formatAmountForWire, parseAmount, roundToAsset } from '../../platform/money.ts';
import { assertWithinCap } from '../../platform/rate-limit.ts';
import { searchCondition } from '../../platform/search.ts';
import { lockCompany } from '../../platform/tenant.ts';
import { companies, users } from '../account/index.ts';
import { conversionRates, latestRates } from '../ledger/index.ts';
import { assertAtLeastOtcThreshold, assertConvertsToSomething, usdValueOf } from './limits.ts';
import { settleConversion } from './settlement.ts';
import { otcTrades } from './tables.ts';

type TradeRow = typeof otcTrades.$inferSelect;
export type Requester = { companyId: string; userId: string; ip: string; now: Date };
export type DeskReader = { userId: string; role: string; ip: string; now: Date };
type PageQuery = { page_size: number; cursor?: string | undefined };

/** A quote past its validity is expired whether or not the schedule has written it yet. */
function statusAt(row: Pick<TradeRow, 'status' | 'expires_at'>, now: Date): OtcStatus {
  return row.status === 'quoted' && row.expires_at && row.expires_at.getTime() <= now.getTime()
    ? 'expired'
    : row.status;
}

const wireAmount = (value: string | null, asset: TradeRow['from_asset']) =>
  value === null ? null : formatAmountForWire(parseAmount(value), asset);

function tradeOf(row: TradeRow, now: Date): OtcTrade {
  return {
    request_id: row.id,
    from: row.from_asset,
    to: row.to_asset,
    amount: formatAmountForWire(parseAmount(row.amount), row.from_asset),
    note: row.note,
    status: statusAt(row, now),
    rate: row.rate === null ? null : parseAmount(row.rate).toFixed(),
    amount_received: wireAmount(row.amount_received, row.to_asset),
    quoted_at: row.quoted_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    decided_at: row.decided_at?.toISOString() ?? null,
    transaction_id: row.transaction_id,
    requested_at: row.created_at.toISOString(),
    server_time: now.toISOString(),
  };
}

function afterCursor(cursor: string | undefined): SQL | undefined {
  if (cursor === undefined) return undefined;
  if (!isUuid(cursor)) throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } } });
  return lt(otcTrades.id, cursor);
}

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

async function companyRow(tx: DbHandle, companyId: string, requestId: string): Promise<TradeRow> {
  const [row] = isUuid(requestId)
    ? await tx
        .select()
        .from(otcTrades)
        .where(and(eq(otcTrades.id, requestId), eq(otcTrades.company_id, companyId)))
        .for('update')
    : [];
  if (!row) throw new AppError('not_found', { detail: `no otc request ${requestId} of this company` });
  return row;
}

async function update(tx: DbHandle, id: string, change: Partial<TradeRow>, now: Date): Promise<TradeRow> {
  const [row] = await tx
    .update(otcTrades)
    .set({ ...change, updated_at: now })
    .where(eq(otcTrades.id, id))
    .returning();
  if (!row) throw new Error(`otc request ${id} vanished under its lock`);
  return row;
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

export async function companyPage(
  handle: DbHandle,
  companyId: string,
  request: PageQuery,
  now: Date,
): Promise<{ items: OtcTrade[]; next_cursor: string | null }> {
  const rows = await handle
    .select()
    .from(otcTrades)
    .where(and(eq(otcTrades.company_id, companyId), afterCursor(request.cursor)))
    .orderBy(desc(otcTrades.id))
    .limit(request.page_size + 1);
  const shown = rows.slice(0, request.page_size);
  return {
    items: shown.map((row) => tradeOf(row, now)),
    next_cursor: rows.length > request.page_size ? (shown.at(-1)?.id ?? null) : null,
  };
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
  const accepted = await update(
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
  const decided = await update(tx, row.id, { status: to, decided_by: requester.userId, decided_at: now }, now);
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

const requesters = alias(users, 'requesters');
const managers = alias(users, 'managers');
const quoters = alias(users, 'quoters');

function deskQuery(handle: DbHandle) {
  return handle
    .select({
      row: otcTrades,
      company_name: companies.name,
      requested_by: requesters.email,
      manager: managers.email,
      quoted_by: quoters.email,
    })
    .from(otcTrades)
    .innerJoin(companies, eq(companies.id, otcTrades.company_id))
    .innerJoin(requesters, eq(requesters.id, otcTrades.requested_by))
    .leftJoin(managers, eq(managers.id, companies.relationship_manager_id))
    .leftJoin(quoters, eq(quoters.id, otcTrades.quoted_by));
}

type DeskJoined = Awaited<ReturnType<ReturnType<typeof deskQuery>['execute']>>[number];

/** The requests a member of the desk may read: all, or those of the companies they manage. */
function readableBy(reader: Pick<DeskReader, 'userId' | 'role'>): SQL | undefined {
  return seesEveryOtcRequest(reader.role) ? undefined : eq(companies.relationship_manager_id, reader.userId);
}

async function staffTradeOf(handle: DbHandle, joined: DeskJoined, now: Date): Promise<StaffOtcTrade> {
  const usdRate = (await latestRates(handle)).get(joined.row.from_asset)?.usdRate;
  return {
    ...tradeOf(joined.row, now),
    company: { company_id: joined.row.company_id, name: joined.company_name ?? '' },
    requested_by: joined.requested_by,
    relationship_manager: joined.manager,
    quoted_by: joined.quoted_by,
    desk_note: joined.row.desk_note,
    usd_value: usdRate
      ? usdValueOf(parseAmount(joined.row.amount), parseAmount(usdRate)).toDecimalPlaces(2).toFixed(2)
      : null,
  };
}

export async function deskPage(
  handle: DbHandle,
  reader: Pick<DeskReader, 'userId' | 'role' | 'now'>,
  request: PageQuery & { status?: 'open' | 'closed' | undefined; search?: string | undefined },
): Promise<{ items: StaffOtcTrade[]; next_cursor: string | null }> {
  const open = inArray(otcTrades.status, ['requested', 'quoted']);
  const rows = await deskQuery(handle)
    .where(
      and(
        readableBy(reader),
        request.status === 'open' ? open : request.status === 'closed' ? not(open) : undefined,
        // The search box: company, requester, the assets, the client's note, the request's id.
        searchCondition(request.search, [
          companies.name,
          requesters.email,
          otcTrades.from_asset,
          otcTrades.to_asset,
          otcTrades.note,
          otcTrades.id,
        ]),
        afterCursor(request.cursor),
      ),
    )
    .orderBy(desc(otcTrades.id))
    .limit(request.page_size + 1);
  const shown = rows.slice(0, request.page_size);
  return {
    items: await Promise.all(shown.map((joined) => staffTradeOf(handle, joined, reader.now))),
    next_cursor: rows.length > request.page_size ? (shown.at(-1)?.row.id ?? null) : null,
  };
}

/** One request the reader may act on, locked; another manager's is not found. */
async function deskRow(tx: DbHandle, reader: DeskReader, requestId: string): Promise<TradeRow> {
  const [joined] = isUuid(requestId)
    ? await deskQuery(tx)
        .where(and(eq(otcTrades.id, requestId), readableBy(reader)))
        .for('update', { of: otcTrades })
    : [];
  if (!joined) throw new AppError('not_found', { detail: `no otc request ${requestId} for this reader` });
  return joined.row;
}

async function deskAnswer(tx: DbHandle, reader: DeskReader, id: string): Promise<StaffOtcTrade> {
  const [joined] = await deskQuery(tx).where(eq(otcTrades.id, id));
  if (!joined) throw new Error(`otc request ${id} vanished`);
  return staffTradeOf(tx, joined, reader.now);
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
  const quoted = await update(
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
  await update(tx, row.id, { status: 'cancelled', desk_note: note, decided_by: reader.userId, decided_at: now }, now);
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
