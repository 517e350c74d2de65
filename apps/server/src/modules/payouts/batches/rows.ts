/**
 * A batch's file and its rows: the CSV read with csv-parse (fixed English headers, limits on size
 * and rows), and each row checked as a single payout is: the single payout's quote request schema
 * (calcCryptoPayout / calcFiatPayout), its instructions' schema (purpose, remarks), its quote
 * figures (limits, fee, rate: quotes.ts) and its destination checks (the company's, past its
 * cooling period: submission.ts). A row's errors are catalogue keys, translated when read.
 */
import { type DigitalAsset, digitalAssets, fiatCurrencies, type Network } from '@bank/contract/money';
import {
  type PayoutBatchColumn,
  type PayoutBatchRowFields,
  PayoutBatchRowInstructions,
  payoutBatchColumns,
  payoutBatchLimits,
} from '@bank/contract/payout-batches';
import { calcCryptoPayout, calcFiatPayout, type PayoutKind } from '@bank/contract/payouts';
import { fieldMessages, type MessageRef } from '@bank/contract/validation';
import { parse } from 'csv-parse/sync';
import type { DbHandle } from '../../../platform/db.ts';
import { AppError, isAppError } from '../../../platform/errors.ts';
import type { PayoutActor } from '../actor.ts';
import { cryptoQuoteOf, fiatQuoteOf, insertQuote, type NewQuote, type QuoteRow } from '../quotes.ts';
import { destinationOf } from '../submission.ts';
import type { CompanyDestinations } from './queries.ts';
import type { StoredRowError } from './tables.ts';

function fileError(key: string, params?: MessageRef['params']): AppError {
  return new AppError('validation', { fields: { csv: { key, ...(params ? { params } : {}) } } });
}

/** A header as the file may write it: any case, spaces around. */
const headerOf = (value: string) => value.trim().toLowerCase();

/**
 * The file's rows with their line numbers (the header is line 1). Refuses a file over the size or
 * row limits, one csv-parse cannot read, and one whose header lacks a column or names another.
 */
export function parseBatchCsv(text: string): { line: number; fields: PayoutBatchRowFields }[] {
  if (Buffer.byteLength(text, 'utf8') > payoutBatchLimits.maxCsvBytes)
    throw fileError('payouts.batch.errors.file_too_large', { size: `${payoutBatchLimits.maxCsvBytes / 1024} KB` });
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      to: payoutBatchLimits.maxRows + 2,
      max_record_size: 4096,
    });
  } catch {
    throw fileError('payouts.batch.errors.file_unreadable');
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map(headerOf);
  const missing = payoutBatchColumns.filter((column) => column !== 'remarks' && !columns.includes(column));
  const unknown = columns.filter((column) => !(payoutBatchColumns as readonly string[]).includes(column));
  if (missing.length > 0 || unknown.length > 0 || new Set(columns).size !== columns.length)
    throw fileError('payouts.batch.errors.file_columns', { columns: payoutBatchColumns.join(', ') });
  if (rows.length === 0) throw fileError('payouts.batch.errors.file_empty');
  if (rows.length > payoutBatchLimits.maxRows)
    throw fileError('payouts.batch.errors.too_many_rows', { max: payoutBatchLimits.maxRows });
  return rows.map((record, index) => {
    const cell = (column: PayoutBatchColumn) => (record[columns.indexOf(column)] ?? '').trim();
    return {
      line: index + 2,
      fields: {
        payee: cell('payee').slice(0, 200),
        amount: cell('amount').slice(0, 60),
        currency: cell('currency').slice(0, 20),
        purpose: cell('purpose').slice(0, 60),
        remarks: cell('remarks').slice(0, 400),
      },
    };
  });
}

type Found = { kind: 'crypto'; id: string; asset: DigitalAsset; network: Network } | { kind: 'fiat'; id: string };

function errorsOfFields(fields: Record<string, MessageRef>, column: PayoutBatchColumn): StoredRowError[] {
  return Object.entries(fields).map(([field, message]) => ({
    field: (payoutBatchColumns as readonly string[]).includes(field) ? field : column,
    message,
  }));
}

/** A refusal of the single payout's checks as the row's error, on the column it concerns. */
function errorsOfRefusal(error: unknown, column: PayoutBatchColumn): StoredRowError[] {
  if (!isAppError(error) || error.key === 'rates_stale') throw error;
  if (error.fields) return errorsOfFields(error.fields, 'amount');
  const message: MessageRef =
    error.key === 'not_found'
      ? { key: 'payouts.batch.errors.no_destination' }
      : { key: error.messageKey, ...(error.params ? { params: error.params as MessageRef['params'] } : {}) };
  return [{ field: column, message }];
}

