/**
 * Lighthouse (mobile, its default simulated slow 4G and 4x slower CPU) on every page of the built
 * product a visitor or a client opens (the route table's public and signed-in client pages; staff
 * pages are not measured), each the median of three runs, through Debian's Chromium, the server
 * answering HTTPS with HTTP/2 (decision 0047: a certificate made for the run). It prints the
 * table of medians, the slowest page first, and names it (`lighthouse_slowest`). Lighthouse is not a
 * dependency of the product: the first run installs the version below into bench/.tools (about
 * 190 MB, git-ignored), since it is needed only here. With LIGHTHOUSE_REPORT_DIR set, each page's
 * full report is written there as JSON, to read what held a figure back.
 *
 * The machine's other work moves a score by several points between runs of the same build:
 * each page is measured three times (LIGHTHOUSE_RUNS=N to change it; pages alternate) and each figure
 * written as the median with its range (`..._performance_range: "min-max"`); LIGHTHOUSE_PAGES=
 * login,home,cards measures only those pages (by the route table's id).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dashboardSessionStorage, importWorkspaceModule, post, startServer } from './support.mjs';

/** The last Lighthouse whose engines accept Node 20. */
const lighthouseVersion = '12.8.2';
const tools = resolve('bench/.tools');
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Lighthouse and its Puppeteer, installed into bench/.tools on first use, and `load` for another of their modules. */
export async function loadTools() {
  const modules = join(tools, 'node_modules');
  if (!existsSync(join(modules, 'lighthouse'))) {
    console.log(`installing lighthouse@${lighthouseVersion} into bench/.tools ...`);
    const installed = spawnSync('npm', ['install', '--prefix', tools, '--no-save', `lighthouse@${lighthouseVersion}`], {
      stdio: 'inherit',
    });
    if (installed.status !== 0) throw new Error('could not install lighthouse');
  }
  const load = (name, entry) => import(pathToFileURL(join(modules, name, entry)).href);
  const [{ default: lighthouse }, { default: puppeteer }] = await Promise.all([
    load('lighthouse', 'core/index.js'),
    load('puppeteer-core', 'lib/esm/puppeteer/puppeteer-core.js'),
  ]);
  return { lighthouse, puppeteer, load };
}

/**
 * Every page a visitor opens: the public pages, then every signed-in page of the route table that a
 * client (not the bank's staff) opens, by its id. Read from the contract's route table, so that a page
 * added later is measured without a change here. A path's parameter (`:contractId`) takes the first
 * such record of the demo company, read through the API as the page's list would; so does a details
 * page that names its record in the address (`?id=`), as the history's links open it: measured
 * without one, such a page showed its "not found" text. The demo company has made no payout: the
 * payout details pages open one it makes through the API first (`payoutOf`), as the web app does.
 */
export async function pagesToMeasure(url) {
  const { publicPaths, mainPages } = await importWorkspaceModule('packages/contract/src/routes.ts');
  const session = await dashboardSessionStorage(url);
  const headers = { token: session.token, userid: session.userid };
  const first = async (path, field, filter = {}) =>
    (await post(url, path, { page_size: 1, ...filter }, headers)).items[0]?.[field];
  const parameters = { contractId: () => first('/api/v1/programme/contracts/list', 'id') };
  const records = {
    transaction_detail: () => first('/api/v1/transaction/record', 'transaction_id'),
    deposit_transaction_detail: () => first('/api/v1/transaction/record', 'transaction_id', { type: 'crypto_deposit' }),
    fiat_transfer_detail: () => payoutOf(url, headers, 'fiat'),
    crypto_transfer_detail: () => payoutOf(url, headers, 'crypto'),
  };
  const pages = Object.entries(publicPaths).map(([name, path]) => ({ name, path, isSignedIn: false }));
  for (const page of mainPages.filter((candidate) => !candidate.isStaffOnly)) {
    let path = page.path;
    for (const [, parameter] of path.matchAll(/:(\w+)/g)) {
      const value = await parameters[parameter]?.();
      if (!value) throw new Error(`${page.id}: no value for :${parameter} in the demo data`);
      path = path.replace(`:${parameter}`, encodeURIComponent(value));
    }
    if (records[page.id]) {
      const id = await records[page.id]();
      if (!id) throw new Error(`${page.id}: no record to open in the demo data`);
      path = `${path}?id=${encodeURIComponent(id)}`;
    }
    pages.push({ name: page.id, path, isSignedIn: true });
  }
  return pages;
}

/**
 * The demo company's newest fiat or crypto payout, made first if it has none: 100 USDT to its first
 * saved payee or 50 USDT to its first saved address, quoted, checked and submitted as the web app
 * does (the session's second factor is fresh, so no step-up is asked). Under the company's approval
 * threshold, it waits for the bank's review.
 */
