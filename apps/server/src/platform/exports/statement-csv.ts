/**
 * The CSV statement: a UTF-8 byte order mark (without it Excel reads Chinese and Japanese as
 * mojibake), header rows (title, company, period, generation time), the summary per asset, then the
 * lines. Machine-friendly: amounts as plain decimal strings, times `YYYY-MM-DD HH:mm` UTC, whole
 * references; labels in the reader's language.
 */
import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Statement } from './statement-model.ts';
import { documentHeadingRows, lineCells, lineColumnKeys, statementLabel, summaryColumnKeys } from './statement-text.ts';
import { startWriting, writePaced } from './stream-pacing.ts';

export function writeCsvStatement(statement: Statement): Readable {
  const { language } = statement;
  const label = (key: string) => statementLabel(language, key);
  // RFC 4180's CRLF; csv-stringify quotes what needs quoting (commas, quotes, line breaks in a name).
  const csv = stringify({ bom: true, record_delimiter: 'windows' });

  const write = (record: string[]) => writePaced(csv, record);

  startWriting(csv, async () => {
    for (const row of documentHeadingRows(language, { ...statement, title: label('title') })) await write(row);
    await write([]);
    await write([label('summary')]);
    await write(summaryColumnKeys.map((key) => label(`summary_columns.${key}`)));
    for (const summary of statement.summaries) await write(summaryColumnKeys.map((key) => summary[key]));
    await write([]);
    await write(lineColumnKeys.map((key) => label(`columns.${key}`)));
    for await (const line of statement.lines) {
      await write(lineCells(language, line));
      // The reader went away: leaving the loop returns the lines' iterator, which ends the read.
      if (csv.destroyed) return;
    }
    csv.end();
  });
  return csv;
}
