/**
 * Statement writers: a company's statement of a period as PDF, CSV or XLSX, in the reader's
 * language, streamed in constant memory whatever the number of lines.
 *
 * How memory stays flat:
 * - The summaries (one per asset) are known up front; the lines arrive as an async iterable that the
 *   caller reads from the database a page at a time. No writer collects them.
 * - Each writer pulls the next line only while the stream it hands back can take more
 *   (stream-pacing.ts), so a slow download holds the database read back instead of filling memory:
 *   - CSV: the lines are written into the body in batches of about its buffer's size, and the
 *     writer waits while the body is full (statement-csv.ts says why not through csv-stringify's
 *     stream, which writes the heading).
 *   - PDF: pdfkit writes each page out when the next one starts; the writer lets the event loop
 *     turn once per page (so the page reaches the body) and waits while the body is full. pdfkit's
 *     page tree and per-word layout cache would grow with every page and every distinct amount;
 *     both are trimmed on each page (pdf-page.ts).
 *   - XLSX: every row is committed as it is added and no shared-strings table is kept; exceljs
 *     feeds the zip without regard to backpressure, so the writer also waits on the zip entry's
 *     input (xlsx-workbook.ts).
 *   Measured with a million lines, the live heap stays level in each format (25 MB for CSV and
 *   XLSX, 30 MB for the PDF, whose cross-reference table and page tree keep one object number per
 *   page: about 1.5 MB more per million lines, which the PDF format needs at its end).
 * - A reader that goes away stops the writer, which returns the lines' iterator (closing the
 *   database read); a failing line source destroys the body, so a truncated file never looks whole.
 *
 * Formats: CSV and XLSX are for machines (plain decimal strings, `YYYY-MM-DD HH:mm` UTC times, whole
 * references); the PDF is for people (DECISIONS.md's dates, amounts with separators at the asset's
 * display decimals, one CJK font for every language so that the layout never changes).
 */
import type { Readable } from 'node:stream';
import type { ExportFormat } from '@bank/contract/transaction';
import type { Statement } from './statement-model.ts';
import { contentTypeOfFormat, type ExportFile, periodFileName } from './statement-text.ts';

export type {
  Statement,
  StatementFigures,
  StatementIdentifier,
  StatementLine,
} from './statement-model.ts';

type Writer = (statement: Statement) => Readable;

/**
 * Each format's writer, loaded on its first use: pdfkit with its fonts and exceljs hold about 60 MB
 * once loaded, which a server that writes only CSV, or none, need not carry.
 */
const writers: Readonly<Record<ExportFormat, () => Promise<Writer>>> = {
  csv: async () => (await import('./statement-csv.ts')).writeCsvStatement,
  xlsx: async () => (await import('./statement-xlsx.ts')).xlsxStatementWriter(),
  pdf: async () => (await import('./statement-pdf.ts')).pdfStatementWriter(),
};

/**
 * Starts writing the statement and answers at once with the stream to send. The lines are read as
 * the stream is read; an error of the lines' source destroys the stream with that error.
 */
export async function writeStatement(format: ExportFormat, statement: Statement): Promise<ExportFile> {
  const write = await writers[format]();
  return {
    fileName: periodFileName('statement', format, statement.period),
    contentType: contentTypeOfFormat[format],
    body: write(statement),
  };
}
