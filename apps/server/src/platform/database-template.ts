/**
 * The migrated empty database, built once per schema and kept in the machine's cache: creating a
 * PGlite database (its initdb) and running the migrations takes seconds, loading this dump about one.
 * A new embedded database starts from it: each test file's in memory, and the server's first start
 * in a new data folder (main.ts), so that a fresh clone on a machine that has run the product or its
 * tests before does not build it again. Where the cache has none, the server's new database, once
 * migrated, is kept as the template (keepAsPgliteTemplate). The key changes with any migration, the
 * job queue's schema or the PGlite build (a dump is only loadable by the build that wrote it), so a
 * stale template is never loaded.
 */
import { createHash } from 'node:crypto';
import { constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir, tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import PgBoss from 'pg-boss';
import { jobQueueSchema } from './jobs.ts';
import { migrationsDir } from './paths.ts';

/** BANK_CACHE_DIR, else the user's cache folder (XDG_CACHE_HOME, else ~/.cache). */
export function machineCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BANK_CACHE_DIR) return path.resolve(env.BANK_CACHE_DIR);
  return path.join(env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'corporate-banking');
}

/**
 * The cache folder, made if need be; where it cannot be written to (a locked-down home), the
 * temporary folder's stands in.
 */
async function writableCacheDir(preferred: string): Promise<string> {
  try {
    await mkdir(preferred, { recursive: true });
    await access(preferred, constants.W_OK);
    return preferred;
  } catch {
    const fallback = path.join(tmpdir(), `corporate-banking-cache-${userInfo().username}`);
    await mkdir(fallback, { recursive: true });
    return fallback;
  }
}

/** A template being written by another process for longer than this is taken as abandoned. */
const staleLockMs = 120_000;

/** Names the schema: the migrations, the job queue's tables and the PGlite build. */
export function templateKey(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsDir, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  hash.update(PgBoss.getConstructionPlans(jobQueueSchema));
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(pgliteEntry));
  return hash.digest('hex').slice(0, 16);
}

/** Makes the job queue's tables in a new, migrated database and writes its dump as the template. */
async function writeTemplate(client: PGlite, file: string): Promise<void> {
  await client.exec(PgBoss.getConstructionPlans(jobQueueSchema));
  const dump = await client.dumpDataDir('gzip');
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
}

async function buildTemplate(file: string): Promise<void> {
  const client = new PGlite();
  try {
    await client.waitReady;
    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });
    await writeTemplate(client, file);
  } finally {
    await client.close();
  }
}

async function templateFile(preferredCacheDir: string): Promise<string> {
  const cacheDir = await writableCacheDir(preferredCacheDir);
  return path.join(cacheDir, `pglite-template-${templateKey()}.tar.gz`);
}

/** The template's dump if the machine's cache has one; nothing is built. */
export async function cachedPgliteTemplate(preferredCacheDir: string = machineCacheDir()): Promise<Blob | undefined> {
  const file = await templateFile(preferredCacheDir);
  return existsSync(file) ? new Blob([await readFile(file)]) : undefined;
}

/**
 * Keeps a new database, just migrated and with nothing else in it, as the machine's template (the
 * server's first start on a machine, main.ts): it becomes the database buildTemplate makes in memory,
 * without making one more (an initdb and the migrations, some 2.5 s, and loading the dump, 1 s).
 * Nothing is written where the cache has a template, or another process is writing one.
 */
export async function keepAsPgliteTemplate(
  client: PGlite,
  preferredCacheDir: string = machineCacheDir(),
): Promise<void> {
  const file = await templateFile(preferredCacheDir);
  if (existsSync(file)) return;
  const lock = `${file}.lock`;
  try {
    await (await open(lock, 'wx')).close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  try {
    await writeTemplate(client, file);
  } finally {
    await rm(lock, { force: true });
  }
}

/**
 * The template's dump, built first if the cache has none. Processes may ask at once (test files run
 * in parallel): a lock file lets one build it while the others wait.
 */
export async function migratedPgliteTemplate(preferredCacheDir: string = machineCacheDir()): Promise<Blob> {
  const file = await templateFile(preferredCacheDir);
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
