/**
 * The authenticated read's overhead: account/getUserInfo of the built product beside
 * the bare Fastify + pg baseline of ../shared/bench/api-read-baseline.mjs, on the same PostgreSQL
 * in the same run, so that the figure is a ratio and not a time on a noisy machine.
 *
 * - rate: wrk (closed loop, 2 threads, 32 connections), product and baseline alternately, three
 *   rounds each; the ratio is the product's median rate over the baseline's.
 * - latency: an open-loop generator offering 1,000 requests/s for 10 s whatever the answers
 *   (a latency counts from when the request was due, so a stall is not hidden), product and
 *   baseline alternately, three runs each: the median of the three runs' p50 and p99, so that one
 *   stall of a shared machine in one run is not the figure, and the product's p99 over the
 *   baseline's measured beside it.
 *
 * - API key: dashboard/home (the same SQL either way) read with the demo administrator's session and
 *   with a read-only API key of theirs, wrk alternately, three rounds each; the key's median rate
 *   over the session's (issue 33: within 10%). A key's read adds its use's audit row and rate-limit
 *   count (written as a group commit, team/api-keys/resolver.ts), so this is what that costs.
 *
 * PostgreSQL: BENCH_DATABASE_URL, or the machine's at 127.0.0.1:5432, database bench_api (made anew
 * each run). wrk: /usr/bin/wrk (apt-get install wrk).
 */
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  dashboardUser,
  freePort,
  freshDatabase,
  newestCode,
  percentile,
  post,
  registerUser,
  signIn,
  startServer,
} from './support.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_api';
const baselineScript = resolve('../shared/bench/api-read-baseline.mjs');
const path = '/api/v1/account/getUserInfo';
const rounds = 3;
const roundSeconds = 8;
const offeredRate = 1000;
const offeredSeconds = 10;
const latencyRuns = 3;

