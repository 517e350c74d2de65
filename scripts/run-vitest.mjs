/**
 * Runs one Vitest suite and returns its counts, read from Vitest's JSON report, so that the gate
 * scripts can print the plain `N passed, N failed` line that CI reads. With `logFile`, the suite's
 * output goes to that file and is printed once it ends, so that a suite run beside another does not
 * mix its lines with the other's.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

function countsOf(reportPath, exitCode) {
  let passed = 0;
  let failed = 0;
  try {
    const report = JSON.parse(readFileSync(reportPath, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests;
    // A file that failed to load counts as a failure even though no test in it ran.
    failed += report.testResults.filter(
      (file) => file.status === 'failed' && file.assertionResults.length === 0,
    ).length;
  } catch {
    failed += 1;
  }
  if (exitCode !== 0 && failed === 0) failed = 1;
  return { passed, failed };
}

/** Resolves with `{ passed, failed }` once the suite has ended. */
export async function runVitest(label, args, { env = {}, logFile } = {}) {
  const reportFolder = join('test-results');
  mkdirSync(reportFolder, { recursive: true });
  const reportPath = join(reportFolder, `${label.replace(/\W+/g, '-')}.json`);
  rmSync(reportPath, { force: true });
  console.log(`\n=== ${label} ===${logFile ? ` (its output follows when it ends)` : ''}`);
  const startedMs = Date.now();
  const output = logFile ? openSync(logFile, 'w') : 'inherit';
  const exitCode = await new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${reportPath}`],
      { stdio: ['ignore', output, output], env: { ...process.env, ...env } },
    );
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
  if (logFile) {
    closeSync(output);
    console.log(`\n=== ${label} (output) ===\n${readFileSync(logFile, 'utf8')}`);
  }
  const counts = countsOf(reportPath, exitCode);
  console.log(
    `${label}: ${counts.passed} passed, ${counts.failed} failed (${Math.round((Date.now() - startedMs) / 1000)} s)`,
  );
  return counts;
}
