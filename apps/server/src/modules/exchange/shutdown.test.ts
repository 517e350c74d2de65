/**
 * A graceful shutdown, as main.ts does it on SIGTERM (`app.close()`, then the database): the server
 * stops taking connections at once, finishes the money call in flight with its answer, then stops
 * the job queue. The call is held in flight deterministically: the test holds the company's lock,
 * which the conversion takes first, until the shutdown has begun.
 */
import { randomUUID } from 'node:crypto';
import type { FxQuote } from '@bank/contract/exchange';
import { expect, it } from 'vitest';
import { lockCompany } from '../../platform/tenant.ts';
import { call, createRunningTestApp } from '../../platform/test-support.ts';
import { fundedCompany } from '../payouts/test-support.ts';

it('stops taking connections, finishes the call in flight, then stops the job queue', async () => {
  const test = await createRunningTestApp();
  try {
    const client = await fundedCompany(test, { funds: { USDT: '5000' } });
    const quote = await call<FxQuote>(
      test,
      '/api/v1/fx/quote',
      { from: 'USDT', to: 'BTC', amount: '1000' },
      { session: client.session },
    );
    expect(quote.code, quote.msg).toBe(200);
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const address = test.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const url = (path: string) => `http://127.0.0.1:${address.port}${path}`;

    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = test.database.db.transaction(async (tx) => {
      await lockCompany(tx, client.companyId);
      locked();
      await released;
    });
    await isLocked;

    const arrived = new Promise<void>((resolve) => test.app.server.once('request', () => resolve()));
    const inFlight = fetch(url('/api/v1/fx/accept'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        token: client.session.token,
        userid: client.session.userid,
        'idempotency-key': randomUUID(),
        connection: 'close',
      },
      body: JSON.stringify({ quote_id: quote.data.quote_id }),
    });
    await arrived;

    const closing = test.app.close();
    // No new connection once the shutdown began.
    await expect(fetch(url('/healthz'), { headers: { connection: 'close' } })).rejects.toThrow();
    expect(test.app.jobs.isStarted()).toBe(true);

    release();
    await holding;
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ code: 200, data: { quote_id: quote.data.quote_id } });
    await closing;
    expect(test.app.jobs.isStarted()).toBe(false);
  } finally {
    await test.close();
  }
});
