/**
 * `node bench/profile-page.mjs [path] [--signed-in] [--cpu N] [--runs N] [--long-ms N]`: where a page's
 * load spends the main thread, to read before optimising it. Starts the built product (`npm run build` first) on
 * a fresh embedded database, opens the page in Debian's Chromium at a phone's size with its CPU N
 * times slower (4, as Lighthouse's mobile run assumes; 1 shows the tasks as Lighthouse observes them
 * before scaling), records the browser's trace and a CPU profile, and prints each long task (50 ms
 * or more, or `--long-ms`) after the first paint: its start, its length and the functions that took its time. The
 * last run's profile is written to bench/.profile/page.cpuprofile, for the browser's DevTools.
 *
 * `--signed-in` opens the page as the seeded demo user with KYC approved (the dashboard's user in
 * lighthouse.bench.mjs, support.mjs). The functions have their minified names unless the web app was built with
 * `BUILD_UNMINIFIED=1 npm run build` (build it again before measuring anything else). Not a
 * benchmark (`npm run bench` does not run it): it keeps no figure.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { dashboardSessionStorage, profileCosts, startServer } from './support.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'signed-in': { type: 'boolean', default: false },
    cpu: { type: 'string', default: '4' },
    runs: { type: 'string', default: '1' },
    'long-ms': { type: 'string', default: '50' },
  },
});
const path = positionals[0] ?? '/';
const cpuRate = Number(values.cpu);
/**
 * A long task's least length. With `--cpu 1 --long-ms 12.5`, the tasks Lighthouse counts once its
 * simulation has made them 4 times longer (its trace is recorded at full speed).
 */
const longTaskUs = Number(values['long-ms']) * 1000;
const out = resolve('bench/.profile');

/** The trace categories of the renderer's tasks and paints. */
const traceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'loading',
  'blink.user_timing',
].join(',');

/**
 * The browser's own work in a task, by the trace's event names: what the CPU profile shows only as
 * "(program)" (parsing the HTML and its style sheets, styling, layout, painting). Nested events are
 * each counted (a style sheet parsed within the HTML's parsing is in both).
 */
const browserEvents = [
  'ParseHTML',
  // Starting the requests of the page's links as the parser finds them (about 2 ms each at 4x).
  'HTMLDocumentParser::MaybeFetchQueuedPreloads',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
];
function browserWork(taskEvents) {
  const totals = new Map();
  for (const event of taskEvents)
    if (browserEvents.includes(event.name) && event.dur)
      totals.set(event.name, (totals.get(event.name) ?? 0) + event.dur / 1000);
  const lines = [...totals]
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `    ${ms.toFixed(1).padStart(9)} ms  ${name}`);
  return lines.length ? `    the browser's work:\n${lines.join('\n')}` : "    the browser's work: none traced";
}

function report(events, profile, pageUrl) {
  const navigation = events.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.startsWith(pageUrl),
  );
  if (!navigation) throw new Error('the trace has no navigation to the page');
  const onMain = (event) => event.pid === navigation.pid && event.tid === navigation.tid;
  const firstPaint = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === navigation.pid);
  const since = (us) => `${((us - navigation.ts) / 1000).toFixed(0)} ms`;
  console.log(`first contentful paint at ${firstPaint ? since(firstPaint.ts) : '(none)'}`);
  const tasks = events
    .filter((event) => event.name === 'RunTask' && onMain(event) && event.dur >= longTaskUs)
    .sort((a, b) => a.ts - b.ts);
  // The profile's sample times are on the trace's clock.
  const sampleTimes = [];
  let at = profile.startTime;
  for (const [index, id] of profile.samples.entries()) {
    at += profile.timeDeltas[index];
    sampleTimes.push({ id, at });
  }
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur;
    const afterPaint = firstPaint ? Math.max(0, end - Math.max(task.ts, firstPaint.ts)) : task.dur;
    if (afterPaint > longTaskUs) blocking += afterPaint - longTaskUs;
    const samples = [];
    for (const [index, sample] of sampleTimes.entries()) {
      if (sample.at < task.ts || sample.at >= end) continue;
      const next = sampleTimes[index + 1]?.at ?? sample.at;
      samples.push({ id: sample.id, us: next - sample.at });
    }
    console.log(`\n  task at ${since(task.ts)}, ${(task.dur / 1000).toFixed(0)} ms`);
    console.log(browserWork(events.filter((event) => onMain(event) && event.ts >= task.ts && event.ts < end)));
    console.log(profileCosts(profile, samples));
  }
  console.log(
    `\nblocking time after the first paint (each long task's time over ${longTaskUs / 1000} ms): ${(blocking / 1000).toFixed(0)} ms`,
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'bank-profile-'));
const server = await startServer({ DATA_DIR: dataDir });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  for (let run = 1; run <= Number(values.runs); run += 1) {
    console.log(`\n# ${path}, CPU ${cpuRate}x slower, run ${run}`);
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    if (values['signed-in']) {
      const stored = await dashboardSessionStorage(server.url);
      await context.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
      }, stored);
    }
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    const events = [];
    devtools.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const traced = new Promise((done) => devtools.once('Tracing.tracingComplete', done));
    await devtools.send('Tracing.start', { categories: traceCategories, transferMode: 'ReportEvents' });
    await devtools.send('Profiler.enable');
    await devtools.send('Profiler.setSamplingInterval', { interval: 100 });
    await devtools.send('Profiler.start');
    await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
    // The page's data and the renders it causes come after the load event.
    await page.waitForTimeout(5_000);
    const { profile } = await devtools.send('Profiler.stop');
    await devtools.send('Tracing.end');
    await traced;
    report(events, profile, server.url);
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'page.cpuprofile'), JSON.stringify(profile));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
