/**
 * OTC requests for quote: query functions taking the database or transaction handle first (the
 * company's requests, the desk's queue, one request locked for a decision) and the views the calls
 * answer. The steps of a request and their rules are otc.ts's; FX quotes are written and read in the
 * steps of fx.ts.
 */
import { type OtcStatus, type OtcTrade, type StaffOtcTrade, seesEveryOtcRequest } from '@bank/contract/exchange';
import { and, desc, eq, inArray, lt, not, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { formatAmountForWire, parseAmount } from '../../platform/money.ts';
import { searchCondition } from '../../platform/search.ts';
import { companies, users } from '../account/index.ts';
import { latestRates } from '../ledger/index.ts';
import { usdValueOf } from './limits.ts';
import { otcTrades } from './tables.ts';

export type TradeRow = typeof otcTrades.$inferSelect;

export type DeskReader = { userId: string; role: string; ip: string; now: Date };

type PageQuery = { page_size: number; cursor?: string | undefined };

/** A quote past its validity is expired whether or not the schedule has written it yet. */
export function statusAt(row: Pick<TradeRow, 'status' | 'expires_at'>, now: Date): OtcStatus {
  return row.status === 'quoted' && row.expires_at && row.expires_at.getTime() <= now.getTime()
    ? 'expired'
    : row.status;
}

const wireAmount = (value: string | null, asset: TradeRow['from_asset']) =>
  value === null ? null : formatAmountForWire(parseAmount(value), asset);

export function tradeOf(row: TradeRow, now: Date): OtcTrade {
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

export async function companyRow(tx: DbHandle, companyId: string, requestId: string): Promise<TradeRow> {
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

export async function updateTrade(tx: DbHandle, id: string, change: Partial<TradeRow>, now: Date): Promise<TradeRow> {
  const [row] = await tx
    .update(otcTrades)
    .set({ ...change, updated_at: now })
    .where(eq(otcTrades.id, id))
    .returning();
  if (!row) throw new Error(`otc request ${id} vanished under its lock`);
  return row;
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
export async function deskRow(tx: DbHandle, reader: DeskReader, requestId: string): Promise<TradeRow> {
  const [joined] = isUuid(requestId)
    ? await deskQuery(tx)
        .where(and(eq(otcTrades.id, requestId), readableBy(reader)))
        .for('update', { of: otcTrades })
    : [];
  if (!joined) throw new AppError('not_found', { detail: `no otc request ${requestId} for this reader` });
  return joined.row;
}

export async function deskAnswer(tx: DbHandle, reader: DeskReader, id: string): Promise<StaffOtcTrade> {
  const [joined] = await deskQuery(tx).where(eq(otcTrades.id, id));
  if (!joined) throw new Error(`otc request ${id} vanished`);
  return staffTradeOf(tx, joined, reader.now);
}
