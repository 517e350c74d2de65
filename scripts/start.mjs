/**
 * `npm start`: builds what is missing or out of date, then runs the production server, which
 * migrates the database (embedded PGlite in ./data unless DATABASE_URL is set), seeds the demo
 * data and serves the web app and the API on one port (PORT, default 3000).
 */
import { spawn, spawnSync } from 'node:child_process';
import { isStale } from './freshness.mjs';

const shared = ['packages/contract/src', 'packages/i18n/src'];
const builds = [
  {
    workspace: '@bank/web',
    // The build's last step draws the public pages (apps/web/scripts/prerender.mjs).
    output: 'apps/web/dist/prerendered/login.en.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/scripts', ...shared],
  },
  {
    workspace: '@bank/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/drizzle', ...shared],
  },
];

for (const build of builds) {
  if (!isStale(build.output, build.sources)) continue;
  console.log(`Building ${build.workspace} ...`);
  const result = spawnSync('npm', ['run', '--silent', 'build', '-w', build.workspace], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['apps/server/dist/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
