/**
 * Runs one Vitest suite and returns its counts, read from Vitest's JSON report, so that the gate
 * scripts can print the plain `N passed, N failed` line that CI reads, and name each failed test
 * where the tail of a log shows it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export function runVitest(label, args, env = {}) {
  const reportFolder = join('test-results');
  mkdirSync(reportFolder, { recursive: true });
  const reportPath = join(reportFolder, `${label.replace(/\W+/g, '-')}.json`);
  rmSync(reportPath, { force: true });
  console.log(`\n=== ${label} ===`);
  const startedMs = Date.now();
  const result = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${reportPath}`],
    { stdio: 'inherit', env: { ...process.env, ...env } },
  );
  let passed = 0;
  let failed = 0;
  const failures = [];
  try {
    const report = JSON.parse(readFileSync(reportPath, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests;
    // A file that failed to load counts as a failure even though no test in it ran.
    failed += report.testResults.filter(
      (file) => file.status === 'failed' && file.assertionResults.length === 0,
    ).length;
    for (const file of report.testResults) {
      const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
      if (file.status === 'failed' && failedTests.length === 0)
        failures.push(`${label}: ${file.name}: ${firstLine(file.message)}`);
      for (const test of failedTests)
        failures.push(`${label}: ${file.name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  } catch {
    failed += 1;
  }
  if (result.status !== 0 && failed === 0) failed = 1;
  console.log(`${label}: ${passed} passed, ${failed} failed (${Math.round((Date.now() - startedMs) / 1000)} s)`);
  return { passed, failed, failures };
}

/** The first line of a failure, short enough for the tail of a CI log. */
function firstLine(message) {
  return String(message ?? '')
    .split('\n')[0]
    .slice(0, 300);
}
