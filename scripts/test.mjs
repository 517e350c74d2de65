/**
 * The one gate: installs what a fresh machine lacks, then type-check, lint, unit and server tests,
 * the production build and the browser journeys. Ends with the line `N passed, N failed`.
 * `--server-only` runs the server suites alone (CI runs them again against PostgreSQL that way).
 *
 * MONEY_JOURNEYS=postgres with E2E_DATABASE_URL (CI): the journeys of money (deposits, cards, the
 * programme, payouts) run on that PostgreSQL instead of the embedded database, beside the other
 * journeys rather than after them: each suite has its own server, database and browser, and a
 * journey spends much of its time waiting on pages and schedules, which the other fills.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { runVitest } from './run-vitest.mjs';
import { ensureSystemDependencies } from './system-deps.mjs';

const isServerOnly = process.argv.includes('--server-only');

/** The journeys of money: CI runs them again on PostgreSQL (`--server-only` with E2E_DATABASE_URL). */
const moneyJourneys = [
  'e2e/deposit.e2e.ts',
  'e2e/cards.e2e.ts',
  'e2e/card-money.e2e.ts',
  'e2e/programme.e2e.ts',
  'e2e/payouts.e2e.ts',
];
const isMoneyOnPostgres = process.env.MONEY_JOURNEYS === 'postgres' && Boolean(process.env.E2E_DATABASE_URL);
const moneyJourneysExcluded = isMoneyOnPostgres ? moneyJourneys.flatMap((file) => ['--exclude', file]) : [];

function step(label, command, args) {
  console.log(`\n=== ${label} ===`);
  const startedMs = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  console.log(`${label}: ${Math.round((Date.now() - startedMs) / 1000)} s`);
  if (result.status !== 0) {
    console.error(`${label} failed`);
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  }
}

if (!existsSync('node_modules/.package-lock.json'))
  step('install dependencies', 'npm', ['install', '--no-audit', '--no-fund']);

const totals = { passed: 0, failed: 0 };
function add(counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
}

const journeys = (files) => ['--config', 'e2e/vitest.config.ts', ...files];

if (isServerOnly) {
  add(await runVitest('server tests', ['apps/server']));
} else {
  ensureSystemDependencies();
  step('type-check', 'npm', ['run', '--silent', 'typecheck']);
  step('lint', 'npm', ['run', '--silent', 'lint']);
  add(await runVitest('unit and server tests', []));
  step('build', 'npm', ['run', '--silent', 'build']);
  const suites = [runVitest('browser journeys', journeys(moneyJourneysExcluded), { env: { E2E_DATABASE_URL: '' } })];
  if (isMoneyOnPostgres)
    suites.push(
      runVitest('money journeys on PostgreSQL', journeys(moneyJourneys), {
        logFile: 'test-results/money-journeys-on-postgresql.log',
      }),
    );
  for (const counts of await Promise.all(suites)) add(counts);
}

writeFileSync('test-results/summary.json', JSON.stringify(totals));
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
