import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { machineCacheDir, migratedPgliteTemplate } from './database-template.ts';

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
});
