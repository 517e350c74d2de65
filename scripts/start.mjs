/**
 * `npm start`: builds what is missing or out of date, then runs the production server, which
 * migrates the database (embedded PGlite in ./data unless DATABASE_URL is set), seeds the demo
 * data and serves the web app and the API on one port (PORT, default 3000).
 *
 * The two builds are independent and run at the same time. The server does not need the web app
 * until it serves it, so it starts as soon as its own build is done: it migrates, seeds and starts
 * its job queue while the web app is still building, then waits for this script to say the web app
 * can be served before it listens (`--after-web-build`, apps/server/src/main.ts). That is as soon as
 * the browser's build is written: the pages drawn at build time (apps/web/scripts/prerender.mjs), which
 * only let a browser paint a page before its script has run, are drawn after it, while the server
 * already answers; each page is sent drawn once its file is written, and the empty page, which the app
 * draws itself, until then (platform/web-app.ts). On a fresh clone the web build and the first start
 * on a new database take about as long as each other, and the server's is what the first answer
 * waits for: the web build runs at the lowest priority, so that the server's start, side by side with
 * it on two cores, takes little more than it takes alone (bench/README.md, Start). What this machine
 * has made before is not made again: a web build of the same sources is copied from the machine's
 * cache (build-cache.mjs), and a new embedded database starts from the migrated template kept there
 * (apps/server/src/platform/database-template.ts).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { buildKey, keepBuild, restoreBuild } from './build-cache.mjs';
import { serverBuild, webBuild } from './builds.mjs';
import { isStale } from './freshness.mjs';

const children = new Set();

function run(command, args, options) {
  const child = spawn(command, args, options);
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/**
 * Resolves when the workspace is built; a failed build stops everything with its status. A build
 * with a script of its own runs it with an IPC channel, on which it may say that what it has made can
 * be served already (`onUsable`), before it is done.
 */
function build({ workspace, script }, onUsable = () => {}) {
  console.log(`Building ${workspace} ...`);
  const child = script
    ? run(process.execPath, [script], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] })
    : run('npm', ['run', '--silent', 'build', '-w', workspace], { stdio: 'inherit' });
  // The web build gives way to the server's first start, which every answer waits for (on two cores
  // the server took 15.5 s beside it instead of 9.6 s alone); the build then has the machine to itself
  // while the server waits for its first request.
  // A child that could not be started has no pid, and nothing to lower.
  if (script && child.pid !== undefined) os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW);
  child.once('message', onUsable);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      if (!signal) console.error(`Building ${workspace} failed.`);
      stopAll('SIGTERM');
      process.exit(code ?? 1);
    });
  });
}

function stopAll(signal) {
  for (const child of children) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));

/**
 * The web app's build, unless it is up to date or this machine has built the same sources before
 * (a fresh clone of a commit built elsewhere on it): then the cached build is copied in. `usable`
 * resolves once the app can be served, `built` once the build is done, with what keeps it.
 */
function buildWebApp() {
  if (!isStale(webBuild.output, webBuild.sources)) return undefined;
  const key = buildKey(webBuild.inputs);
  if (restoreBuild('web', key, webBuild.folder)) {
    console.log('The web app was built from these sources before: its build is copied from the cache.');
    return undefined;
  }
  let onUsable;
  const usable = new Promise((resolve) => {
    onUsable = resolve;
  });
  // Kept once the server has been told, so that copying it does not delay the first answer.
  const built = build(webBuild, onUsable).then(() => () => keepBuild('web', key, webBuild.folder));
  // A build that never says so is usable once done.
  return { usable: Promise.race([usable, built]), built };
}

const webBuilding = buildWebApp();
if (isStale(serverBuild.output, serverBuild.sources)) await build(serverBuild);

const server = run(
  process.execPath,
  ['apps/server/dist/main.js', ...(webBuilding ? ['--after-web-build'] : [])],
  // The channel on which the server hears that the web app can be served.
  { stdio: ['inherit', 'inherit', 'inherit', ...(webBuilding ? ['ipc'] : [])] },
);
server.on('exit', (code) => {
  stopAll('SIGTERM');
  process.exit(code ?? 0);
});
if (webBuilding) {
  await webBuilding.usable;
  if (server.connected) server.send('web-app-usable');
  const keepWebBuild = await webBuilding.built;
  keepWebBuild();
}
