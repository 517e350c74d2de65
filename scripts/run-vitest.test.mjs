import { describe, expect, it } from 'vitest';
import { errorsOutsideTests, failureSummary } from './run-vitest.mjs';

describe('errorsOutsideTests', () => {
  it('names each error Vitest caught outside a test, with its file and the test that ran last', () => {
    const output = [
      ' Test Files  12 passed (12)',
      '',
      '\u001b[31m⎯⎯⎯⎯⎯⎯ \u001b[1mUnhandled Rejection\u001b[22m ⎯⎯⎯⎯⎯⎯\u001b[39m',
      '',
      'Error: socket hang up',
      ' ❯ Socket.socketOnEnd node:_http_client:524:23',
      'This error originated in "e2e/cards.e2e.ts" test file. It doesn\'t mean the error was thrown inside the file itself, but while it was running.',
      'The latest test that might\'ve caused the error is "freezes a card". It might mean one of the following:',
    ].join('\n');
    expect(errorsOutsideTests(output)).toBe(
      'Error: socket hang up / This error originated in "e2e/cards.e2e.ts" test file. It doesn\'t mean the error was thrown inside the file itself, but while it was running. / The latest test that might\'ve caused the error is "freezes a card". It might mean one of the following:',
    );
  });

  it('answers the last lines of the output when it names no such error', () => {
    expect(errorsOutsideTests('one\n\ntwo\nthree\nfour\n')).toBe('two / three / four');
  });
});

describe('failureSummary', () => {
  it('names, for each attempt, the error, what the browser waited for and the test file’s line', () => {
    const attempt = (line) =>
      [
        'locator.waitFor: Timeout 30000ms exceeded.',
        'Call log:',
        "\u001b[2m  - waiting for getByRole('button', { name: 'Unblock' }) to be visible\u001b[22m",
        '',
        `    at ${process.cwd()}/e2e/card-money.e2e.ts:${line}:62`,
        '    at async file:///repo/node_modules/@vitest/runner/dist/chunk-artifact.js:1903:20',
      ].join('\n');
    expect(failureSummary([attempt(330), attempt(328)])).toBe(
      "locator.waitFor: Timeout 30000ms exceeded. · waiting for getByRole('button', { name: 'Unblock' }) to be visible · e2e/card-money.e2e.ts:330 | once more: locator.waitFor: Timeout 30000ms exceeded. · waiting for getByRole('button', { name: 'Unblock' }) to be visible · e2e/card-money.e2e.ts:328",
    );
  });

  it('says a test timed out when its only stack is the one Vitest made as it began', () => {
    expect(failureSummary(['Error: STACK_TRACE_ERROR\n    at file:///repo/node_modules/vitest/x.js:1:1'])).toBe(
      'timed out',
    );
  });
});
