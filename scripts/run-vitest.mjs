/**
 * Runs one Vitest suite and answers its counts, read from Vitest's JSON report, so that the gate
 * scripts can print the plain `N passed, N failed` line that CI reads, and name each failed test
 * where the tail of a log shows it.
 *
 * A suite run beside another (`{ beside: true }`) writes its output to test-results/<label>.log,
 * printed whole when it ends, so that two suites' lines do not interleave in the log. `{ niceness }`
 * runs it at a lower priority (`nice`): it takes only the CPU the other suite leaves idle.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The suites running now, stopped by stopRunningSuites when the gate gives up early. */
const runningSuites = new Set();

export function stopRunningSuites() {
  for (const child of runningSuites) child.kill('SIGTERM');
}

export async function runVitest(label, args, env = {}, { beside = false, niceness = 0 } = {}) {
  const reportFolder = join('test-results');
  mkdirSync(reportFolder, { recursive: true });
  const fileStem = join(reportFolder, label.replace(/\W+/g, '-'));
  const reportPath = `${fileStem}.json`;
  rmSync(reportPath, { force: true });
  console.log(beside ? `\n=== ${label} (beside, its output in ${fileStem}.log) ===` : `\n=== ${label} ===`);
  const startedMs = Date.now();
  const logFd = beside ? openSync(`${fileStem}.log`, 'w') : null;
  const vitest = [
    ...(niceness > 0 ? ['nice', '-n', String(niceness)] : []),
    'npx',
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportPath}`,
  ];
  const [command, ...commandArgs] = vitest;
  const child = spawn(command, commandArgs, {
    stdio: logFd === null ? 'inherit' : ['ignore', logFd, logFd],
    env: { ...process.env, ...env },
  });
  runningSuites.add(child);
  const status = await new Promise((resolveStatus) => child.once('exit', (code) => resolveStatus(code ?? 1)));
  runningSuites.delete(child);
  if (logFd !== null) {
    closeSync(logFd);
    console.log(`\n=== ${label}: its output ===\n${readFileSync(`${fileStem}.log`, 'utf8')}`);
  }
  const result = { status };
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
