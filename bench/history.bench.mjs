/**
 * The history and the statement at depth: one company with 1,000,000 history lines and
 * 1,000,000 ledger entries on PostgreSQL.
 * - The history page through the product's transactionPage, at page 1 and after row 999,980: the
 *   database time of the statement it sends (EXPLAIN ANALYZE, median of 30; goal under 5 ms at any
 *   depth) and the call's own time.
 * - The statement of the month with every entry, written through the product's writer as CSV, XLSX
 *   and PDF to nowhere, each in a process of its own: the peak resident memory (goal for CSV under
 *   150 MB), its size and time.
 *
 * PostgreSQL: BENCH_DATABASE_URL, or the machine's at 127.0.0.1:5432, database bench_history (made
 * anew each run).
 * Set BENCH_HISTORY_ROWS to measure at another depth.
 */
import { bundleServerScript, freshDatabase, runServerScript } from './support.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_history';
const rows = Number(process.env.BENCH_HISTORY_ROWS ?? 1_000_000);

export async function run() {
  await freshDatabase(databaseUrl);
  const bundle = await bundleServerScript('history-load');
  await runServerScript(bundle, ['setup', databaseUrl, String(rows)]);
  const { first, deep } = JSON.parse(await runServerScript(bundle, ['page', databaseUrl, String(rows)]));
  const figures = {
    history_rows: rows,
    history_page_1_database_ms: first.database_ms,
    history_page_deep_database_ms: deep.database_ms,
    history_page_1_call_ms: first.call_ms,
    history_page_deep_call_ms: deep.call_ms,
  };
  for (const format of ['csv', 'xlsx', 'pdf']) {
    const result = JSON.parse(await runServerScript(bundle, ['export', databaseUrl, format]));
    Object.assign(figures, {
      [`statement_${format}_peak_rss_mb`]: result.peak_rss_mb,
      [`statement_${format}_start_rss_mb`]: result.start_rss_mb,
      [`statement_${format}_peak_heap_mb`]: result.peak_heap_mb,
      [`statement_${format}_lines`]: result.newlines,
      [`statement_${format}_megabytes`]: Math.round(result.bytes / 1e5) / 10,
      [`statement_${format}_seconds`]: result.seconds,
    });
  }
  return figures;
}
