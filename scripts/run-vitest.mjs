/**
 * Runs one Vitest suite and answers its counts, read from Vitest's JSON report, so that the gate
 * scripts can print the plain `N passed, N failed` line that CI reads, and name each failed test
 * where the tail of a log shows it.
 *
 * Every suite's output is kept in test-results/<label>.log. A suite run beside another
 * (`{ beside: true }`) prints it whole when it ends, so that two suites' lines do not interleave in
 * the log; the others print it as it comes. `{ niceness }` runs it at a lower priority (`nice`): it
 * takes only the CPU the other suite leaves idle.
 *
 * A suite that fails with every test passed (an error thrown outside any test, which Vitest's JSON
 * report does not keep) is named with what its output says of that error.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** The suites running now, stopped by stopRunningSuites when the gate gives up early. */
const runningSuites = new Set();

export function stopRunningSuites() {
  for (const child of runningSuites) child.kill('SIGTERM');
}

/**
 * A test's time limit when its suite runs at a lower priority: CI once failed a server test on
 * PostgreSQL that passed at once alone, after 90 s of waiting beside the browser journeys.
 */
const starvedTimeoutMs = 600_000;

export async function runVitest(label, args, env = {}, { beside = false, niceness = 0 } = {}) {
  const reportFolder = join('test-results');
  mkdirSync(reportFolder, { recursive: true });
  const fileStem = join(reportFolder, label.replace(/\W+/g, '-'));
  const reportPath = `${fileStem}.json`;
  rmSync(reportPath, { force: true });
  console.log(beside ? `\n=== ${label} (beside, its output in ${fileStem}.log) ===` : `\n=== ${label} ===`);
  const startedMs = Date.now();
  const logPath = `${fileStem}.log`;
  const logFd = openSync(logPath, 'w');
  const vitest = [
    ...(niceness > 0 ? ['nice', '-n', String(niceness)] : []),
    'npx',
    'vitest',
    'run',
    ...args,
    // At a lower priority a test waits for the CPU the other suite leaves it, for as long as that
    // suite keeps both cores busy: its timeout (a limit for a hang, vitest.config.ts) is widened to
    // the suite's own scale, so that waiting is not counted as hanging.
    ...(niceness > 0 ? [`--testTimeout=${starvedTimeoutMs}`, `--hookTimeout=${starvedTimeoutMs}`] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportPath}`,
  ];
  const [command, ...commandArgs] = vitest;
  const child = spawn(command, commandArgs, {
    stdio: beside ? ['ignore', logFd, logFd] : ['inherit', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  if (!beside)
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      stream.on('data', (chunk) => {
        out.write(chunk);
        writeSync(logFd, chunk);
      });
  runningSuites.add(child);
  const status = await new Promise((resolveStatus) => child.once('close', (code) => resolveStatus(code ?? 1)));
  runningSuites.delete(child);
  closeSync(logFd);
  const output = readFileSync(logPath, 'utf8');
  if (beside) console.log(`\n=== ${label}: its output ===\n${output}`);
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
        failures.push(`${label}: ${file.name} > ${test.fullName}: ${failureSummary(test.failureMessages)}`);
    }
  } catch {
    failed += 1;
    failures.push(`${label}: exited with status ${status} and no report: ${errorsOutsideTests(output)}`);
  }
  if (status !== 0 && failed === 0) {
    failed = 1;
    failures.push(`${label}: exited with status ${status}, every test passed: ${errorsOutsideTests(output)}`);
  }
  console.log(`${label}: ${passed} passed, ${failed} failed (${Math.round((Date.now() - startedMs) / 1000)} s)`);
  return { passed, failed, failures };
}

/**
 * A failed test's errors, one for each attempt (a journey is tried twice), each as its first line,
 * what a browser step was waiting for and the line of the test file it failed at: short enough for
 * the tail of a CI log, and enough to tell which step failed when nothing else of the run is kept.
 */
export function failureSummary(messages = []) {
  const attempts = messages.map((message) => {
    const lines = withoutColours(String(message ?? '')).split('\n');
    const waitingFor = lines
      .find((line) => line.trim().startsWith('- waiting for '))
      ?.trim()
      .slice(2);
    const testLine = lines
      .map((line) => /^\s*at (?:.*\()?(?:file:\/\/)?([^()\s]+\.(?:e2e|test)\.[mc]?[tj]sx?:\d+):\d+\)?$/.exec(line)?.[1])
      .find((path) => path !== undefined && !path.includes('/node_modules/'));
    const where = testLine?.startsWith(`${process.cwd()}/`) ? testLine.slice(process.cwd().length + 1) : testLine;
    return [firstLine(lines[0]), waitingFor?.slice(0, 200), where].filter(Boolean).join(' · ');
  });
  return attempts.length === 0 ? firstLine(undefined) : attempts.join(' | once more: ');
}

/**
 * The first line of a failure. For a timeout, Vitest's JSON report keeps the stack of the error it
 * made when the test began, whose first line is that error's name for itself
 * (`Error: STACK_TRACE_ERROR`), not the timeout's message.
 */
function firstLine(message) {
  const line = String(message ?? '').split('\n')[0];
  return (line === 'Error: STACK_TRACE_ERROR' ? 'timed out' : line).slice(0, 300);
}

/**
 * What a suite's output says of the errors Vitest caught outside any test: each one's first line,
 * the file it came from and the test that ran last, or the output's last lines when it names none.
 */
export function errorsOutsideTests(output) {
  const lines = withoutColours(output).split('\n');
  const said = [];
  lines.forEach((line, index) => {
    if (/⎯ Unhandled (Error|Rejection)/.test(line))
      said.push(
        lines
          .slice(index + 1)
          .find((next) => next.trim() !== '')
          ?.trim() ?? line.trim(),
      );
    if (/^(This error originated in|The latest test that might've caused the error)/.test(line.trim()))
      said.push(line.trim());
  });
  const text = said.length > 0 ? said : lines.filter((line) => line.trim() !== '').slice(-3);
  return text.join(' / ').slice(0, 600);
}

/** Text a terminal would colour, without its colour codes. */
function withoutColours(text) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
