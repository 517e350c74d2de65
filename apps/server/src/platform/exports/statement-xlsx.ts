/**
 * The XLSX statement, with exceljs's streaming writer: a Summary sheet (title, company, period,
 * generation time, one row per asset) and a Lines sheet (a frozen header row, one row per line).
 * Every row is committed as soon as it is added, and no shared-strings table is kept (it would hold
 * every distinct text of a million lines), so a sheet's rows leave memory once written.
 *
 * Amounts are text cells aligned right, not numbers. A spreadsheet number is a binary double: ETH
 * has 18 decimals, and even a 6-decimal USDT balance above a billion has more than the 15
 * significant digits a double keeps, so a number cell would show a different amount from the
 * ledger's. Writing numbers only when they fit would mix numbers and text in one column, and SUM
 * skips text without a word: a total silently short is worse than a total that needs VALUE().
 * Times are real date cells (UTC) formatted `yyyy-mm-dd hh:mm`, so they sort and filter.
 *
 * Pacing: exceljs writes each sheet into its zip entry in 64 KB batches without looking at
 * backpressure; what the zip has not compressed yet piles up in that entry's input stream. The
 * writer therefore waits on that stream too (zipEntryInput), besides the body.
 */
import type { EventEmitter } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { Statement } from './statement-model.ts';
import {
  formatIsoMinute,
  lineCells,
  lineColumnKeys,
  neutraliseFormula,
  productName,
  statementLabel,
  summaryColumnKeys,
} from './statement-text.ts';
import { drained, startWriting } from './stream-pacing.ts';

const headerFont: Partial<ExcelJS.Font> = { bold: true };
const amountStyle: Partial<ExcelJS.Style> = { alignment: { horizontal: 'right' } };
const lineColumnWidths: Readonly<Record<(typeof lineColumnKeys)[number], number>> = {
  date: 18,
  asset: 8,
  description: 24,
  reference: 38,
  direction: 8,
  amount: 30,
  balance: 30,
  settled: 10,
};
const amountColumns = new Set<string>(['amount', 'balance']);

/** A stream of readable-stream 2 (archiver's), whose state Node's own getters do not cover. */
type BufferingStream = EventEmitter & { _writableState: { needDrain: boolean } };

function isBufferingStream(value: unknown): value is BufferingStream {
  const state = (value as { _writableState?: { needDrain?: unknown } } | undefined)?._writableState;
  return typeof state?.needDrain === 'boolean';
}

/**
 * The stream exceljs pipes the sheet's XML into: archiver's input for the sheet's zip entry. Reached
 * through exceljs's and archiver's internals (`worksheet.stream.pipes`), the only place that shows
 * how far compression lags; the test that a reader who stops reading stops the writer guards it.
 */
export function zipEntryInput(worksheet: ExcelJS.Worksheet): BufferingStream | undefined {
  const entry = (worksheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0];
  return isBufferingStream(entry) ? entry : undefined;
}

/** exceljs, loaded with the first XLSX: about 27 MB that a server writing none need not carry. */
export async function xlsxStatementWriter(): Promise<(statement: Statement) => Readable> {
  const { default: excel } = await import('exceljs');
  return (statement) => writeXlsxStatement(excel, statement);
}

function writeXlsxStatement(excel: typeof ExcelJS, statement: Statement): Readable {
  const { language } = statement;
  const label = (key: string) => statementLabel(language, key);
  const body = new PassThrough();
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: body, useStyles: true, useSharedStrings: false });
  // exceljs listens for the zip's errors only once it finalises; until then one would crash the process.
  (workbook as unknown as { zip: EventEmitter }).zip.on('error', (error: Error) => body.destroy(error));
  workbook.creator = productName(language);
  workbook.created = statement.generatedAt;

  startWriting(body, async () => {
    const summary = workbook.addWorksheet(label('sheets.summary'));
    summary.columns = [{ width: 24 }, ...summaryColumnKeys.slice(1).map(() => ({ width: 30, style: amountStyle }))];
    summary.addRow([label('title')]).font = headerFont;
    summary.addRow([productName(language)]);
    summary.addRow([label('company'), neutraliseFormula(statement.companyName)]);
    summary.addRow([label('period'), statement.period.from, statement.period.to]);
    summary.addRow([label('generated_at'), `${formatIsoMinute(statement.generatedAt)} UTC`]);
    summary.addRow([]);
    summary.addRow(summaryColumnKeys.map((key) => label(`summary_columns.${key}`))).font = headerFont;
    for (const asset of statement.summaries) summary.addRow(summaryColumnKeys.map((key) => asset[key]));
    // The summary is small; committed whole before the lines, as the zip writes one entry at a time.
    summary.commit();

    const lines = workbook.addWorksheet(label('sheets.lines'), { views: [{ state: 'frozen', ySplit: 1 }] });
    lines.columns = lineColumnKeys.map((key) => ({
      header: label(`columns.${key}`),
      key,
      width: lineColumnWidths[key],
      style: key === 'date' ? { numFmt: 'yyyy-mm-dd hh:mm' } : amountColumns.has(key) ? amountStyle : {},
    }));
    lines.getRow(1).font = headerFont;
    lines.getRow(1).commit();
    let entry: BufferingStream | undefined;
    for await (const line of statement.lines) {
      lines.addRow([line.at, ...lineCells(language, line).slice(1)]).commit();
      entry ??= zipEntryInput(lines);
      if (entry?._writableState.needDrain) await drained(entry, body);
      if (body.writableNeedDrain) await drained(body, body);
      // The reader went away: leaving the loop returns the lines' iterator, which ends the read.
      if (body.destroyed) return;
    }
    lines.commit();
    await workbook.commit();
  });
  return body;
}
