/**
 * The database: PostgreSQL, either embedded (PGlite in a data folder, so `npm start` needs no
 * server) or a real server when DATABASE_URL is set. The drizzle pg-core tables serve both
 * drivers; query functions take a `DbHandle` (the database or an open transaction) as their first
 * argument so that several of them can join one transaction.
 */
import { mkdir } from 'node:fs/promises';
import { setTimeout as sleep, setImmediate as turnOfTheEventLoop } from 'node:timers/promises';
import { PGlite, type Transaction as PgliteTransaction, type QueryOptions, type Results } from '@electric-sql/pglite';
import { SpanKind } from '@opentelemetry/api';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { CommitOutcomeUnknownError, databaseFailureOf } from './db-failures.ts';
import { type HeavyReads, openReadReplica, primaryOnly } from './heavy-reads.ts';
import { migrationsDir } from './paths.ts';
import { inSpan, spanAttributes } from './tracing.ts';

// No schema object: queries name their tables (each module owns its tables.ts), and `db.query.*`,
// the one API that needs the schema, is not used. So this file depends on no module.
type NoSchema = Record<string, never>;
export type AppDatabase = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Transaction = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** What query functions take first: the database itself or the transaction they join. */
export type DbHandle = AppDatabase | Transaction;

type DatabaseKind = 'pglite' | 'postgres';

/** The shape pg-boss expects of a connection it does not own. */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** How the job queue reaches the database: its own pool on a server, the shared connection on PGlite. */
type JobQueueConnection = { connectionString: string } | { db: SqlExecutor };

export type Database = HeavyReads<AppDatabase> & {
  kind: DatabaseKind;
  db: AppDatabase;
  jobQueueConnection: JobQueueConnection;
  /** Subscribes to NOTIFY on a channel; notifications arrive only once the sending transaction commits. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** A line for the start-up message: where the data lives. */
  description: string;
  /** Transactions run again after losing to contention, and those that lost every try (metrics). */
  contention: RetryCounts;
  /**
   * Transactions run again after meeting an unavailable database before COMMIT, those that met it
   * on every try, and those that lost it during COMMIT (outcome unknown, not run again).
   */
  unavailable: RetryCounts & { commitUnknown: number };
  close(): Promise<void>;
};

type RetryCounts = { retried: number; exhausted: number };
type FailureCounts = Pick<Database, 'contention' | 'unavailable'>;

function newFailureCounts(): FailureCounts {
  return { contention: { retried: 0, exhausted: 0 }, unavailable: { retried: 0, exhausted: 0, commitUnknown: 0 } };
}

export type OpenDatabaseOptions = {
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * A dump of an already migrated PGlite database to start a new one from: in memory when dataDir
   * is empty (tests), else loaded into dataDir, which must not hold a database yet.
   */
  pgliteTemplate?: Blob;
  /**
   * Called with a new embedded database once it is migrated, before anything else is written to it
   * (main.ts keeps it as the machine's template where the cache has none).
   */
  onNewPgliteMigrated?: (client: PGlite) => Promise<void>;
  /** A read replica for heavy reads (heavy-reads.ts); PostgreSQL only, the embedded database ignores it. */
  databaseReadUrl?: string | undefined;
};

/** Rows of a raw statement, whichever driver runs it (both answer `{ rows }`). */
export async function executeRows<Row>(handle: DbHandle, statement: SQL): Promise<Row[]> {
  const result = (await handle.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

/** pg-boss's SQL uses $1..$n placeholders; drizzle's `sql` carries the values as real parameters. */
function statementOf(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let consumed = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(consumed, match.index)));
    chunks.push(sql`${sql.param(values[Number(match[1]) - 1] ?? null)}`);
    consumed = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(consumed)));
  return sql.join(chunks);
}

/** Lets pg-boss write a job inside a drizzle transaction, so the job commits or rolls back with it. */
export function sqlExecutorOf(handle: DbHandle): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      return { rows: await executeRows<unknown>(handle, statementOf(text, values)) };
    },
  };
}

function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      // pg-boss sends its schema scripts (several statements) without values: only exec runs those.
      if (values.length === 0) {
        try {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        } catch (error) {
          // A script that fails after its own BEGIN leaves the one shared connection in an aborted
          // transaction, which would refuse every later query of the server.
          await client.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }
      return client.query(
        text,
        values.map((value) => value ?? null),
      );
    },
  };
}

/**
 * PGlite runs each statement synchronously on the server's own thread, and its promises settle
 * without waiting for any I/O: a chain of statements (the job queue relaying a seeded database's
 * events after a start, a burst of jobs) would hold off every request and timer until it ends.
 * Each statement or transaction first lets the event loop take a turn, so requests interleave.
 */
