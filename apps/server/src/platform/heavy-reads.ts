/**
 * Heavy reads (the history list, the account and card statements, the record downloads) may go to a
 * read replica of PostgreSQL (config DATABASE_READ_URL) through a small pool of their own, so that a
 * year's statement does not queue behind the money calls on the primary.
 *
 * A replica applies the primary's WAL a moment later, and a client that has just converted money and
 * opens its history must see the conversion. So before each heavy read two tiny queries compare the
 * replica's replay position with the primary's current WAL position: every commit acknowledged before
 * the read began ends at or before the primary's position, so a replica that has replayed that far
 * holds it. Otherwise, or when the replica does not answer, the read goes to the primary: the choice
 * never fails a call. The positions must come from one standby: DATABASE_READ_URL names one server,
 * not a balancer over several.
 *
 * Kept apart from db.ts (which knows nothing of it but `openReadReplica` and `primaryOnly`), and
 * generic in the database handle, so that it imports nothing of db.ts.
 */
import pg from 'pg';

/** Heavy reads answered by the replica, or by the primary because the replica lagged or did not answer. */
type HeavyReadCounts = { replica: number; replicaBehind: number; replicaUnreachable: number };

export type HeavyReads<Handle> = {
  /** The database a heavy read uses: the replica when it holds every write acknowledged so far, else the primary. */
  forHeavyRead(): Promise<Handle>;
  heavyReads: HeavyReadCounts;
};

/** Where each server's WAL stands, as PostgreSQL writes a log sequence number ("16/B374D848"). */
export type WalPositions = {
  /** pg_current_wal_lsn() of the primary. */
  primary(): Promise<string | null>;
  /** pg_last_wal_replay_lsn() of the replica: null on a server that is not a standby. */
  replica(): Promise<string | null>;
};

/** How long the replica may take to tell its position before the read goes to the primary. */
export const replicaAnswerTimeoutMs = 1_000;

/** An LSN's two 32-bit hexadecimal halves as one number, so that "1/0" comes after "0/FFFFFFFF". */
function lsnValue(lsn: string | null): bigint | undefined {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn ?? '');
  return match?.[1] && match[2] ? (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`) : undefined;
}

/** Whether a replica that replayed up to `replayed` holds everything the primary wrote up to `written`. */
function hasReplayed(replayed: string | null, written: string | null): boolean {
  const replayedValue = lsnValue(replayed);
  const writtenValue = lsnValue(written);
  // A server not in recovery (the primary itself, a promoted replica) replays nothing: never trusted.
  return replayedValue !== undefined && writtenValue !== undefined && replayedValue >= writtenValue;
}

function withinTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, expiry]).finally(() => clearTimeout(timer));
}

/** The choice before each heavy read: the replica when it has caught up, else the primary; never an error. */
export function heavyReadsChoosing<Handle>(
  databases: { primary: Handle; replica: Handle },
  positions: WalPositions,
): HeavyReads<Handle> {
  const heavyReads: HeavyReadCounts = { replica: 0, replicaBehind: 0, replicaUnreachable: 0 };
  return {
    heavyReads,
    async forHeavyRead() {
      const [written, replayed] = await Promise.allSettled([
        positions.primary(),
        withinTimeout(positions.replica(), replicaAnswerTimeoutMs),
      ]);
      if (replayed.status === 'rejected') {
        heavyReads.replicaUnreachable += 1;
        return databases.primary;
      }
      // A primary that does not answer fails the read itself, as any other call.
      if (written.status === 'rejected' || !hasReplayed(replayed.value, written.value)) {
        heavyReads.replicaBehind += 1;
        return databases.primary;
      }
      heavyReads.replica += 1;
      return databases.replica;
    },
  };
}

/** Without a replica (or on the embedded database) every heavy read is the primary's. */
export function primaryOnly<Handle>(primary: Handle): HeavyReads<Handle> {
  return {
    heavyReads: { replica: 0, replicaBehind: 0, replicaUnreachable: 0 },
    forHeavyRead: async () => primary,
  };
}

/** Connections the heavy reads of one instance may hold on the replica: few reads are heavy at once. */
const replicaPoolSize = 4;

/**
 * Opens the replica's pool (no connection until the first heavy read, no migration: a standby is
 * read-only and follows the primary's schema) and the choice between it and the primary.
 */
export function openReadReplica<Handle>(options: {
  primary: Handle;
  primaryPool: pg.Pool;
  databaseReadUrl: string;
  handleOf(pool: pg.Pool): Handle;
}): HeavyReads<Handle> & { close(): Promise<void> } {
  const pool = new pg.Pool({
    connectionString: options.databaseReadUrl,
    max: replicaPoolSize,
    connectionTimeoutMillis: replicaAnswerTimeoutMs,
  });
  // A lost idle connection to the replica is discarded; the next heavy read opens another or goes to the primary.
  pool.on('error', () => undefined);
  const positionOf = async (of: pg.Pool, query: string): Promise<string | null> =>
    (await of.query<{ lsn: string | null }>(query)).rows[0]?.lsn ?? null;
  const choice = heavyReadsChoosing(
    { primary: options.primary, replica: options.handleOf(pool) },
    {
      primary: () => positionOf(options.primaryPool, 'select pg_current_wal_lsn()::text as lsn'),
      replica: () => positionOf(pool, 'select pg_last_wal_replay_lsn()::text as lsn'),
    },
  );
  return { ...choice, close: () => pool.end() };
}
