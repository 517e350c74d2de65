/**
 * `npm run drill crash`: the built server killed with SIGKILL three times while the demo company
 * converts and pays out, and started again at once on the same PostgreSQL database and port. Its
 * clients ask again with the same idempotency key until they are answered. Afterwards nothing
 * acknowledged may be lost or answered differently, the ledger's invariants hold, and every
 * conversion is in the inbox exactly once (docs/operations.md, "Crash drill").
 *
 * Settings: DRILL_DATABASE_URL (made anew each run), DRILL_OPERATIONS (240). Writes the report to
 * test-results/drill-crash.json and exits non-zero when the drill fails.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, freshDatabase, startServer } from '../../bench/support.mjs';
import { checkAfterLoad, checkFailures, checkLines, checksReport } from './checks.mjs';
import { prepareCompany } from './client.mjs';
import { newDrill, operationLines, operationsOf, runLoad } from './load.mjs';
import { buildServerIfNeeded } from './server.mjs';

const databaseUrl = process.env.DRILL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bank_drill_crash';
const operationCount = Number(process.env.DRILL_OPERATIONS ?? 240);
const concurrency = 8;
const killCount = 3;
const resultsPath = 'test-results/drill-crash.json';
const sleep = (ms) => new Promise((wake) => setTimeout(wake, ms));

/**
 * The server under drill: started on a fixed port, killed and started again. `whenUp` resolves once
 * it answers /readyz, so that clients ask again only when there is someone to answer.
 */
function serverUnderDrill(environment, port) {
  let current;
  let up = Promise.resolve();
  return {
    url: () => current.url,
    whenUp: () => up,
    async start() {
      current = await startServer(environment, { port });
    },
    /** Kills it and starts it again; answers the seconds from the kill until it is ready. */
    async crash() {
      const killedAt = performance.now();
      let markUp;
      up = new Promise((resolve) => {
        markUp = resolve;
      });
      await current.stop('SIGKILL');
      current = await startServer(environment, { port });
      markUp();
      return Math.round(performance.now() - killedAt) / 1000;
    },
    stop: () => current?.stop(),
  };
}

/** Kills at random moments of the load, one in each of its middle stretches, until it is over. */
async function crashDuringLoad(drill, isLoadOver) {
  for (let kill = 0; kill < killCount; kill += 1) {
    const at = Math.floor((operationCount * (kill + 0.5 + Math.random())) / (killCount + 1));
    while (drill.started < at && !isLoadOver()) await sleep(20);
    if (isLoadOver()) return;
    await sleep(Math.random() * 300);
    const recoverySeconds = await drill.server.crash();
    drill.kills.push({ after_operations_started: drill.started, recovery_seconds: recoverySeconds });
  }
}

function reportOf(drill, checks, startedAt) {
  const report = {
    measured_at: new Date().toISOString(),
    duration_seconds: Math.round((performance.now() - startedAt) / 1000),
    load_seconds: drill.loadSeconds,
    asset: drill.asset,
    operations: operationsOf(drill),
    client_errors: drill.clientErrors,
    retries_answered_from_store: drill.retriesAnsweredFromStore,
    quotes_waiting_for_rate_limit: drill.rateLimitedQuotes,
    step_up_renewals: drill.stepUpRenewals,
    kills: drill.kills,
    webhooks: 'none configured in this drill',
    ...checksReport(checks),
  };
  report.failures = [
    ...(report.kills.length < killCount ? [`the load ended after ${report.kills.length} kills`] : []),
    ...checkFailures(report),
  ];
  return report;
}

function printReport(report) {
  const errors = report.client_errors;
  console.log(
    [
      '',
      `Crash drill, ${report.duration_seconds} s (load ${report.load_seconds} s), in ${report.asset}`,
      ...operationLines(report.operations),
      `  client saw   ${errors.network_errors} network errors, ${errors.http_503} × 503, ${errors.http_502} × 502, ${errors.busy_9503} × busy, ${errors.http_500} × 500; ${report.retries_answered_from_store} retries answered from the stored answer`,
      `  recovery     ${report.kills.map((kill) => `${kill.recovery_seconds} s`).join(', ')} (kill to /readyz)`,
      ...checkLines(report),
      `  webhooks     ${report.webhooks}`,
      report.failures.length ? `FAILED: ${report.failures.join('; ')}` : 'PASSED',
    ].join('\n'),
  );
}

export async function crashDrill() {
  const startedAt = performance.now();
  if (!Number.isInteger(operationCount) || operationCount < 1)
    throw new Error('DRILL_OPERATIONS must be a whole number above 0');
  buildServerIfNeeded();
  await freshDatabase(databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-drill-'));
  const environment = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SEED_DEMO: 'true', NODE_ENV: 'development' };
  const server = serverUnderDrill(environment, await freePort());
  const stopOnSignal = () => server.stop().finally(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    await server.start();
    const drill = { ...newDrill(server), kills: [] };
    await prepareCompany(drill, 'Crash drill wallet');
    await runLoad(drill, { operationCount, concurrency, disrupt: (isLoadOver) => crashDuringLoad(drill, isLoadOver) });
    const checks = await checkAfterLoad(drill, databaseUrl);
    const report = reportOf(drill, checks, startedAt);
    mkdirSync('test-results', { recursive: true });
    writeFileSync(resultsPath, `${JSON.stringify(report, null, 2)}\n`);
    printReport(report);
    console.log(`written to ${resultsPath}`);
    return report.failures.length === 0;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