class PgliteTakingTurns extends PGlite {
  override async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    await turnOfTheEventLoop();
    return super.query<T>(query, params, options);
  }

  override async exec(query: string, options?: QueryOptions): Promise<Array<Results>> {
    await turnOfTheEventLoop();
    return super.exec(query, options);
  }

  override async transaction<T>(callback: (transaction: PgliteTransaction) => Promise<T>): Promise<T> {
    await turnOfTheEventLoop();
    return super.transaction(callback);
  }
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  let client: PGlite;
  const loadDataDir = options.pgliteTemplate;
  if (!options.dataDir) {
    client = new PgliteTakingTurns({ ...(loadDataDir ? { loadDataDir } : {}) });
  } else {
    await mkdir(options.dataDir, { recursive: true });
    client = new PgliteTakingTurns(options.dataDir, { ...(loadDataDir ? { loadDataDir } : {}) });
  }
  await client.waitReady;
  const db = drizzlePglite({ client });
  try {
    await migratePglite(db, { migrationsFolder: migrationsDir });
    await options.onNewPgliteMigrated?.(client);
  } catch (error) {
    await client.close();
    throw error;
  }
  const primary = tracingTransactions(db as unknown as AppDatabase);
  return {
    kind: 'pglite',
    db: primary,
    ...primaryOnly(primary),
    // One connection in this process runs one transaction at a time: nothing to contend with or lose.
    ...newFailureCounts(),
    jobQueueConnection: { db: pgliteExecutor(client) },
    async listen(channel, onNotify) {
      const unlisten = await client.listen(channel, () => onNotify());
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    description: options.dataDir ? `PGlite in ${options.dataDir}` : 'embedded PostgreSQL (PGlite) in memory',
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * SQLSTATE classes after which the connection itself is unusable: connection exceptions (08),
 * operator intervention (57: shutdown, cancel) and system errors (58, XX).
 */
const connectionErrorClasses = new Set(['08', '57', '58', 'XX']);

/**
 * Makes a node-postgres pool's `query` keep its connection when a statement fails. pg-pool's own
 * `query` discards the connection on any error, so every refused statement outside a transaction
 * (a ledger transfer refused for want of funds, a unique key taken) would open a new connection,
 * some 30 ms each. A statement's error leaves the connection ready for the next one; only an
 * error of the connection itself (no SQLSTATE, or one of the classes above) discards it. A client
 * whose connection is lost while in use must not end the process either.
 */
export function keepingConnections(pool: pg.Pool): pg.Pool {
  const query = async (config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> => {
    const client = await pool.connect();
    try {
      const result = await client.query(config as pg.QueryConfig, values);
      client.release();
      return result;
    } catch (error) {
      const code = postgresErrorCode(error);
      client.release(code && !connectionErrorClasses.has(code.slice(0, 2)) ? undefined : (error as Error));
      throw error;
    }
  };
  // A client in use (in a transaction, or in this query) whose connection is lost emits the error
  // too, after failing the statement waiting on it; the pool listens only to idle clients, and an
  // error event without a listener would end the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // drizzle calls `query(config, values)` (promises only): an own property shadows pg-pool's.
  return Object.assign(pool, { query });
}

/** Several instances may start together on one server: an advisory lock lets one migrate at a time. */
const migrationLockId = 727_001;

/** How often a transaction that lost to contention runs again, and the first wait (doubled, with jitter). */
export const contentionRetry = { attempts: 4, firstDelayMs: 10 } as const;

/**
 * How often a transaction that met an unavailable database before its COMMIT runs again, and the
 * first wait: some 2 s in all, long enough to ride out a dropped connection or a proxy switching
 * to the new leader, short enough that a longer outage is answered busy while the caller waits.
 */
const unavailableRetry = { attempts: 4, firstDelayMs: 250 } as const;

const retryPolicies = { contention: contentionRetry, unavailable: unavailableRetry } as const;

/**
 * Every transaction the server opens runs again, a bounded number of times, when it failed in a way
 * that left nothing behind: PostgreSQL rolled it back for contention (the money paths take their
 * locks in one order, tenant.ts, and what is left, two companies' transfers meeting on the bank's
 * shared accounts, is retried here rather than answered 500), or the database was unavailable
 * before COMMIT was sent (a transaction never committed is rolled back with its connection). A
 * transaction's work is all in the database (messages and jobs are rows of it), so a second run
 * repeats nothing outside. A connection lost during COMMIT is not retried: the outcome is unknown
 * (CommitOutcomeUnknownError). Nested transactions (savepoints) are not retried: their outer
 * transaction is.
 */
function retryingTransactions(db: AppDatabase, counts: FailureCounts): AppDatabase {
  const transaction = db.transaction.bind(db);
  const retrying: typeof db.transaction = async (callback, config) => {
    for (let attempt = 1; ; attempt += 1) {
      let isCommitting = false;
      try {
        return await transaction(async (tx) => {
          const result = await callback(tx);
          // drizzle sends COMMIT once the callback has resolved.
          isCommitting = true;
          return result;
        }, config);
      } catch (error) {
        const failure = databaseFailureOf(error);
        if (!failure) throw error;
        if (failure === 'unavailable' && isCommitting) {
          counts.unavailable.commitUnknown += 1;
          throw new CommitOutcomeUnknownError(error);
        }
        if (attempt >= retryPolicies[failure].attempts) {
          counts[failure].exhausted += 1;
          throw error;
        }
        counts[failure].retried += 1;
        const delayMs = retryPolicies[failure].firstDelayMs * 2 ** (attempt - 1);
        await sleep(delayMs / 2 + Math.random() * delayMs);
      }
    }
  };
  return Object.assign(db, { transaction: retrying });
}

/** How soon a lost LISTEN connection is made again: doubling from the first wait up to the longest. */
const relistenDelay = { firstMs: 250, longestMs: 10_000 } as const;

/**
 * Subscribes to a channel on a connection of its own, and makes it again, for as long as it is
 * wanted, whenever it is lost (a restart, a failover): a notification sent while it was away is
 * made up for by one call of `onNotify` once it is back. Only the first connection's failure
 * reaches the caller.
 */
async function listenOn(databaseUrl: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  let listener: pg.Client | undefined;
  let isStopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    // A lost listener is made again below; its error must not crash the process.
    client.on('error', () => undefined);
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    listener = client;
    client.once('end', () => {
      if (!isStopped) connectAgain(relistenDelay.firstMs);
    });
  };
  const connectAgain = (delayMs: number) => {
    retryTimer = setTimeout(() => {
      if (isStopped) return;
      connect().then(onNotify, () => connectAgain(Math.min(delayMs * 2, relistenDelay.longestMs)));
    }, delayMs);
    retryTimer.unref();
  };
  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retryTimer);
    await listener?.end().catch(() => undefined);
  };
}

