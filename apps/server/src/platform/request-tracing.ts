/**
 * One server span per request while traces are on (platform/tracing.ts), named by its method and
 * route. The request runs inside it, so that its transactions and the events it records are its
 * children; a caller's W3C `traceparent` header makes it a child of the caller's span. The probes
 * and /metrics are left out: a load balancer's and Prometheus's polls every few seconds would bury
 * the calls.
 */

import { successCode } from '@bank/contract/errors';
import { context, propagation, ROOT_CONTEXT, type Span, SpanKind, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelopeCodeOf } from './errors.ts';
import { currentTracer, markSpanFailed, spanAttributes } from './tracing.ts';

const untracedRoutes: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/** Installs the hooks when traces are on; adds nothing to a request otherwise. Call right after the request context. */
export function registerRequestTracing(app: FastifyInstance): void {
  if (!currentTracer()) return;
  const spans = new WeakMap<FastifyRequest, Span>();

  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    // Asked each time: traces stopped (at shutdown) leave the hooks without a tracer.
    const tracer = currentTracer();
    if (!tracer || (route !== undefined && untracedRoutes.has(route))) return done();
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          [spanAttributes.httpRequestMethod]: request.method,
          // The path alone: a query may carry a signed link's token.
          [spanAttributes.urlPath]: request.url.split('?', 1)[0] ?? '',
          [spanAttributes.urlScheme]: request.protocol,
          [spanAttributes.clientAddress]: request.ip,
          ...(route ? { [spanAttributes.httpRoute]: route } : {}),
        },
      },
      parent,
    );
    spans.set(request, span);
    context.with(trace.setSpan(parent, span), done);
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    const span = spans.get(request);
    const code = span && envelopeCodeOf(payload);
    if (span && code !== undefined && code !== String(successCode))
      span.setAttribute(spanAttributes.envelopeCode, Number(code));
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    span.setAttribute(spanAttributes.httpResponseStatusCode, reply.statusCode);
    if (reply.statusCode >= 500) markSpanFailed(span, String(reply.statusCode));
    span.end();
  });

  app.addHook('onRequestAbort', async (request) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    markSpanFailed(span, 'aborted');
    span.end();
  });
}
