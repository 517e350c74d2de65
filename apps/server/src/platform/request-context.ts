/**
 * What every request carries besides its body (SPEC.md section 7): the `language` header picks the
 * language of `msg`; device-os, web-name, userid and token identify the caller. Every request gets
 * an id, echoed in the `x-request-id` header and written on each of its log lines, and carried into
 * the events it records and the jobs those events cause (`currentRequestId`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { defaultLanguage, isLanguage, type Language } from '@bank/contract/constants';
import { apiHeaders } from '@bank/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { SessionContext } from './session.ts';

export type CallerHeaders = {
  deviceOs: string | null;
  webName: string | null;
  userId: string | null;
  token: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    caller: CallerHeaders;
    /** Set by the session rule of a call (platform/route.ts); null when anonymous. */
    session: SessionContext | null;
  }
}

const requestIdHeader = 'x-request-id';
/** Longer header values are not ours: a token or user id is far shorter. */
const maxHeaderValueLength = 512;
/** A request id from a proxy in front of us is kept only when it cannot forge a log line. */
const acceptedRequestId = /^[A-Za-z0-9._-]{8,64}$/;

function headerValue(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  if (!trimmed || trimmed.length > maxHeaderValueLength) return null;
  return trimmed;
}

function languageOf(value: string | string[] | undefined): Language {
  const language = headerValue(value)?.toLowerCase();
  return isLanguage(language) ? language : defaultLanguage;
}

export function generateRequestId(request: IncomingMessage): string {
  const incoming = headerValue(request.headers[requestIdHeader]);
  return incoming && acceptedRequestId.test(incoming) ? incoming : randomUUID();
}

/** The request (or the event's job) the code runs for: its id follows every await of it. */
const requestIds = new AsyncLocalStorage<string>();

/** The id of the request that caused the work under way, or null outside any (a schedule). */
export function currentRequestId(): string | null {
  return requestIds.getStore() ?? null;
}

/** Runs `work` as part of the request `requestId` (an event's job, so that what it records carries the id on). */
export function runForRequest<T>(requestId: string | null, work: () => T): T {
  return requestId ? requestIds.run(requestId, work) : work();
}

export function registerRequestContext(app: FastifyInstance): void {
  // Before every other hook, so that the whole request runs inside its id.
  app.addHook('onRequest', (request, _reply, done) => requestIds.run(request.id, done));
  app.decorateRequest('language', defaultLanguage);
  app.decorateRequest('caller', null as unknown as CallerHeaders);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    request.language = languageOf(request.headers[apiHeaders.language]);
    request.caller = {
      deviceOs: headerValue(request.headers[apiHeaders.deviceOs]),
      webName: headerValue(request.headers[apiHeaders.webName]),
      userId: headerValue(request.headers[apiHeaders.userId]),
      token: headerValue(request.headers[apiHeaders.token]),
    };
    reply.header(requestIdHeader, request.id);
  });
}
