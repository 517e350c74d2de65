/**
 * The product's two builds, what each reads and what it writes: `npm start` (start.mjs) and the
 * benchmarks (bench/support.mjs) build one when it is missing or older than its sources.
 */
import { spawnSync } from 'node:child_process';
import { isStale } from './freshness.mjs';

const shared = ['packages/contract/src', 'packages/i18n/src'];

export const webBuild = {
  workspace: '@bank/web',
  // Run by `npm start` itself, which it tells when the app can be served (start.mjs).
  script: 'apps/web/scripts/build.mjs',
  folder: 'apps/web/dist',
  // Everything the build reads, for the machine's build cache (build-cache.mjs).
  inputs: ['apps/web', 'packages/contract', 'packages/i18n'],
  // The build's last step draws the public pages (apps/web/scripts/prerender.mjs).
  output: 'apps/web/dist/prerendered/login.en.html',
  sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/scripts', ...shared],
};

export const serverBuild = {
  workspace: '@bank/server',
  output: 'apps/server/dist/main.js',
  sources: ['apps/server/src', 'apps/server/drizzle', ...shared],
};

/** Builds each of the two that is missing or out of date, one after the other; throws on a failure. */
export function buildWhereStale() {
  for (const build of [webBuild, serverBuild]) {
    if (!isStale(build.output, build.sources)) continue;
    console.log(`building ${build.workspace} ...`);
    const result = spawnSync('npm', ['run', '--silent', 'build', '-w', build.workspace], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`building ${build.workspace} failed`);
  }
}
