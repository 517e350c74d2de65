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
import { inboxOutcome, ledgerBreaches, lostOperations, openDatabaseClient, replayAcknowledged } from './checks.mjs';
import { newClient, prepareCompany, runOperation } from './client.mjs';
import { buildServerIfNeeded } from './server.mjs';

const databaseUrl = process.env.DRILL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bank_drill_crash';
const operationCount = Number(process.env.DRILL_OPERATIONS ?? 240);
const concurrency = 8;
const killCount = 3;
/**
 * Every fifth operation is a conversion: the company may ask 30 FX quotes a minute and 120 payout
 * quotes, so this mix keeps both near their limit and the drill within a few minutes.
 */
const conversionEvery = 5;
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

async function runLoad(drill) {
  let next = 0;
  const worker = async () => {
    while (next < operationCount) {
      const kind = next % conversionEvery === 0 ? 'fx' : 'payout';
      next += 1;
      drill.started += 1;
      drill.attempted[kind] += 1;
      await runOperation(drill, kind);
    }
  };
  let isOver = false;
  const load = Promise.all(Array.from({ length: concurrency }, worker)).finally(() => {
    isOver = true;
  });
  await Promise.all([load, crashDuringLoad(drill, () => isOver)]);
}

function newDrill(server) {
  return { ...newClient(server), started: 0, attempted: { fx: 0, payout: 0 }, kills: [] };
}

function countByKind(items) {
  return {
    fx: items.filter((item) => item.kind === 'fx').length,
    payout: items.filter((item) => item.kind === 'payout').length,
  };
}

function reportOf(drill, checks, startedAt) {
  const report = {
    measured_at: new Date().toISOString(),
    duration_seconds: Math.round((performance.now() - startedAt) / 1000),
    load_seconds: drill.loadSeconds,
    asset: drill.asset,
    operations: {
      attempted: drill.attempted,
      acknowledged: countByKind(drill.acknowledged),
      redone_after_expired_quote: drill.redone,
      refused: drill.refused,
    },
    client_errors: drill.clientErrors,
    retries_answered_from_store: drill.retriesAnsweredFromStore,
    quotes_waiting_for_rate_limit: drill.rateLimitedQuotes,
    step_up_renewals: drill.stepUpRenewals,
    kills: drill.kills,
    replays: { same: checks.replays.same, different: checks.replays.different },
    lost: checks.lost.length,
    invariant_breaches: checks.breaches.length,
    inbox: checks.inbox,
    webhooks: 'none configured in this drill',
    details: {
      lost: checks.lost,
      breaches: checks.breaches,
      replay_differences: checks.replays.differences.slice(0, 10),
    },
  };
  report.failures = failuresOf(report);
  return report;
}

function failuresOf(report) {
  const failures = [];
  if (report.kills.length < killCount) failures.push(`the load ended after ${report.kills.length} kills`);
  if (report.lost > 0) failures.push(`${report.lost} acknowledged operations lost`);
  if (report.invariant_breaches > 0) failures.push(`${report.invariant_breaches} ledger invariant breaches`);
  if (report.client_errors.http_500 > 0) failures.push(`${report.client_errors.http_500} answers of 500`);
  if (report.replays.different > 0) failures.push(`${report.replays.different} replays answered differently`);
  if (report.inbox.lost > 0) failures.push(`${report.inbox.lost} conversions missing from the inbox`);
  if (report.inbox.doubled > 0) failures.push(`${report.inbox.doubled} conversions in the inbox twice`);
  if (report.inbox.events_consumed_twice > 0) failures.push('events consumed twice by one subscriber');
  return failures;
}

function printReport(report) {
  const { operations: o, client_errors: errors } = report;
  const refused = Object.entries(o.refused).map(([reason, count]) => `${count} × ${reason}`);
  console.log(`
Crash drill, ${report.duration_seconds} s (load ${report.load_seconds} s), in ${report.asset}
  operations   attempted fx ${o.attempted.fx} / payouts ${o.attempted.payout}; acknowledged ${o.acknowledged.fx} / ${o.acknowledged.payout}; redone ${o.redone_after_expired_quote.fx} / ${o.redone_after_expired_quote.payout}
  refused      ${refused.length ? refused.join('; ') : 'none'}
  client saw   ${errors.network_errors} network errors, ${errors.http_503} × 503, ${errors.http_502} × 502, ${errors.busy_9503} × busy, ${errors.http_500} × 500; ${report.retries_answered_from_store} retries answered from the stored answer
  recovery     ${report.kills.map((kill) => `${kill.recovery_seconds} s`).join(', ')} (kill to /readyz)
  replays      ${report.replays.same} same, ${report.replays.different} different
  lost         ${report.lost}
  ledger       ${report.invariant_breaches} invariant breaches
  inbox        ${report.inbox.conversions} conversions: ${report.inbox.lost} lost, ${report.inbox.doubled} doubled (waited ${report.inbox.waited_seconds} s for its jobs)
  webhooks     ${report.webhooks}
${report.failures.length ? `FAILED: ${report.failures.join('; ')}` : 'PASSED'}`);
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
  let client;
  try {
    await server.start();
    const drill = newDrill(server);
    await prepareCompany(drill, 'Crash drill wallet');
    const loadStartedAt = performance.now();
    await runLoad(drill);
    drill.loadSeconds = Math.round((performance.now() - loadStartedAt) / 1000);
    client = await openDatabaseClient(databaseUrl);
    const checks = {
      replays: await replayAcknowledged(drill),
      lost: await lostOperations(client, drill.acknowledged),
      breaches: await ledgerBreaches(databaseUrl),
      inbox: await inboxOutcome(client, drill.userId, drill.acknowledged),
    };
    const report = reportOf(drill, checks, startedAt);
    mkdirSync('test-results', { recursive: true });
    writeFileSync(resultsPath, `${JSON.stringify(report, null, 2)}\n`);
    printReport(report);
    console.log(`written to ${resultsPath}`);
    return report.failures.length === 0;
  } finally {
    await client?.end();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
