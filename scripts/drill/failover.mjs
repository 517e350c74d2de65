/**
 * `npm run drill failover`: the product past one machine loses its PostgreSQL leader and one of its
 * two instances at once, mid-load. On this machine: etcd, two PostgreSQL 15 nodes under Patroni
 * with synchronous replication, HAProxy routing to the leader and balancing the two instances of
 * the built server (cluster.mjs). The demo company converts and pays out through HAProxy as the
 * crash drill's client does, asking again with the same idempotency key until answered; a third of
 * the way in, the leader's Patroni and PostgreSQL and one instance are killed with SIGKILL.
 * Afterwards nothing acknowledged may be lost or answered differently, the ledger's invariants
 * hold, every conversion is in the inbox once, no client saw a 500, and every `busy` carried
 * Retry-After. The report times the failover: the standby's promotion, HAProxy's switch, and the
 * first write acknowledged after the kill (docs/operations.md, "Failover drill").
 *
 * Installs etcd, Patroni and HAProxy through apt when missing. Settings: DRILL_OPERATIONS (240).
 * Writes the report to test-results/drill-failover.json and exits non-zero when the drill fails.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startServer } from '../../bench/support.mjs';
import { ensureFailoverTools } from '../system-deps.mjs';
import { checkAfterLoad, checkFailures, checkLines, checksReport } from './checks.mjs';
import { prepareCompany } from './client.mjs';
import { patroniTiming, startCluster } from './cluster.mjs';
import { newDrill, operationLines, operationsOf, runLoad } from './load.mjs';
import { buildServerIfNeeded } from './server.mjs';

const operationCount = Number(process.env.DRILL_OPERATIONS ?? 240);
const concurrency = 8;
/** The kill comes once a third of the operations have started: some before it, most after. */
const killAfterFraction = 1 / 3;
/** Longer than this from the kill to a new leader in HAProxy, and the failover has failed. */
const failoverTimeoutMs = 60_000;
const moneyPaths = new Set(['/api/v1/fx/accept', '/api/v1/withdraw/crypto/withdraw']);
const resultsPath = 'test-results/drill-failover.json';
const sleep = (ms) => new Promise((wake) => setTimeout(wake, ms));
const secondsBetween = (from, to) => Math.round((to - from) / 100) / 10;

/** The two instances, one after the other: the first migrates and seeds the demo, the second finds them done. */
async function startInstances(cluster, ports) {
  const instances = [];
  for (const [index, port] of ports.entries()) {
    const name = `instance${index + 1}`;
    const environment = {
      DATABASE_URL: cluster.databaseUrl,
      DATA_DIR: join(cluster.root, name),
      SEED_DEMO: index === 0 ? 'true' : 'false',
      NODE_ENV: 'development',
    };
    const logPath = join(cluster.root, `${name}.log`);
    instances.push({ name, logPath, ...(await startServer(environment, { port, logPath })) });
  }
  return instances;
}

/** Waits until HAProxy routes to a leader other than `oldLeader`; notes when Patroni and HAProxy got there. */
async function watchFailover(cluster, oldLeader, failover) {
  const deadline = performance.now() + failoverTimeoutMs;
  while (performance.now() < deadline) {
    const leader = await cluster.leader();
    if (leader && leader !== oldLeader) {
      failover.promotedAt ??= performance.now();
      failover.new_leader = leader.name;
      const states = await cluster.states().catch(() => ({}));
      if (states[`postgres_leader/${leader.name}`] === 'UP') {
        failover.routedAt = performance.now();
        return;
      }
    }
    await sleep(100);
  }
}

/** A third of the way into the load: the leader node and the first instance lost at once. */
async function failOverDuringLoad(drill, cluster, instances, isLoadOver) {
  while (drill.started < Math.floor(operationCount * killAfterFraction) && !isLoadOver()) await sleep(20);
  if (isLoadOver()) return;
  const oldLeader = await cluster.leader();
  const failover = {
    old_leader: oldLeader?.name,
    after_operations_started: drill.started,
    killedAt: performance.now(),
  };
  drill.failover = failover;
  if (oldLeader) cluster.killNode(oldLeader);
  await instances[0].stop('SIGKILL');
  failover.killed_instance = instances[0].name;
  await watchFailover(cluster, oldLeader, failover);
}

