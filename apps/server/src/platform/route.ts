/**
 * The one way a contract call becomes a route. Every call is POST with a JSON body; in order:
 * the session rule of the call (before the body is even read, so an anonymous caller cannot make
 * the server parse anything), the request schema, the handler, the response schema as an
 * allow-list (unknown fields are stripped, so no hash or internal id leaks by accident), and the
 * envelope. Calls SPEC.md lists that no capability has built yet still apply their session rule,
 * then answer `not_found`.
 */
import type { Readable } from 'node:stream';
import { apiKeyCalls } from '@bank/contract/api-key-calls';
import { apiKeyMayCall, isAddressAllowed } from '@bank/contract/api-keys';
import type { CallDefinition, CallSpec } from '@bank/contract/calls';
import { listedCalls } from '@bank/contract/calls';
import type { Language } from '@bank/contract/constants';
import { apiHeaders, idempotencyKeyPattern } from '@bank/contract/envelope';
import { successCode } from '@bank/contract/errors';
import { holdsPermission } from '@bank/contract/permissions';
import { controlCharacterMessage, hasUnstorableCharacter } from '@bank/contract/text';
import { fieldMessages } from '@bank/contract/validation';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AuditEntryInput, writeAudit } from './audit.ts';
import type { Database, Transaction } from './db.ts';
import { AppError } from './errors.ts';
import { requestHashOf, runIdempotent } from './idempotency.ts';
import { rateLimitedError } from './rate-limit.ts';
import type { CallerHeaders } from './request-context.ts';
import type { ApiKeyResolver, Clock, SessionContext, SessionResolver } from './session.ts';

/** What registerCall needs from the app, decorated on it by buildApp. */
type CallPlatform = {
  clock: Clock;
  /** Where idempotent calls keep their keys and answers. */
  database: Database;
  sessionResolver: SessionResolver;
  /** The team module's resolver of `Authorization: Bearer` API keys; none: keys are refused (9400). */
  apiKeyResolver?: ApiKeyResolver;
  /** The calls one API key may make a minute (config, decision 0041). */
  apiKeyCallsPerMinute: number;
  /** Every call registered so far, by path (the OpenAPI document is generated from it). */
  calls: Map<string, CallDefinition>;
  /** What modules make of failures they know (`answerFailures`), asked in turn when a handler fails. */
  failureAnswers: FailureAnswer[];
};

/**
 * A module's answer to a failure it knows (an adapter's outage, say): the catalogue error the caller
 * gets instead, or undefined for a failure it does not know. Asked after the handler's transaction
 * rolled back (an idempotent call's too), so that it may record the failure in a transaction of its
 * own that stays.
 */
export type FailureAnswer = (
  error: unknown,
  call: CallDefinition,
  context: CallContext,
) => Promise<AppError | undefined>;

/** Registers a module's answer to the failures it knows, for every call (asked at each failure, in turn). */
export function answerFailures(app: FastifyInstance, answer: FailureAnswer): void {
  app.callPlatform.failureAnswers.push(answer);
}

/** The failure as a module answers it, or the failure itself. */
async function answerOf(platform: CallPlatform, error: unknown, call: CallDefinition, context: CallContext) {
  for (const answer of platform.failureAnswers) {
    const answered = await answer(error, call, context);
    if (answered) return answered;
  }
  return error;
}

declare module 'fastify' {
  interface FastifyInstance {
    callPlatform: CallPlatform;
  }
}

export type CallContext = {
  /** The caller's session; reading it in a public call without one answers 9400. */
  readonly session: SessionContext;
  readonly optionalSession: SessionContext | null;
  readonly language: Language;
  readonly requestId: string;
  /** The request's time from the app clock: one value for the whole call. */
  readonly now: Date;
  readonly caller: CallerHeaders;
  /** The client's address (X-Forwarded-For is believed only as config TRUST_PROXY says). */
  readonly ip: string;
  /** The User-Agent header, for describing a session's device; never trusted for anything else. */
  readonly userAgent: string | null;
  /**
   * Scheme, host and port the caller reached us at (the Host header, and X-Forwarded-Proto as
   * config TRUST_PROXY says), for links back to this server when config PUBLIC_URL is unset. It is
   * the caller's own claim: use it only in answers to that caller.
   */
  readonly origin: string;
  readonly log: FastifyBaseLogger;
  /**
   * The transaction of an idempotent call, which holds its key, or of a call registered with an
   * `audit`, which writes the audit row: the call's effect must be written in it, so that the effect
   * and the answer kept for replay (or the audit row) commit or roll back together. Null for other
   * calls.
   */
  readonly transaction: Transaction | null;
};

