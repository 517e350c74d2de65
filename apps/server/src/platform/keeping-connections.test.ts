import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { keepingConnections } from './db.ts';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('a pool keeping its connections (PostgreSQL server)', () => {
  it('keeps the connection after a failed statement, and discards it after a lost connection', async () => {
    const pool = keepingConnections(new pg.Pool({ connectionString: databaseUrl, max: 1 }));
    pool.on('error', () => undefined);
    try {
      const backend = async () => (await pool.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      const first = await backend();
      await expect(pool.query('select 1 / 0')).rejects.toMatchObject({ code: '22012' });
      await expect(pool.query("select 'x'::uuid")).rejects.toMatchObject({ code: '22P02' });
      expect(await backend()).toBe(first);

      await expect(pool.query('select pg_terminate_backend(pg_backend_pid())')).rejects.toBeDefined();
      expect(await backend()).not.toBe(first);
    } finally {
      await pool.end();
    }
  });
});
