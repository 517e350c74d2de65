/**
 * Errors and the one place they become the `{code, msg, data}` envelope. A domain failure is an
 * AppError naming an entry of the contract's catalogue: the caller gets its code and a message in
 * the request's language, the log gets the internal detail. Anything else is a bug or an outage:
 * the caller gets a generic message with the request id, the log gets the full error.
 */

import type { Language } from '@bank/contract/constants';
import { type ErrorKey, errorCatalogue } from '@bank/contract/errors';
import type { MessageRef } from '@bank/contract/validation';
import { type TranslationParams, translate } from '@bank/i18n/resources';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { postgresErrorCode } from './db.ts';
import { CommitOutcomeUnknownError, type DatabaseFailure, databaseFailureOf } from './db-failures.ts';

export type AppErrorOptions = {
  /** Values for the placeholders of the catalogue message. */
  params?: TranslationParams;
  /** Travels to the caller in `data`; must hold nothing the caller may not see. */
  data?: unknown;
  /** Field errors of a validation failure, translated into the request's language on the way out. */
  fields?: Record<string, MessageRef>;
  /** For the log only: what went wrong, in terms the caller must not see. */
  detail?: string;
  /** A more precise message than the catalogue's for this code (an i18n key). */
  messageKey?: string;
  /** Overrides the catalogue's HTTP status (an unbuilt call answers 404). */
  httpStatus?: number;
  cause?: unknown;
};

export class AppError extends Error {
  override name = 'AppError';
  readonly key: ErrorKey;
  readonly params: TranslationParams | undefined;
  readonly data: unknown;
  readonly fields: Record<string, MessageRef> | undefined;
  readonly detail: string | undefined;
  readonly messageKey: string;
  readonly httpStatus: number;

  constructor(key: ErrorKey, options: AppErrorOptions = {}) {
    super(options.detail ? `${key}: ${options.detail}` : key, { cause: options.cause });
    this.key = key;
    this.params = options.params;
    this.data = options.data;
    this.fields = options.fields;
    this.detail = options.detail;
    this.messageKey = options.messageKey ?? `errors.${key}`;
    this.httpStatus = options.httpStatus ?? errorCatalogue[key].httpStatus;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

type EnvelopeBody = { code: number; msg: string; data: unknown };

/** An envelope's code at the start of a JSON answer. */
const envelopeCodePattern = /^\{"code":(\d+)/;

/** The code of an answer on its way out (an onSend payload), read without parsing the whole answer. */
export function envelopeCodeOf(payload: unknown): string | undefined {
  return typeof payload === 'string' ? envelopeCodePattern.exec(payload.slice(0, 24))?.[1] : undefined;
}

function translateFields(language: Language, fields: Record<string, MessageRef>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [field, translate(language, message.key, message.params)]),
  );
}

function envelopeOfAppError(error: AppError, language: Language, requestId: string): EnvelopeBody {
  return {
    code: errorCatalogue[error.key].code,
    msg: translate(language, error.messageKey, { request_id: requestId, ...error.params }),
    data: error.fields ? { fields: translateFields(language, error.fields) } : (error.data ?? null),
  };
}

/** A body failure the framework detects before any route runs, reported on the field `body`. */
function bodyError(messageKey: string, httpStatus?: number): AppError {
  return new AppError('validation', { messageKey, fields: { body: { key: messageKey } }, httpStatus });
}

/** Fastify's own client errors (body parsing, content type, limits) in catalogue terms. */
function appErrorOfFramework(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return bodyError('errors.body_not_json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyError('errors.body_too_large', 413);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return bodyError('errors.unsupported_content_type');
    default:
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        return new AppError('validation', { detail: `${error.code ?? 'client error'}: ${error.message}` });
      }
      return undefined;
  }
}

/**
 * Values PostgreSQL refuses for what they are, not for a fault of the server: a byte it cannot
 * store, a character its encoding lacks, a string over a column's length. The contract refuses
 * them first; should one slip through, the caller still gets a validation answer, never a 500.
 */
const refusedValueStates: ReadonlySet<string> = new Set(['22021', '22P05', '22001']);

function appErrorOfDatabaseRefusal(error: unknown): AppError | undefined {
  const state = postgresErrorCode(error);
  if (!state || !refusedValueStates.has(state)) return undefined;
  return new AppError('validation', { detail: `database refused a value (${state})`, cause: error });
}

