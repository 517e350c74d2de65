/**
 * How quickly four everyday interactions answer on a phone: the time from the input to the next
 * paint (the browser's Event Timing API, as Interaction to Next Paint counts it), in Debian's
 * Chromium at 390x844 with its CPU 4 times slower, signed in as the approved demo company's
 * administrator on the built product and a fresh embedded database:
 *
 * - typing an amount ("1250.50", key by key) on the new fiat transfer page, its payee chosen, until
 *   the live quote shows it: the slowest keystroke;
 * - opening a card's panel from its tile on /cards, until the panel shows the card;
 * - choosing a type in the history's filter bar on /my_transaction (its choices unfolded first, not
 *   measured), until the list shows only that type: the slower of opening the choice and choosing;
 * - switching the language to Chinese from the header's menu, until the page is in Chinese: the
 *   slower of opening the menu and choosing.
 *
 * What the page does after that paint is not counted, as the browser's INP does not count it: the
 * history's new lines and the card's facts once they arrive, the page drawn in Chinese once that
 * catalogue has loaded (its own chunk); the gesture waits for them only so that a page which did not
 * answer is not measured.
 *
 * Each is measured on a fresh page (a new browser context) three times (INTERACTIONS_RUNS=N),
 * alternating, and written as the median with its range; INTERACTIONS_ONLY=typing,filter measures
 * only the figures whose names hold those words. An interaction counts its slowest event
 * (the browser reports only those of 16 ms or more; one without any counts as 16), each run's line
 * giving each interaction's slowest event in its three parts (waiting for the main thread, the
 * handlers, and from them to the paint). With
 * INTERACTIONS_PROFILE=1, each gesture of the first round is also recorded with the CPU profiler and
 * the functions that took its time are printed (`BUILD_UNMINIFIED=1 npm run build` names them), its
 * profile written to bench/.profile/<figure>.cpuprofile.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { dashboardSessionStorage, importWorkspaceModule, post, profileCosts, startServer } from './support.mjs';

const cpuRate = 4;
/** e2e/support/browser.ts `viewports.phone`. */
const phone = { width: 390, height: 844 };
const goalMs = 200;
/** The smallest duration the browser reports an event of (`durationThreshold`'s floor). */
const thresholdMs = 16;
const visibleTimeoutMs = 30_000;
const profileFolder = resolve('bench/.profile');

/**
 * In the page, before the app starts: keeps the slowest event of each interaction since
 * `window.__interactionsFrom` (set when a gesture starts), named by the event.
 */
function observeInteractions(durationThreshold) {
  const slowest = new Map();
  const keep = (entries) => {
    for (const entry of entries) {
      if (!entry.interactionId || entry.startTime < (window.__interactionsFrom ?? Number.POSITIVE_INFINITY)) continue;
      const known = slowest.get(entry.interactionId);
      const handlers = entry.processingEnd - entry.processingStart;
      // The events of one gesture (pointerdown, pointerup, click) share its frame: its time is its
      // slowest event's, in three parts, waiting for the main thread (the first event's), the
      // handlers of all its events (with what React draws in them), and the rest until the paint
      // (the rest of the task, style, layout and paint).
      if (!known) {
        const delay = entry.processingStart - entry.startTime;
        slowest.set(entry.interactionId, { name: entry.name, duration: entry.duration, delay, handlers });
        continue;
      }
      known.handlers += handlers;
      if (entry.duration > known.duration) Object.assign(known, { name: entry.name, duration: entry.duration });
    }
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: 'event', buffered: true, durationThreshold });
  window.__startInteractions = () => {
    slowest.clear();
    window.__interactionsFrom = performance.now();
  };
  window.__readInteractions = () => {
    keep(observer.takeRecords());
    return [...slowest.values()];
  };
}

/**
 * Two animation frames, so that the paint after the last input has happened and been reported. Done
 * after each input before the next step finds its element: Playwright's search runs on the page's
 * main thread, and would otherwise delay that paint.
 */
async function afterTwoFrames(page) {
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))),
  );
}