async function payoutOf(url, headers, kind) {
  const [records, destinations] =
    kind === 'fiat'
      ? ['/api/v1/withdraw/fiat/record', '/api/v1/withdraw/payee/list']
      : ['/api/v1/withdraw/crypto/record', '/api/v1/withdraw/address/list'];
  const made = (await post(url, records, { page_size: 1 }, headers)).items[0]?.payout_id;
  if (made) return made;
  const destination = (await post(url, destinations, { page_size: 1 }, headers)).items[0];
  // A fiat quote names its payee (for the payee's currency); a crypto quote its network only.
  const [to, quoted] =
    kind === 'fiat'
      ? [{ payee_id: destination?.payee_id }, { asset: 'USDT', amount: '100', payee_id: destination?.payee_id }]
      : [{ address_id: destination?.address_id }, { asset: 'USDT', network: 'TRC20', amount: '50' }];
  const quote = await post(url, `/api/v1/withdraw/${kind}/calc`, quoted, headers);
  const instructions = {
    quote_id: quote.quote_id,
    purpose: 'supplier_payment',
    sender_account_name: 'Meridian Treasury Services Ltd',
    remarks: '',
    ...to,
  };
  await post(url, `/api/v1/withdraw/${kind}/check`, instructions, headers);
  const payout = await post(url, `/api/v1/withdraw/${kind}/withdraw`, instructions, {
    ...headers,
    'idempotency-key': crypto.randomUUID(),
  });
  return payout.payout_id;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/** Slowest first: the lower score, then the later largest paint. */
const byScore = (figures) => (a, b) =>
  figures[`lighthouse_${a.name}_performance`] - figures[`lighthouse_${b.name}_performance`] ||
  figures[`lighthouse_${b.name}_lcp_ms`] - figures[`lighthouse_${a.name}_lcp_ms`];

/** The medians as a Markdown table, the slowest page first. */
function printTable(pages, figures) {
  const rows = pages
    .filter(({ name }) => figures[`lighthouse_${name}_performance`] !== undefined)
    .sort(byScore(figures));
  const ms = (value) => `${(value / 1000).toFixed(1)} s`;
  console.log('\n| page | performance | first paint | largest paint | total blocking time | accessibility |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const { name, path } of rows) {
    const figure = (id) => figures[`lighthouse_${name}_${id}`];
    console.log(
      `| ${path} | ${figure('performance')} | ${ms(figure('fcp_ms'))} | ${ms(figure('lcp_ms'))} | ${figure('tbt_ms')} ms | ${figure('accessibility')} |`,
    );
  }
}

/**
 * One Lighthouse run of `path` on the server at `url` (signed in as the approved demo company's
 * administrator for a signed-in page), in a browser of its own: Lighthouse's trace of a second page
 * in one browser is sometimes lost. `flags` add to the run's (`gatherMode` keeps its trace).
 */
export async function lighthouseOf({ lighthouse, puppeteer }, url, { path, isSignedIn }, flags = {}) {
  const browser = await puppeteer.launch({
    executablePath: chromium,
    args: ['--no-sandbox', '--headless=new', '--ignore-certificate-errors'],
  });
  try {
    const page = await browser.newPage();
    if (isSignedIn) {
      const stored = await dashboardSessionStorage(url);
      await page.evaluateOnNewDocument((entries) => {
        for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
      }, stored);
    }
    const { lhr } = await lighthouse(
      `${url}${path}`,
      {
        onlyCategories: ['performance', 'accessibility'],
        formFactor: 'mobile',
        logLevel: 'error',
        // Its resize to the page's full height would bring below-the-fold content on screen.
        disableFullPageScreenshot: true,
        ...flags,
      },
      undefined,
      page,
    );
    return lhr;
  } finally {
    await browser.close();
  }
}

export async function run() {
  const lighthouseTools = await loadTools();
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  const chosen = process.env.LIGHTHOUSE_PAGES?.split(',');
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-lighthouse-'));
  // Over HTTPS and HTTP/2, as a bank serves it: a page's files share one connection.
  const server = await startServer({ DATA_DIR: dataDir }, { tls: true });
  const pages = await pagesToMeasure(server.url);
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  /** Each figure's value in every run. */
  const samples = {};
  const record = (name, value) => {
    samples[name] ??= [];
    samples[name].push(value);
  };
  try {
    for (let round = 1; round <= runs; round += 1)
      for (const { name, path, isSignedIn } of pages.filter(({ name }) => !chosen || chosen.includes(name))) {
        const lhr = await lighthouseOf(lighthouseTools, server.url, { path, isSignedIn });
        if (reportDir) {
          const file = runs > 1 ? `${name}.${round}.json` : `${name}.json`;
          writeFileSync(join(reportDir, file), JSON.stringify(lhr));
        }
        // A run whose trace was lost has no metrics: it is left out rather than counted as zero.
        if (lhr.audits['largest-contentful-paint']?.numericValue === undefined) {
          console.log(`${name}: run ${round} has no metrics (${lhr.runtimeError?.code ?? 'no trace'}), left out`);
          continue;
        }
        const audit = (id) => Math.round(lhr.audits[id].numericValue);
        record(`lighthouse_${name}_performance`, Math.round(lhr.categories.performance.score * 100));
        record(`lighthouse_${name}_accessibility`, Math.round(lhr.categories.accessibility.score * 100));
        record(`lighthouse_${name}_fcp_ms`, audit('first-contentful-paint'));
        record(`lighthouse_${name}_lcp_ms`, audit('largest-contentful-paint'));
        record(`lighthouse_${name}_tbt_ms`, audit('total-blocking-time'));
      }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const figures = {};
  for (const [name, values] of Object.entries(samples)) {
    figures[name] = median(values);
    if (runs > 1) figures[`${name}_range`] = `${Math.min(...values)}-${Math.max(...values)}`;
  }
  printTable(pages, figures);
  const measured = pages.filter(({ name }) => figures[`lighthouse_${name}_performance`] !== undefined);
  const slowest = measured.sort(byScore(figures))[0];
  if (slowest)
    figures.lighthouse_slowest = `${slowest.path} (${figures[`lighthouse_${slowest.name}_performance`]}, largest paint ${figures[`lighthouse_${slowest.name}_lcp_ms`]} ms)`;
  return figures;
}
