/**
 * Reading the history: a company's transactions newest first, filtered, a page at a time. The
 * keyset is the UUIDv7 id, whose leading 48 bits are the creation time: the date range becomes an
 * id range on the same index as the paging, so page 1,000 costs what page 1 does.
 */
import type { DigitalAsset, Network } from '@bank/contract/money';
import type {
  FiatLeg,
  LedgerMovement,
  Transaction,
  TransactionDetails,
  TransactionFilter,
  TransactionType,
} from '@bank/contract/transaction';
import { and, desc, eq, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { dayEndIn, dayStartIn, utcZone } from '../../platform/exports/statement-text.ts';
import { isUuid } from '../../platform/ids.ts';
import { formatAmountForWire, parseAmount } from '../../platform/money.ts';
import { containing } from '../../platform/search.ts';
import { movementsOfReference } from '../ledger/index.ts';
import { transactions } from './tables.ts';

type TransactionRow = typeof transactions.$inferSelect;

/** The network explorer's page of a transaction hash. */
const explorerOfNetwork: Readonly<Record<Network, string>> = {
  ERC20: 'https://etherscan.io/tx/',
  ETH: 'https://etherscan.io/tx/',
  BEP20: 'https://bscscan.com/tx/',
  TRC20: 'https://tronscan.org/#/transaction/',
  BTC: 'https://mempool.space/tx/',
};

/** The network explorer's page of a transaction hash on the network. */
export function explorerUrlOf(network: Network, txHash: string): string {
  return `${explorerOfNetwork[network]}${txHash}`;
}

function fiatLegOf(row: TransactionRow): FiatLeg | null {
  if (!row.fiat_currency || row.fiat_amount === null) return null;
  return {
    currency: row.fiat_currency as FiatLeg['currency'],
    amount: formatAmountForWire(parseAmount(row.fiat_amount), 'USD'),
    rate: row.fiat_rate === null ? null : parseAmount(row.fiat_rate).toFixed(),
    rate_at: row.fiat_rate_at?.toISOString() ?? null,
    reference: row.fiat_reference ?? '',
  };
}

function transactionOf(row: TransactionRow): Transaction {
  const asset = row.asset as DigitalAsset;
  const network = (row.network as Network | null) ?? null;
  return {
    transaction_id: row.id,
    type: row.type,
    direction: row.direction,
    asset,
    network,
    amount: formatAmountForWire(parseAmount(row.amount), asset),
    fee: formatAmountForWire(parseAmount(row.fee), asset),
    status: row.status,
    tx_hash: row.tx_hash,
    explorer_url: row.tx_hash && network ? explorerUrlOf(network, row.tx_hash) : null,
    counterparty: row.counterparty,
    fiat: fiatLegOf(row),
    confirmations:
      row.confirmations !== null && row.confirmations_required !== null
        ? { count: row.confirmations, required: row.confirmations_required }
        : null,
    // A payout's line names the payout as its source (the payouts module writes it so).
    payout_id: row.type === 'crypto_payout' || row.type === 'fiat_payout' ? row.source_id : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The smallest and the largest UUIDv7 of a millisecond: an id range for a time range. */
export function uuidBoundOf(ms: number, bound: 'lowest' | 'highest'): string {
  const time = ms.toString(16).padStart(12, '0');
  const tail = bound === 'lowest' ? '7000-8000-000000000000' : '7fff-bfff-ffffffffffff';
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-${tail}`;
}

/** An amount as a user types it to find a line: "5,000", "2 525.18", "-12.5 USDT". */
export type AmountSearch = { value: string; decimals: number };

const maxSearchDecimals = 18;

/**
 * The amount a search text stands for, or null when it is not one. Thousands separators, a sign and
 * a currency code are ignored; the decimals typed are the precision it is matched at.
 */
export function amountSearchOf(text: string): AmountSearch | null {
  const bare = text
    .trim()
    .replace(/^[A-Za-z]{3,4}\s+|\s+[A-Za-z]{3,4}$/g, '')
    .replace(/^[-+\u2212]/, '')
    .replace(/[,\s\u00a0\u202f\uff0c]/g, '');
  const match = /^(\d{1,20})(?:\.(\d{1,18}))?$/.exec(bare);
  if (!match) return null;
  const decimals = match[2]?.length ?? 0;
  return decimals > maxSearchDecimals ? null : { value: bare, decimals };
}

/**
 * A line whose amount, or its fiat leg's, shows as the typed amount at the precision typed (rounded
 * as a screen rounds it): "2525.18" finds 2525.179301 USDT, "5000" finds 5,000.00 USD.
 */
function amountMatches(search: AmountSearch): SQL | undefined {
  const { value, decimals } = search;
  return or(
    sql`round(${transactions.amount}, ${sql.raw(String(decimals))}) = ${value}::numeric`,
    sql`round(${transactions.fiat_amount}, ${sql.raw(String(decimals))}) = ${value}::numeric`,
  );
}

function conditionsOf(companyId: string, filter: TransactionFilter): SQL[] {
  const conditions: SQL[] = [eq(transactions.company_id, companyId)];
  const zone = filter.time_zone ?? utcZone;
  if (filter.from)
    conditions.push(gte(transactions.id, uuidBoundOf(dayStartIn(filter.from, zone).getTime(), 'lowest')));
  if (filter.to) conditions.push(lte(transactions.id, uuidBoundOf(dayEndIn(filter.to, zone).getTime() - 1, 'highest')));
  if (filter.type) conditions.push(eq(transactions.type, filter.type));
  if (filter.asset) conditions.push(eq(transactions.asset, filter.asset));
  if (filter.status) conditions.push(eq(transactions.status, filter.status));
  if (filter.text) {
    const pattern = containing(filter.text);
    const amountSearch = amountSearchOf(filter.text);
    const any = or(
      ilike(sql`${transactions.id}::text`, pattern),
      ilike(transactions.tx_hash, pattern),
      ilike(transactions.counterparty, pattern),
      ilike(transactions.fiat_reference, pattern),
      ...(amountSearch ? [amountMatches(amountSearch)] : []),
    );
    if (any) conditions.push(any);
  }
  return conditions;
}

export type TransactionPage = { items: Transaction[]; next_cursor: string | null };

export async function transactionPage(
  handle: DbHandle,
  companyId: string,
  request: TransactionFilter & { page_size: number; cursor?: string | undefined },
): Promise<TransactionPage> {
  const conditions = conditionsOf(companyId, request);
  if (request.cursor !== undefined) {
    if (!isUuid(request.cursor))
      throw new AppError('validation', { fields: { cursor: { key: 'validation.invalid' } } });
    conditions.push(lt(transactions.id, request.cursor));
  }
  const rows = await handle
    .select()
    .from(transactions)
    .where(and(...conditions))
    .orderBy(desc(transactions.id))
    .limit(request.page_size + 1);
  const items = rows.slice(0, request.page_size).map(transactionOf);
  return { items, next_cursor: rows.length > request.page_size ? (items.at(-1)?.transaction_id ?? null) : null };
}

/** How many lines one read of companyTransactionLines takes: what a file being written holds at once. */
const linesPerRead = 500;

/**
 * The company's lines of the given types created in [from, until), newest first, for a file of any
 * length: read a page at a time by keyset on the id (the same index as the screens' pages), each
 * page asked for only when the one before has been taken, so a slow download holds the read back.
 */
export async function* companyTransactionLines(
  handle: DbHandle,
  companyId: string,
  selection: { types: readonly TransactionType[]; from: Date; until: Date },
): AsyncGenerator<Transaction> {
  if (selection.types.length === 0) return;
  const lowest = uuidBoundOf(selection.from.getTime(), 'lowest');
  let before = uuidBoundOf(selection.until.getTime(), 'lowest');
  for (;;) {
    const rows = await handle
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.company_id, companyId),
          inArray(transactions.type, [...selection.types]),
          gte(transactions.id, lowest),
          lt(transactions.id, before),
        ),
      )
      .orderBy(desc(transactions.id))
      .limit(linesPerRead);
    for (const row of rows) yield transactionOf(row);
    const last = rows.at(-1);
    if (!last || rows.length < linesPerRead) return;
    before = last.id;
  }
}

/** One of the company's transactions; another company's id is not found, as an unknown one is. */
async function companyTransactionRow(handle: DbHandle, companyId: string, id: string): Promise<TransactionRow> {
  const [row] = isUuid(id)
    ? await handle
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, id), eq(transactions.company_id, companyId)))
    : [];
  if (!row) throw new AppError('not_found', { detail: `no transaction ${id} for the company` });
  return row;
}

export async function companyTransaction(handle: DbHandle, companyId: string, id: string): Promise<Transaction> {
  return transactionOf(await companyTransactionRow(handle, companyId, id));
}

export async function companyTransactionDetails(
  handle: DbHandle,
  companyId: string,
  id: string,
): Promise<TransactionDetails> {
  const row = await companyTransactionRow(handle, companyId, id);
  const movements: LedgerMovement[] = await movementsOfReference(handle, companyId, {
    type: row.source_type,
    id: row.source_id,
  });
  const feeKind = feeKindOfType[row.type as TransactionType];
  return {
    transaction: transactionOf(row),
    steps: row.steps,
    movements: feeKind
      ? movements.map((movement) => (movement.kind === 'fee' ? { ...movement, kind: feeKind } : movement))
      : movements,
  };
}

/**
 * What a fee movement is, by the transaction it belongs to (labels: transactions.detail.kinds): the
 * ledger posts every fee with the one kind `fee` (statements total them), but the client reads what
 * the fee was for. Types not named here show "Fee".
 */
const feeKindOfType: Partial<Record<TransactionType, string>> = {
  fiat_payout: 'payout_fee',
  crypto_payout: 'payout_fee',
  fiat_deposit: 'conversion_fee',
  fx_conversion: 'conversion_fee',
};

/**
 * For the back office (any company's): the history line of a business action with its steps, or
 * null when the action has none.
 */
export async function transactionDetailsOfSource(
  handle: DbHandle,
  source: { type: string; id: string },
): Promise<{ transaction: Transaction; steps: TransactionRow['steps'] } | null> {
  const [row] = await handle
    .select()
    .from(transactions)
    .where(and(eq(transactions.source_type, source.type), eq(transactions.source_id, source.id)));
  return row ? { transaction: transactionOf(row), steps: row.steps } : null;
}

/** For the back office (any company's): the business action a history line tells, or null for an unknown id. */
export async function sourceOfTransaction(
  handle: DbHandle,
  transactionId: string,
): Promise<{ type: string; id: string } | null> {
  if (!isUuid(transactionId)) return null;
  const [row] = await handle
    .select({ type: transactions.source_type, id: transactions.source_id })
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  return row ?? null;
}
