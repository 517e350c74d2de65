import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import {
  cachedPgliteTemplate,
  keepAsPgliteTemplate,
  machineCacheDir,
  migratedPgliteTemplate,
} from './database-template.ts';
import { jobQueueSchema } from './jobs.ts';
import { migrationsDir } from './paths.ts';

describe('the migrated database template', () => {
  it('is kept in BANK_CACHE_DIR, else under XDG_CACHE_HOME, else ~/.cache', () => {
    expect(machineCacheDir({ BANK_CACHE_DIR: '/srv/cache' })).toBe('/srv/cache');
    expect(machineCacheDir({ XDG_CACHE_HOME: '/home/x/.cache' })).toBe('/home/x/.cache/corporate-banking');
    expect(machineCacheDir({})).toMatch(/\.cache\/corporate-banking$/);
  });

  it('falls back to the temporary folder where the cache cannot be written, and loads as a migrated database', async () => {
    // A folder under a file can never be made.
    const folder = mkdtempSync(path.join(tmpdir(), 'template-test-'));
    const file = path.join(folder, 'a-file');
    writeFileSync(file, '');
    const template = await migratedPgliteTemplate(path.join(file, 'corporate-banking')).finally(() =>
      rmSync(folder, { recursive: true }),
    );
    expect(existsSync(path.join(tmpdir(), `corporate-banking-cache-${userInfo().username}`))).toBe(true);
    const client = new PGlite({ loadDataDir: template });
    try {
      const migrations = await client.query<{ count: number }>(
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      expect(migrations.rows[0]?.count).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('keeps a new server database, once migrated, as the template where the cache has none, and is then read from the cache', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'template-keep-test-'));
    const cacheDir = path.join(folder, 'cache');
    const server = new PGlite(path.join(folder, 'data'));
    try {
      expect(await cachedPgliteTemplate(cacheDir)).toBeUndefined();
      await migrate(drizzle({ client: server }), { migrationsFolder: migrationsDir });
      await keepAsPgliteTemplate(server, cacheDir);
      const template = await cachedPgliteTemplate(cacheDir);
      expect(template).toBeDefined();
      // What migratedPgliteTemplate gives from now on, without building one.
      expect((await migratedPgliteTemplate(cacheDir)).size).toBe(template?.size);
      const client = new PGlite({ loadDataDir: template });
      try {
        const tables = await client.query<{ schema: string; count: number }>(
          `select table_schema as schema, count(*)::int as count from information_schema.tables
           where table_schema in ('public', $1) group by table_schema order by table_schema`,
          [jobQueueSchema],
        );
        expect(tables.rows.map((row) => row.schema).sort()).toEqual([jobQueueSchema, 'public'].sort());
        expect(tables.rows.every((row) => row.count > 0)).toBe(true);
      } finally {
        await client.close();
      }
    } finally {
      await server.close();
      rmSync(folder, { recursive: true });
    }
  }, 120_000);
});
