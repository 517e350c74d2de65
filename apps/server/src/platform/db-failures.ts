/**
 * What a failed database call means, decided in one place: the transaction lost to contention, the
 * database is unavailable for a while (a restart, a failover, a lost connection), or neither (a
 * refusal or a bug, for the caller to handle). db.ts retries transactions by it, and the error
 * handler answers the first two `busy` (503 with Retry-After), never 500.
 */

export type DatabaseFailure = 'contention' | 'unavailable';

/**
 * Contention: the transaction was chosen as a deadlock's victim (40P01) or lost a serialisation
 * race (40001). PostgreSQL rolled it back whole, so running it again is safe.
 */
const contentionStates: ReadonlySet<string> = new Set(['40P01', '40001']);

/**
 * A database that is gone, going or not yet back: the connection failed (class 08); the server was
 * shut down (57P01 admin, 57P02 crash) or is still starting or recovering (57P03); the node is no
 * longer the primary, or not yet (25006, a write refused on a read-only server); or it has no room
 * for another connection (53300) while every client reconnects at once.
 */
const unavailableStates: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '25006', '53300']);
const connectionExceptionClass = '08';

/** Node's codes of a socket that could not connect or was cut. */
const unavailableSocketCodes: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * node-postgres reports a connection lost mid-query, one refused by a proxy with nowhere to send it,
 * and a pool that found no connection in time by message alone, without a code.
 */
const unavailableMessages: readonly RegExp[] = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
  /^timeout exceeded when trying to connect$/,
];

/** How deep to follow `cause`: drizzle wraps the driver's error once, a caller may wrap it again. */
const maxCauseDepth = 4;

function failureOfOne(error: object): DatabaseFailure | undefined {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (contentionStates.has(code)) return 'contention';
    if (unavailableStates.has(code) || unavailableSocketCodes.has(code)) return 'unavailable';
    if (/^[0-9A-Z]{5}$/.test(code) && code.startsWith(connectionExceptionClass)) return 'unavailable';
  }
  if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) {
    return 'unavailable';
  }
  return undefined;
}

/** Whether a failed query or transaction lost to contention, met an unavailable database, or neither. */
export function databaseFailureOf(error: unknown): DatabaseFailure | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < maxCauseDepth && typeof current === 'object' && current !== null; depth += 1) {
    const failure = failureOfOne(current);
    if (failure) return failure;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The database was lost while COMMIT was on its way: the transaction may have committed or not,
 * and nobody here can tell. It is not run again (that could do its work twice); the caller is
 * answered busy, and asks again with its idempotency key, which finds the stored answer if it did.
 */
export class CommitOutcomeUnknownError extends Error {
  override name = 'CommitOutcomeUnknownError';
  constructor(cause: unknown) {
    super('the database was lost during COMMIT', { cause });
  }
}
