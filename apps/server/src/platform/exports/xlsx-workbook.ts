/**
 * What the XLSX writers share (the statement's and the table's), around exceljs's streaming
 * writer: the workbook opened on the reader's stream, the cell styles, and the pacing of a sheet.
 *
 * Every row is committed as soon as it is added, and no shared-strings table is kept (it would hold
 * every distinct text of a million rows), so a sheet's rows leave memory once written.
 *
 * Amounts are text cells aligned right, not numbers. A spreadsheet number is a binary double: ETH
 * has 18 decimals, and even a 6-decimal USDT balance above a billion has more than the 15
 * significant digits a double keeps, so a number cell would show a different amount from the
 * ledger's. Writing numbers only when they fit would mix numbers and text in one column, and SUM
 * skips text without a word: a total silently short is worse than a total that needs VALUE().
 * Times are real date cells (UTC) formatted `yyyy-mm-dd hh:mm`, so they sort and filter.
 *
 * Pacing: exceljs writes each sheet into its zip entry in 64 KB batches without looking at
 * backpressure; what the zip has not compressed yet piles up in that entry's input stream. A writer
 * therefore waits on that stream too (zipEntryInput), besides the body.
 */
import type { EventEmitter } from 'node:events';
import type { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { drained } from './stream-pacing.ts';

export const headerFont: Partial<ExcelJS.Font> = { bold: true };
export const amountStyle: Partial<ExcelJS.Style> = { alignment: { horizontal: 'right' } };
export const timeStyle: Partial<ExcelJS.Style> = { numFmt: 'yyyy-mm-dd hh:mm' };

/** A stream of readable-stream 2 (archiver's), whose state Node's own getters do not cover. */
type BufferingStream = EventEmitter & { _writableState: { needDrain: boolean } };

function isBufferingStream(value: unknown): value is BufferingStream {
  const state = (value as { _writableState?: { needDrain?: unknown } } | undefined)?._writableState;
  return typeof state?.needDrain === 'boolean';
}

/**
 * The stream exceljs pipes the sheet's XML into: archiver's input for the sheet's zip entry. Reached
 * through exceljs's and archiver's internals (`worksheet.stream.pipes`), the only place that shows
 * how far compression lags; the tests that a reader who stops reading stops the writer guard it.
 */
export function zipEntryInput(worksheet: ExcelJS.Worksheet): BufferingStream | undefined {
  const entry = (worksheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0];
  return isBufferingStream(entry) ? entry : undefined;
}

/** A streaming workbook written into `body`, styles on, shared strings off; a zip error destroys the body. */
export function openWorkbook(
  excel: typeof ExcelJS,
  body: PassThrough,
  properties: { creator: string; created: Date },
): ExcelJS.stream.xlsx.WorkbookWriter {
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: body, useStyles: true, useSharedStrings: false });
  // exceljs listens for the zip's errors only once it finalises; until then one would crash the process.
  (workbook as unknown as { zip: EventEmitter }).zip.on('error', (error: Error) => body.destroy(error));
  workbook.creator = properties.creator;
  workbook.created = properties.created;
  return workbook;
}

/**
 * Waits, after a committed row, while the sheet's zip entry or the body can take no more. The zip
 * entry exists once the sheet's first rows are written, so it is looked for until found.
 */
export function sheetPacer(sheet: ExcelJS.Worksheet, body: PassThrough): () => Promise<void> {
  let entry: BufferingStream | undefined;
  return async () => {
    entry ??= zipEntryInput(sheet);
    if (entry?._writableState.needDrain) await drained(entry, body);
    if (body.writableNeedDrain) await drained(body, body);
  };
}
