import { defineCall } from '@bank/contract/calls';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { executeRows } from './db.ts';
import { AppError } from './errors.ts';
import { deleteExpiredIdempotencyKeys } from './idempotency.ts';
import type { AppModule } from './module.ts';
import { registerCall } from './route.ts';
import type { SessionContext, SessionResolver } from './session.ts';
import { systemClock } from './session.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createOffsetClock } from './test-clock.ts';

/** A test-only write: one row per effect, so that the test can count effects. */
const transferCall = defineCall({
  path: '/api/v1/test/transfer',
  summary: 'Records a transfer (test only)',
  permission: 'session',
  isIdempotent: true,
  errors: ['illegal_state'],
  request: z.object({ amount: z.string(), note: z.string().optional() }).strict(),
  response: z.object({ effect_id: z.number(), amount: z.string() }),
});

const clock = createOffsetClock(systemClock);

const testModule: AppModule = {
  name: 'idempotency-test',
  register(app) {
    registerCall(app, transferCall, async (body, context) => {
      const transaction = context.transaction;
      if (!transaction) throw new Error('an idempotent call runs in a transaction');
      if (body.amount === 'refuse') throw new AppError('illegal_state', { detail: 'refused on purpose' });
      const [row] = await executeRows<{ id: number }>(
        transaction,
        sql`insert into idempotency_effects (owner_id, amount) values (${context.session.company_id}, ${body.amount}) returning id`,
      );
      // Hold the transaction open a moment, so that concurrent duplicates really overlap it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { effect_id: row?.id ?? 0, amount: body.amount };
    });
  },
};

function session(user: string, company: string): SessionContext {
  return {
    user_id: user,
    company_id: company,
    role: 'administrator',
    is_staff: false,
    permissions: ['view_balances', 'deposit'],
    kyc_status: 'kyc_approved',
    session_id: `session-${user}`,
  };
}
const sessions: Record<string, SessionContext> = {
  alpha: session('user-alpha', 'company-alpha'),
  beta: session('user-beta', 'company-beta'),
};
const resolveSession: SessionResolver = async (token) => sessions[token] ?? null;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ modules: [testModule], sessionResolver: resolveSession, clock });
  await test.database.db.execute(
    sql`create table idempotency_effects (id serial primary key, owner_id text not null, amount text not null)`,
  );
});
afterAll(async () => {
  await test?.close();
});

function transfer(body: unknown, options: { key?: string; caller?: string; language?: string } = {}) {
  const caller = options.caller ?? 'alpha';
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    token: caller,
    userid: sessions[caller]?.user_id ?? '',
    language: options.language ?? 'en',
  };
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  return test.app.inject({ method: 'POST', url: transferCall.path, headers, payload: JSON.stringify(body) });
}

async function effectsOf(amount: string): Promise<number> {
  const rows = await executeRows<{ count: number }>(
    test.database.db,
    sql`select count(*)::int as count from idempotency_effects where amount = ${amount}`,
  );
  return rows[0]?.count ?? 0;
}

describe('an idempotent call', () => {
  it('makes one effect for 50 concurrent calls with one key, and answers all 50 the same', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => transfer({ amount: '125.50' }, { key: 'concurrent-key' })),
    );
    const bodies = responses.map((response) => response.json());
    expect(bodies[0]).toMatchObject({ code: 200, data: { amount: '125.50' } });
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(await effectsOf('125.50')).toBe(1);
    const replays = responses.filter((response) => response.headers['idempotent-replayed'] === 'true');
    expect(replays).toHaveLength(49);
  });

  it('refuses the same key with another body, in the caller’s language, and makes no effect', async () => {
    expect((await transfer({ amount: '10.00' }, { key: 'reused-key' })).json()).toMatchObject({ code: 200 });
    const refused = await transfer({ amount: '99.00' }, { key: 'reused-key', language: 'jp' });
    expect(refused.json()).toEqual({
      code: 9412,
      msg: 'このリクエストは別の内容ですでに送信されています。もう一度最初から操作してください。',
      data: null,
    });
    expect(await effectsOf('99.00')).toBe(0);
  });

  it('replays whatever the order of the body’s fields', async () => {
    const first = await transfer({ amount: '11.00', note: 'rent' }, { key: 'order-key' });
    const second = await test.app.inject({
      method: 'POST',
      url: transferCall.path,
      headers: {
        'content-type': 'application/json',
        token: 'alpha',
        userid: 'user-alpha',
        'idempotency-key': 'order-key',
      },
      payload: '{"note":"rent","amount":"11.00"}',
    });
    expect(second.json()).toEqual(first.json());
    expect(await effectsOf('11.00')).toBe(1);
  });

  it('needs a key of 1 to 255 visible characters', async () => {
    for (const key of [undefined, '', 'with space', 'k'.repeat(256), 'clé']) {
      const response = await transfer({ amount: '12.00' }, { key });
      expect(response.json()).toMatchObject({
        code: 9422,
        data: {
          fields: { idempotency_key: 'Send an Idempotency-Key header of 1 to 255 visible characters with this call' },
        },
      });
    }
    expect(await effectsOf('12.00')).toBe(0);
  });

  it('keeps the keys of two companies apart', async () => {
    await transfer({ amount: '13.00' }, { key: 'shared-key', caller: 'alpha' });
    const other = await transfer({ amount: '13.00' }, { key: 'shared-key', caller: 'beta' });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await effectsOf('13.00')).toBe(2);
  });

  it('never replays a failure: the key is free again, and the retry can succeed', async () => {
    const refused = await transfer({ amount: 'refuse' }, { key: 'failing-key' });
    expect(refused.json()).toMatchObject({ code: 9409 });
    const refusedAgain = await transfer({ amount: 'refuse' }, { key: 'failing-key' });
    expect(refusedAgain.headers['idempotent-replayed']).toBeUndefined();
    const rows = await executeRows<{ count: number }>(
      test.database.db,
      sql`select count(*)::int as count from idempotency_keys where key = 'failing-key'`,
    );
    expect(rows[0]?.count).toBe(0);
  });

  it('forgets a key after 24 hours: the schedule deletes it and the key may be used again', async () => {
    await transfer({ amount: '14.00' }, { key: 'expiring-key' });
    clock.advance(24 * 60 * 60 + 1);
    const again = await transfer({ amount: '15.00' }, { key: 'expiring-key' });
    expect(again.json()).toMatchObject({ code: 200, data: { amount: '15.00' } });
    clock.advance(24 * 60 * 60 + 1);
    await deleteExpiredIdempotencyKeys(test.database.db, clock.now());
    const rows = await executeRows<{ count: number }>(
      test.database.db,
      sql`select count(*)::int as count from idempotency_keys`,
    );
    expect(rows[0]?.count).toBe(0);
  });
});
