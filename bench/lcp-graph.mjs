/**
 * `node bench/lcp-graph.mjs [page id] [--runs N] [--tasks]`: what Lighthouse's simulated largest paint
 * of a page waits for. Not a benchmark (it keeps no figure). Runs Lighthouse once on the page of the
 * route table (as lighthouse.bench.mjs does, `home` by default; `WEB_DIST_DIR` for another build),
 * keeps its trace, and computes its Lantern estimate again from it: the nodes of the graph that the
 * largest paint depends on (the network requests that ended before the page's own paint, and the
 * main thread's tasks that evaluated their scripts or laid the page out), when each starts and ends
 * in the simulation, and how many bytes and how much CPU the graph holds. The last node's end is the
 * figure: on a page drawn from its answer, it is the answer, after every file of script before it.
 * `--tasks` also prints, under each task, the requests it sent and what took its time (observed).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { lighthouseOf, loadTools, pagesToMeasure } from './lighthouse.bench.mjs';
import { startServer } from './support.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '1' }, tasks: { type: 'boolean', default: false } },
});
const pageId = positionals[0] ?? 'home';
const tools = await loadTools();
const { LanternLargestContentfulPaint } = await tools.load(
  'lighthouse',
  'core/computed/metrics/lantern-largest-contentful-paint.js',
);
const dataDir = mkdtempSync(join(tmpdir(), 'bank-lcp-graph-'));
const server = await startServer({ DATA_DIR: dataDir }, { tls: true });

/** A node as a line: the request's path and size, or the task's length and what it did. */
function describe(node) {
  if (node.type !== 'cpu') {
    const { url, transferSize } = node.request;
    return `${new URL(url).pathname}${new URL(url).search.length ? '?…' : ''} ${(transferSize / 1024).toFixed(1)} KB`;
  }
  const scripts = [...node.getEvaluateScriptURLs()].map((url) => url.split('/').pop());
  const did = [scripts.length ? `evaluates ${scripts.join(', ')}` : '', node.didPerformLayout() ? 'lays out' : '']
    .filter(Boolean)
    .join('; ');
  return `task, ${(node.duration / 1000).toFixed(0)} ms observed${did ? `: ${did}` : ''}`;
}

/**
 * A task's requests sent and the trace events that took its time, each by its own time (its length
 * less that of the events inside it), the longest first.
 */
function whatTheTaskDid(node) {
  const events = node.childEvents
    .filter((event) => event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const ownTime = new Map();
  const open = [];
  for (const event of events) {
    while (open.length && open.at(-1).ts + open.at(-1).dur <= event.ts) open.pop();
    const parent = open.at(-1);
    if (parent) ownTime.set(parent, ownTime.get(parent) - event.dur);
    ownTime.set(event, event.dur);
    open.push(event);
  }
  const byName = new Map();
  for (const [event, time] of ownTime) byName.set(event.name, (byName.get(event.name) ?? 0) + time);
  const longest = [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, time]) => `${name} ${(time / 1000).toFixed(1)} ms`);
  const sent = node.childEvents.filter((event) => event.name === 'ResourceSendRequest').length;
  return `${sent} requests sent; ${longest.join(', ')}`;
}

try {
  const page = (await pagesToMeasure(server.url)).find(({ name }) => name === pageId);
  if (!page) throw new Error(`no page ${pageId} in the route table's measured pages`);
  for (let run = 1; run <= Number(values.runs); run += 1) {
    const artifactsDir = mkdtempSync(join(tmpdir(), 'bank-lcp-artifacts-'));
    const lhr = await lighthouseOf(tools, server.url, page, { gatherMode: artifactsDir, auditMode: artifactsDir });
    const read = (file) => JSON.parse(readFileSync(join(artifactsDir, file), 'utf8'));
    const artifacts = read('artifacts.json');
    const settings = lhr.configSettings;
    const data = {
      trace: read('defaultPass.trace.json'),
      devtoolsLog: read('defaultPass.devtoolslog.json'),
      gatherContext: artifacts.GatherContext,
      settings,
      URL: artifacts.URL,
      SourceMaps: [],
      simulator: null,
    };
    const estimate = await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings });
    rmSync(artifactsDir, { recursive: true, force: true });
    const timings = [...estimate.pessimisticEstimate.nodeTimings.entries()].sort((a, b) => a[1].endTime - b[1].endTime);
    const bytes = timings.reduce((sum, [node]) => sum + (node.type === 'cpu' ? 0 : node.request.transferSize), 0);
    const cpu = timings.reduce((sum, [node, timing]) => sum + (node.type === 'cpu' ? timing.duration : 0), 0);
    console.log(
      `\n# ${page.path}, run ${run}: largest paint ${Math.round(lhr.audits['largest-contentful-paint'].numericValue)} ms ` +
        `(optimistic ${Math.round(estimate.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(estimate.pessimisticEstimate.timeInMs)}); ` +
        `the graph: ${timings.length} nodes, ${(bytes / 1024).toFixed(0)} KB, ${Math.round(cpu)} ms of simulated CPU`,
    );
    console.log('  start    end  node (pessimistic graph, by end; files under 2 KB left out)');
    for (const [node, { startTime, endTime }] of timings) {
      if (node.type !== 'cpu' && node.request.transferSize < 2048 && node.request.resourceType === 'Script') continue;
      if (node.type === 'cpu' && endTime - startTime < 20) continue;
      console.log(
        `${String(Math.round(startTime)).padStart(7)} ${String(Math.round(endTime)).padStart(6)}  ${describe(node)}`,
      );
      if (values.tasks && node.type === 'cpu') console.log(`          ${whatTheTaskDid(node)}`);
    }
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
