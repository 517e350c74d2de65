/** What the drills share: the built server, made again when its sources are newer than it. */
import { spawnSync } from 'node:child_process';
import { isStale } from '../freshness.mjs';

/** What the server build reads (as scripts/start.mjs): a build older than them is not the code under drill. */
const serverSources = ['apps/server/src', 'apps/server/drizzle', 'packages/contract/src', 'packages/i18n/src'];

/** Builds the server when its build is older than its sources, as `npm start` does. */
export function buildServerIfNeeded() {
  if (!isStale('apps/server/dist/main.js', serverSources)) return;
  console.log('Building the server ...');
  const build = spawnSync('npm', ['run', '--silent', 'build', '-w', '@bank/server'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');
}
