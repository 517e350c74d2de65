/**
 * Lighthouse (mobile, its default simulated slow 4G and 4x slower CPU) on /login, /reg and the
 * signed-in dashboard of the built product, through Debian's Chromium. Lighthouse is not a
 * dependency of the product: the first run installs the version below into bench/.tools (about
 * 190 MB, git-ignored), since it is needed only here. With LIGHTHOUSE_REPORT_DIR set, each page's
 * full report is written there as JSON, to read what held a figure back.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { signIn, startServer } from './support.mjs';

/** The last Lighthouse whose engines accept Node 20. */
const lighthouseVersion = '12.8.2';
const tools = resolve('bench/.tools');
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** A seeded demo account with KYC approved: its dashboard is the one a working client sees. */
const dashboardUser = { email: 'kyc-approved@demo.bank', password: 'Demo-Approved#2026' };

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

export async function run() {
  const { lighthouse, puppeteer } = await loadTools();
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-lighthouse-'));
  const server = await startServer({ DATA_DIR: dataDir });
  const figures = {};
  try {
    for (const [name, path, isSignedIn] of [
      ['login', '/login', false],
      ['register', '/reg', false],
      ['dashboard', '/', true],
    ]) {
      // A browser per page: Lighthouse's trace of a second page in one browser is sometimes lost.
      const browser = await puppeteer.launch({ executablePath: chromium, args: ['--no-sandbox', '--headless=new'] });
      try {
        const page = await browser.newPage();
        if (isSignedIn) {
          const session = await signIn(server.url, dashboardUser.email, dashboardUser.password);
          const stored = {
            token: session.token,
            userid: session.userid,
            username: session.username,
            is_google: '1',
            kyc_status: session.kyc_status,
          };
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
        if (process.env.LIGHTHOUSE_REPORT_DIR)
          writeFileSync(join(process.env.LIGHTHOUSE_REPORT_DIR, `${name}.json`), JSON.stringify(lhr));
        const audit = (id) => Math.round(lhr.audits[id].numericValue);
        figures[`lighthouse_${name}_performance`] = Math.round(lhr.categories.performance.score * 100);
        figures[`lighthouse_${name}_accessibility`] = Math.round(lhr.categories.accessibility.score * 100);
        figures[`lighthouse_${name}_fcp_ms`] = audit('first-contentful-paint');
        figures[`lighthouse_${name}_lcp_ms`] = audit('largest-contentful-paint');
        figures[`lighthouse_${name}_tbt_ms`] = audit('total-blocking-time');
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}