/** The attempts answered between the kill and the first write acknowledged after it, by what they got. */
function answersDuringFailover(attempts, from, until) {
  const kinds = { answered: 0, busy_9503: 0, http_503: 0, http_502: 0, network_errors: 0, http_500: 0 };
  const networkErrors = {};
  for (const attempt of attempts) {
    if (attempt.answeredAt < from || attempt.answeredAt > until) continue;
    kinds[attempt.failure ?? 'answered'] += 1;
    if (attempt.networkError) networkErrors[attempt.networkError] = (networkErrors[attempt.networkError] ?? 0) + 1;
  }
  return { ...kinds, network_errors_by_cause: networkErrors };
}

/** Per second after the kill, until a second after writes are back: what the attempts answered then got. */
function timelineAfter(attempts, from, until) {
  const seconds = [];
  for (const attempt of attempts) {
    if (attempt.answeredAt < from || attempt.answeredAt > until + 1000) continue;
    const second = Math.floor((attempt.answeredAt - from) / 1000);
    seconds[second] ??= {};
    const kind = attempt.failure ?? 'answered';
    seconds[second][kind] = (seconds[second][kind] ?? 0) + 1;
  }
  return Array.from(seconds, (kinds, second) => ({ second, ...kinds }));
}

function failoverReport(drill) {
  const failover = drill.failover;
  if (!failover) return undefined;
  const { killedAt } = failover;
  const firstWrite = drill.attempts
    .filter((attempt) => moneyPaths.has(attempt.path) && attempt.code === 200 && attempt.sentAt >= killedAt)
    .sort((a, b) => a.answeredAt - b.answeredAt)[0];
  return {
    old_leader: failover.old_leader,
    new_leader: failover.new_leader ?? null,
    killed_instance: failover.killed_instance,
    after_operations_started: failover.after_operations_started,
    patroni: patroniTiming,
    promoted_seconds: failover.promotedAt ? secondsBetween(killedAt, failover.promotedAt) : null,
    routed_seconds: failover.routedAt ? secondsBetween(killedAt, failover.routedAt) : null,
    writes_again_seconds: firstWrite ? secondsBetween(killedAt, firstWrite.answeredAt) : null,
    client_saw_until_writes_again: answersDuringFailover(drill.attempts, killedAt, firstWrite?.answeredAt ?? Infinity),
    client_timeline: firstWrite ? timelineAfter(drill.attempts, killedAt, firstWrite.answeredAt) : [],
  };
}

/** Warnings and errors an instance logged, by message (pino levels 40 and 50). */
function loggedProblems(logPath) {
  const problems = {};
  for (const line of readFileSync(logPath, 'utf8').split('\n')) {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry.level < 40) continue;
    const key = `${entry.level === 40 ? 'warn' : 'error'}: ${entry.msg}`;
    problems[key] = (problems[key] ?? 0) + 1;
  }
  return problems;
}

function reportOf(drill, checks, instances, startedAt) {
  const survivor = instances[1];
  const report = {
    measured_at: new Date().toISOString(),
    duration_seconds: Math.round((performance.now() - startedAt) / 1000),
    load_seconds: drill.loadSeconds,
    asset: drill.asset,
    operations: operationsOf(drill),
    failover: failoverReport(drill) ?? null,
    client_errors: drill.clientErrors,
    busy_without_retry_after: drill.attempts.filter((attempt) => attempt.failure === 'busy_9503' && !attempt.retryAfter)
      .length,
    retries_answered_from_store: drill.retriesAnsweredFromStore,
    quotes_waiting_for_rate_limit: drill.rateLimitedQuotes,
    step_up_renewals: drill.stepUpRenewals,
    surviving_instance: { exit: survivor.exitCode(), logged: loggedProblems(survivor.logPath) },
    ...checksReport(checks),
  };
  report.failures = [...failoverFailures(report), ...checkFailures(report)];
  return report;
}