/** PostgreSQL quotes the offending value in its messages ("invalid input syntax ...: "<value>""). */
function withoutQuotedValues(message: unknown): string | undefined {
  if (typeof message !== 'string') return undefined;
  return message.replace(/"[^"]*"/g, '"[redacted]"').replace(/\([^)]*\)=\([^)]*\)/g, '([redacted])');
}

/**
 * What of an unexpected error may be logged, under which key. A failed query's message and stack
 * carry its parameters (password hashes, tokens) and PostgreSQL's message quotes the bad value, so
 * database errors are reduced to the query text, PostgreSQL's diagnostics and the call stack.
 */
function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { err: { message: String(error) } };
  const query = (error as { query?: unknown }).query;
  if (typeof query !== 'string') return { err: error };
  const cause = (error.cause ?? {}) as Record<string, unknown>;
  const stack = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    db_error: {
      type: error.name,
      query,
      // Not `code`: that name is redacted as a verification code.
      sqlstate: cause.code,
      message: withoutQuotedValues(cause.message),
      constraint: cause.constraint,
      table: cause.table,
      column: cause.column,
      stack: stack.join('\n'),
    },
  };
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const body = envelopeOfAppError(error, request.language, request.id);
  return reply.status(error.httpStatus).send(body);
}

/**
 * When a call answered busy for the database is worth asking again: a transaction that lost to
 * contention, at once; an unavailable database, once a failover has had time to progress.
 */
const busyRetryAfterSeconds: Record<DatabaseFailure, number> = { contention: 1, unavailable: 2 };

/** What the log says of a call answered busy for the database. */
function busyLogMessage(error: unknown, failure: DatabaseFailure): string {
  if (failure === 'contention') return 'transaction lost to contention on every try';
  if (error instanceof CommitOutcomeUnknownError) return 'database lost during COMMIT: outcome unknown, not retried';
  return 'database unavailable';
}

export type ErrorHandlerOptions = {
  /**
   * Whether a call may answer this catalogue error (contract calls.ts errorKeysOf). Given outside
   * production: an undeclared error is then a bug of the call's contract, answered as a 500 so
   * that tests find it, while OpenAPI would have told integrators it cannot happen.
   */
  isDeclared?: (request: FastifyRequest, key: ErrorKey) => boolean;
};

export function registerErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  app.setErrorHandler((rawError: FastifyError | AppError, request, reply) => {
    if (isAppError(rawError)) {
      if (options.isDeclared && !options.isDeclared(request, rawError.key)) {
        request.log.error(
          { error_key: rawError.key, detail: rawError.detail, url: request.url },
          'call answered an error its contract does not declare',
        );
        return sendError(request, reply, new AppError('internal', { data: { request_id: request.id } }));
      }
      if (rawError.detail || rawError.cause) {
        request.log.info({ error_key: rawError.key, detail: rawError.detail, err: rawError.cause }, 'call refused');
      }
      return sendError(request, reply, rawError);
    }
    const frameworkError = appErrorOfFramework(rawError);
    if (frameworkError) {
      request.log.info({ error_key: frameworkError.key, detail: rawError.code }, 'request refused');
      return sendError(request, reply, frameworkError);
    }
    const databaseFailure = databaseFailureOf(rawError);
    if (databaseFailure) {
      // Contention or an unavailable database that outlasted db.ts's retries, or a commit whose
      // outcome is unknown: busy, to be asked again (with the same idempotency key), never a 500.
      const cause = rawError instanceof CommitOutcomeUnknownError ? rawError.cause : rawError;
      request.log.warn(loggableError(cause), busyLogMessage(rawError, databaseFailure));
      reply.header('retry-after', String(busyRetryAfterSeconds[databaseFailure]));
      return sendError(request, reply, new AppError('busy', { detail: `database ${databaseFailure}` }));
    }
    const databaseRefusal = appErrorOfDatabaseRefusal(rawError);
    if (databaseRefusal) {
      request.log.warn(loggableError(rawError), 'database refused a value');
      return sendError(request, reply, databaseRefusal);
    }
    request.log.error(loggableError(rawError), 'unexpected error');
    return sendError(request, reply, new AppError('internal', { data: { request_id: request.id } }));
  });
}
