/**
 * deposit/download: the company's deposit record of a period, its coin and fiat deposits newest
 * first with their status, fee, hash and reference, written as a table (platform/exports/table.ts)
 * in PDF, CSV or XLSX in the caller's language. The lines are read from the history a page at a
 * time as the file is written, so a record of any length holds one page in memory.
 */
import type { Language } from '@bank/contract/constants';
import type { ExportFormat, Transaction, TransactionType } from '@bank/contract/transaction';
import { translate } from '@bank/i18n/resources';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../platform/db.ts';
import { type Table, type TableColumn, type TableRow, writeTable } from '../../platform/exports/table.ts';
import { type FileReply, fileReply } from '../../platform/route.ts';
import { companies } from '../account/index.ts';
import { companyTransactionLines } from '../transactions/index.ts';

/** The history's types that are deposits. */
export const depositTypes: readonly TransactionType[] = ['crypto_deposit', 'fiat_deposit'];

const dayMs = 86_400_000;

type DepositColumn = Omit<TableColumn, 'header'>;

/** The record's columns; each header is `statement.deposits.columns.<key>`. */
const depositColumns: readonly DepositColumn[] = [
  { key: 'date', align: 'left', width: 18, kind: 'time' },
  { key: 'type', align: 'left', width: 15 },
  { key: 'asset', align: 'left', width: 6 },
  { key: 'rail', align: 'left', width: 10 },
  { key: 'fiat_amount', align: 'right', width: 12, kind: 'amount', assetKey: 'rail' },
  { key: 'amount', align: 'right', width: 16, kind: 'amount', assetKey: 'asset' },
  { key: 'fee', align: 'right', width: 10, kind: 'amount', assetKey: 'asset' },
  { key: 'status', align: 'left', width: 14 },
  { key: 'tx_hash', align: 'left', width: 66, kind: 'identifier' },
  { key: 'reference', align: 'left', width: 12 },
  { key: 'counterparty', align: 'left', width: 20 },
  { key: 'transaction_id', align: 'left', width: 38, kind: 'identifier' },
];

/** One deposit as the record's row: the network for coins, the currency and amount sent for fiat. */
function depositRow(language: Language, deposit: Transaction): TableRow {
  return {
    date: new Date(deposit.created_at),
    type: translate(language, `statement.deposits.types.${deposit.type}`),
    asset: deposit.asset,
    rail: deposit.network ?? deposit.fiat?.currency ?? null,
    fiat_amount: deposit.fiat?.amount ?? null,
    amount: deposit.amount,
    fee: deposit.fee,
    status: translate(language, `states.transaction.${deposit.status}`),
    tx_hash: deposit.tx_hash,
    reference: deposit.fiat?.reference || null,
    counterparty: deposit.counterparty,
    transaction_id: deposit.transaction_id,
  };
}

/** The deposit record as the table writers take it: its title, columns and rows in the reader's language. */
export function depositRecord(
  language: Language,
  heading: { companyName: string; period: { from: string; to: string }; generatedAt: Date },
  deposits: AsyncIterable<Transaction>,
): Table {
  async function* rows(): AsyncGenerator<TableRow> {
    for await (const deposit of deposits) yield depositRow(language, deposit);
  }
  return {
    language,
    title: translate(language, 'statement.deposits.title'),
    ...heading,
    fileName: 'deposits',
    columns: depositColumns.map((column) => ({
      ...column,
      header: translate(language, `statement.deposits.columns.${column.key}`),
    })),
    emptyMessage: translate(language, 'statement.deposits.empty'),
    rows: rows(),
  };
}

export async function depositRecordFile(
  handle: DbHandle,
  caller: { companyId: string; language: Language },
  request: { format: ExportFormat; from: string; to: string },
  now: Date,
): Promise<FileReply> {
  const { language } = caller;
  // A period that reaches today ends now: a deposit that arrives while the file is written is left
  // for the next one rather than appearing at the top of a file already half sent.
  const until = new Date(Math.min(Date.parse(request.to) + dayMs, now.getTime()));
  const [company] = await handle
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, caller.companyId));
  async function* deposits(): AsyncGenerator<Transaction> {
    const selection = { types: depositTypes, from: new Date(Date.parse(request.from)), until };
    yield* companyTransactionLines(handle, caller.companyId, selection);
  }
  const file = await writeTable(
    request.format,
    depositRecord(
      language,
      { companyName: company?.name ?? '', period: { from: request.from, to: request.to }, generatedAt: now },
      deposits(),
    ),
  );
  return fileReply(file.fileName, file.contentType, file.body);
}
