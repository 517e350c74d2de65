/**
 * The XLSX table, with exceljs's streaming writer: one sheet laid out as the CSV (the heading rows,
 * an empty row, the header row, frozen, then the rows). Amounts are right-aligned text, times date
 * cells, and the writer waits on the sheet's zip entry as well as the body: xlsx-workbook.ts.
 */
import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { documentHeadingRows, productName, utcZone, wallTimeIn } from './statement-text.ts';
import { startWriting } from './stream-pacing.ts';
import { machineCell, type Table, type TableColumn } from './table-model.ts';
import { amountStyle, headerFont, openWorkbook, sheetPacer, timeStyle } from './xlsx-workbook.ts';

/** exceljs, loaded with the first XLSX: about 27 MB that a server writing none need not carry. */
export async function xlsxTableWriter(): Promise<(table: Table) => Readable> {
  const { default: excel } = await import('exceljs');
  return (table) => writeXlsxTable(excel, table);
}

/** Excel refuses a sheet name over 31 characters or with any of : \ / ? * [ ]. */
function sheetNameOf(title: string): string {
  return title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
}

function columnStyle(column: TableColumn): Partial<ExcelJS.Style> {
  if (column.kind === 'time') return timeStyle;
  return column.align === 'right' ? amountStyle : {};
}

function writeXlsxTable(excel: typeof ExcelJS, table: Table): Readable {
  const { language } = table;
  const body = new PassThrough();
  const workbook = openWorkbook(excel, body, { creator: productName(language), created: table.generatedAt });

  startWriting(body, async () => {
    const headingRows = documentHeadingRows(language, table);
    const headerRowNumber = headingRows.length + 2;
    const sheet = workbook.addWorksheet(sheetNameOf(table.title), {
      views: [{ state: 'frozen', ySplit: headerRowNumber }],
    });
    sheet.columns = table.columns.map((column) => ({
      key: column.key,
      width: column.width,
      style: columnStyle(column),
    }));
    headingRows.forEach((cells, index) => {
      const row = sheet.addRow(cells);
      // The columns' styles are the table's; the heading's label and values read from the left.
      row.alignment = { horizontal: 'left' };
      if (index === 0) row.font = headerFont;
    });
    sheet.addRow([]);
    const header = sheet.addRow(table.columns.map((column) => column.header));
    header.font = headerFont;
    const keepPace = sheetPacer(sheet, body);
    const zone = table.timeZone ?? utcZone;
    for await (const row of table.rows) {
      sheet
        .addRow(table.columns.map((column) => machineCell(column, row[column.key], (at) => wallTimeIn(at, zone))))
        .commit();
      await keepPace();
      // The reader went away: leaving the loop returns the rows' iterator, which ends the read.
      if (body.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  });
  return body;
}
