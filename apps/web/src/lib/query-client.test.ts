/**
 * The first drawing of a signed-in page waits for its loads (app/server-state.tsx `loadFirstData`):
 * `whenLoadsSettle` settles only once every load has answered or failed, one that another's answer
 * starts included, and at once when none is running.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { whenLoadsSettle } from './query-client.ts';

/** A promise with its resolve and reject outside. */
function deferred<Value>() {
  let resolve: (value: Value) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<Value>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Whether `promise` has settled once the pending callbacks have run. */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await new Promise((next) => setTimeout(next, 0));
  return settled;
}

describe('whenLoadsSettle', () => {
  it('settles at once when nothing loads', async () => {
    expect(await hasSettled(whenLoadsSettle(new QueryClient()))).toBe(true);
  });

  it('waits for every load, one started by another answer and one that fails included', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const first = deferred<string>();
    const second = deferred<string>();
    const failing = deferred<string>();
    void client
      .fetchQuery({ queryKey: ['first'], queryFn: () => first.promise })
      .then(() => client.fetchQuery({ queryKey: ['second'], queryFn: () => second.promise }));
    void client.fetchQuery({ queryKey: ['failing'], queryFn: () => failing.promise }).catch(() => undefined);
    const settled = whenLoadsSettle(client);

    first.resolve('one');
    expect(await hasSettled(settled)).toBe(false);
    failing.reject(new Error('refused'));
    expect(await hasSettled(settled)).toBe(false);
    second.resolve('two');
    expect(await hasSettled(settled)).toBe(true);
  });
});
