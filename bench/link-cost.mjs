/**
 * `node bench/link-cost.mjs [--links N] [--cpu N] [--runs N]`: what each `<link rel="modulepreload">`
 * of a page costs this machine's browser on the main thread, to weigh how many files the web build
 * splits a page into (decision 48). Serves a bare page whose head links N tiny modules, and one
 * that links none, alternately, to Debian's Chromium with its CPU N times slower (4, as Lighthouse's
 * phone), and measures the time from the page's answer to a mark after the links (the parser's work,
 * starting each link's request included). Prints the medians and the cost of one link. Not a
 * benchmark (`npm run bench` does not run it): it keeps no figure. The cost depends on the machine
 * more than on anything of the product: about 2 ms at 4x on the machines of earlier sessions
 * (profile-page.mjs), some 10 ms on that of 2026-12-02 (bench/README.md).
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values } = parseArgs({
  options: {
    links: { type: 'string', default: '70' },
    cpu: { type: 'string', default: '4' },
    runs: { type: 'string', default: '5' },
  },
});
const linkCount = Number(values.links);

/** A page whose head links `count` modules, with a mark once the parser has passed them. */
function pageWith(count) {
  const links = Array.from({ length: count }, (_, index) => `<link rel="modulepreload" href="/m${index}.js">`);
  return `<!doctype html><html><head>${links.join('')}</head><body><h1>Links</h1><script>performance.mark('parsed')</script></body></html>`;
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname.endsWith('.js')) {
    response.setHeader('content-type', 'text/javascript');
    response.end(`export const at = ${JSON.stringify(url.pathname)};`);
    return;
  }
  response.setHeader('content-type', 'text/html');
  response.end(pageWith(Number(url.searchParams.get('links'))));
});
await new Promise((listening) => server.listen(0, '127.0.0.1', listening));
const { port } = server.address();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
const timings = { without: [], with: [] };
try {
  for (let run = 0; run < Number(values.runs); run += 1) {
    for (const [name, count] of [
      ['without', 0],
      ['with', linkCount],
    ]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const devtools = await context.newCDPSession(page);
      await devtools.send('Emulation.setCPUThrottlingRate', { rate: Number(values.cpu) });
      await page.goto(`http://127.0.0.1:${port}/?links=${count}`, { waitUntil: 'load' });
      timings[name].push(
        await page.evaluate(
          () =>
            performance.getEntriesByName('parsed')[0].startTime -
            performance.getEntriesByType('navigation')[0].responseEnd,
        ),
      );
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
const without = median(timings.without);
const withLinks = median(timings.with);
console.log(`CPU ${values.cpu}x slower, medians of ${values.runs}: the page parsed in ${without.toFixed(0)} ms`);
console.log(
  `with ${linkCount} module links ${withLinks.toFixed(0)} ms: ${((withLinks - without) / linkCount).toFixed(1)} ms a link`,
);
