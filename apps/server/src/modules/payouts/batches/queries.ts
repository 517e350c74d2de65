/**
 * Reads and writes of batch payouts: the company's destinations a file may name, a batch and its
 * rows (locked for a change), and the batch as the wire shows it: rows with their translated
 * errors, quotes and payouts, and totals per asset.
 */
import type { Language } from '@bank/contract/constants';
import type { DigitalAsset, Network } from '@bank/contract/money';
import type {
  PayoutBatch,
  PayoutBatchRow,
  PayoutBatchRowState,
  PayoutBatchSummary,
  PayoutBatchTotal,
} from '@bank/contract/payout-batches';
import { translate } from '@bank/i18n/resources';
import { and, asc, desc, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { isUuid } from '../../../platform/ids.ts';
import { formatAmountForWire, type MoneyValue, parseAmount } from '../../../platform/money.ts';
import { users } from '../../account/index.ts';
import { mayCancelWaiting } from '../actor.ts';
import { availableOf, type QuoteRow } from '../quotes.ts';
import { payees, payoutAddresses, payoutQuotes, payouts } from '../tables.ts';
import { payoutBatches, payoutBatchRows } from './tables.ts';

export type BatchRow = typeof payoutBatches.$inferSelect;
export type BatchLine = typeof payoutBatchRows.$inferSelect;
export type NewBatchLine = typeof payoutBatchRows.$inferInsert;

/** The company's saved payees and addresses (not deleted): what a file's rows may name. */
export type CompanyDestinations = {
  payees: { id: string; beneficiary_name: string; account_number: string; currency: string }[];
  addresses: { id: string; name: string; address: string; asset: DigitalAsset; network: Network }[];
};

export async function companyDestinations(handle: DbHandle, companyId: string): Promise<CompanyDestinations> {
  const payeeRows = await handle
    .select({
      id: payees.id,
      beneficiary_name: payees.beneficiary_name,
      account_number: payees.account_number,
      currency: payees.currency,
    })
    .from(payees)
    .where(and(eq(payees.company_id, companyId), isNull(payees.deleted_at)));
  const addressRows = await handle
    .select({
      id: payoutAddresses.id,
      name: payoutAddresses.name,
      address: payoutAddresses.address,
      asset: payoutAddresses.asset,
      network: payoutAddresses.network,
    })
    .from(payoutAddresses)
    .where(and(eq(payoutAddresses.company_id, companyId), isNull(payoutAddresses.deleted_at)));
  return {
    payees: payeeRows,
    addresses: addressRows.map((row) => ({
      ...row,
      asset: row.asset as DigitalAsset,
      network: row.network as Network,
    })),
  };
}

export async function insertBatch(handle: DbHandle, values: typeof payoutBatches.$inferInsert): Promise<BatchRow> {
  const [row] = await handle.insert(payoutBatches).values(values).returning();
  if (!row) throw new Error('batch not written');
  return row;
}

/** Writes a batch's rows, a few hundred a statement (a statement's parameters are limited). */
export async function insertBatchLines(handle: DbHandle, lines: NewBatchLine[]): Promise<void> {
  for (let start = 0; start < lines.length; start += 200)
    await handle.insert(payoutBatchRows).values(lines.slice(start, start + 200));
}

/** The company's batch, locked for a change when asked; not found when it is another company's. */
export async function batchOf(
  handle: DbHandle,
  companyId: string,
  batchId: string,
  options: { isLocked?: boolean } = {},
): Promise<BatchRow> {
  const query = handle
    .select()
    .from(payoutBatches)
    .where(and(eq(payoutBatches.id, batchId), eq(payoutBatches.company_id, companyId)));
  const [row] = isUuid(batchId) ? await (options.isLocked ? query.for('update') : query) : [];
  if (!row) throw new AppError('not_found', { detail: `no batch ${batchId} of company ${companyId}` });
  return row;
}

export function linesOf(handle: DbHandle, batchId: string): Promise<BatchLine[]> {
  return handle
    .select()
    .from(payoutBatchRows)
    .where(eq(payoutBatchRows.batch_id, batchId))
    .orderBy(asc(payoutBatchRows.line));
}

export async function lineOf(handle: DbHandle, batchId: string, line: number): Promise<BatchLine> {
  const [row] = await handle
    .select()
    .from(payoutBatchRows)
    .where(and(eq(payoutBatchRows.batch_id, batchId), eq(payoutBatchRows.line, line)));
  if (!row) throw new AppError('not_found', { detail: `no line ${line} in batch ${batchId}` });
  return row;
}

export async function updateLine(
  handle: DbHandle,
  batchId: string,
  line: number,
  set: Partial<NewBatchLine>,
): Promise<void> {
  await handle
    .update(payoutBatchRows)
    .set(set)
    .where(and(eq(payoutBatchRows.batch_id, batchId), eq(payoutBatchRows.line, line)));
}

export async function deleteLine(handle: DbHandle, batchId: string, line: number): Promise<void> {
  await handle
    .delete(payoutBatchRows)
    .where(and(eq(payoutBatchRows.batch_id, batchId), eq(payoutBatchRows.line, line)));
}

export async function updateBatch(
  handle: DbHandle,
  batchId: string,
  set: Partial<typeof payoutBatches.$inferInsert>,
): Promise<BatchRow> {
  const [row] = await handle.update(payoutBatches).set(set).where(eq(payoutBatches.id, batchId)).returning();
  if (!row) throw new Error('batch not updated');
  return row;
}

export async function quotesOf(handle: DbHandle, lines: BatchLine[]): Promise<Map<string, QuoteRow>> {
  const ids = lines.flatMap((line) => (line.quote_id ? [line.quote_id] : []));
  const rows = ids.length > 0 ? await handle.select().from(payoutQuotes).where(inArray(payoutQuotes.id, ids)) : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/** Per asset, the amounts and fees of the rows' quotes. */
export function totalsOf(quotes: Iterable<QuoteRow>): Map<DigitalAsset, { amount: MoneyValue; fee: MoneyValue }> {
  const totals = new Map<DigitalAsset, { amount: MoneyValue; fee: MoneyValue }>();
  for (const quote of quotes) {
    const asset = quote.asset as DigitalAsset;
    const total = totals.get(asset) ?? { amount: parseAmount('0'), fee: parseAmount('0') };
    totals.set(asset, {
      amount: total.amount.plus(parseAmount(quote.amount)),
      fee: total.fee.plus(parseAmount(quote.fee)),
    });
  }
  return totals;
}

async function payoutStates(handle: DbHandle, lines: BatchLine[]) {
  const ids = lines.flatMap((line) => (line.payout_id ? [line.payout_id] : []));
  const rows =
    ids.length > 0
      ? await handle
          .select({ id: payouts.id, kind: payouts.kind, status: payouts.status })
          .from(payouts)
          .where(inArray(payouts.id, ids))
      : [];
  return new Map(rows.map((row) => [row.id, row]));
}

async function userNames(handle: DbHandle, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = wanted.length
    ? await handle.select({ id: users.id, name: users.full_name }).from(users).where(inArray(users.id, wanted))
    : [];
  return new Map(rows.map((row) => [row.id, row.name]));
}

const endedPayoutStatuses = new Set(['failed', 'rejected', 'cancelled']);

function stateOf(batch: BatchRow, line: BatchLine, payoutStatus: string | undefined): PayoutBatchRowState {
  if (line.errors.length > 0) return 'invalid';
  if (batch.status === 'pending_approval') return 'waiting';
  if (batch.status !== 'approved') return 'valid';
  if (payoutStatus !== undefined) return endedPayoutStatuses.has(payoutStatus) ? 'failed' : 'paid';
  return line.failure ? 'failed' : 'waiting';
}

export type BatchReader = {
  userId: string;
  language: Language;
  now: Date;
  mayApprove: boolean;
  /** The company's administrator may cancel any batch waiting for approval. */
  isAdministrator: boolean;
  hasOtherApprover: boolean;
};

type LineFacts = {
  quote: QuoteRow | undefined;
  payout: { id: string; kind: 'crypto' | 'fiat'; status: string } | undefined;
};

function rowOf(batch: BatchRow, line: BatchLine, facts: LineFacts, reader: BatchReader): PayoutBatchRow {
  const { quote, payout } = facts;
  const state = stateOf(batch, line, payout?.status);
  const asset = (quote?.asset as DigitalAsset | undefined) ?? null;
  const failure = line.failure
    ? [{ field: 'row' as const, message: translate(reader.language, line.failure.key, line.failure.params) }]
    : [];
  return {
    line: line.line,
    fields: line.fields,
    state,
    errors: [
      ...line.errors.map((error) => ({
        field: error.field as PayoutBatchRow['errors'][number]['field'],
        message: translate(reader.language, error.message.key, error.message.params),
      })),
      ...(state === 'failed' ? failure : []),
    ],
    destination: null,
    asset,
    network: quote?.network ?? null,
    amount: quote && asset ? formatAmountForWire(parseAmount(quote.amount), asset) : null,
    fee: quote && asset ? formatAmountForWire(parseAmount(quote.fee), asset) : null,
    receive_amount: quote ? parseAmount(quote.receive_amount).toFixed() : null,
    receive_currency: quote?.receive_currency ?? null,
    rate: quote?.rate ? parseAmount(quote.rate).toFixed() : null,
    payout: payout ? { payout_id: payout.id, kind: payout.kind, status: payout.status as never } : null,
    is_retryable: state === 'failed' && batch.status === 'approved',
  };
}

/** The destinations' names and details, for the rows that resolved to one. */
async function destinationsOf(handle: DbHandle, lines: BatchLine[]) {
  const payeeIds = lines.flatMap((line) => (line.payee_id ? [line.payee_id] : []));
  const addressIds = lines.flatMap((line) => (line.address_id ? [line.address_id] : []));
  const payeeRows = payeeIds.length
    ? await handle
        .select({ id: payees.id, name: payees.beneficiary_name, detail: payees.account_number })
        .from(payees)
        .where(inArray(payees.id, payeeIds))
    : [];
  const addressRows = addressIds.length
    ? await handle
        .select({ id: payoutAddresses.id, name: payoutAddresses.name, detail: payoutAddresses.address })
        .from(payoutAddresses)
        .where(inArray(payoutAddresses.id, addressIds))
    : [];
  return new Map([...payeeRows, ...addressRows].map((row) => [row.id, row]));
}

async function totalsView(
  handle: DbHandle,
  batch: BatchRow,
  quotes: QuoteRow[],
  now: Date,
): Promise<PayoutBatchTotal[]> {
  const totals: PayoutBatchTotal[] = [];
  for (const [asset, total] of totalsOf(quotes)) {
    const available = await availableOf(handle, batch.company_id, asset, now);
    totals.push({
      asset,
      amount: formatAmountForWire(total.amount, asset),
      fee: formatAmountForWire(total.fee, asset),
      total: formatAmountForWire(total.amount.plus(total.fee), asset),
      available: formatAmountForWire(available, asset),
    });
  }
  return totals;
}

/** The batch as the wire shows it to `reader`. */
export async function batchView(handle: DbHandle, batch: BatchRow, reader: BatchReader): Promise<PayoutBatch> {
  const lines = await linesOf(handle, batch.id);
  const quotes = await quotesOf(handle, lines);
  const payoutRows = await payoutStates(handle, lines);
  const destinations = await destinationsOf(handle, lines);
  const names = await userNames(handle, [batch.created_by, batch.decided_by]);
  const rows = lines.map((line) => {
    const row = rowOf(
      batch,
      line,
      {
        quote: line.quote_id ? quotes.get(line.quote_id) : undefined,
        payout: line.payout_id ? payoutRows.get(line.payout_id) : undefined,
      },
      reader,
    );
    const destination = destinations.get(line.payee_id ?? line.address_id ?? '');
    if (destination && line.kind) row.destination = { kind: line.kind, ...destination };
    return row;
  });
  const goodQuotes = lines.flatMap((line) => {
    const quote = line.errors.length === 0 && line.quote_id ? quotes.get(line.quote_id) : undefined;
    return quote ? [quote] : [];
  });
  const expiries = goodQuotes.map((quote) => quote.expires_at.getTime());
  return {
    ...summaryOf(batch, rows, names),
    totals: await totalsView(handle, batch, goodQuotes, reader.now),
    fiat_asset: batch.fiat_asset,
    sender_account_name: batch.sender_account_name,
    quote_expires_at:
      batch.status === 'draft' && expiries.length > 0 ? new Date(Math.min(...expiries)).toISOString() : null,
    needs_approval: batch.needs_approval ?? false,
    has_other_approver: reader.hasOtherApprover,
    decided_by:
      batch.decided_at && batch.decided_by
        ? { name: names.get(batch.decided_by) ?? '', at: batch.decided_at.toISOString(), reason: batch.decision_reason }
        : null,
    may_approve: reader.mayApprove && batch.status === 'pending_approval' && batch.created_by !== reader.userId,
    may_cancel: mayCancelWaiting(batch, reader),
    rows,
  };
}

function summaryOf(
  batch: BatchRow,
  rows: { state: PayoutBatchRowState }[],
  names: Map<string, string>,
): PayoutBatchSummary {
  return {
    batch_id: batch.id,
    status: batch.status,
    file_name: batch.file_name,
    row_count: rows.length,
    invalid_count: rows.filter((row) => row.state === 'invalid').length,
    failed_count: rows.filter((row) => row.state === 'failed').length,
    totals: [],
    created_by: { user_id: batch.created_by, name: names.get(batch.created_by) ?? '' },
    created_at: batch.created_at.toISOString(),
    submitted_at: batch.submitted_at?.toISOString() ?? null,
  };
}

/** A page of the company's batches (newest first, or those waiting for approval, oldest first). */
export async function batchPage(
  handle: DbHandle,
  companyId: string,
  request: { page_size: number; cursor?: string | undefined },
  options: { isPendingApproval?: boolean } = {},
): Promise<{ items: PayoutBatchSummary[]; next_cursor: string | null }> {
  const after = request.cursor && isUuid(request.cursor) ? request.cursor : undefined;
  const isPending = options.isPendingApproval === true;
  const rows = await handle
    .select()
    .from(payoutBatches)
    .where(
      and(
        eq(payoutBatches.company_id, companyId),
        isPending ? eq(payoutBatches.status, 'pending_approval') : undefined,
        after ? (isPending ? gt(payoutBatches.id, after) : lt(payoutBatches.id, after)) : undefined,
      ),
    )
    .orderBy(isPending ? asc(payoutBatches.id) : desc(payoutBatches.id))
    .limit(request.page_size + 1);
  const pageRows = rows.slice(0, request.page_size);
  const names = await userNames(
    handle,
    pageRows.map((row) => row.created_by),
  );
  const items: PayoutBatchSummary[] = [];
  for (const batch of pageRows) {
    const lines = await linesOf(handle, batch.id);
    const payoutRows = await payoutStates(handle, lines);
    const quotes = await quotesOf(handle, lines);
    const states = lines.map((line) => ({
      state: stateOf(batch, line, line.payout_id ? payoutRows.get(line.payout_id)?.status : undefined),
    }));
    const good = lines.flatMap((line) =>
      line.errors.length === 0 && line.quote_id ? [quotes.get(line.quote_id)] : [],
    );
    const totals = [...totalsOf(good.filter((quote): quote is QuoteRow => quote !== undefined))].map(
      ([asset, total]) => ({
        asset,
        amount: formatAmountForWire(total.amount, asset),
        fee: formatAmountForWire(total.fee, asset),
        total: formatAmountForWire(total.amount.plus(total.fee), asset),
      }),
    );
    items.push({ ...summaryOf(batch, states, names), totals });
  }
  return { items, next_cursor: rows.length > request.page_size ? (pageRows.at(-1)?.id ?? null) : null };
}

/** Whether a row may be paid again: no payout was made of it, or its payout ended unpaid. */
export async function isLineRetryable(handle: DbHandle, line: BatchLine): Promise<boolean> {
  if (!line.payout_id) return line.failure !== null;
  const [row] = await handle.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, line.payout_id));
  return row !== undefined && endedPayoutStatuses.has(row.status);
}
