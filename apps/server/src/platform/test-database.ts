/**
 * Test support: a fresh, migrated database for each test file. PGlite by default, in memory, loaded
 * from the migrated template (database-template.ts) in about one second. With DATABASE_URL set, a
 * new database with a random name is copied on that server from a migrated template database
 * (built once per schema) for each file, and dropped when it closes.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { migratedPgliteTemplate, templateKey } from './database-template.ts';
import { type Database, openDatabase } from './db.ts';
import { jobQueueSchema } from './jobs.ts';

/** Connects to `databaseUrl` with a plain client, runs `work`, and disconnects. */
async function withAdminClient<T>(databaseUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrlNamed(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Serialises the building of a template between test processes that share the server. */
const templateLockId = 727_002;

/**
 * The migrated template database on the server, built once per schema (named after the template key)
 * and copied by CREATE DATABASE for each test file: a copy takes a fraction of the second or so the
 * migrations take. Templates of earlier schemas are dropped as a new one is built.
 */
async function serverTemplate(databaseUrl: string): Promise<string> {
  const name = `test_template_${templateKey()}`;
  return withAdminClient(databaseUrl, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [templateLockId]);
    try {
      const existing = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'test\\_template\\_%'",
      );
      if (existing.rows.some((row) => row.datname === name)) return name;
      for (const row of existing.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(row.datname)} WITH (FORCE)`);
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(building)} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(building)}`);
      const database = await openDatabase({ dataDir: '', databaseUrl: databaseUrlNamed(databaseUrl, building) });
      await database.close();
      await withAdminClient(databaseUrlNamed(databaseUrl, building), (client) =>
        client.query(PgBoss.getConstructionPlans(jobQueueSchema)),
      );
      // Renamed only once whole: a process that died half-way leaves no template behind.
      await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(building)} RENAME TO ${pg.escapeIdentifier(name)}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [templateLockId]);
    }
  });
}

async function createServerDatabase(databaseUrl: string, databaseReadUrl: string | undefined): Promise<Database> {
  const template = await serverTemplate(databaseUrl);
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(databaseUrl, async (admin) => {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`);
    // A test database need not survive a crash of the server: commits return without waiting for
    // the disk, which makes the suites' many small transactions several times faster.
    await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} SET synchronous_commit = off`);
  });
  const database = await openDatabase({
    dataDir: '',
    databaseUrl: databaseUrlNamed(databaseUrl, name),
    databaseReadUrl,
  });
  return {
    ...database,
    async close() {
      await database.close();
      await withAdminClient(databaseUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`),
      );
    },
  };
}

/**
 * A fresh migrated database for one test file; close it in afterAll. `databaseReadUrl` is the heavy
 * reads' replica on a server (the embedded database ignores it, as in production).
 */
export async function createTestDatabase(
  databaseUrl: string | undefined = process.env.DATABASE_URL || undefined,
  options: { databaseReadUrl?: string | undefined } = {},
): Promise<Database> {
  if (databaseUrl) return createServerDatabase(databaseUrl, options.databaseReadUrl);
  return openDatabase({
    dataDir: '',
    databaseUrl: undefined,
    pgliteTemplate: await migratedPgliteTemplate(),
    databaseReadUrl: options.databaseReadUrl,
  });
}
