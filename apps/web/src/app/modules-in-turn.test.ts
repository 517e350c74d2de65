import { describe, expect, it } from 'vitest';
import { evaluateInTurn } from './modules-in-turn.ts';

type Evaluated = typeof globalThis & { evaluatedInTurn?: string[] };

/** A module that notes its name when evaluated, after keeping the CPU busy for `busyMs`. */
function moduleUrl(name: string, busyMs = 0): string {
  const source = `const until = performance.now() + ${busyMs}; while (performance.now() < until);
    (globalThis.evaluatedInTurn ??= []).push(${JSON.stringify(name)});`;
  return `data:text/javascript,${encodeURIComponent(source)}`;
}

describe('evaluateInTurn', () => {
  it('evaluates the modules in the order given, past one that fails to load', async () => {
    (globalThis as Evaluated).evaluatedInTurn = [];
    await evaluateInTurn([moduleUrl('runtime'), 'data:text/javascript,syntax error(', moduleUrl('shell')]);
    expect((globalThis as Evaluated).evaluatedInTurn).toEqual(['runtime', 'shell']);
  });

  it('gives the event loop a turn once a slice of evaluation is spent', async () => {
    (globalThis as Evaluated).evaluatedInTurn = [];
    const turns: string[] = [];
    const watch = setInterval(() => turns.push([...((globalThis as Evaluated).evaluatedInTurn ?? [])].join()), 0);
    await evaluateInTurn([moduleUrl('slow-a', 20), moduleUrl('slow-b', 20), moduleUrl('slow-c', 20)]);
    clearInterval(watch);
    // A timer ran between the slow modules: each was a task of its own.
    expect(turns).toContain('slow-a');
    expect(turns).toContain('slow-a,slow-b');
  });
});