/**
 * While traces are on, each transaction of a request, a job or an event's consumer is a span, a
 * child of theirs (one per try when contention runs it again); one outside any (start-up, the
 * outbox relay) is not traced. A failure names its SQLSTATE, never the query's message.
 */
function tracingTransactions(db: AppDatabase): AppDatabase {
  const transaction = db.transaction.bind(db);
  const traced: typeof db.transaction = (callback, config) =>
    inSpan(
      'transaction',
      {
        kind: SpanKind.CLIENT,
        attributes: { [spanAttributes.dbSystemName]: 'postgresql' },
        isChildOnly: true,
        errorTypeOf: postgresErrorCode,
      },
      () => transaction(callback, config),
    );
  return Object.assign(db, { transaction: traced });
}

async function openPostgres(databaseUrl: string, databaseReadUrl: string | undefined): Promise<Database> {
  const pool = keepingConnections(
    new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 10_000 }),
  );
  // An idle client whose connection is lost (server restart, failover, a test database dropped) is
  // discarded by the pool, and the next query opens a new one and reports any lasting failure
  // itself; without a listener, node-postgres would throw the idle error and end the process.
  pool.on('error', () => undefined);
  const db = drizzleNodePostgres({ client: pool });
  try {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [migrationLockId]);
      await migrateNodePostgres(db, { migrationsFolder: migrationsDir });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
      lockClient.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const failures = newFailureCounts();
  const primary = retryingTransactions(tracingTransactions(db as unknown as AppDatabase), failures);
  const replica = databaseReadUrl
    ? openReadReplica({
        primary,
        primaryPool: pool,
        databaseReadUrl,
        handleOf: (replicaPool) =>
          drizzleNodePostgres({ client: keepingConnections(replicaPool) }) as unknown as AppDatabase,
      })
    : undefined;
  const { forHeavyRead, heavyReads } = replica ?? primaryOnly(primary);
  return {
    kind: 'postgres',
    db: primary,
    forHeavyRead,
    heavyReads,
    ...failures,
    jobQueueConnection: { connectionString: databaseUrl },
    listen: (channel, onNotify) => listenOn(databaseUrl, channel, onNotify),
    description: `PostgreSQL ${serverOf(databaseUrl)}${databaseReadUrl ? `, heavy reads from ${serverOf(databaseReadUrl)} when it has caught up` : ''}`,
    async close() {
      await Promise.all([pool.end(), replica?.close()]);
    },
  };
}

/** A server's address and database, for the start-up message (never its password). */
function serverOf(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

/** Opens the database and applies the checked-in migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl && !options.pgliteTemplate
    ? openPostgres(options.databaseUrl, options.databaseReadUrl)
    : openPglite(options);
}

/** A field of the PostgreSQL error behind a failed query; drizzle wraps the driver's error in `cause`. */
function postgresErrorField(error: unknown, field: 'code' | 'constraint' | 'detail'): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current; depth += 1) {
    const value = (current as Record<string, unknown>)[field];
    if (typeof value === 'string' && (field !== 'code' || /^[0-9A-Z]{5}$/.test(value))) return value;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The PostgreSQL error code (SQLSTATE) of a failed query. */
export function postgresErrorCode(error: unknown): string | undefined {
  return postgresErrorField(error, 'code');
}

/** The constraint a failed query violated (a unique key taken, a check refused), if it names one. */
export function violatedConstraint(error: unknown): string | undefined {
  return postgresErrorField(error, 'constraint');
}

/** The detail of a failed query's error (what a database function raised it about). */
export function postgresErrorDetail(error: unknown): string | undefined {
  return postgresErrorField(error, 'detail');
}
