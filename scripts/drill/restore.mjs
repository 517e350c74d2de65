/**
 * `npm run drill restore`: a logical backup restored into a new database is the bank it was. The
 * built server runs on a fresh database with the demo while the demo company converts and pays out;
 * it stops; pg_dump takes a custom-format dump, pg_restore loads it into a new database, and the
 * product starts on that one. Then every table must hold as many rows as in the source and every
 * ledger account the same balance and hold, the company must be able to sign in and see the same
 * balances, every acknowledged money call must be there and answer the same when asked again with
 * its key, and the ledger's invariants must hold (docs/operations.md, "Restore drill").
 *
 * The simulated networks and rails are still in both runs (SIMULATE_NETWORK_BLOCKS=false), so that
 * no schedule moves money between the dump and the comparison. Settings: DRILL_DATABASE_URL (the
 * source, made anew each run; the restored database is named after it with `_restored`; both are
 * dropped at the end), DRILL_OPERATIONS (18). Writes test-results/drill-restore.json and exits
 * non-zero when the drill fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { freshDatabase, post, signIn, startServer } from '../../bench/support.mjs';
import { ledgerBreaches, lostOperations, openDatabaseClient, replayAcknowledged } from './checks.mjs';
import { newClient, prepareCompany, runOperation } from './client.mjs';
import { buildServerIfNeeded } from './server.mjs';

const sourceUrl = process.env.DRILL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bank_drill_restore';
const restoredUrl = databaseNamed(sourceUrl, `${new URL(sourceUrl).pathname.slice(1)}_restored`);
const operationCount = Number(process.env.DRILL_OPERATIONS ?? 18);
/** One operation in three a conversion: a few of each, well within the company's quote limits. */
const conversionEvery = 3;
const concurrency = 4;
const resultsPath = 'test-results/drill-restore.json';

function databaseNamed(databaseUrl, name) {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.href;
}

async function dropDatabase(databaseUrl) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const client = await openDatabaseClient(databaseNamed(databaseUrl, 'postgres'));
  try {
    await client.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
  } finally {
    await client.end();
  }
}

/** Runs a PostgreSQL client program; answers the seconds it took, or throws with what it printed. */
function timed(program, args) {
  const startedAt = performance.now();
  const run = spawnSync(program, args, { encoding: 'utf8' });
  if (run.error) throw new Error(`${program} did not run (${run.error.message}): install the PostgreSQL client`);
  if (run.status !== 0) throw new Error(`${program} exited ${run.status}: ${run.stderr.trim()}`);
  return Math.round(performance.now() - startedAt) / 1000;
}

/** The started server as the drill's client reaches it. */
function reachable(running) {
  return { url: () => running.url, whenUp: () => Promise.resolve() };
}

