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
 * two cores, they take little more than the longer of the two.
 */
import { spawn } from 'node:child_process';
import { isStale } from './freshness.mjs';

const shared = ['packages/contract/src', 'packages/i18n/src'];
const webBuild = {
  workspace: '@bank/web',
  // The build's last step draws the public pages (apps/web/scripts/prerender.mjs).
  output: 'apps/web/dist/prerendered/login.en.html',
  sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/scripts', ...shared],
};
const serverBuild = {
  workspace: '@bank/server',
  output: 'apps/server/dist/main.js',
  sources: ['apps/server/src', 'apps/server/drizzle', ...shared],
};

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

const isWebBuilding = isStale(webBuild.output, webBuild.sources);
const webBuilt = isWebBuilding ? build(webBuild) : Promise.resolve();
if (isStale(serverBuild.output, serverBuild.sources)) await build(serverBuild);

const server = run(process.execPath, ['apps/server/dist/main.js', ...(isWebBuilding ? ['--after-web-build'] : [])], {
  // The channel on which the server hears that the web build is done.
  stdio: ['inherit', 'inherit', 'inherit', ...(isWebBuilding ? ['ipc'] : [])],
});
server.on('exit', (code) => {
  stopAll('SIGTERM');
  process.exit(code ?? 0);
});
await webBuilt;
if (server.connected) server.send('web-app-built');