/** A file answer of a call whose contract says `isFile`. */
export type FileReply = {
  kind: 'file';
  fileName: string;
  contentType: string;
  body: Buffer | Readable;
};

export function fileReply(fileName: string, contentType: string, body: Buffer | Readable): FileReply {
  return { kind: 'file', fileName, contentType, body };
}

function isFileReply(value: unknown): value is FileReply {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'file';
}

export type CallHandler<Call extends CallDefinition> = (
  body: z.output<Call['request']>,
  context: CallContext,
) => Promise<z.input<Call['response']> | FileReply>;

/**
 * The audit row of a call that only records what it did, made from its answer once the handler has
 * succeeded. The actor, address and time are the call's own (its session's user, `ip`, `now`).
 */
type CallAudit<Call extends CallDefinition> = (
  result: z.input<Call['response']>,
  body: z.output<Call['request']>,
  context: CallContext,
) => Pick<AuditEntryInput, 'action' | 'companyId' | 'detail'>;

export type CallOptions<Call extends CallDefinition> = {
  /**
   * Writes the call's audit row in the call's transaction (the idempotent one, else one opened for
   * the call and handed to the handler as `context.transaction`), after the handler succeeded.
   */
  audit?: CallAudit<Call>;
};

/** The handler followed by its audit row, in the transaction the handler was given. */
function auditedHandler<Call extends CallDefinition>(
  call: Call,
  handler: CallHandler<Call>,
  audit: CallAudit<Call>,
): CallHandler<Call> {
  return async (body, context) => {
    const result = await handler(body, context);
    if (!context.transaction) throw new Error(`${call.path} has an audit but no transaction to write it in`);
    if (isFileReply(result)) throw new Error(`${call.path} answered a file, which has no audit`);
    await writeAudit(context.transaction, {
      ...audit(result, body, context),
      at: context.now,
      actorUserId: context.optionalSession?.user_id ?? null,
      ip: context.ip,
    });
    return result;
  };
}

/** RFC 6266: an ASCII fallback name and the exact UTF-8 name. */
function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** How deep a call's body may nest: the deepest contract body is a handful of levels. */
export const maxBodyDepth = 32;

export type BodyProblem = { kind: 'too_deep' } | { kind: 'unstorable'; path: string };

/**
 * What makes a body unfit before its schema reads it: nesting deeper than maxBodyDepth, or a string
 * (value or key) that no database could store (NUL or a lone surrogate). The contract's text types
 * refuse such bytes too; this net holds for every field of every call, passwords and fields a future
 * schema forgets. The walk is iterative, so that no body, however deep, can overflow the stack.
 */
export function bodyProblemOf(body: unknown): BodyProblem | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      if (hasUnstorableCharacter(value)) return { kind: 'unstorable', path: path || 'body' };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= maxBodyDepth) return { kind: 'too_deep' };
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : Object.entries(value);
    // Pushed in reverse, so that the first field in the body is the first reported.
    for (const [key, item] of entries.reverse()) {
      if (!Array.isArray(value) && hasUnstorableCharacter(key)) return { kind: 'unstorable', path: path || 'body' };
      pending.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return undefined;
}

/** The body as the schema may read it: absent is `{}`, `null` and unfit bodies are refused. */
function checkedBody(callPath: string, rawBody: unknown): unknown {
  if (rawBody === null) {
    throw new AppError('validation', {
      messageKey: 'errors.body_not_object',
      fields: { body: { key: 'errors.body_not_object' } },
      detail: `null body for ${callPath}`,
    });
  }
  const body = rawBody ?? {};
  const problem = bodyProblemOf(body);
  if (problem?.kind === 'too_deep') {
    throw new AppError('validation', {
      messageKey: 'errors.body_too_deep',
      fields: { body: { key: 'errors.body_too_deep' } },
      detail: `body nested deeper than ${maxBodyDepth} in ${callPath}`,
    });
  }
  if (problem?.kind === 'unstorable') {
    throw new AppError('validation', {
      fields: { [problem.path]: { key: controlCharacterMessage } },
      detail: `unstorable character in ${callPath}`,
    });
  }
  return body;
}

/**
 * The session rule of a call: who may make it, the permission it needs (one check for every call,
 * before the body is read), and whether company KYC must be approved first.
 */
