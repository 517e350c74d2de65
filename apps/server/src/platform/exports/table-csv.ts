/**
 * The CSV table: a UTF-8 byte order mark (without it Excel reads Chinese and Japanese as mojibake),
 * the heading rows (title, company, period, generation time), an empty row, the header row, then
 * one record per row, CRLF-separated as RFC 4180 has it.
 */
import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { documentHeadingRows, formatIsoMinute, utcZone } from './statement-text.ts';
import { startWriting, writePaced } from './stream-pacing.ts';
import { machineCell, type Table } from './table-model.ts';

export function writeCsvTable(table: Table): Readable {
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  const write = (record: string[]) => writePaced(csv, record);
  const zone = table.timeZone ?? utcZone;
  const timeOf = (at: Date) => formatIsoMinute(at, zone);

  startWriting(csv, async () => {
    for (const row of documentHeadingRows(table.language, table)) await write(row);
    await write([]);
    await write(table.columns.map((column) => column.header));
    for await (const row of table.rows) {
      await write(table.columns.map((column) => machineCell(column, row[column.key], timeOf)));
      // The reader went away: leaving the loop returns the rows' iterator, which ends the read.
      if (csv.destroyed) return;
    }
    csv.end();
  });
  return csv;
}
