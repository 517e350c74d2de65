/**
 * Lighthouse (mobile, its default simulated slow 4G and 4x slower CPU) on /login, /reg and the
 * signed-in dashboard of the built product, through Debian's Chromium. Lighthouse is not a
 * dependency of the product: the first run installs the version below into bench/.tools (about
 * 190 MB, git-ignored), since it is needed only here. With LIGHTHOUSE_REPORT_DIR set, each page's
 * full report is written there as JSON, to read what held a figure back.
 *
 * The machine's other work moves a score by several points between runs of the same build:
 * LIGHTHOUSE_RUNS=N measures each page N times (alternating pages) and writes the median of each
 * figure with its range (`..._performance_range: "min-max"`); LIGHTHOUSE_PAGES=register,dashboard
 * measures only those pages.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dashboardSessionStorage, startServer } from './support.mjs';

/** The last Lighthouse whose engines accept Node 20. */
const lighthouseVersion = '12.8.2';
const tools = resolve('bench/.tools');
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

async function loadTools() {
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
  return { lighthouse, puppeteer };
}

const pages = [
  ['login', '/login', false],
  ['register', '/reg', false],
  ['dashboard', '/', true],
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

export async function run() {
  const { lighthouse, puppeteer } = await loadTools();
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
  const chosen = process.env.LIGHTHOUSE_PAGES?.split(',');
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-lighthouse-'));
  const server = await startServer({ DATA_DIR: dataDir });
  /** Each figure's value in every run. */
  const samples = {};
  const record = (name, value) => {
    samples[name] ??= [];
    samples[name].push(value);
  };
  try {
    for (let round = 1; round <= runs; round += 1)
      for (const [name, path, isSignedIn] of pages.filter(([name]) => !chosen || chosen.includes(name))) {
        // A browser per page: Lighthouse's trace of a second page in one browser is sometimes lost.
        const browser = await puppeteer.launch({ executablePath: chromium, args: ['--no-sandbox', '--headless=new'] });
        try {
          const page = await browser.newPage();
          if (isSignedIn) {
            const stored = await dashboardSessionStorage(server.url);
            await page.evaluateOnNewDocument((entries) => {
              for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
            }, stored);
          }
          const { lhr } = await lighthouse(
            `${server.url}${path}`,
            {
              onlyCategories: ['performance', 'accessibility'],
              formFactor: 'mobile',
              logLevel: 'error',
              // Its resize to the page's full height would bring below-the-fold content on screen.
              disableFullPageScreenshot: true,
            },
            undefined,
            page,
          );
          if (process.env.LIGHTHOUSE_REPORT_DIR) {
            const file = runs > 1 ? `${name}.${round}.json` : `${name}.json`;
            writeFileSync(join(process.env.LIGHTHOUSE_REPORT_DIR, file), JSON.stringify(lhr));
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
        } finally {
          await browser.close();
        }
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
  return figures;
}
