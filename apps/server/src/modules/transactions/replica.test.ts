import { randomBytes, randomUUID } from 'node:crypto';
import type { FxConversion, FxQuote } from '@bank/contract/exchange';
import type { Transaction } from '@bank/contract/transaction';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createRunningTestApp, type RunningTestApp } from '../../platform/test-support.ts';
import { approvedCompany } from '../deposits/test-support.ts';
import { fundedAccount } from '../ledger/test-support.ts';

const databaseUrl = process.env.DATABASE_URL;

/**
 * The "replica" is a second, empty database of the same server: not a standby, so it reports no
 * replay position and must be judged behind; and with no tables, a read sent to it would fail.
 */
describe.runIf(databaseUrl)('heavy reads with a read replica that is behind (PostgreSQL)', () => {
  const replicaName = `test_replica_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  let test: RunningTestApp;

  beforeAll(async () => {
    await onServer(`create database ${pg.escapeIdentifier(replicaName)}`);
    const replicaUrl = new URL(databaseUrl ?? '');
    replicaUrl.pathname = `/${replicaName}`;
    test = await createRunningTestApp({ config: { databaseReadUrl: replicaUrl.href } });
  });
  afterAll(async () => {
    await test?.close();
    await onServer(`drop database if exists ${pg.escapeIdentifier(replicaName)} with (force)`);
  });

  it('answers the history and the statement right after a write from the primary, where the write is', async () => {
    const client = await approvedCompany(test, 'Replica Test Co');
    await fundedAccount(test.database.db, client.companyId, 'USDT', '1000', test.clock.now());
    const quote = await call<FxQuote>(
      test,
      '/api/v1/fx/quote',
      { from: 'USDT', to: 'USDC', amount: '100' },
      { session: client.session },
    );
    const conversion = await call<FxConversion>(
      test,
      '/api/v1/fx/accept',
      { quote_id: quote.data.quote_id },
      { session: client.session, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(conversion.code).toBe(200);

    const history = await call<{ items: Transaction[] }>(
      test,
      '/api/v1/transaction/record',
      {},
      { session: client.session },
    );
    expect(history.code).toBe(200);
    expect(history.data.items.map((item) => item.transaction_id)).toContain(conversion.data.transaction_id);
    const today = test.clock.now().toISOString().slice(0, 10);
    const statement = await test.app.inject({
      method: 'POST',
      url: '/api/v1/transaction/download',
      payload: { format: 'csv', from: today, to: today },
      headers: { 'content-type': 'application/json', token: client.session.token, userid: client.session.userid },
    });
    expect(statement.statusCode).toBe(200);
    expect(statement.body).toContain(conversion.data.transaction_id);

    // Both reads went to the primary. The replica is judged behind; on a busy machine its first
    // connection may take longer than the answer's limit, and it is then judged unreachable: either
    // way the read is the primary's, which is what this test is about.
    const { replica, replicaBehind, replicaUnreachable } = test.database.heavyReads;
    expect(replica).toBe(0);
    expect(replicaBehind + replicaUnreachable).toBe(2);
    const metrics = (await test.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain(`bank_db_heavy_reads_total{outcome="primary_replica_behind"} ${replicaBehind}`);
    expect(metrics).toContain(`bank_db_heavy_reads_total{outcome="primary_replica_unreachable"} ${replicaUnreachable}`);
    expect(metrics).toContain('bank_db_heavy_reads_total{outcome="replica"} 0');
  });
});