async function moveMoney(drill) {
  let next = 0;
  const worker = async () => {
    while (next < operationCount) {
      const kind = next % conversionEvery === 0 ? 'fx' : 'payout';
      next += 1;
      await runOperation(drill, kind);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** The company's balances as the dashboard shows them (asset, posted, held, available). */
async function shownBalances(drill) {
  const home = await post(drill.server.url(), '/api/v1/dashboard/home', {}, drill.sessionHeaders);
  return home.balances.map(({ asset, balance, held, available }) => ({ asset, balance, held, available }));
}

/** Every table's row count (a partitioned table counted once, whole) and every ledger account. */
async function snapshotOf(databaseUrl) {
  const client = await openDatabaseClient(databaseUrl);
  try {
    const tables = await client.query(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and not c.relispartition
          and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
        order by 1`,
    );
    const rowCounts = {};
    for (const { name } of tables.rows)
      rowCounts[name] = (await client.query(`select count(*)::int as rows from ${name}`)).rows[0].rows;
    return { rowCounts, ledgerAccounts: await ledgerAccountsOf(client) };
  } finally {
    await client.end();
  }
}

async function ledgerAccountsOf(client) {
  const accounts = await client.query(
    'select id::text, asset, kind, balance::text, held::text, version from ledger_accounts order by id',
  );
  return accounts.rows;
}

/** What differs between the source's snapshot and the restored one's. */
function differencesOf(source, restored) {
  const tables = [...new Set([...Object.keys(source.rowCounts), ...Object.keys(restored.rowCounts)])];
  return {
    tables: tables
      .filter((name) => source.rowCounts[name] !== restored.rowCounts[name])
      .map((name) => ({ table: name, source: source.rowCounts[name], restored: restored.rowCounts[name] })),
    ledgerAccounts: ledgerDifferences(source.ledgerAccounts, restored.ledgerAccounts),
  };
}

/** Accounts missing, added or changed (balance, hold, version), each with both sides. */
function ledgerDifferences(sourceAccounts, restoredAccounts) {
  const restoredById = new Map(restoredAccounts.map((account) => [account.id, account]));
  const sourceIds = new Set(sourceAccounts.map((account) => account.id));
  return [
    ...sourceAccounts
      .filter((account) => !isDeepStrictEqual(account, restoredById.get(account.id)))
      .map((account) => ({ source: account, restored: restoredById.get(account.id) ?? null })),
    ...restoredAccounts
      .filter((account) => !sourceIds.has(account.id))
      .map((account) => ({ source: null, restored: account })),
  ];
}

/** The source bank: the demo, then money moved through the API; answers the client and what it was shown. */
async function runSource(environment, drill) {
  const source = await startServer({ ...environment, DATABASE_URL: sourceUrl, SEED_DEMO: 'true' });
  drill.running = source;
  drill.server = reachable(source);
  await prepareCompany(drill, 'Restore drill wallet');
  await moveMoney(drill);
  const balances = await shownBalances(drill);
  await source.stop();
  drill.running = undefined;
  return balances;
}

/** Dumps the source, restores it into a new database and compares the two before anything runs on it. */
async function backUpAndRestore(workDir) {
  const dumpFile = join(workDir, 'bank.dump');
  const dumpSeconds = timed('pg_dump', ['--format=custom', `--file=${dumpFile}`, sourceUrl]);
  await freshDatabase(restoredUrl);
  const restoreSeconds = timed('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, dumpFile]);
  const source = await snapshotOf(sourceUrl);
  const restored = await snapshotOf(restoredUrl);
  return {
    dump: { bytes: statSync(dumpFile).size, seconds: dumpSeconds },
    restoreSeconds,
    source,
    differences: differencesOf(source, restored),
  };
}

/** The product on the restored database: ready, signed into, showing the same money, answering the same. */
async function runRestored(environment, drill, backup) {
  const restored = await startServer({ ...environment, DATABASE_URL: restoredUrl, SEED_DEMO: 'false' });
  drill.running = restored;
  drill.server = reachable(restored);
  const session = await signIn(restored.url, drill.user.email, drill.user.password);
  drill.sessionHeaders = { token: session.token, userid: session.userid };
  const balances = await shownBalances(drill);
  const replays = await replayAcknowledged(drill);
  const client = await openDatabaseClient(restoredUrl);
  try {
    return {
      startSeconds: restored.readyMs / 1000,
      balances,
      replays,
      lost: await lostOperations(client, drill.acknowledged),
      // After the product ran on it: it moved no money, so every account is still the source's.
      ledgerAfterStart: ledgerDifferences(backup.source.ledgerAccounts, await ledgerAccountsOf(client)),
      breaches: await ledgerBreaches(restoredUrl),
    };
  } finally {
    await client.end();
  }
}

function reportOf(drill, { sourceBalances, sourceBreaches, backup, restored }, startedAt) {
  const report = {
    measured_at: new Date().toISOString(),
    duration_seconds: Math.round((performance.now() - startedAt) / 1000),
    asset: drill.asset,
    operations_acknowledged: {
      fx: drill.acknowledged.filter((item) => item.kind === 'fx').length,
      payout: drill.acknowledged.filter((item) => item.kind === 'payout').length,
    },
    refused: drill.refused,
    client_errors: drill.clientErrors,
    dump: backup.dump,
    restore_seconds: backup.restoreSeconds,
    start_seconds: restored.startSeconds,
    tables_compared: Object.keys(backup.source.rowCounts).length,
    rows_compared: Object.values(backup.source.rowCounts).reduce((sum, rows) => sum + rows, 0),
    ledger_accounts_compared: backup.source.ledgerAccounts.length,
    table_differences: backup.differences.tables,
    ledger_differences: { after_restore: backup.differences.ledgerAccounts, after_start: restored.ledgerAfterStart },
    balances_shown: { source: sourceBalances, restored: restored.balances },
    lost: restored.lost,
    replays: { same: restored.replays.same, different: restored.replays.different },
    invariant_breaches: { source: sourceBreaches, restored: restored.breaches },
  };
  report.failures = failuresOf(report);
  return report;
}

function failuresOf(report) {
  const failures = [];
  const { fx, payout } = report.operations_acknowledged;
  if (fx === 0 || payout === 0) failures.push(`too little money moved (${fx} conversions, ${payout} payouts)`);
  if (report.client_errors.http_500 > 0) failures.push(`${report.client_errors.http_500} answers of 500`);
  if (report.table_differences.length > 0) failures.push(`${report.table_differences.length} tables differ in rows`);
  const { after_restore: afterRestore, after_start: afterStart } = report.ledger_differences;
  if (afterRestore.length + afterStart.length > 0) failures.push('ledger accounts differ from the source');
  if (!isDeepStrictEqual(report.balances_shown.source, report.balances_shown.restored))
    failures.push('the restored product shows other balances');
  if (report.lost.length > 0) failures.push(`${report.lost.length} acknowledged operations missing`);
  if (report.replays.different > 0) failures.push(`${report.replays.different} replays answered differently`);
  const breaches = report.invariant_breaches.source.length + report.invariant_breaches.restored.length;
  if (breaches > 0) failures.push(`${breaches} ledger invariant breaches`);
  return failures;
}

function printReport(report) {
  const { operations_acknowledged: moved, dump } = report;
  console.log(`
Restore drill, ${report.duration_seconds} s, in ${report.asset}
  money moved   ${moved.fx} conversions, ${moved.payout} payouts acknowledged
  dump          ${(dump.bytes / 1024 / 1024).toFixed(2)} MB in ${dump.seconds} s (pg_dump, custom format)
  restore       ${report.restore_seconds} s (pg_restore into a new database)
  start         ${report.start_seconds} s to /readyz on the restored database
  compared      ${report.tables_compared} tables (${report.rows_compared} rows): ${report.table_differences.length} differ; ${report.ledger_accounts_compared} ledger accounts: ${report.ledger_differences.after_restore.length + report.ledger_differences.after_start.length} differ
  client        balances shown ${isDeepStrictEqual(report.balances_shown.source, report.balances_shown.restored) ? 'the same' : 'DIFFERENT'}; replays ${report.replays.same} same, ${report.replays.different} different; ${report.lost.length} missing
  ledger        ${report.invariant_breaches.source.length} invariant breaches in the source, ${report.invariant_breaches.restored.length} in the restored
${report.failures.length ? `FAILED: ${report.failures.join('; ')}` : 'PASSED'}`);
}

export async function restoreDrill() {
  const startedAt = performance.now();
  if (!Number.isInteger(operationCount) || operationCount < 2)
    throw new Error('DRILL_OPERATIONS must be a whole number above 1');
  buildServerIfNeeded();
  await freshDatabase(sourceUrl);
  const workDir = mkdtempSync(join(tmpdir(), 'bank-drill-restore-'));
  // One folder of documents for both runs: files are backed up apart from the database (S3 versioning).
  const environment = { DATA_DIR: workDir, NODE_ENV: 'development', SIMULATE_NETWORK_BLOCKS: 'false' };
  const drill = newClient(undefined);
  const stopOnSignal = () => (drill.running?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    const sourceBalances = await runSource(environment, drill);
    const sourceBreaches = await ledgerBreaches(sourceUrl);
    const backup = await backUpAndRestore(workDir);
    const restored = await runRestored(environment, drill, backup);
    const report = reportOf(drill, { sourceBalances, sourceBreaches, backup, restored }, startedAt);
    mkdirSync('test-results', { recursive: true });
    writeFileSync(resultsPath, `${JSON.stringify(report, null, 2)}\n`);
    printReport(report);
    console.log(`written to ${resultsPath}`);
    return report.failures.length === 0;
  } finally {
    await drill.running?.stop();
    await dropDatabase(restoredUrl);
    await dropDatabase(sourceUrl);
    rmSync(workDir, { recursive: true, force: true });
  }
}
