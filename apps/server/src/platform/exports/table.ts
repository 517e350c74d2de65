/**
 * Table writers: a plain table of a period (the company's deposits, ...) as PDF, CSV or XLSX, in
 * the reader's language, streamed in constant memory whatever the number of rows, as the statement
 * writers are (statement.ts says how; this shares their pacing, pages, workbook and text helpers).
 *
 * Layout: a heading (title, company, period, generation time), then one header row and the rows.
 * - CSV: a byte order mark, the heading rows, an empty row, the header and the rows.
 * - XLSX: one sheet laid out as the CSV, its header row frozen; amounts are right-aligned text and
 *   times date cells (xlsx-workbook.ts says why).
 * - PDF: A4, turned landscape when the columns need the width, the header row repeated on every
 *   page, "Page n" in the footer, the one CJK font of every PDF.
 * CSV and XLSX are for machines (plain decimal strings, `YYYY-MM-DD HH:mm` UTC, whole ids, free
 * text neutralised against formulas); the PDF is for people (display dates and amounts, ids short).
 */

import type { Readable } from 'node:stream';
import type { ExportFormat } from '@bank/contract/transaction';
import { contentTypeOfFormat, type ExportFile, periodFileName } from './statement-text.ts';
import type { Table } from './table-model.ts';

export type { Table, TableColumn, TableRow } from './table-model.ts';

type Writer = (table: Table) => Readable;

/** Each format's writer, loaded on its first use, as the statement's are (pdfkit and exceljs are large). */
const writers: Readonly<Record<ExportFormat, () => Promise<Writer>>> = {
  csv: async () => (await import('./table-csv.ts')).writeCsvTable,
  xlsx: async () => (await import('./table-xlsx.ts')).xlsxTableWriter(),
  pdf: async () => (await import('./table-pdf.ts')).pdfTableWriter(),
};

/**
 * Starts writing the table and answers at once with the stream to send. The rows are read as the
 * stream is read; an error of the rows' source destroys the stream with that error, and a reader
 * that goes away stops the writer, which returns the rows' iterator.
 */
export async function writeTable(format: ExportFormat, table: Table): Promise<ExportFile> {
  const write = await writers[format]();
  return {
    fileName: periodFileName(table.fileName, format, table.period),
    contentType: contentTypeOfFormat[format],
    body: write(table),
  };
}
