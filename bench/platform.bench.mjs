/**
 * Platform figures: first-load JS of /login (gzip), time to ready on a fresh and on an existing
 * embedded database, and the latency of a call answered by the session check.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { percentile, startServer } from './support.mjs';

function firstLoadJsGzipBytes(url, html) {
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
    (match) => match[1] ?? match[2],
  );
  return Promise.all(
    scripts.map(async (path) => gzipSync(Buffer.from(await (await fetch(new URL(path, url))).arrayBuffer())).length),
  ).then((sizes) => sizes.reduce((sum, size) => sum + size, 0));
}

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-bench-'));
  try {
    const fresh = await startServer({ DATA_DIR: dataDir });
    const html = await (await fetch(`${fresh.url}/login`)).text();
    const loginJsGzipBytes = await firstLoadJsGzipBytes(fresh.url, html);

    const samples = [];
    for (let index = 0; index < 300; index += 1) {
      const startedAt = performance.now();
      await fetch(`${fresh.url}/api/v1/account/getUserInfo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: 'none', userid: 'none' },
        body: '{}',
      });
      samples.push(performance.now() - startedAt);
    }
    await fresh.stop();
    const second = await startServer({ DATA_DIR: dataDir });
    await second.stop();
    return {
      login_first_load_js_gzip_kb: (loginJsGzipBytes / 1024).toFixed(1),
      ready_fresh_database_ms: fresh.readyMs,
      ready_second_start_ms: second.readyMs,
      session_check_p50_ms: percentile(samples, 0.5).toFixed(2),
      session_check_p99_ms: percentile(samples, 0.99).toFixed(2),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
