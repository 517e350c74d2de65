/**
 * The PDF table, with pdfkit: the document's heading (pdf-page.ts), then the header row and the
 * rows, the header repeated at the top of every page the table runs onto. The page is A4 portrait,
 * or landscape when the columns' widths need more than a portrait page's width; the columns share
 * the page's width in proportion to their widths in characters.
 */
import { PassThrough, type Readable } from 'node:stream';
import type { Language } from '@bank/contract/constants';
import type PDFDocument from 'pdfkit';
import {
  cellPaddingPoints,
  contentWidthOf,
  openPdfDocument,
  type PageLayout,
  type PdfColumn,
  PdfPage,
  rowHeightPoints,
  tableFontPoints,
} from './pdf-page.ts';
import { formatDisplayAmount, formatDisplayDateTime, productName, shortReference, utcZone } from './statement-text.ts';
import { startWriting } from './stream-pacing.ts';
import type { Table, TableColumn, TableRow } from './table-model.ts';

/**
 * An id or a hash shows its last 8 characters after an ellipsis (shortReference): room for 12 of the
 * table's average characters, hexadecimal digits being wider than most text.
 */
const identifierCharacters = 12;
/**
 * The average advance of the table's text as a share of the font's size: 0.52 measured on Noto Sans
 * Hans over dates, amounts and English words (a Chinese or Japanese character is 1, and counts as two).
 */
const characterWidthEms = 0.52;

/** The width a column asks for in the PDF: its characters at the table's font, and its padding. */
function wantedPointsOf(column: TableColumn): number {
  const characters = column.kind === 'identifier' ? Math.min(column.width, identifierCharacters) : column.width;
  return characters * characterWidthEms * tableFontPoints + 2 * cellPaddingPoints;
}

/** Portrait when the columns fit its width, landscape otherwise. */
export function layoutOfColumns(columns: readonly TableColumn[]): PageLayout {
  const wantedPoints = columns.reduce((sum, column) => sum + wantedPointsOf(column), 0);
  return wantedPoints <= contentWidthOf('portrait') ? 'portrait' : 'landscape';
}

/**
 * The columns stretched (or, past a landscape page, squeezed) in proportion to fill the page's
 * width. A squeezed cell is cut with an ellipsis on the left and made smaller on the right, so an
 * amount never loses a digit.
 */
function pdfColumnsOf(columns: readonly TableColumn[], contentWidthPoints: number): PdfColumn[] {
  const wantedPoints = columns.reduce((sum, column) => sum + wantedPointsOf(column), 0);
  return columns.map((column) => ({
    widthPoints: (contentWidthPoints * wantedPointsOf(column)) / wantedPoints,
    align: column.align,
  }));
}

/** A row's cells for people: display dates and amounts, ids by their tail. */
function displayCells(language: Language, zone: string, columns: readonly TableColumn[], row: TableRow): string[] {
  return columns.map((column) => {
    const value = row[column.key];
    if (value === null || value === undefined) return '';
    if (value instanceof Date) return formatDisplayDateTime(value, language, zone);
    if (column.kind === 'identifier') return shortReference(value);
    if (column.kind === 'amount' && column.assetKey !== undefined) {
      const asset = row[column.assetKey];
      return typeof asset === 'string' ? formatDisplayAmount(value, asset, language) : value;
    }
    return value;
  });
}

/** pdfkit, loaded with the first PDF: it and its fonts hold about 30 MB that a server writing none need not carry. */
export async function pdfTableWriter(): Promise<(table: Table) => Readable> {
  const { default: pdfDocument } = await import('pdfkit');
  return (table) => writePdfTable(pdfDocument, table);
}

function writePdfTable(pdfDocument: typeof PDFDocument, table: Table): Readable {
  const { language } = table;
  const body = new PassThrough();
  const doc = openPdfDocument(pdfDocument, body, {
    language,
    title: `${table.title} ${table.period.from} – ${table.period.to}`,
    createdAt: table.generatedAt,
  });
  const layout = layoutOfColumns(table.columns);
  const page = new PdfPage(doc, { language, footer: `${productName(language)} · ${table.companyName}`, layout });
  const columns = pdfColumnsOf(table.columns, page.contentWidthPoints);
  const headers = table.columns.map((column) => column.header);

  startWriting(body, async () => {
    page.openDocument(table);
    page.tableHeader(columns, headers);
    let isEmpty = true;
    for await (const row of table.rows) {
      isEmpty = false;
      if (!page.ensureRoom(rowHeightPoints)) page.tableHeader(columns, headers);
      page.row(columns, displayCells(language, table.timeZone ?? utcZone, table.columns, row));
      await page.keepPace(body);
      // The reader went away: leaving the loop returns the rows' iterator, which ends the read.
      if (body.destroyed) return;
    }
    if (isEmpty) page.sentenceRow(table.emptyMessage);
    doc.end();
  });
  return body;
}
