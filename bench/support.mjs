/** Helpers of the benchmarks: a production server on a free port, percentiles. */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export async function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** Starts apps/server/dist/main.js and resolves when /readyz answers, with the time it took. */
export async function startServer(environment) {
  const port = await freePort();
  const startedAt = performance.now();
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...environment },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((wake) => setTimeout(wake, 50));
  }
  const readyMs = Math.round(performance.now() - startedAt);
  const stop = () =>
    new Promise((done) => {
      server.once('exit', done);
      server.kill('SIGTERM');
    });
  return { url, readyMs, stop };
}

export function percentile(samples, fraction) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}