async function startBaseline() {
  const port = await freePort();
  const child = spawn(process.execPath, [baselineScript, String(port), databaseUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((ready, fail) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('baseline ready') && ready());
    child.once('exit', (code) => fail(new Error(`baseline exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((done) => child.once('exit', done) && child.kill('SIGTERM')),
  };
}

/** A session's headers. */
const sessionHeaders = (session) => ({ token: session.token, userid: session.userid });

/** wrk's requests per second for the call at `callPath`, with `headers`. */
function wrkRate(url, headers, callPath = path) {
  const script = join(tmpdir(), 'bank-bench-api-read.lua');
  writeFileSync(
    script,
    [
      'wrk.method = "POST"',
      'wrk.body = "{}"',
      'wrk.headers["content-type"] = "application/json"',
      ...Object.entries(headers).map(([name, value]) => `wrk.headers["${name}"] = "${value}"`),
    ].join('\n'),
  );
  const run = spawnSync('wrk', ['-t2', '-c32', `-d${roundSeconds}s`, '-s', script, `${url}${callPath}`], {
    encoding: 'utf8',
  });
  const rate = run.stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1];
  const failures = run.stdout.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1];
  if (!rate) throw new Error(`wrk gave no rate: ${run.stderr || run.stdout}`);
  if (failures) throw new Error(`wrk saw ${failures} failed answers from ${url}`);
  return Number(rate);
}

/**
 * Latencies (ms) of the call offered at a fixed rate, each counted from when it was due. The
 * requests are prepared bytes written on plain keep-alive sockets, one request at a time on each
 * (a new socket when every open one is busy, up to 256, then a queue, as node:http's agent does):
 * about half the CPU per request of node:http's client (some 120 µs), which the generator would
 * otherwise take from the server it measures on a two-core machine.
 */
async function fixedRateLatencies(url, session) {
  const target = new URL(url);
  const request = Buffer.from(
    [
      `POST ${path} HTTP/1.1`,
      `host: ${target.host}`,
      'content-type: application/json',
      `token: ${session.token}`,
      `userid: ${session.userid}`,
      'content-length: 2',
      '',
      '{}',
    ].join('\r\n'),
  );
  const total = offeredRate * offeredSeconds;
  const latencies = [];
  const sockets = [];
  const idle = [];
  const queued = [];
  let failures = 0;
  let allAnswered;
  let connectionFailed;
  const answered = new Promise((resolve, reject) => {
    allAnswered = resolve;
    connectionFailed = reject;
  });
  const settle = (dueAt, isOk) => {
    latencies.push(performance.now() - dueAt);
    if (!isOk) failures += 1;
    if (latencies.length === total) allAnswered();
  };

  /** A keep-alive connection that sends one request at a time and reads its answer by its length. */
  function openConnection() {
    const socket = connect({ host: target.hostname, port: Number(target.port), noDelay: true });
    let dueAt;
    let received = Buffer.alloc(0);
    const connection = {
      send(due) {
        dueAt = due;
        socket.write(request);
      },
    };
    const takeNext = () => {
      const due = queued.shift();
      if (due === undefined) idle.push(connection);
      else connection.send(due);
    };
    socket.on('data', (chunk) => {
      received = received.length ? Buffer.concat([received, chunk]) : chunk;
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const head = received.toString('latin1', 0, headEnd);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
      if (received.length < headEnd + 4 + length) return;
      received = Buffer.alloc(0);
      const due = dueAt;
      dueAt = undefined;
      settle(due, head.startsWith('HTTP/1.1 200'));
      takeNext();
    });
    // A lost connection ends the measurement: its queue would otherwise wait for ever.
    socket.on('error', (error) => connectionFailed(new Error(`a connection to ${url} failed: ${error.message}`)));
    socket.once('connect', takeNext);
    sockets.push(socket);
  }

  const offer = (due) => {
    const connection = idle.pop();
    if (connection) return connection.send(due);
    queued.push(due);
    if (sockets.length < 256) openConnection();
  };
  const startedAt = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - startedAt) / 1000) * offeredRate));
    for (; sent < due; sent += 1) offer(startedAt + (sent / offeredRate) * 1000);
    await new Promise((wake) => setTimeout(wake, 2));
  }
  try {
    await answered;
  } finally {
    for (const socket of sockets) socket.destroy();
  }
  if (failures > 0) throw new Error(`${failures} requests failed at ${offeredRate}/s`);
  return latencies;
}

/**
 * A read-only API key of the demo administrator (kyc-approved@demo.bank), issued as the team page
 * does: the session, a fresh second factor (password and emailed code), then the key.
 */
async function demoReadOnlyKey(url) {
  const session = await signIn(url, dashboardUser.email, dashboardUser.password);
  const headers = sessionHeaders(session);
  const mailbox = `${url}/dev/mailbox.json?to=${encodeURIComponent(dashboardUser.email)}`;
  const known = (await (await fetch(mailbox)).json()).length;
  await post(url, '/api/v1/sendEmail', { email: dashboardUser.email, purpose: 'step_up', action: 'team' }, headers);
  const code = await newestCode(url, dashboardUser.email, known);
  await post(url, '/api/v1/account/verifyLoginPassword', { password: dashboardUser.password, code }, headers);
  const issued = await post(
    url,
    '/api/v1/team/apiKey/create',
    { name: 'Benchmark', scope: 'read_only' },
    { ...headers, 'idempotency-key': `bench-${Date.now()}` },
  );
  return { session, key: issued.secret };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function run() {
  await freshDatabase(databaseUrl);
  const product = await startServer({
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    RATE_LIMIT_PUBLIC_CALLS_PER_MINUTE: '100000',
  });
  const baseline = await startBaseline();
  let figures;
  try {
    const email = await registerUser(product.url, 'api-read');
    const session = await signIn(product.url, email);
    const productRates = [];
    const baselineRates = [];
    for (let round = 0; round < rounds; round += 1) {
      productRates.push(wrkRate(product.url, sessionHeaders(session)));
      baselineRates.push(wrkRate(baseline.url, sessionHeaders(session)));
    }
    const productLatencies = [];
    const baselineLatencies = [];
    for (let run = 0; run < latencyRuns; run += 1) {
      productLatencies.push(await fixedRateLatencies(product.url, session));
      baselineLatencies.push(await fixedRateLatencies(baseline.url, session));
    }
    const medianOfRuns = (runs, fraction) => median(runs.map((latencies) => percentile(latencies, fraction)));
    const p99sOf = (runs) => runs.map((latencies) => percentile(latencies, 0.99).toFixed(1)).join(' ');
    const productRate = median(productRates);
    const baselineRate = median(baselineRates);
    const productP99 = medianOfRuns(productLatencies, 0.99);
    const baselineP99 = medianOfRuns(baselineLatencies, 0.99);
    figures = {
      api_read_product_rps: Math.round(productRate),
      api_read_baseline_rps: Math.round(baselineRate),
      api_read_rate_ratio: (productRate / baselineRate).toFixed(2),
      api_read_p50_ms_at_1000_rps: medianOfRuns(productLatencies, 0.5).toFixed(2),
      api_read_p99_ms_at_1000_rps: productP99.toFixed(2),
      api_read_p99_runs_ms: p99sOf(productLatencies),
      api_read_baseline_p99_ms_at_1000_rps: baselineP99.toFixed(2),
      api_read_baseline_p99_runs_ms: p99sOf(baselineLatencies),
      api_read_p99_ratio: (productP99 / baselineP99).toFixed(2),
    };
  } finally {
    await baseline.stop();
    await product.stop();
  }
  return { ...figures, ...(await apiKeyBesideSession()) };
}

/**
 * dashboard/home read with a session and with a read-only API key of the same administrator, on a
 * server of its own over a fresh database with the demo data (its company is approved), started once
 * the figures above are taken so that the demo's seeding and schedules do not move them.
 */
async function apiKeyBesideSession() {
  await freshDatabase(databaseUrl);
  const product = await startServer({
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    RATE_LIMIT_PUBLIC_CALLS_PER_MINUTE: '100000',
    RATE_LIMIT_API_KEY_CALLS_PER_MINUTE: '10000000',
  });
  try {
    const demo = await demoReadOnlyKey(product.url);
    const homePath = '/api/v1/dashboard/home';
    const sessionRates = [];
    const keyRates = [];
    for (let round = 0; round < rounds; round += 1) {
      sessionRates.push(wrkRate(product.url, sessionHeaders(demo.session), homePath));
      keyRates.push(wrkRate(product.url, { authorization: `Bearer ${demo.key}` }, homePath));
    }
    return {
      home_read_session_rps: Math.round(median(sessionRates)),
      home_read_api_key_rps: Math.round(median(keyRates)),
      home_read_api_key_rate_ratio: (median(keyRates) / median(sessionRates)).toFixed(2),
    };
  } finally {
    await product.stop();
  }
}
