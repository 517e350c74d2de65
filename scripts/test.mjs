/**
 * The one gate: installs what a fresh machine lacks, then type-check, lint, unit and server tests,
 * the production build and the browser journeys. Ends with the line `N passed, N failed`.
 * `--server-only` runs the server suites alone (CI runs them again against PostgreSQL that way),
 * and with E2E_DATABASE_URL set, the journeys of money (deposits, cards, the programme, payouts) on
 * that PostgreSQL too.
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
/**
 * MONEY_JOURNEYS=postgres (CI): the gate leaves the money journeys to that run rather than running
 * them on both databases; the server suites still run on both.
 */
const moneyJourneysExcluded =
  process.env.MONEY_JOURNEYS === 'postgres' ? moneyJourneys.flatMap((file) => ['--exclude', file]) : [];

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

const totals = { passed: 0, failed: 0, failures: [] };
function add(counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.failures.push(...counts.failures);
}

if (isServerOnly) {
  add(runVitest('server tests', ['apps/server']));
  if (process.env.E2E_DATABASE_URL)
    add(runVitest('money journeys on PostgreSQL', ['--config', 'e2e/vitest.config.ts', ...moneyJourneys]));
} else {
  ensureSystemDependencies();
  step('type-check', 'npm', ['run', '--silent', 'typecheck']);
  step('lint', 'npm', ['run', '--silent', 'lint']);
  add(runVitest('unit and server tests', []));
  step('build', 'npm', ['run', '--silent', 'build']);
  add(runVitest('browser journeys', ['--config', 'e2e/vitest.config.ts', ...moneyJourneysExcluded]));
}

writeFileSync('test-results/summary.json', JSON.stringify(totals));
// Named again at the end, where a CI log's tail shows them.
for (const failure of totals.failures) console.log(`FAILED ${failure}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
