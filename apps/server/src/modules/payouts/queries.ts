/**
 * Reading payouts: a row as the contract's Payout (clients see the bank's staff as "the bank"; the
 * back office sees who), the company's records by kind with filters (keyset on the time-ordered id),
 * one payout with its timeline, and the back office's queues.
 */
import type { Asset, DigitalAsset, Network } from '@bank/contract/money';
import type {
  Payout,
  PayoutDetails,
  PayoutFilter,
  PayoutKind,
  PayoutStep,
  StaffPayout,
  StaffPayoutStep,
} from '@bank/contract/payouts';
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { type DbHandle, executeRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { formatAmountForWire, parseAmount } from '../../platform/money.ts';
import { searchCondition } from '../../platform/search.ts';
import { companies, users } from '../account/index.ts';
import { explorerUrlOf, transactionIdOfSource } from '../transactions/index.ts';
import { mayCancelWaiting } from './actor.ts';
import { payouts, type StoredPayoutStep } from './tables.ts';

export type PayoutRow = typeof payouts.$inferSelect;

/** The source a payout's history line and ledger transfers name. */
export const payoutSourceType = 'payout';

type Page<T> = { items: T[]; next_cursor: string | null };

/** The client's timeline: the bank's staff unnamed, and their internal notes left out (named fields only). */
function timelineForClient(steps: readonly StoredPayoutStep[]): PayoutStep[] {
  return steps.map(({ step, actor, reason, at }) => ({
    step,
    actor: { kind: actor.kind, name: actor.kind === 'company_user' || actor.kind === 'api_key' ? actor.name : null },
    reason,
    at,
  }));
}

function timelineForStaff(steps: readonly StoredPayoutStep[]): StaffPayoutStep[] {
  return steps.map(({ step, actor, reason, note, at }) => ({
    step,
    actor: { kind: actor.kind, name: actor.name },
    reason,
    note: note ?? null,
    at,
  }));
}

type Joined = { row: PayoutRow; makerName: string; transactionId: string | null };

export function payoutOf({ row, makerName, transactionId }: Joined): Payout {
  const asset = row.asset as DigitalAsset;
  const amount = parseAmount(row.amount);
  const fee = parseAmount(row.fee);
  const network = (row.network as Network | null) ?? null;
  return {
    payout_id: row.id,
    kind: row.kind,
    status: row.status,
    asset,
    network,
    amount: formatAmountForWire(amount, asset),
    fee: formatAmountForWire(fee, asset),
    total: formatAmountForWire(amount.plus(fee), asset),
    destination: {
      ...row.destination,
      local_bank_code: row.destination.local_bank_code ?? null,
      beneficiary_address: row.destination.beneficiary_address ?? null,
      payee_id: row.payee_id,
      address_id: row.address_id,
    },
    fiat:
      row.fiat_currency && row.fiat_amount !== null && row.rate !== null && row.rate_at
        ? {
            currency: row.fiat_currency as NonNullable<Payout['fiat']>['currency'],
            amount: formatAmountForWire(parseAmount(row.fiat_amount), row.fiat_currency as Asset),
            rate: parseAmount(row.rate).toFixed(),
            rate_at: row.rate_at.toISOString(),
          }
        : null,
    purpose: row.purpose,
    sender_account_name: row.sender_account_name,
    remarks: row.remarks,
    tx_hash: row.tx_hash,
    explorer_url: row.tx_hash && network ? explorerUrlOf(network, row.tx_hash) : null,
    bank_reference: row.kind === 'fiat' ? row.rail_reference : null,
    confirmations:
      row.confirmations !== null && row.confirmations_required !== null
        ? { count: row.confirmations, required: row.confirmations_required }
        : null,
    failure_cause: row.failure_cause,
    rejection_reason: row.rejection_reason,
    needs_approval: row.needs_approval,
    created_by: { user_id: row.created_by, name: makerName },
    transaction_id: transactionId ?? '',
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const joinedColumns = { row: payouts, makerName: users.full_name, companyName: companies.name };

async function withTransactionIds<T extends { row: PayoutRow }>(
  handle: DbHandle,
  rows: T[],
): Promise<(T & { transactionId: string | null })[]> {
  if (rows.length === 0) return [];
  const lines = await executeRows<{ source_id: string; id: string }>(
    handle,
    sql`select source_id::text as source_id, id::text as id from transactions
        where source_type = ${payoutSourceType}
          and source_id in (${sql.join(
            rows.map(({ row }) => sql`${row.id}`),
            sql`, `,
          )})`,
  );
  const ids = new Map(lines.map((line) => [line.source_id, line.id]));
  return rows.map((joined) => ({ ...joined, transactionId: ids.get(joined.row.id) ?? null }));
}

/** A page of payouts with their makers and history lines; `next_cursor` is the last id when more follow. */
async function payoutPage<Item>(
  handle: DbHandle,
  where: SQL | undefined,
  order: SQL,
  pageSize: number,
  map: (joined: Joined & { companyName: string | null }) => Item,
): Promise<Page<Item>> {
  const rows = await handle
    .select(joinedColumns)
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.created_by))
    .innerJoin(companies, eq(companies.id, payouts.company_id))
    .where(where)
    .orderBy(order)
    .limit(pageSize + 1);
  const pageRows = await withTransactionIds(handle, rows.slice(0, pageSize));
  return {
    items: pageRows.map(map),
    next_cursor: rows.length > pageSize ? (pageRows.at(-1)?.row.id ?? null) : null,
  };
}

const cursorOf = (request: { cursor?: string | undefined }) =>
  request.cursor && isUuid(request.cursor) ? request.cursor : undefined;

function filterConditions(filter: PayoutFilter): (SQL | undefined)[] {
  const text = filter.text?.trim();
  const pattern = text ? `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : undefined;
  return [
    filter.status ? eq(payouts.status, filter.status) : undefined,
    filter.asset ? eq(payouts.asset, filter.asset) : undefined,
    filter.from ? gte(payouts.created_at, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to ? lt(payouts.created_at, new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000)) : undefined,
    pattern
      ? or(
          ilike(sql`${payouts.id}::text`, pattern),
          ilike(sql`coalesce(${payouts.tx_hash}, '')`, pattern),
          ilike(sql`${payouts.destination}->>'name'`, pattern),
          ilike(
            sql`coalesce(${payouts.destination}->>'address', ${payouts.destination}->>'account_number', '')`,
            pattern,
          ),
        )
      : undefined,
  ];
}

export async function companyPayouts(
  handle: DbHandle,
  companyId: string,
  kind: PayoutKind,
  request: PayoutFilter & { page_size: number; cursor?: string | undefined },
): Promise<Page<Payout>> {
  const after = cursorOf(request);
  const where = and(
    eq(payouts.company_id, companyId),
    eq(payouts.kind, kind),
    after ? lt(payouts.id, after) : undefined,
    ...filterConditions(request),
  );
  return payoutPage(handle, where, desc(payouts.id), request.page_size, payoutOf);
}

/** The company's payouts waiting for approval, oldest first. */
export async function pendingApprovals(
  handle: DbHandle,
  companyId: string,
  request: { page_size: number; cursor?: string | undefined },
): Promise<Page<Payout>> {
  const after = cursorOf(request);
  const where = and(
    eq(payouts.company_id, companyId),
    eq(payouts.status, 'pending_approval'),
    after ? gt(payouts.id, after) : undefined,
  );
  return payoutPage(handle, where, asc(payouts.id), request.page_size, payoutOf);
}

/** The header badge: payouts waiting for approval that the reader may decide, so never the reader's own. */
export async function countPendingApprovals(handle: DbHandle, companyId: string, readerId: string): Promise<number> {
  const [row] = await handle
    .select({ count: sql<number>`count(*)::int` })
    .from(payouts)
    .where(
      and(eq(payouts.company_id, companyId), eq(payouts.status, 'pending_approval'), ne(payouts.created_by, readerId)),
    );
  return row?.count ?? 0;
}

async function joinedPayout(handle: DbHandle, conditions: SQL[]) {
  const [joined] = await handle
    .select(joinedColumns)
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.created_by))
    .innerJoin(companies, eq(companies.id, payouts.company_id))
    .where(and(...conditions));
  if (!joined) return undefined;
  return {
    ...joined,
    transactionId: await transactionIdOfSource(handle, { type: payoutSourceType, id: joined.row.id }),
  };
}

export type DetailsCaller = { companyId: string; userId: string; mayApprove: boolean; isAdministrator: boolean };

/**
 * One payout of the company with its timeline; another company's is not found. Which: of a kind
 * (the payout pages, for those who prepare payouts), or one that needed approval (an approver's
 * read-only view, for approvers who do not prepare payouts).
 */
export async function companyPayoutDetails(
  handle: DbHandle,
  caller: DetailsCaller,
  which: { kind: PayoutKind } | { neededApproval: true },
  payoutId: string,
): Promise<PayoutDetails> {
  const joined = isUuid(payoutId)
    ? await joinedPayout(handle, [
        eq(payouts.id, payoutId),
        eq(payouts.company_id, caller.companyId),
        'kind' in which ? eq(payouts.kind, which.kind) : eq(payouts.needs_approval, true),
      ])
    : undefined;
  if (!joined) throw new AppError('not_found', { detail: `no payout ${payoutId} of ${caller.companyId}` });
  const isWaiting = joined.row.status === 'pending_approval';
  const isMaker = joined.row.created_by === caller.userId;
  return {
    ...payoutOf(joined),
    timeline: timelineForClient(joined.row.timeline),
    may_approve: caller.mayApprove && isWaiting && !isMaker,
    may_cancel: mayCancelWaiting(joined.row, caller),
  };
}

function staffPayoutOf(joined: Joined & { companyName: string | null }): StaffPayout {
  return { ...payoutOf(joined), company_id: joined.row.company_id, company_name: joined.companyName ?? '' };
}

export async function staffPayout(
  handle: DbHandle,
  payoutId: string,
): Promise<StaffPayout & { timeline: StaffPayoutStep[] }> {
  const joined = isUuid(payoutId) ? await joinedPayout(handle, [eq(payouts.id, payoutId)]) : undefined;
  if (!joined) throw new AppError('not_found', { detail: `no payout ${payoutId}` });
  return { ...staffPayoutOf(joined), timeline: timelineForStaff(joined.row.timeline) };
}

/** The back office's queues: in admin review or in process oldest first; decided newest first. */
export async function payoutQueue(
  handle: DbHandle,
  request: {
    queue: 'admin_review' | 'in_process' | 'decided';
    page_size: number;
    cursor?: string | undefined;
    search?: string | undefined;
  },
): Promise<Page<StaffPayout>> {
  const after = cursorOf(request);
  // The search box: company, maker, the payee or address as it was paid (destination), the asset,
  // the amount's digits, the bank's reference, the hash and the payout's id.
  const searched = searchCondition(request.search, [
    companies.name,
    users.email,
    payouts.destination,
    payouts.asset,
    payouts.amount,
    payouts.rail_reference,
    payouts.tx_hash,
    payouts.id,
  ]);
  if (request.queue === 'decided') {
    const where = and(
      inArray(payouts.status, ['success', 'rejected', 'failed']),
      searched,
      after ? lt(payouts.id, after) : undefined,
    );
    return payoutPage(handle, where, desc(payouts.id), request.page_size, staffPayoutOf);
  }
  const where = and(eq(payouts.status, request.queue), searched, after ? gt(payouts.id, after) : undefined);
  return payoutPage(handle, where, asc(payouts.id), request.page_size, staffPayoutOf);
}