async function authorize(spec: CallSpec, request: FastifyRequest, platform: CallPlatform): Promise<void> {
  const { token, userId } = request.caller;
  // A public call is anyone's: a key sent to one is neither needed nor looked at.
  const bearer = spec.auth === 'public' ? null : bearerKeyOf(request);
  const session = bearer
    ? await apiKeySessionOf(spec, request, platform, bearer)
    : token && userId
      ? await platform.sessionResolver(token, userId, platform.clock.now())
      : null;
  request.session = session;
  if (spec.auth === 'public') return;
  if (!session) throw new AppError('session_invalid');
  if (spec.auth === 'staff' && !session.is_staff)
    throw new AppError('forbidden', { detail: `${spec.path} is staff only` });
  const { permission } = spec;
  if (permission !== 'session' && permission !== 'public' && !holdsPermission(session.permissions, permission))
    throw new AppError('forbidden', {
      detail: `${session.role} ${session.user_id} does not hold ${permission} for ${spec.path}`,
    });
  if (spec.isKycGated && session.kyc_status !== 'kyc_approved') throw new AppError('kyc_not_approved');
}

/** The key of an `Authorization: Bearer <key>` header, or null without one. */
function bearerKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,200})$/i.exec(header.trim());
  if (!match?.[1]) throw new AppError('session_invalid', { detail: 'an Authorization header that is no bearer key' });
  return match[1];
}

/**
 * The session an API key acts as, for a call it may make (decision 0041): the key resolved (its use
 * recorded and counted), then the key's own rules: only the contract's key calls (staff calls and a
 * person's own never), writes only for a write scope and from its allow-list, and its rate limit.
 * The permission and KYC gate are checked after, as for a person.
 */
async function apiKeySessionOf(
  spec: CallSpec,
  request: FastifyRequest,
  platform: CallPlatform,
  key: string,
): Promise<SessionContext> {
  const session = await liveApiKeySession(platform, request, key, spec.path);
  const apiKey = session.api_key;
  if (spec.auth !== 'session' || !apiKeyMayCall(apiKey.scope, spec.path))
    throw new AppError('forbidden', {
      messageKey: 'errors.api_key_call_refused',
      detail: `API key ${apiKey.key_id} (${apiKey.scope}) may not call ${spec.path}`,
    });
  if (apiKeyCalls[spec.path] === 'write' && !isAddressAllowed(request.ip, apiKey.allowed_ips))
    throw new AppError('forbidden', {
      messageKey: 'errors.api_key_address_refused',
      detail: `API key ${apiKey.key_id} wrote from ${request.ip}, outside its allow-list`,
    });
  return session;
}

/**
 * The session of a live API key for a use at `callPath`: the key resolved (its use recorded and
 * counted) and held to its rate limit; an unknown, revoked or expired key answers 9400.
 */
async function liveApiKeySession(
  platform: CallPlatform,
  request: FastifyRequest,
  key: string,
  callPath: string,
): Promise<SessionContext & { api_key: NonNullable<SessionContext['api_key']> }> {
  const now = platform.clock.now();
  const resolved = platform.apiKeyResolver
    ? await platform.apiKeyResolver(key, { ip: request.ip, callPath, now })
    : null;
  const apiKey = resolved?.session.api_key;
  if (!resolved || !apiKey) throw new AppError('session_invalid', { detail: 'unknown, revoked or expired API key' });
  const { session, callsThisWindow, windowEndsAt } = resolved;
  if (callsThisWindow > platform.apiKeyCallsPerMinute)
    throw rateLimitedError((windowEndsAt.getTime() - now.getTime()) / 1000, `API key ${apiKey.key_id} over its limit`);
  return { ...session, api_key: apiKey };
}

/**
 * The session of the request's bearer API key, for an endpoint beside the contract's calls (the
 * agent endpoint, platform/mcp.ts): the same resolution, use record and rate limit as a call's.
 * Without an Authorization header, or with a key that is not live, it answers 9400.
 */
export async function bearerApiKeySession(app: FastifyInstance, request: FastifyRequest, callPath: string) {
  const key = bearerKeyOf(request);
  if (!key) throw new AppError('session_invalid', { detail: `${callPath} needs an API key` });
  return liveApiKeySession(app.callPlatform, request, key, callPath);
}

function callContext(request: FastifyRequest, now: Date, transaction: Transaction | null = null): CallContext {
  const session = request.session;
  return {
    get session(): SessionContext {
      if (!session) throw new AppError('session_invalid');
      return session;
    },
    optionalSession: session,
    language: request.language,
    requestId: request.id,
    now,
    caller: request.caller,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
    origin: `${request.protocol}://${request.host}`,
    log: request.log,
    transaction,
  };
}

