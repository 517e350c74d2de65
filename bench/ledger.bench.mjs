/**
 * Ledger transfers/s: the product's ledger.transfer beside the raw-SQL baseline of
 * ../shared/bench/ledger-baseline.sh, on the same PostgreSQL in the same run, at 16 and 64 clients
 * and on one hot account (every transfer debits the same account). Each side makes the same
 * double-entry transfer of 1.25 USDC between random accounts of 100,000, one transaction each;
 * both are driven from two processes (pgbench -j 2; two Node processes with half the clients each).
 * The invariant check runs after the product's runs.
 *
 * PostgreSQL: BENCH_DATABASE_URL, or the machine's at 127.0.0.1:5432, database bench_ledger (made
 * anew each run). pgbench comes with the PostgreSQL server's packages.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleServerScript, freshDatabase, runServerScript } from './support.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_ledger';
const baselineDir = resolve('../shared/bench');
const accounts = 100_000;
const seconds = 15;
const processes = 2;
const tools = resolve('bench/.tools');

function pgbenchPath() {
  const versions = readdirSync('/usr/lib/postgresql').sort();
  return `/usr/lib/postgresql/${versions.at(-1)}/bin/pgbench`;
}

let loadBundle = '';
const runLoad = (args) => runServerScript(loadBundle, args);

async function productRate(clients, isHot) {
  const outputs = await Promise.all(
    Array.from({ length: processes }, () =>
      runLoad(['run', databaseUrl, String(clients / processes), String(seconds), isHot ? '1' : '0']),
    ),
  );
  const results = outputs.map((output) => JSON.parse(output));
  const transfers = results.reduce((sum, result) => sum + result.transfers, 0);
  const clientCpuUs = results.reduce((sum, result) => sum + result.clientCpuUsPerTransfer * result.transfers, 0);
  return { rate: transfers / seconds, clientCpuUsPerTransfer: Math.round(clientCpuUs / transfers) };
}

function pgbenchTps(output) {
  const match = /tps = ([\d.]+)/.exec(output);
  if (!match) throw new Error(`no tps in pgbench output:\n${output}`);
  return Number(match[1]);
}

function baselineRate(clients) {
  const result = spawnSync(
    'bash',
    [join(baselineDir, 'ledger-baseline.sh'), databaseUrl, String(accounts), String(clients), String(seconds)],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`ledger-baseline.sh failed:\n${result.stderr}`);
  return pgbenchTps(result.stdout);
}

/** The baseline's own function under a driver whose every transfer debits account 1. */
function baselineHotRate() {
  const script = join(tools, 'ledger-baseline-hot.pgbench');
  writeFileSync(
    script,
    `\\set credit random(2, ${accounts})\nSELECT baseline.transfer(md5(random()::text || clock_timestamp()::text), 1, :credit, 1.25);\n`,
  );
  const result = spawnSync(
    pgbenchPath(),
    [databaseUrl, '-n', '-f', script, '-c', '16', '-j', String(processes), '-T', String(seconds)],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`pgbench failed:\n${result.stderr}`);
  return pgbenchTps(result.stdout);
}

export async function run() {
  await freshDatabase(databaseUrl);
  mkdirSync(tools, { recursive: true });
  loadBundle = await bundleServerScript('ledger-load');
  const figures = {};
  const round = (value) => Math.round(value * 100) / 100;

  const baseline16 = baselineRate(16);
  const baseline64 = baselineRate(64);
  const baselineHot = baselineHotRate();

  await runLoad(['setup', databaseUrl, String(accounts)]);
  const product16 = await productRate(16, false);
  const product64 = await productRate(64, false);
  const productHot = await productRate(16, true);
  const breaches = JSON.parse(await runLoad(['check', databaseUrl]));

  Object.assign(figures, {
    ledger_transfers_per_s_16_clients: Math.round(product16.rate),
    ledger_baseline_per_s_16_clients: Math.round(baseline16),
    ledger_ratio_16_clients: round(product16.rate / baseline16),
    ledger_transfers_per_s_64_clients: Math.round(product64.rate),
    ledger_baseline_per_s_64_clients: Math.round(baseline64),
    ledger_ratio_64_clients: round(product64.rate / baseline64),
    ledger_transfers_per_s_hot_account: Math.round(productHot.rate),
    ledger_baseline_per_s_hot_account: Math.round(baselineHot),
    ledger_ratio_hot_account: round(productHot.rate / baselineHot),
    // What the two Node processes spend per transfer (pgbench's own share is a small fraction).
    ledger_client_cpu_us_per_transfer_16_clients: product16.clientCpuUsPerTransfer,
    ledger_invariant_breaches: breaches.length,
  });
  return figures;
}
