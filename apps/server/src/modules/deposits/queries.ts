/**
 * Deposits' reads: query functions taking the database or transaction handle first. The company's
 * coin deposits and the back office's deposits in flight (with the view the contract shows), whether
 * a company has had a deposit credited yet, a bank credit and a notice by id, and the audit entries
 * that name a deposit's records. The steps (receiving, confirming, crediting, deciding) are
 * incoming.ts's and fiat.ts's.
 */
import { type Deposit, type DepositHistory, depositPageSize } from '@bank/contract/deposit';
import type { DigitalAsset, Network } from '@bank/contract/money';
import { and, asc, desc, eq, gt, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { auditLog } from '../../platform/audit-table.ts';
import { type DbHandle, executeRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { formatAmountForWire, parseAmount } from '../../platform/money.ts';
import { auditEntriesWhere, companies } from '../account/index.ts';
import { bankCredits, depositNotices, deposits } from './tables.ts';

export type DepositRow = typeof deposits.$inferSelect;
export type NoticeRow = typeof depositNotices.$inferSelect;
export type CreditRow = typeof bankCredits.$inferSelect;
type AuditEntry = DepositHistory['audit'][number];

export function depositOf(row: DepositRow): Deposit {
  const asset = row.asset as DigitalAsset;
  return {
    deposit_id: row.id,
    asset,
    network: row.network as Network,
    amount: formatAmountForWire(parseAmount(row.amount), asset),
    status: row.status,
    confirmations: row.confirmations,
    confirmations_required: row.confirmations_required,
    tx_hash: row.tx_hash,
    seen_at: row.seen_at.toISOString(),
    credited_at: row.credited_at?.toISOString() ?? null,
  };
}

/** The company's deposits, newest first, a page after `after` (keyset on the time-ordered id). */
export async function depositPage(
  handle: DbHandle,
  companyId: string,
  after: string | undefined,
): Promise<{ items: Deposit[]; next: string | null }> {
  const rows = await handle
    .select()
    .from(deposits)
    .where(and(eq(deposits.company_id, companyId), after ? lt(deposits.id, after) : sql`true`))
    .orderBy(desc(deposits.id))
    .limit(depositPageSize + 1);
  const items = rows.slice(0, depositPageSize).map(depositOf);
  return { items, next: rows.length > depositPageSize ? (items.at(-1)?.deposit_id ?? null) : null };
}

/** Deposits still confirming or held for a decision, every company's, oldest first (the back office's view). */
export async function depositsInFlightPage(
  handle: DbHandle,
  request: { page_size: number; cursor?: string | undefined },
): Promise<{ items: (Deposit & { company: { company_id: string; name: string } })[]; next_cursor: string | null }> {
  if (request.cursor !== undefined && !isUuid(request.cursor))
    throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } } });
  const rows = await handle
    .select({ deposit: deposits, name: companies.name })
    .from(deposits)
    .innerJoin(companies, eq(companies.id, deposits.company_id))
    .where(
      and(
        inArray(deposits.status, ['in_process', 'admin_review']),
        request.cursor ? gt(deposits.id, request.cursor) : sql`true`,
      ),
    )
    .orderBy(asc(deposits.id))
    .limit(request.page_size + 1);
  const shown = rows.slice(0, request.page_size);
  return {
    items: shown.map((row) => ({
      ...depositOf(row.deposit),
      company: { company_id: row.deposit.company_id, name: row.name ?? '' },
    })),
    next_cursor: rows.length > request.page_size ? (shown.at(-1)?.deposit.id ?? null) : null,
  };
}

/** No deposit, coin or fiat, has been credited to the company yet. */
export async function isFirstDeposit(handle: DbHandle, companyId: string): Promise<boolean> {
  const rows = await executeRows(
    handle,
    sql`select 1 from ${deposits} where ${deposits.company_id} = ${companyId} and ${deposits.status} = 'success'
        union all
        select 1 from ${bankCredits} where ${bankCredits.company_id} = ${companyId} and ${bankCredits.status} = 'credited'
        limit 1`,
  );
  return rows.length === 0;
}

export async function bankCreditRow(handle: DbHandle, creditId: string): Promise<CreditRow> {
  const [row] = await handle.select().from(bankCredits).where(eq(bankCredits.id, creditId));
  if (!row) throw new Error(`bank credit ${creditId} not found`);
  return row;
}

/** The most audit entries one history shows (a deposit gathers a handful). */
const auditEntriesMax = 100;

export async function noticeById(handle: DbHandle, id: string): Promise<NoticeRow | null> {
  const [row] = await handle.select().from(depositNotices).where(eq(depositNotices.id, id));
  return row ?? null;
}

/** A notice's transfer: the latest one matched to it. */
export async function creditOfNotice(handle: DbHandle, noticeId: string): Promise<CreditRow | null> {
  const [row] = await handle
    .select()
    .from(bankCredits)
    .where(eq(bankCredits.notice_id, noticeId))
    .orderBy(desc(bankCredits.id))
    .limit(1);
  return row ?? null;
}

/** Audit entries whose detail names one of the records (its id under `key`), since the deposit began. */
export async function auditEntriesAbout(
  handle: DbHandle,
  names: { key: string; id: string }[],
  since: Date,
): Promise<AuditEntry[]> {
  const naming: SQL[] = names.map(({ key, id }) => sql`${auditLog.detail} ->> ${key} = ${id}`);
  const anyName = or(...naming);
  if (!anyName) return [];
  return auditEntriesWhere(handle, {
    where: and(gte(auditLog.at, since), anyName),
    order: 'oldest_first',
    limit: auditEntriesMax,
  });
}