/** The Idempotency-Key of a call marked idempotent; without a usable one the call is refused. */
function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers[apiHeaders.idempotencyKey];
  const key = Array.isArray(value) ? value[0] : value;
  if (key === undefined || !idempotencyKeyPattern.test(key)) {
    throw new AppError('validation', {
      fields: { idempotency_key: { key: 'validation.idempotency_key' } },
      detail: `${request.url} needs an Idempotency-Key header`,
    });
  }
  return key;
}

/** The success envelope's data, held to the response schema as an allow-list. */
function responseDataOf(call: CallDefinition, result: unknown): unknown {
  if (isFileReply(result)) throw new Error(`${call.path} answered a file but its contract says it answers data`);
  const data = call.response.safeParse(result);
  if (!data.success) {
    throw new Error(`${call.path} answered data outside its response schema: ${JSON.stringify(data.error.issues)}`);
  }
  return data.data ?? null;
}

/**
 * Runs the handler (in its idempotent transaction when the call is marked so, in a transaction of
 * its own when it has an audit) and sends its answer.
 */
async function respond<Call extends CallDefinition>(
  platform: CallPlatform,
  call: Call,
  handler: CallHandler<Call>,
  exchange: { request: FastifyRequest; reply: FastifyReply; body: unknown; input: z.output<Call['request']> },
  now: Date,
  audit: CallAudit<Call> | undefined,
) {
  const { request, reply, body, input } = exchange;
  if (call.isIdempotent) {
    const session = request.session;
    if (!session) throw new AppError('session_invalid');
    const outcome = await runIdempotent(
      platform.database,
      {
        ownerId: session.company_id ?? session.user_id,
        callPath: call.path,
        key: idempotencyKeyOf(request),
        requestHash: requestHashOf(body),
        now,
      },
      async (transaction) => responseDataOf(call, await handler(input, callContext(request, now, transaction))),
    );
    if (outcome.isReplay) reply.header('idempotent-replayed', 'true');
    return reply.send({ code: successCode, msg: 'success', data: outcome.data ?? null });
  }

  const result = audit
    ? await platform.database.db.transaction(async (transaction) =>
        handler(input, callContext(request, now, transaction)),
      )
    : await handler(input, callContext(request, now));
  if (isFileReply(result) && call.isFile) {
    return reply
      .header('content-disposition', contentDisposition(result.fileName))
      .type(result.contentType)
      .send(result.body);
  }
  return reply.send({ code: successCode, msg: 'success', data: responseDataOf(call, result) });
}

/** Registers the module's resolver of bearer API keys (the team module's). */
export function registerApiKeyResolver(app: FastifyInstance, resolver: ApiKeyResolver): void {
  app.callPlatform.apiKeyResolver = resolver;
}

export function registerCall<Call extends CallDefinition>(
  app: FastifyInstance,
  call: Call,
  callHandler: CallHandler<Call>,
  options: CallOptions<Call> = {},
): void {
  const platform = app.callPlatform;
  const handler = options.audit ? auditedHandler(call, callHandler, options.audit) : callHandler;
  if (platform.calls.has(call.path)) throw new Error(`${call.path} is registered twice`);
  platform.calls.set(call.path, call);

  app.post(call.path, {
    onRequest: async (request) => authorize(call, request, platform),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const body = checkedBody(call.path, request.body);
      const parsed = call.request.safeParse(body);
      if (!parsed.success) {
        throw new AppError('validation', {
          fields: fieldMessages(parsed.error),
          detail: `invalid body for ${call.path}`,
        });
      }
      const input = parsed.data as z.output<Call['request']>;
      const now = platform.clock.now();
      try {
        return await respond(platform, call, handler, { request, reply, body, input }, now, options.audit);
      } catch (error) {
        // Every transaction of the call has ended here: a module may record the failure and answer it.
        throw await answerOf(platform, error, call, callContext(request, now));
      }
    },
  });
}

/**
 * Listed calls no capability has built yet: the session rule first (an anonymous caller learns
 * nothing but 9400), then HTTP 404 with the `not_found` envelope. Runs after every module.
 */
export function registerUnbuiltCalls(app: FastifyInstance): void {
  const platform = app.callPlatform;
  for (const spec of listedCalls.values()) {
    if (platform.calls.has(spec.path)) continue;
    app.post(spec.path, {
      onRequest: async (request) => authorize(spec, request, platform),
      handler: async () => {
        throw new AppError('not_found', { httpStatus: 404, detail: `${spec.path} is not built yet` });
      },
    });
  }
}
