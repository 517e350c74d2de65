/**
 * The keep-alive rule: at most one call a minute, and every burst of activity followed by a call
 * made more than 30 s after it (the server writes last-seen at most every 30 s), so that the server's
 * idle clock never runs ahead of the client's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ times: [] as number[] }));
vi.mock('../api/user-info.ts', () => ({
  fetchUserInfo: async () => {
    calls.times.push(Date.now());
    return {};
  },
}));
vi.mock('@mantine/notifications', () => ({ notifications: { show: () => undefined } }));

import { createKeepAlive, keepAliveIntervalMs } from './keep-alive.ts';

const second = 1000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T09:00:00Z'));
  calls.times.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

function secondsSinceStart(times: number[]): number[] {
  const start = new Date('2026-01-01T09:00:00Z').getTime();
  return times.map((time) => (time - start) / second);
}

describe('keep-alive', () => {
  it('sends one call 31 s after a single click, and nothing more', async () => {
    const keepAlive = createKeepAlive();
    keepAlive.noteActivity();
    await vi.advanceTimersByTimeAsync(30 * second);
    expect(calls.times).toEqual([]);
    await vi.advanceTimersByTimeAsync(1 * second);
    expect(secondsSinceStart(calls.times)).toEqual([31]);
    await vi.advanceTimersByTimeAsync(10 * 60 * second);
    expect(calls.times).toHaveLength(1);
    keepAlive.stop();
  });

  it('sends at most one call a minute while the user types, and one more covering the last key', async () => {
    const keepAlive = createKeepAlive();
    // A key every 5 s for 4 minutes.
    for (let elapsed = 0; elapsed < 240; elapsed += 5) {
      keepAlive.noteActivity();
      await vi.advanceTimersByTimeAsync(5 * second);
    }
    await vi.advanceTimersByTimeAsync(5 * 60 * second);
    const sent = secondsSinceStart(calls.times);
    for (let index = 1; index < sent.length; index += 1) {
      expect((sent[index] ?? 0) - (sent[index - 1] ?? 0)).toBeGreaterThanOrEqual(keepAliveIntervalMs / second);
    }
    const lastKey = 235;
    expect(sent.at(-1)).toBeGreaterThan(lastKey + 30);
    keepAlive.stop();
  });

  it('sends at once for "Stay logged in", and never after stop()', async () => {
    const keepAlive = createKeepAlive();
    keepAlive.sendNow();
    expect(calls.times).toHaveLength(1);
    keepAlive.noteActivity();
    keepAlive.stop();
    await vi.advanceTimersByTimeAsync(5 * 60 * second);
    expect(calls.times).toHaveLength(1);
  });
});
