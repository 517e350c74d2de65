import { describe, expect, it } from 'vitest';
import { errorsOutsideTests } from './run-vitest.mjs';

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
