/**
 * The table as the table writers take it: a document heading, columns known up front, rows
 * streamed. Its own file so that the writers and table.ts, which re-exports it, import it without a
 * cycle. Also the cells as CSV and XLSX write them, which the two share.
 */
import type { Language } from '@bank/contract/constants';
import { type DocumentHeading, neutraliseFormula } from './statement-text.ts';

export type TableColumn = {
  /** The row's key of the column's cells. */
  key: string;
  /** In the reader's language. */
  header: string;
  align: 'left' | 'right';
  /** How wide, in characters: the XLSX column's width and the column's share of the PDF page. */
  width: number;
  /**
   * text (the default): neutralised against spreadsheet formulas in CSV and XLSX.
   * time: a Date cell, in the heading's `timeZone` (UTC when absent); `YYYY-MM-DD HH:mm` in CSV, a
   *   date cell in XLSX, DECISIONS.md's dates in the PDF.
   * amount: a decimal string, never neutralised (a minus sign stays); text in XLSX; at the display
   *   decimals of the row's `assetKey` in the PDF.
   * identifier: an id or a hash, whole in CSV and XLSX, its tail in the PDF.
   */
  kind?: 'text' | 'time' | 'amount' | 'identifier';
  /** For an amount: the row's key of its asset or currency (USDT, ETH, USD), which sets the PDF's decimals. */
  assetKey?: string;
};

/** A time cell is a Date; an empty cell is null or missing. */
export type TableCell = string | Date | null;
export type TableRow = Readonly<Record<string, TableCell | undefined>>;

export type Table = DocumentHeading & {
  language: Language;
  /** The file's name before its period: `deposits` makes `deposits-2026-11-01-to-2026-11-30.csv`. */
  fileName: string;
  columns: readonly TableColumn[];
  /** The PDF's sentence in place of rows when there are none. */
  emptyMessage: string;
  /** May be a million rows: read once, as the reader takes the file, never collected. */
  rows: AsyncIterable<TableRow>;
};

/**
 * A cell for a machine (CSV, XLSX): amounts as they are, free text neutralised, and a time as
 * `timeOf` writes it (CSV text, an XLSX date cell).
 */
export function machineCell<Time>(
  column: TableColumn,
  value: TableCell | undefined,
  timeOf: (at: Date) => Time,
): string | Time {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return timeOf(value);
  return column.kind === 'amount' ? value : neutraliseFormula(value);
}
