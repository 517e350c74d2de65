/**
 * `npm start` on a fresh clone: the time from the command to the first answer of /login (and, on
 * the first start, to its first answer drawn at build time and to the end of the web app's build),
 * on a clone of the committed HEAD whose dependencies are installed (the project's node_modules,
 * linked, stand in for `npm ci`, which this does not time). Twice, with a machine cache of its own
 * (BANK_CACHE_DIR, empty at first): the first start this machine makes of these sources, which
 * builds the web app, the server and the database template and keeps them; then a second fresh
 * clone of the same commit, which finds them in the cache.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './support.mjs';

const workspaceFolders = ['apps/server', 'apps/web', 'packages/contract', 'packages/i18n'];

/** A clone of HEAD with the installed dependencies linked in (hard links: no copy, no download). */
function freshClone(into) {
  execFileSync('git', ['clone', '--quiet', resolve('.'), into]);
  for (const folder of ['.', ...workspaceFolders]) {
    const modules = join(folder, 'node_modules');
    if (existsSync(modules)) execFileSync('cp', ['-al', resolve(modules), join(into, folder, 'node_modules')]);
  }
}

/** Whether the machine's cache holds a finished web build (scripts/build-cache.mjs). */
const hasCachedWebBuild = (cacheDir) =>
  existsSync(cacheDir) &&
  readdirSync(cacheDir).some((entry) => entry.startsWith('web-') && !entry.endsWith('.partial'));

/**
 * The time to the first answer of /login, to its first answer drawn at build time (`npm start`
 * answers with the empty page, which the app draws itself, while the pages are still being drawn),
 * and to the end of the web app's build, kept in the machine's cache, where the start builds it.
 */
async function timesToFirstAnswer(clone, cacheDir) {
  const port = await freePort();
  const startedAt = performance.now();
  const start = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BANK_CACHE_DIR: cacheDir },
    stdio: 'ignore',
    detached: true,
  });
  const since = () => Math.round(performance.now() - startedAt);
  try {
    const isBuilding = !hasCachedWebBuild(cacheDir);
    let answeredMs;
    let drawnMs;
    for (;;) {
      if (start.exitCode !== null) throw new Error(`npm start exited with ${start.exitCode}`);
      try {
        if (drawnMs === undefined) {
          const answer = await fetch(`http://127.0.0.1:${port}/login`);
          if (answer.ok) {
            answeredMs ??= since();
            if ((await answer.text()).includes('data-prerendered=')) drawnMs = since();
          }
        }
      } catch {
        // not yet listening
      }
      if (drawnMs !== undefined && (!isBuilding || hasCachedWebBuild(cacheDir)))
        return { answeredMs, drawnMs, builtMs: isBuilding ? since() : undefined };
      await new Promise((wake) => setTimeout(wake, 50));
    }
  } finally {
    await new Promise((done) => {
      start.once('exit', done);
      process.kill(-start.pid, 'SIGTERM');
    });
  }
}

export async function run() {
  const folder = mkdtempSync(join(tmpdir(), 'bank-start-'));
  const cacheDir = join(folder, 'cache');
  try {
    freshClone(join(folder, 'first'));
    const first = await timesToFirstAnswer(join(folder, 'first'), cacheDir);
    freshClone(join(folder, 'second'));
    const second = await timesToFirstAnswer(join(folder, 'second'), cacheDir);
    return {
      start_fresh_clone_first_on_machine_ms: first.answeredMs,
      start_fresh_clone_first_on_machine_drawn_ms: first.drawnMs,
      start_fresh_clone_first_on_machine_built_ms: first.builtMs,
      start_fresh_clone_ms: second.answeredMs,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
