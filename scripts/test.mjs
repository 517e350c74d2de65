/**
 * The one gate: installs what a fresh machine lacks, then type-check, lint, unit and server tests,
 * the production build and the browser journeys. Ends with the line `N passed, N failed`.
 *
 * The unit and server tests run in the background at the lowest priority beside the type-check, lint,
 * build and journeys (which leave the cores idle for a good part of their time). With
 * TEST_POSTGRES_URL (a PostgreSQL server's URL; CI sets it), the server suites run on that server as
 * well, first, and the journeys of money (deposits, cards, the programme, payouts) run there instead
 * of on the embedded database, after the other journeys.
 *
 * `--server-only` runs the server suites alone (on DATABASE_URL when set), and with E2E_DATABASE_URL
 * set, the journeys of money on that PostgreSQL too.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { runVitest, stopRunningSuites } from './run-vitest.mjs';
import { ensureSystemDependencies } from './system-deps.mjs';

const isServerOnly = process.argv.includes('--server-only');
const postgresUrl = process.env.TEST_POSTGRES_URL;

/** The journeys of money: CI runs them again on PostgreSQL (`--server-only` with E2E_DATABASE_URL). */
const moneyJourneys = [
  'e2e/deposit.e2e.ts',
  'e2e/cards.e2e.ts',
  'e2e/card-money.e2e.ts',
  'e2e/programme.e2e.ts',
  'e2e/payouts.e2e.ts',
];
/** With PostgreSQL, the money journeys run there rather than on both databases. */
const moneyJourneysExcluded = postgresUrl ? moneyJourneys.flatMap((file) => ['--exclude', file]) : [];

function step(label, command, args) {
  console.log(`\n=== ${label} ===`);
  const startedMs = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  console.log(`${label}: ${Math.round((Date.now() - startedMs) / 1000)} s`);
  if (result.status !== 0) {
    console.error(`${label} failed`);
    stopRunningSuites();
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  }
}

if (!existsSync('node_modules/.package-lock.json'))
  step('install dependencies', 'npm', ['install', '--no-audit', '--no-fund']);

const totals = { passed: 0, failed: 0, failures: [] };
function add(counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.failures.push(...counts.failures);
}

const journeysConfig = ['--config', 'e2e/vitest.config.ts'];

if (isServerOnly) {
  add(await runVitest('server tests', ['apps/server']));
  if (process.env.E2E_DATABASE_URL)
    add(await runVitest('money journeys on PostgreSQL', [...journeysConfig, ...moneyJourneys]));
} else {
  ensureSystemDependencies();
  // The server suites (on PostgreSQL, then with the unit tests on the embedded database) run in the
  // background at the lowest priority, one after the other, and take the CPU the foreground leaves
  // idle: a core beside the type-check, and about 40% of both beside the journeys (a browser and a
  // server waiting on each other). The journeys, whose pages have deadlines, keep the priority.
  const backgroundSuites = (async () => {
    const counts = [];
    const background = { beside: true, niceness: 19 };
    if (postgresUrl)
      counts.push(
        await runVitest('server tests on PostgreSQL', ['apps/server'], { DATABASE_URL: postgresUrl }, background),
      );
    counts.push(await runVitest('unit and server tests', [], {}, background));
    return counts;
  })();
  step('type-check', 'npm', ['run', '--silent', 'typecheck']);
  step('lint', 'npm', ['run', '--silent', 'lint']);
  step('build', 'npm', ['run', '--silent', 'build']);
  // The journeys one suite after the other: two at once (each its own server and browser) ran each
  // file three times slower on two cores (decision 31).
  add(await runVitest('browser journeys', [...journeysConfig, ...moneyJourneysExcluded]));
  if (postgresUrl)
    add(
      await runVitest('money journeys on PostgreSQL', [...journeysConfig, ...moneyJourneys], {
        E2E_DATABASE_URL: postgresUrl,
      }),
    );
  for (const counts of await backgroundSuites) add(counts);
}

writeFileSync('test-results/summary.json', JSON.stringify(totals));
// Named again at the end, where a CI log's tail shows them.
for (const failure of totals.failures) console.log(`FAILED ${failure}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
