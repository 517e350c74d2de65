/**
 * The back office's ledger explorer (system admins): accounts with their balances, the bank's own
 * first; transfers newest first, of one account or all; and the invariant check, run on demand.
 */
import type { LedgerAccountLine, LedgerCheck, LedgerTransferLine } from '@bank/contract/ledger';
import type { Asset } from '@bank/contract/money';
import { and, asc, desc, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import { type DbHandle, executeRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { formatAmountForWire, parseAmount } from '../../platform/money.ts';
import { companies } from '../account/index.ts';
import { checkLedgerInvariants } from './invariants.ts';
import { type LedgerAccountKind, ledgerAccounts, ledgerTransfers } from './tables.ts';

function checkedCursor(cursor: string | undefined): string | undefined {
  if (cursor !== undefined && !isUuid(cursor))
    throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } } });
  return cursor;
}

const amountOf = (value: string, asset: string) => formatAmountForWire(parseAmount(value), asset as Asset);

/** Accounts ordered by (is a company's, id): the bank's own accounts come first. */
export async function ledgerAccountPage(
  handle: DbHandle,
  request: {
    kind?: LedgerAccountKind | undefined;
    asset?: Asset | undefined;
    cursor?: string | undefined;
    page_size: number;
  },
): Promise<{ items: LedgerAccountLine[]; next_cursor: string | null }> {
  const conditions: SQL[] = [];
  if (request.kind) conditions.push(eq(ledgerAccounts.kind, request.kind));
  if (request.asset) conditions.push(eq(ledgerAccounts.asset, request.asset));
  const isCompanys = sql<boolean>`(${ledgerAccounts.company_id} is not null)`;
  const cursor = checkedCursor(request.cursor);
  if (cursor) {
    const [after] = await handle
      .select({ company_id: ledgerAccounts.company_id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, cursor));
    const afterIsCompanys = after?.company_id != null;
    const next = afterIsCompanys
      ? and(sql`${isCompanys}`, gt(ledgerAccounts.id, cursor))
      : or(sql`${isCompanys}`, gt(ledgerAccounts.id, cursor));
    if (next) conditions.push(next);
  }
  const rows = await handle
    .select({ account: ledgerAccounts, name: companies.name })
    .from(ledgerAccounts)
    .leftJoin(companies, eq(companies.id, ledgerAccounts.company_id))
    .where(and(...conditions))
    .orderBy(asc(isCompanys), asc(ledgerAccounts.id))
    .limit(request.page_size + 1);
  const shown = rows.slice(0, request.page_size);
  return {
    items: shown.map(({ account, name }) => ({
      account_id: account.id,
      kind: account.kind,
      asset: account.asset,
      rail: account.rail,
      company: account.company_id ? { company_id: account.company_id, name: name ?? '' } : null,
      balance: amountOf(account.balance, account.asset),
      held: amountOf(account.held, account.asset),
      available: amountOf(parseAmount(account.balance).minus(account.held).toFixed(), account.asset),
      version: account.version,
    })),
    next_cursor: rows.length > request.page_size ? (shown.at(-1)?.account.id ?? null) : null,
  };
}

export async function ledgerTransferPage(
  handle: DbHandle,
  request: { account_id?: string | undefined; cursor?: string | undefined; page_size: number },
): Promise<{ items: LedgerTransferLine[]; next_cursor: string | null }> {
  const conditions: SQL[] = [];
  if (request.account_id !== undefined) {
    if (!isUuid(request.account_id)) throw new AppError('not_found', { detail: `no account ${request.account_id}` });
    const either = or(
      eq(ledgerTransfers.debit_account_id, request.account_id),
      eq(ledgerTransfers.credit_account_id, request.account_id),
    );
    if (either) conditions.push(either);
  }
  const cursor = checkedCursor(request.cursor);
  if (cursor) conditions.push(lt(ledgerTransfers.id, cursor));
  const rows = await handle
    .select()
    .from(ledgerTransfers)
    .where(and(...conditions))
    .orderBy(desc(ledgerTransfers.id))
    .limit(request.page_size + 1);
  const shown = rows.slice(0, request.page_size);
  return {
    items: shown.map((row) => ({
      transfer_id: row.id,
      kind: row.kind,
      asset: row.asset,
      amount: amountOf(row.amount, row.asset),
      state: row.state,
      debit_account_id: row.debit_account_id,
      credit_account_id: row.credit_account_id,
      reference_type: row.reference_type,
      reference_id: row.reference_id,
      created_at: row.created_at.toISOString(),
      resolved_at: row.resolved_at?.toISOString() ?? null,
    })),
    next_cursor: rows.length > request.page_size ? (shown.at(-1)?.id ?? null) : null,
  };
}

export async function runLedgerCheck(handle: DbHandle, now: Date): Promise<LedgerCheck> {
  const breaches = await checkLedgerInvariants(handle);
  const [counts] = await executeRows<{ accounts: number; transfers: number }>(
    handle,
    sql`select (select count(*) from ledger_accounts)::int as accounts, (select count(*) from ledger_transfers)::int as transfers`,
  );
  return {
    breaches,
    checked_at: now.toISOString(),
    accounts: counts?.accounts ?? 0,
    transfers: counts?.transfers ?? 0,
  };
}
