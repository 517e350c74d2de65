import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawWhenIdle } from './use-idle-after-page.ts';

/** A browser whose idle periods come when the test says: each call of `idle()` runs one callback. */
function fakeIdlePeriods() {
  const callbacks: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => {
    callbacks.push(run);
    return callbacks.length;
  });
  return {
    idle: () => callbacks.shift()?.(),
    get pending() {
      return callbacks.length;
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('drawWhenIdle', () => {
  it('draws one drawing per idle period, in the order they were asked for', () => {
    const browser = fakeIdlePeriods();
    const drawn: string[] = [];
    drawWhenIdle(() => drawn.push('type'));
    drawWhenIdle(() => drawn.push('status'));
    drawWhenIdle(() => drawn.push('language menu'));
    expect(browser.pending).toBe(1);
    browser.idle();
    expect(drawn).toEqual(['type']);
    browser.idle();
    expect(drawn).toEqual(['type', 'status']);
    browser.idle();
    expect(drawn).toEqual(['type', 'status', 'language menu']);
    expect(browser.pending).toBe(0);
  });

  it('never draws what was taken back before its turn, and goes on past a drawing that fails', () => {
    const browser = fakeIdlePeriods();
    const drawn: string[] = [];
    drawWhenIdle(() => {
      throw new Error('drawing failed');
    });
    const takeBack = drawWhenIdle(() => drawn.push('unmounted'));
    drawWhenIdle(() => drawn.push('kept'));
    takeBack();
    expect(() => browser.idle()).toThrow('drawing failed');
    browser.idle();
    expect(drawn).toEqual(['kept']);
    expect(browser.pending).toBe(0);
  });
});
