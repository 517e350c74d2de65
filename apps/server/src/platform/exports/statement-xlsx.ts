/**
 * The XLSX statement, with exceljs's streaming writer: a Summary sheet (title, company, period,
 * generation time, one row per asset) and a Lines sheet (a frozen header row, one row per line).
 * Amounts are right-aligned text and times are date cells, and the writer waits on the sheet's zip
 * entry as well as the body: xlsx-workbook.ts says why.
 */
import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { Statement } from './statement-model.ts';
import {
  documentHeadingRows,
  lineCellsFormatter,
  lineColumnKeys,
  productName,
  statementLabeller,
  summaryColumnKeys,
} from './statement-text.ts';
import { startWriting } from './stream-pacing.ts';
import { amountStyle, headerFont, openWorkbook, sheetPacer, timeStyle } from './xlsx-workbook.ts';

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

/** exceljs, loaded with the first XLSX: about 27 MB that a server writing none need not carry. */
export async function xlsxStatementWriter(): Promise<(statement: Statement) => Readable> {
  const { default: excel } = await import('exceljs');
  return (statement) => writeXlsxStatement(excel, statement);
}

function writeXlsxStatement(excel: typeof ExcelJS, statement: Statement): Readable {
  const { language } = statement;
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
    for (const asset of statement.summaries) summary.addRow(summaryColumnKeys.map((key) => asset[key]));
    // The summary is small; committed whole before the lines, as the zip writes one entry at a time.
    summary.commit();

    const lines = workbook.addWorksheet(label('sheets.lines'), { views: [{ state: 'frozen', ySplit: 1 }] });
    lines.columns = lineColumnKeys.map((key) => ({
      header: label(`columns.${key}`),
      key,
      width: lineColumnWidths[key],
      style: key === 'date' ? timeStyle : amountColumns.has(key) ? amountStyle : {},
    }));
    lines.getRow(1).font = headerFont;
    lines.getRow(1).commit();
    const keepPace = sheetPacer(lines, body);
    const cellsOf = lineCellsFormatter(language);
    for await (const line of statement.lines) {
      lines.addRow([line.at, ...cellsOf(line).slice(1)]).commit();
      await keepPace();
      // The reader went away: leaving the loop returns the lines' iterator, which ends the read.
      if (body.destroyed) return;
    }
    lines.commit();
    await workbook.commit();
  });
  return body;
}
