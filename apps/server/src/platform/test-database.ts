/**
 * Test support: a fresh, migrated database for each test file. PGlite by default: one migrated
 * template is dumped once (creating a PGlite database takes seconds) and loaded per file in about
 * one second. With DATABASE_URL set, a new database with a random name is created on that server
 * for each file and dropped when it closes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { type Database, openDatabase } from './db.ts';
import { jobQueueSchema } from './jobs.ts';
import { migrationsDir, serverPackageDir } from './paths.ts';

const templateCacheDir = path.join(serverPackageDir, 'node_modules', '.cache', 'bank-server');
/** A template being written by another test process older than this is taken as abandoned. */
const staleLockMs = 120_000;

/** The template changes whenever a migration or the job queue's schema does. */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsDir, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  hash.update(PgBoss.getConstructionPlans(jobQueueSchema));
  // A dump is only loadable by the PGlite build that wrote it.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(pgliteEntry));
  return hash.digest('hex').slice(0, 16);
}

async function buildTemplate(file: string): Promise<void> {
  const client = new PGlite();
  try {
    await client.waitReady;
    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });
    await client.exec(PgBoss.getConstructionPlans(jobQueueSchema));
    const dump = await client.dumpDataDir('gzip');
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await client.close();
  }
}

/** Test files run in parallel processes: a lock file lets one build the template while the others wait. */
async function pgliteTemplate(): Promise<Blob> {
  await mkdir(templateCacheDir, { recursive: true });
  const file = path.join(templateCacheDir, `pglite-template-${templateKey()}.tar.gz`);
  const lock = `${file}.lock`;
  for (;;) {
    if (existsSync(file)) return new Blob([await readFile(file)]);
    try {
      const handle = await open(lock, 'wx');
      await handle.close();
      try {
        if (!existsSync(file)) await buildTemplate(file);
      } finally {
        await rm(lock, { force: true });
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const lockAgeMs = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (lockAgeMs > staleLockMs) await rm(lock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function createServerDatabase(databaseUrl: string): Promise<Database> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    // A test database need not survive a crash of the server: commits return without waiting for
    // the disk, which makes the suites' many small transactions several times faster.
    await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ dataDir: '', databaseUrl: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** A fresh migrated database for one test file; close it in afterAll. */
export async function createTestDatabase(
  databaseUrl: string | undefined = process.env.DATABASE_URL || undefined,
): Promise<Database> {
  if (databaseUrl) return createServerDatabase(databaseUrl);
  return openDatabase({ dataDir: '', databaseUrl: undefined, pgliteTemplate: await pgliteTemplate() });
}