function failoverFailures(report) {
  const failures = [];
  const failover = report.failover;
  if (!failover) failures.push('the load ended before the failover');
  else if (failover.routed_seconds === null) failures.push('no new leader within a minute');
  else if (failover.writes_again_seconds === null) failures.push('no write acknowledged after the failover');
  if (report.surviving_instance.exit !== null)
    failures.push(`the surviving instance exited (${report.surviving_instance.exit})`);
  if (report.busy_without_retry_after > 0)
    failures.push(`${report.busy_without_retry_after} busy answers without Retry-After`);
  return failures;
}

function printReport(report) {
  const errors = report.client_errors;
  const failover = report.failover ?? {};
  const during = failover.client_saw_until_writes_again ?? {};
  const logged = Object.entries(report.surviving_instance.logged).map(([message, count]) => `${count} × ${message}`);
  console.log(
    [
      '',
      `Failover drill, ${report.duration_seconds} s (load ${report.load_seconds} s), in ${report.asset}`,
      ...operationLines(report.operations),
      `  killed       leader ${failover.old_leader} (Patroni and PostgreSQL) and ${failover.killed_instance}, after ${failover.after_operations_started} operations started`,
      `  recovery     ${failover.new_leader} promoted ${failover.promoted_seconds} s, in HAProxy ${failover.routed_seconds} s, first write acknowledged ${failover.writes_again_seconds} s after the kill`,
      `  meanwhile    ${during.answered} answered, ${during.busy_9503} × busy 503, ${during.http_503} × proxy 503, ${during.http_502} × proxy 502, ${during.network_errors} network errors, ${during.http_500} × 500`,
      `  whole load   ${errors.busy_9503} × busy 503 (${report.busy_without_retry_after} without Retry-After), ${errors.http_503} × proxy 503, ${errors.http_502} × proxy 502, ${errors.network_errors} network errors, ${errors.http_500} × 500; ${report.retries_answered_from_store} retries answered from the stored answer`,
      ...checkLines(report),
      `  survivor     ${logged.length ? logged.join('; ') : 'logged no warning'}`,
      report.failures.length ? `FAILED: ${report.failures.join('; ')}` : 'PASSED',
    ].join('\n'),
  );
}

export async function failoverDrill() {
  const startedAt = performance.now();
  if (!Number.isInteger(operationCount) || operationCount < 3)
    throw new Error('DRILL_OPERATIONS must be a whole number above 2');
  ensureFailoverTools();
  buildServerIfNeeded();
  const instancePorts = [await freePort(), await freePort()];
  // Interrupted while starting, the exit hooks of cluster.mjs and startServer end what has started.
  let stopAll = async () => undefined;
  const stopOnSignal = () => stopAll({ keepLogs: false }).finally(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  console.log('Starting etcd, two PostgreSQL nodes under Patroni and HAProxy ...');
  const cluster = await startCluster(instancePorts);
  let instances = [];
  let hasPassed = false;
  // A drill that failed keeps its logs (not its data) for whoever looks into it; an interrupted one keeps nothing.
  stopAll = async ({ keepLogs }) => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await cluster.stop({ keepLogs });
    if (keepLogs) console.log(`The logs of the cluster and the instances are kept in ${cluster.root}`);
  };
  try {
    console.log('Starting two instances of the server ...');
    instances = await startInstances(cluster, instancePorts);
    await cluster.waitForInstances(2);
    const drill = { ...newDrill({ url: () => cluster.productUrl, whenUp: async () => undefined }), attempts: [] };
    await prepareCompany(drill, 'Failover drill wallet');
    console.log(`Running ${operationCount} operations; the leader and an instance go a third of the way in ...`);
    await runLoad(drill, {
      operationCount,
      concurrency,
      disrupt: (isLoadOver) => failOverDuringLoad(drill, cluster, instances, isLoadOver),
    });
    const checks = await checkAfterLoad(drill, cluster.databaseUrl);
    const report = reportOf(drill, checks, instances, startedAt);
    mkdirSync('test-results', { recursive: true });
    writeFileSync(resultsPath, `${JSON.stringify(report, null, 2)}\n`);
    printReport(report);
    console.log(`written to ${resultsPath}`);
    hasPassed = report.failures.length === 0;
    return hasPassed;
  } finally {
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
    await stopAll({ keepLogs: !hasPassed });
  }
}
