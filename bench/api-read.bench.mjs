/**
 * The authenticated read's overhead: account/getUserInfo of the built product beside
 * the bare Fastify + pg baseline of ../shared/bench/api-read-baseline.mjs, on the same PostgreSQL
 * in the same run, so that the figure is a ratio and not a time on a noisy machine.
 *
 * - rate: wrk (closed loop, 2 threads, 32 connections), product and baseline alternately, three
 *   rounds each; the ratio is the product's median rate over the baseline's.
 * - latency: an open-loop generator offering 1,000 requests/s for 10 s whatever the answers
 *   (a latency counts from when the request was due, so a stall is not hidden), its p50 and p99.
 *
 * PostgreSQL: BENCH_DATABASE_URL, or the machine's at 127.0.0.1:5432, database bench_api (made anew
 * each run). wrk: /usr/bin/wrk (apt-get install wrk).
 */
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, freshDatabase, percentile, registerUser, signIn, startServer } from './support.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_api';
const baselineScript = resolve('../shared/bench/api-read-baseline.mjs');
const path = '/api/v1/account/getUserInfo';
const rounds = 3;
const roundSeconds = 8;
const offeredRate = 1000;
const offeredSeconds = 10;

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

/** wrk's requests per second for the call, with the session's headers. */
function wrkRate(url, session) {
  const script = join(tmpdir(), 'bank-bench-api-read.lua');
  writeFileSync(
    script,
    [
      'wrk.method = "POST"',
      'wrk.body = "{}"',
      'wrk.headers["content-type"] = "application/json"',
      `wrk.headers["token"] = "${session.token}"`,
      `wrk.headers["userid"] = "${session.userid}"`,
    ].join('\n'),
  );
  const run = spawnSync('wrk', ['-t2', '-c32', `-d${roundSeconds}s`, '-s', script, `${url}${path}`], {
    encoding: 'utf8',
  });
  const rate = run.stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1];
  const failures = run.stdout.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1];
  if (!rate) throw new Error(`wrk gave no rate: ${run.stderr || run.stdout}`);
  if (failures) throw new Error(`wrk saw ${failures} failed answers from ${url}`);
  return Number(rate);
}

/** Latencies (ms) of requests offered at a fixed rate, each counted from when it was due. */
async function fixedRateLatencies(url, session) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(`${url}${path}`);
  const headers = { 'content-type': 'application/json', token: session.token, userid: session.userid };
  const latencies = [];
  let failures = 0;
  const send = (dueAt) =>
    new Promise((done) => {
      const request = http.request(
        { agent, method: 'POST', hostname: target.hostname, port: target.port, path: target.pathname, headers },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode !== 200) failures += 1;
            latencies.push(performance.now() - dueAt);
            done();
          });
        },
      );
      request.on('error', () => {
        failures += 1;
        done();
      });
      request.end('{}');
    });
  const total = offeredRate * offeredSeconds;
  const startedAt = performance.now();
  const pending = [];
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now - startedAt) / 1000) * offeredRate));
    for (; sent < due; sent += 1) pending.push(send(startedAt + (sent / offeredRate) * 1000));
    await new Promise((wake) => setTimeout(wake, 2));
  }
  await Promise.all(pending);
  agent.destroy();
  if (failures > 0) throw new Error(`${failures} requests failed at ${offeredRate}/s`);
  return latencies;
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
  try {
    const email = await registerUser(product.url, 'api-read');
    const session = await signIn(product.url, email);
    const productRates = [];
    const baselineRates = [];
    for (let round = 0; round < rounds; round += 1) {
      productRates.push(wrkRate(product.url, session));
      baselineRates.push(wrkRate(baseline.url, session));
    }
    const latencies = await fixedRateLatencies(product.url, session);
    const productRate = median(productRates);
    const baselineRate = median(baselineRates);
    return {
      api_read_product_rps: Math.round(productRate),
      api_read_baseline_rps: Math.round(baselineRate),
      api_read_rate_ratio: (productRate / baselineRate).toFixed(2),
      api_read_p50_ms_at_1000_rps: percentile(latencies, 0.5).toFixed(2),
      api_read_p99_ms_at_1000_rps: percentile(latencies, 0.99).toFixed(2),
    };
  } finally {
    await baseline.stop();
    await product.stop();
  }
}
