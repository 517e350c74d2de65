import { createServer } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CommitOutcomeUnknownError, databaseFailureOf } from './db-failures.ts';

/** An error as PostgreSQL sends it, with its SQLSTATE. */
function postgresError(code: string, message = 'from the server'): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
}

/** As drizzle throws a failed statement: its own error, with the driver's as the cause. */
function failedQuery(cause: unknown): DrizzleQueryError {
  return new DrizzleQueryError('update ledger_accounts set balance = $1', ['1'], cause as Error);
}

/** A port nobody listens on: taken from the system and given back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('what a failed database call means', () => {
  it.each([
    ['a deadlock victim', '40P01'],
    ['a lost serialisation race', '40001'],
  ])('%s is contention', (_name, code) => {
    expect(databaseFailureOf(postgresError(code))).toBe('contention');
    expect(databaseFailureOf(failedQuery(postgresError(code)))).toBe('contention');
  });

  it.each([
    ['a server shut down by its operator', '57P01'],
    ['a server that crashed', '57P02'],
    ['a server still starting or recovering', '57P03'],
    ['a write on a demoted, read-only node', '25006'],
    ['a server with no room for another connection', '53300'],
    ['a connection failure', '08006'],
    ['a connection that does not exist', '08003'],
    ['a connection exception', '08000'],
  ])('%s means the database is unavailable', (_name, code) => {
    expect(databaseFailureOf(postgresError(code))).toBe('unavailable');
    expect(databaseFailureOf(failedQuery(postgresError(code)))).toBe('unavailable');
  });

  it.each([
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a client already broken', new Error('Client has encountered a connection error and is not queryable')],
    ['a pool that found no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a reset socket', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a commit whose outcome is unknown', new CommitOutcomeUnknownError(new Error('Connection terminated'))],
  ])('%s means the database is unavailable', (_name, error) => {
    expect(databaseFailureOf(error)).toBe('unavailable');
    expect(databaseFailureOf(failedQuery(error))).toBe('unavailable');
  });

  it('a refused connection (nobody listening) means the database is unavailable', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'nobody' });
    const refusal = await client.connect().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ code: 'ECONNREFUSED' });
    expect(databaseFailureOf(refusal)).toBe('unavailable');
  });

  it.each([
    ['a unique key taken', postgresError('23505')],
    ['a value the column refuses', postgresError('22001')],
    ['a function that raised its own refusal', postgresError('P0001')],
    ['a bug in a statement', postgresError('42703')],
    ['a plain error', new Error('something else')],
    ['a thrown string', 'no object at all'],
    ['nothing', undefined],
  ])('%s is neither: the caller handles it', (_name, error) => {
    expect(databaseFailureOf(error)).toBeUndefined();
    expect(databaseFailureOf(failedQuery(error))).toBeUndefined();
  });
});
