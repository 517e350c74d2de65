/**
 * The product side of the history and export benchmarks (bench/history.bench.mjs bundles and runs it):
 *
 *   setup URL ROWS          migrates, then gives one company ROWS history lines (one a second,
 *                           ending now) and ROWS ledger entries on its USDC account (a deposit a
 *                           second, in the current month, with their running balances)
 *   page URL ROWS           the product's transactionPage at page 1 and at the page after row
 *                           ROWS - 20 (keyset), each 30 times: the database time of its statement
 *                           (EXPLAIN ANALYZE of the SQL the product sent) and the call's time.
 *                           Prints {"first": {...}, "deep": {...}}
 *   export URL FORMAT       writes the company's statement of the month (every entry) through the
 *                           product's statement writer to nowhere; prints its lines, bytes, seconds
 *                           and the process's peak resident memory in MB
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportFormat } from '@bank/contract/transaction';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { transactionPage } from '../src/modules/transactions/queries.ts';
import { statementFile } from '../src/modules/transactions/statement.ts';
import type { AppDatabase } from '../src/platform/db.ts';
import { openDatabase } from '../src/platform/db.ts';

const [command = '', url = '', ...rest] = process.argv.slice(2);
const companyCode = 'bench-history';

async function companyId(client: pg.Client | pg.Pool): Promise<string> {
  const { rows } = await client.query<{ id: string }>('select id from companies where ci_code = $1', [companyCode]);
  if (!rows[0]) throw new Error('run setup first');
  return rows[0].id;
}

async function setup(count: number) {
  const database = await openDatabase({ dataDir: '', databaseUrl: url });
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`delete from ledger_transfers where idempotency_key like 'bench-history-%'`);
    await client.query(
      `delete from ledger_accounts where company_id in (select id from companies where ci_code = $1)`,
      [companyCode],
    );
    await client.query(`delete from transactions where company_id in (select id from companies where ci_code = $1)`, [
      companyCode,
    ]);
    await client.query('delete from companies where ci_code = $1', [companyCode]);
    await client.query(
      `insert into companies (id, name, ci_code, kyc_status, created_at) values (gen_random_uuid(), 'Bench History Ltd', $1, 'kyc_approved', now())`,
      [companyCode],
    );
    const id = await companyId(client);
    // UUIDv7 ids of one line a second up to now: the product's keyset order.
    await client.query(
      `insert into transactions (id, company_id, type, direction, asset, network, amount, fee, status, tx_hash,
         source_type, source_id, steps, created_at, updated_at)
       select (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-7' || substr(r, 1, 3) || '-8' || substr(r, 4, 3) || '-' || substr(r, 7, 12))::uuid,
         $1, 'crypto_deposit', 'credit', 'USDT', 'TRC20', (i % 1000) + 0.5, 0, 'success', r || r,
         'bench', i::text, '[]'::jsonb, t, t
       from (select i, to_timestamp(extract(epoch from now()) - ($2::int - i)) as t,
               lpad(to_hex((extract(epoch from now()) * 1000)::bigint - ($2::bigint - i) * 1000), 12, '0') as h,
               md5(i::text) as r
             from generate_series(1, $2::int) as i) lines`,
      [id, count],
    );
    await client.query(
      `insert into ledger_accounts (id, company_id, asset, kind, rail, balance, created_at)
       values (gen_random_uuid(), $1, 'USDC', 'customer', '', 0, now())`,
      [id],
    );
    // Entries of the current month: a deposit of 1.5 USDC every second from its first day on, each a
    // posted transfer from a clearing account (whose own side the statement does not read).
    await client.query(
      `insert into ledger_transfers (id, idempotency_key, request_hash, kind, asset, debit_account_id, credit_account_id,
         amount, state, reference_type, reference_id, created_at, resolved_at,
         debit_at, debit_balance_after, credit_at, credit_balance_after)
       select gen_random_uuid(), 'bench-history-' || i, '', 'deposit', 'USDC', gen_random_uuid(), a.id, 1.5, 'posted',
         'bench', i::text, t, t, t, -1.5 * i, t, 1.5 * i
       from ledger_accounts a, generate_series(1, $2::int) as i,
         lateral (select date_trunc('month', now()) + i * interval '1 second' as t) times
       where a.company_id = $1`,
      [id, count],
    );
    await client.query('commit');
    await client.query('vacuum analyze transactions, ledger_transfers');
  } finally {
    await client.end();
  }
}

async function databaseMs(pool: pg.Pool, query: { sql: string; params: unknown[] }): Promise<number> {
  const { rows } = await pool.query<{ 'QUERY PLAN': [{ 'Execution Time': number; 'Planning Time': number }] }>(
    `explain (analyze, format json) ${query.sql}`,
    query.params,
  );
  const plan = rows[0]?.['QUERY PLAN'][0];
  return (plan?.['Execution Time'] ?? 0) + (plan?.['Planning Time'] ?? 0);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function pages(count: number) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const sent: { sql: string; params: unknown[] }[] = [];
  const db = drizzle({
    client: pool,
    logger: { logQuery: (sql, params) => sent.push({ sql, params }) },
  }) as unknown as AppDatabase;
  const id = await companyId(pool);
  const { rows } = await pool.query<{ id: string }>(
    'select id from transactions where company_id = $1 order by id desc offset $2 limit 1',
    [id, count - 21],
  );
  const deepCursor = rows[0]?.id;
  async function measure(cursor: string | undefined) {
    const callMs: number[] = [];
    const dbMs: number[] = [];
    for (let round = 0; round < 30; round += 1) {
      sent.length = 0;
      const started = performance.now();
      const page = await transactionPage(db, id, { page_size: 20, ...(cursor ? { cursor } : {}) });
      callMs.push(performance.now() - started);
      if (page.items.length !== 20) throw new Error(`a page of ${page.items.length} lines`);
      const statement = sent.at(-1);
      if (statement) dbMs.push(await databaseMs(pool, statement));
    }
    return { database_ms: Math.round(median(dbMs) * 1000) / 1000, call_ms: Math.round(median(callMs) * 100) / 100 };
  }
  const first = await measure(undefined);
  const deep = await measure(deepCursor);
  await pool.end();
  console.log(JSON.stringify({ first, deep }));
}

async function exportStatement(format: ExportFormat) {
  // What the process holds before writing: Node, the bundle and its libraries.
  const startRssMb = Math.round(process.memoryUsage().rss / 1_048_576);
  let peakHeap = 0;
  let peakBuffers = 0;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakHeap = Math.max(peakHeap, usage.heapUsed);
    peakBuffers = Math.max(peakBuffers, usage.arrayBuffers);
  }, 50);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle({ client: pool }) as unknown as AppDatabase;
  const id = await companyId(pool);
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  const started = performance.now();
  const file = await statementFile(
    db,
    { companyId: id, language: 'en' },
    { format, from, to, asset: 'USDC' },
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  );
  let bytes = 0;
  let newlines = 0;
  await pipeline(
    file.body,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) newlines += 1;
        done();
      },
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await pool.end();
  console.log(
    JSON.stringify({
      bytes,
      newlines,
      seconds: Math.round(seconds * 10) / 10,
      start_rss_mb: startRssMb,
      peak_heap_mb: Math.round(peakHeap / 1_048_576),
      peak_buffers_mb: Math.round(peakBuffers / 1_048_576),
      peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}

if (command === 'setup') await setup(Number(rest[0]));
else if (command === 'page') await pages(Number(rest[0]));
else if (command === 'export') await exportStatement(rest[0] as ExportFormat);
else throw new Error(`unknown command ${command}`);
