/**
 * `npm start`: builds what is missing or out of date, then runs the production server, which
 * migrates the database (embedded PGlite in ./data unless DATABASE_URL is set), seeds the demo
 * data and serves the web app and the API on one port (PORT, default 3000).
 *
 * The two builds are independent and run at the same time. The server does not need the web app
 * until it serves it, so it starts as soon as its own build is done: it migrates, seeds and starts
 * its job queue while the web app is still building, then waits for this script to say the build is
 * done before it listens (`--after-web-build`, apps/server/src/main.ts). On a fresh clone the web
 * build and the first start on a new database take about as long as each other: side by side, on
 * two cores, they take little more than the longer of the two. What this machine has made before is
 * not made again: a web build of the same sources is copied from the machine's cache
 * (build-cache.mjs), and a new embedded database starts from the migrated template kept there
 * (apps/server/src/platform/database-template.ts).
 */
import { spawn } from 'node:child_process';
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

/** Resolves when the workspace is built; a failed build stops everything with its status. */
function build({ workspace }) {
  console.log(`Building ${workspace} ...`);
  const child = run('npm', ['run', '--silent', 'build', '-w', workspace], { stdio: 'inherit' });
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
 * (a fresh clone of a commit built elsewhere on it): then the cached build is copied in.
 */
function buildWebApp() {
  if (!isStale(webBuild.output, webBuild.sources)) return undefined;
  const key = buildKey(webBuild.inputs);
  if (restoreBuild('web', key, webBuild.folder)) {
    console.log('The web app was built from these sources before: its build is copied from the cache.');
    return undefined;
  }
  // Kept once the server has been told, so that copying it does not delay the first answer.
  return build(webBuild).then(() => () => keepBuild('web', key, webBuild.folder));
}

const webBuilt = buildWebApp();
const isWebBuilding = webBuilt !== undefined;
if (isStale(serverBuild.output, serverBuild.sources)) await build(serverBuild);

const server = run(process.execPath, ['apps/server/dist/main.js', ...(isWebBuilding ? ['--after-web-build'] : [])], {
  // The channel on which the server hears that the web build is done.
  stdio: ['inherit', 'inherit', 'inherit', ...(isWebBuilding ? ['ipc'] : [])],
});
server.on('exit', (code) => {
  stopAll('SIGTERM');
  process.exit(code ?? 0);
});
const keepWebBuild = await webBuilt;
if (server.connected) server.send('web-app-built');
keepWebBuild?.();