/**
 * A click of the mouse at the middle of the element, once it is on screen. Not locator.click():
 * Playwright checks a click's target with listeners of its own on the page's input events, which
 * the browser would count in the interaction's time.
 */
async function clickOn(page, locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on screen`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The four gestures: where each starts, what is done unmeasured first, the gesture and its visible end. */
const interactions = [
  {
    figure: 'inp_amount_typing_ms',
    label: 'typing an amount (new fiat transfer)',
    path: ({ payeeId }) => `/blockchain_w/new_fiat?payee=${encodeURIComponent(payeeId)}`,
    ready: (page) => page.locator('#fiat-amount').waitFor(),
    act: async (page) => {
      await clickOn(page, page.locator('#fiat-amount'));
      // The click that focuses the field is not part of the typing.
      await afterTwoFrames(page);
      await page.evaluate(() => window.__startInteractions());
      await page.keyboard.type('1250.50', { delay: 50 });
    },
    // The quote of the amount, or the reason it is refused (the balance), in the quote's box.
    shown: (page) =>
      page
        .getByTestId('live-quote')
        .getByText(/1,250\.50/)
        .or(page.getByTestId('live-quote').getByRole('alert'))
        .first()
        .waitFor({ timeout: visibleTimeoutMs }),
  },
  {
    figure: 'inp_card_panel_ms',
    label: "opening a card's panel (/cards)",
    path: () => '/cards',
    ready: (page) => page.getByTestId('card-tile').first().waitFor(),
    act: async (page) => {
      await page.evaluate(() => window.__startInteractions());
      await clickOn(page, page.getByTestId('card-tile').first());
    },
    shown: (page) => page.getByRole('dialog').getByText('Timeline').first().waitFor({ timeout: visibleTimeoutMs }),
  },
  {
    figure: 'inp_history_filter_ms',
    label: 'filtering the history by type (/my_transaction)',
    path: () => '/my_transaction',
    ready: async (page) => {
      await page.getByTestId('transaction-card').first().waitFor();
      // On a phone the type is behind "More filters": unfolded before the measure.
      await page.getByRole('button', { name: 'More filters' }).click();
      await page.getByRole('combobox', { name: 'Type' }).waitFor();
    },
    act: async (page) => {
      await page.evaluate(() => window.__startInteractions());
      await clickOn(page, page.getByRole('combobox', { name: 'Type' }));
      await afterTwoFrames(page);
      await clickOn(page, page.getByRole('option', { name: 'Crypto deposit', exact: true }));
    },
    // Every line on screen is a crypto deposit (or none is left).
    shown: (page) =>
      page.waitForFunction(
        () => {
          if (!window.location.search.includes('type=crypto_deposit')) return false;
          const cards = [...document.querySelectorAll('[data-testid="transaction-card"]')];
          return cards.every((card) => card.textContent?.includes('Crypto deposit'));
        },
        undefined,
        { timeout: visibleTimeoutMs, polling: 100 },
      ),
  },
  {
    figure: 'inp_language_switch_ms',
    label: 'switching the language (header, on the home page)',
    path: () => '/',
    ready: (page) => page.getByRole('button', { name: /^Change language/ }).waitFor(),
    act: async (page) => {
      await page.evaluate(() => window.__startInteractions());
      await clickOn(page, page.getByRole('button', { name: /^Change language/ }));
      await afterTwoFrames(page);
      await clickOn(page, page.getByRole('menuitem', { name: '中文' }));
    },
    // The menu's own button is named in Chinese once the page is.
    shown: (page) =>
      page.waitForFunction(
        () =>
          document.documentElement.lang === 'zh-CN' && !document.querySelector('button[aria-label^="Change language"]'),
        undefined,
        { timeout: visibleTimeoutMs, polling: 100 },
      ),
  },
];

/** One measure of one gesture on a fresh page: its slowest interaction, and what each took. */
async function measure(browser, url, interaction, demo, shouldProfile) {
  const browserContext = await browser.newContext({ viewport: phone });
  try {
    const stored = await dashboardSessionStorage(url);
    await browserContext.addInitScript((entries) => {
      if (window.location.protocol === 'about:') return;
      for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
    }, stored);
    await browserContext.addInitScript(observeInteractions, thresholdMs);
    const page = await browserContext.newPage();
    await page.goto(`${url}${interaction.path(demo)}`);
    await interaction.ready(page);
    // The page's own start (its data, the renders it causes) is over before the slower CPU.
    await page.waitForLoadState('networkidle');
    const devtools = await browserContext.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    if (shouldProfile) {
      await devtools.send('Profiler.enable');
      await devtools.send('Profiler.setSamplingInterval', { interval: 100 });
      await devtools.send('Profiler.start');
    }
    await interaction.act(page);
    await afterTwoFrames(page);
    await interaction.shown(page);
    await afterTwoFrames(page);
    const events = await page.evaluate(() => window.__readInteractions());
    if (shouldProfile) printProfile(interaction, (await devtools.send('Profiler.stop')).profile);
    const slowest = events.reduce((worst, event) => (event.duration > worst.duration ? event : worst), {
      name: '(none reported)',
      duration: thresholdMs,
    });
    return { ms: Math.round(slowest.duration), events };
  } finally {
    await browserContext.close();
  }
}

/** Prints where the gesture's time went and keeps its profile in bench/.profile/, for the browser's DevTools. */
function printProfile(interaction, profile) {
  mkdirSync(profileFolder, { recursive: true });
  writeFileSync(join(profileFolder, `${interaction.figure}.cpuprofile`), JSON.stringify(profile));
  const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
  // The waits between the steps are idle: only the main thread's work is listed.
  const samples = profile.samples
    .map((id, index) => ({ id, us: profile.timeDeltas[index + 1] ?? 0 }))
    .filter(({ id }) => !idle.has(id));
  console.log(`\n  profile of ${interaction.label}:`);
  console.log(profileCosts(profile, samples));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

export async function run() {
  const runs = Math.max(1, Number(process.env.INTERACTIONS_RUNS ?? 3));
  const shouldProfile = process.env.INTERACTIONS_PROFILE === '1';
  const chosen = process.env.INTERACTIONS_ONLY?.split(',');
  const measured = interactions.filter(({ figure }) => !chosen || chosen.some((name) => figure.includes(name)));
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-interactions-'));
  const server = await startServer({ DATA_DIR: dataDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  const samples = Object.fromEntries(measured.map(({ figure }) => [figure, []]));
  try {
    // The demo company's payee, chosen through the page's address as its payees page links it.
    const session = await dashboardSessionStorage(server.url);
    const headers = { token: session.token, userid: session.userid };
    const { listPayees } = await importWorkspaceModule('packages/contract/src/payouts.ts');
    const payees = await post(server.url, listPayees.path, { page_size: 1 }, headers);
    const payeeId = payees.items[0]?.payee_id;
    if (!payeeId) throw new Error('the demo company has no payee');
    for (let round = 1; round <= runs; round += 1)
      for (const interaction of measured) {
        const { ms, events } = await measure(
          browser,
          server.url,
          interaction,
          { payeeId },
          shouldProfile && round === 1,
        );
        samples[interaction.figure].push(ms);
        const each = events
          .map(
            ({ name, duration, delay, handlers }) =>
              `${name} ${Math.round(duration)} [delay ${Math.round(delay)}, handlers ${Math.round(handlers)}, to paint ${Math.round(duration - delay - handlers)}]`,
          )
          .join(', ');
        console.log(`${interaction.figure} run ${round}: ${ms} ms (${each || `none over ${thresholdMs} ms`})`);
      }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const figures = {};
  console.log(`\n| interaction (CPU ${cpuRate}x slower, ${phone.width}x${phone.height}) | median | range | goal |`);
  console.log('| --- | --- | --- | --- |');
  for (const { figure, label } of measured) {
    const values = samples[figure];
    figures[figure] = median(values);
    figures[`${figure}_range`] = `${Math.min(...values)}-${Math.max(...values)}`;
    const verdict = figures[figure] <= goalMs ? 'met' : 'missed';
    console.log(`| ${label} | ${figures[figure]} ms | ${figures[`${figure}_range`]} ms | ${goalMs} ms, ${verdict} |`);
  }
  return figures;
}
