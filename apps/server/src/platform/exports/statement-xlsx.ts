/**
 * The XLSX statement, with exceljs's streaming writer: a Summary sheet (title, company and its
 * identifiers, period, generation time, time zone, one row per asset) and a Lines sheet (a frozen
 * header row, one row per line, times in the document's zone).
 * Amounts are right-aligned text and times are date cells, and the writer waits on the sheet's zip
 * entry as well as the body: xlsx-workbook.ts says why.
 */
import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { Statement } from './statement-model.ts';
import {
  documentHeadingRows,
  formatMachineAmount,
  lineCellsFormatter,
  lineColumnKeys,
  productName,
  statementLabeller,
  summaryColumnKeys,
  wallTimeIn,
} from './statement-text.ts';
import { startWriting } from './stream-pacing.ts';
import { amountStyle, headerFont, openWorkbook, sheetPacer, timeStyle } from './xlsx-workbook.ts';

const lineColumnWidths: Readonly<Record<(typeof lineColumnKeys)[number], number>> = {
  date: 18,
  asset: 8,
  description: 24,
  reference: 38,
  credit: 24,
  debit: 24,
  balance: 24,
  settled: 12,
};
const amountColumns = new Set<string>(['credit', 'debit', 'balance']);

/** exceljs, loaded with the first XLSX: about 27 MB that a server writing none need not carry. */
export async function xlsxStatementWriter(): Promise<(statement: Statement) => Readable> {
  const { default: excel } = await import('exceljs');
  return (statement) => writeXlsxStatement(excel, statement);
}

function writeXlsxStatement(excel: typeof ExcelJS, statement: Statement): Readable {
  const { language, timeZone } = statement;
  const label = statementLabeller(statement);
  const body = new PassThrough();
  const workbook = openWorkbook(excel, body, { creator: productName(language), created: statement.generatedAt });

  startWriting(body, async () => {
    const summary = workbook.addWorksheet(label('sheets.summary'));
    summary.columns = [{ width: 24 }, ...summaryColumnKeys.slice(1).map(() => ({ width: 30, style: amountStyle }))];
    const [titleRow, ...headingRows] = documentHeadingRows(language, { ...statement, title: label('title') });
    summary.addRow(titleRow).font = headerFont;
    for (const row of headingRows) summary.addRow(row);
    summary.addRow([]);
    summary.addRow(summaryColumnKeys.map((key) => label(`summary_columns.${key}`))).font = headerFont;
    for (const asset of statement.summaries)
      summary.addRow(
        summaryColumnKeys.map((key) => (key === 'asset' ? asset.asset : formatMachineAmount(asset[key], asset.asset))),
      );
    if (statement.figures) {
      summary.addRow([]);
      summary.addRow([statement.figures.title]).font = headerFont;
      for (const figure of statement.figures.rows) summary.addRow([figure.label, figure.amount, figure.asset]);
    }
    // The summary is small; committed whole before the lines, as the zip writes one entry at a time.
    summary.commit();

    const lines = workbook.addWorksheet(label('sheets.lines'), { views: [{ state: 'frozen', ySplit: 1 }] });
    lines.columns = lineColumnKeys.map((key) => ({
      header: label(`columns.${key}`, { zone: timeZone }),
      key,
      width: lineColumnWidths[key],
      style: key === 'date' ? timeStyle : amountColumns.has(key) ? amountStyle : {},
    }));
    lines.getRow(1).font = headerFont;
    lines.getRow(1).commit();
    const keepPace = sheetPacer(lines, body);
    const cellsOf = lineCellsFormatter(language, timeZone);
    for await (const line of statement.lines) {
      // A date cell holds no zone: it shows the time in the document's zone, which the header names.
      lines.addRow([wallTimeIn(line.at, timeZone), ...cellsOf(line).slice(1)]).commit();
      await keepPace();
      // The reader went away: leaving the loop returns the lines' iterator, which ends the read.
      if (body.destroyed) return;
    }
    lines.commit();
    await workbook.commit();
  });
  return body;
}