/** The saved payee or address the row names (by id, address or account number, or name) in its currency. */
function findDestination(
  destinations: CompanyDestinations,
  fields: PayoutBatchRowFields,
): { found: Found } | { error: StoredRowError } {
  const currency = fields.currency.toUpperCase();
  const text = fields.payee.trim();
  const lower = text.toLowerCase();
  const accountNumber = text.replace(/[\s-]+/g, '').toUpperCase();
  if (text.length === 0) return { error: { field: 'payee', message: { key: 'validation.required' } } };
  let matches: Found[];
  if ((digitalAssets as readonly string[]).includes(currency)) {
    matches = destinations.addresses
      .filter((entry) => entry.asset === currency)
      .filter(
        (entry) => entry.id === text || entry.address.toLowerCase() === lower || entry.name.toLowerCase() === lower,
      )
      .map((entry) => ({ kind: 'crypto', id: entry.id, asset: entry.asset, network: entry.network }));
  } else if ((fiatCurrencies as readonly string[]).includes(currency)) {
    matches = destinations.payees
      .filter((entry) => entry.currency === currency)
      .filter(
        (entry) =>
          entry.id === text || entry.account_number === accountNumber || entry.beneficiary_name.toLowerCase() === lower,
      )
      .map((entry) => ({ kind: 'fiat', id: entry.id }));
  } else {
    return { error: { field: 'currency', message: { key: 'payouts.batch.errors.currency_unknown' } } };
  }
  const [first] = matches;
  if (!first)
    return { error: { field: 'payee', message: { key: 'payouts.batch.errors.no_destination', params: { currency } } } };
  if (matches.length > 1)
    return { error: { field: 'payee', message: { key: 'payouts.batch.errors.several_destinations' } } };
  return { found: first };
}

/** A purpose as a person may write it ("Supplier payment") read as the contract's value. */
const purposeOf = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** The row's quote figures through the single payout's request schema and quote rules. */
async function quoteOfRow(
  handle: DbHandle,
  actor: PayoutActor,
  found: Found,
  fields: PayoutBatchRowFields,
  fiatAsset: 'USDC' | 'USDT',
): Promise<{ quote: NewQuote } | { errors: StoredRowError[] }> {
  const amount = fields.amount.trim();
  const parsed =
    found.kind === 'crypto'
      ? calcCryptoPayout.request.safeParse({ asset: found.asset, network: found.network, amount })
      : calcFiatPayout.request.safeParse({ asset: fiatAsset, payee_id: found.id, receive_amount: amount });
  if (!parsed.success) return { errors: errorsOfFields(fieldMessages(parsed.error), 'amount') };
  try {
    if (found.kind === 'crypto')
      return { quote: cryptoQuoteOf({ asset: found.asset, network: found.network, amount }) };
    return {
      quote: await fiatQuoteOf(handle, actor, { asset: fiatAsset, payee_id: found.id, receive_amount: amount }),
    };
  } catch (error) {
    return { errors: errorsOfRefusal(error, 'amount') };
  }
}

/** The single payout's checks of the destination (cooling period) against the row's quote. */
async function destinationErrors(
  handle: DbHandle,
  actor: PayoutActor,
  found: Found,
  quote: QuoteRow,
  sender: string,
): Promise<StoredRowError[]> {
  const instructions = { quote_id: quote.id, purpose: 'other' as const, sender_account_name: sender, remarks: '' };
  try {
    await destinationOf(
      handle,
      actor,
      found.kind === 'crypto'
        ? { kind: 'crypto', body: { ...instructions, address_id: found.id } }
        : { kind: 'fiat', body: { ...instructions, payee_id: found.id } },
      quote,
    );
    return [];
  } catch (error) {
    return errorsOfRefusal(error, 'payee');
  }
}

/**
 * Checks a row as a single payout would be checked, and keeps its quote when it passes: answers
 * the row's errors (none when it is good), its destination and its quote's id.
 */
export async function checkRow(
  handle: DbHandle,
  actor: PayoutActor,
  batch: { fiat_asset: 'USDC' | 'USDT'; sender_account_name: string },
  destinations: CompanyDestinations,
  fields: PayoutBatchRowFields,
): Promise<{
  errors: StoredRowError[];
  kind: PayoutKind | null;
  destinationId: string | null;
  quoteId: string | null;
}> {
  const errors: StoredRowError[] = [];
  const instructions = PayoutBatchRowInstructions.safeParse({
    purpose: purposeOf(fields.purpose),
    remarks: fields.remarks,
  });
  if (!instructions.success) errors.push(...errorsOfFields(fieldMessages(instructions.error), 'purpose'));
  const destination = findDestination(destinations, fields);
  if ('error' in destination)
    return { errors: [destination.error, ...errors], kind: null, destinationId: null, quoteId: null };
  const { found } = destination;
  const quoted = await quoteOfRow(handle, actor, found, fields, batch.fiat_asset);
  if ('errors' in quoted)
    return { errors: [...quoted.errors, ...errors], kind: found.kind, destinationId: found.id, quoteId: null };
  if (errors.length > 0) return { errors, kind: found.kind, destinationId: found.id, quoteId: null };
  const quote = await insertQuote(handle, actor, quoted.quote);
  const refusals = await destinationErrors(handle, actor, found, quote, batch.sender_account_name);
  return {
    errors: refusals,
    kind: found.kind,
    destinationId: found.id,
    quoteId: refusals.length > 0 ? null : quote.id,
  };
}
