/**
 * The CSV statement: one table for an accountant's import (RFC 4180: one header row, then one
 * record per line, CRLF, fields quoted where needed), after a UTF-8 byte order mark (without it
 * Excel reads Chinese and Japanese as mojibake). No preamble and no second table: the summary per
 * asset, the company and the period are the PDF's and the XLSX's; the file's name carries the
 * period and the date column's header the time zone. Machine-friendly cells: exact plain decimal
 * amounts under Credit or Debit, the running balance, `YYYY-MM-DD HH:mm` times, whole references;
 * labels in the reader's language.
 *
 * Everything goes through csv-stringify. The lines, up to a million of them, are given to its
 * synchronous writer a batch at a time and sent as one string: through its stream each line cost
 * about 3 KB of short-lived objects (a Buffer and a promise per record besides the fields' own),
 * and the garbage made V8 promote the page of rows being written, so the old generation grew
 * between collections.
 */
import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { Statement } from './statement-model.ts';
import { lineCellsFormatter, lineColumnKeys, statementLabeller } from './statement-text.ts';
import { startWriting, writePaced } from './stream-pacing.ts';

/** RFC 4180's CRLF; csv-stringify quotes what needs quoting (commas, quotes, line breaks in a name). */
const csvOptions = { record_delimiter: 'windows' } as const;

/** Lines per batch given to csv-stringify: about 16 KB of text, a stream's default buffer. */
const linesPerBatch = 160;

export function writeCsvStatement(statement: Statement): Readable {
  const { language, timeZone } = statement;
  const label = statementLabeller(statement);
  const body = new PassThrough();

  startWriting(body, async () => {
    const header = lineColumnKeys.map((key) => label(`columns.${key}`, { zone: timeZone }));
    await writePaced(body, stringify([header], { ...csvOptions, bom: true }));
    const cellsOf = lineCellsFormatter(language, timeZone);
    let batch: string[][] = [];
    for await (const line of statement.lines) {
      // The reader went away: leaving the loop returns the lines' iterator, which ends the read.
      if (body.destroyed) return;
      batch.push(cellsOf(line));
      if (batch.length === linesPerBatch) {
        await writePaced(body, stringify(batch, csvOptions));
        batch = [];
      }
    }
    if (batch.length > 0) await writePaced(body, stringify(batch, csvOptions));
    body.end();
  });
  return body;
}
