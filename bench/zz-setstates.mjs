import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { dashboardSessionStorage, startServer } from './support.mjs';
const path = process.argv[2] ?? '/alerts';
const server = await startServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'bank-ss-')) });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const stored = await dashboardSessionStorage(server.url);
  await context.addInitScript((entries) => { Error.stackTraceLimit = 200; for (const [k, v] of Object.entries(entries)) sessionStorage.setItem(k, v); }, stored);
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  const ss = await page.evaluate(() => window.__ss ?? []);
  for (const [t, ctx, lane, stack] of ss) {
    const frames = ctx === -1 ? stack : stack.split("\n").slice(2, 60).map((l) => l.trim().replace(/\(https?:\/\/[^/]+\/assets\//, '(').replace(/^at /, '')).join(' < ');
    console.log(Math.round(t), 'ctx', ctx, '|', frames);
  }
} finally { await browser.close(); await server.stop?.(); process.exit(0); }
