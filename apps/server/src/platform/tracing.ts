/**
 * OpenTelemetry traces, on when an OTLP endpoint is configured (config `tracing`). The SDK and the
 * exporter are imported only then (together they take some 300 ms to load), so that a server
 * without the setting starts and runs as before: every helper here is then a plain call. Spans
 * are made at the few places all work passes through (request-tracing.ts for requests, db.ts for
 * transactions, jobs.ts for scheduled jobs and event consumers, the webhooks module for
 * deliveries) rather than by instrumentations that patch modules, which need loader hooks in ESM.
 *
 * A span carries names, routes, codes and ids, never a body, a query's parameters or an error's
 * message (a failed query's message quotes its parameters). Every span started while a request or
 * an event's consumer runs carries that request's id, as its log lines do.
 */
import { randomUUID } from 'node:crypto';
import {
  type Attributes,
  context,
  createContextKey,
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  type SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-node';
import type {
  ATTR_CLIENT_ADDRESS,
  ATTR_DB_SYSTEM_NAME,
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_URL_PATH,
  ATTR_URL_SCHEME,
} from '@opentelemetry/semantic-conventions';
import type {
  ATTR_MESSAGING_DESTINATION_NAME,
  ATTR_MESSAGING_MESSAGE_ID,
  ATTR_MESSAGING_OPERATION_TYPE,
  ATTR_MESSAGING_SYSTEM,
} from '@opentelemetry/semantic-conventions/incubating';
import type { TracingSettings } from '../config.ts';
import { currentRequestId } from './request-context.ts';

/**
 * The attribute names spans use. The semantic conventions' package is checked here by type only:
 * loading it would cost every start, traced or not.
 */
export const spanAttributes = {
  httpRequestMethod: 'http.request.method' satisfies typeof ATTR_HTTP_REQUEST_METHOD,
  httpResponseStatusCode: 'http.response.status_code' satisfies typeof ATTR_HTTP_RESPONSE_STATUS_CODE,
  httpRoute: 'http.route' satisfies typeof ATTR_HTTP_ROUTE,
  urlPath: 'url.path' satisfies typeof ATTR_URL_PATH,
  urlScheme: 'url.scheme' satisfies typeof ATTR_URL_SCHEME,
  clientAddress: 'client.address' satisfies typeof ATTR_CLIENT_ADDRESS,
  serverAddress: 'server.address' satisfies typeof ATTR_SERVER_ADDRESS,
  serverPort: 'server.port' satisfies typeof ATTR_SERVER_PORT,
  errorType: 'error.type' satisfies typeof ATTR_ERROR_TYPE,
  dbSystemName: 'db.system.name' satisfies typeof ATTR_DB_SYSTEM_NAME,
  messagingSystem: 'messaging.system' satisfies typeof ATTR_MESSAGING_SYSTEM,
  messagingOperationType: 'messaging.operation.type' satisfies typeof ATTR_MESSAGING_OPERATION_TYPE,
  messagingDestinationName: 'messaging.destination.name' satisfies typeof ATTR_MESSAGING_DESTINATION_NAME,
  messagingMessageId: 'messaging.message.id' satisfies typeof ATTR_MESSAGING_MESSAGE_ID,
  /** The request's id (x-request-id), as on its log lines and the events it records. */
  requestId: 'bank.request_id',
  /** The envelope's code when it is not 200: the catalogue's error (packages/contract errors.ts). */
  envelopeCode: 'bank.envelope.code',
} as const;

const tracerName = '@bank/server';

/** Set while traces are on; every helper is a plain call without it. */
let activeTracer: Tracer | undefined;

/** Marks work whose transactions are plumbing, not anyone's work (the outbox relay's polls). */
const untracedKey = createContextKey('bank.untraced');

/** What work is handed when no span is made for it: a span that records nothing. */
const nonRecordingSpan = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

export type Tracing = {
  /** Sends the spans ended so far now, rather than with the next batch. */
  forceFlush(): Promise<void>;
  /** Sends the spans still waiting, then stops; the helpers are plain calls again. */
  shutdown(): Promise<void>;
};

/** The tracer while traces are on. */
export function currentTracer(): Tracer | undefined {
  return activeTracer;
}

/** Stamps every span started inside a request (or an event's consumer) with the request's id. */
const requestIdStamp: SpanProcessor = {
  onStart(span) {
    const requestId = currentRequestId();
    if (requestId) span.setAttribute(spanAttributes.requestId, requestId);
  },
  onEnd() {},
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

type Sdk = typeof import('@opentelemetry/sdk-trace-node');

function samplerOf(sdk: Sdk, settings: TracingSettings) {
  const { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, TraceIdRatioBasedSampler } = sdk;
  const root = {
    always_on: () => new AlwaysOnSampler(),
    always_off: () => new AlwaysOffSampler(),
    traceidratio: () => new TraceIdRatioBasedSampler(settings.samplerRatio),
  };
  const name = settings.sampler.replace(/^parentbased_/, '') as keyof typeof root;
  const sampler = root[name]();
  // A parent-based sampler follows the caller's decision (traceparent's sampled flag) when there is one.
  return settings.sampler.startsWith('parentbased_') ? new ParentBasedSampler({ root: sampler }) : sampler;
}

async function exporterOf(settings: TracingSettings) {
  const options = { url: settings.tracesUrl, headers: settings.headers };
  if (settings.protocol === 'http/json') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter(options);
  }
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter(options);
}

/**
 * Starts traces when they are configured: registers the tracer provider (AsyncLocalStorage context,
 * W3C trace context propagation) and exports spans in batches over OTLP/HTTP. Answers undefined,
 * having loaded nothing, when they are not.
 */
export async function startTracing(
  settings: TracingSettings | undefined,
  service: { version: string; environment: string },
): Promise<Tracing | undefined> {
  if (!settings) return undefined;
  const [sdk, core, resources, conventions] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  const resource = resources.resourceFromAttributes({
    [conventions.ATTR_SERVICE_NAME]: settings.serviceName,
    [conventions.ATTR_SERVICE_VERSION]: service.version,
    [conventions.ATTR_SERVICE_INSTANCE_ID]: randomUUID(),
    [conventions.ATTR_DEPLOYMENT_ENVIRONMENT_NAME]: service.environment,
  });
  const provider = new sdk.NodeTracerProvider({
    resource,
    sampler: samplerOf(sdk, settings),
    spanProcessors: [requestIdStamp, new sdk.BatchSpanProcessor(await exporterOf(settings))],
  });
  // Trace context only: a caller's W3C baggage is not ours to carry on to webhook receivers.
  provider.register({ propagator: new core.W3CTraceContextPropagator() });
  activeTracer = trace.getTracer(tracerName, service.version);
  return {
    forceFlush: () => provider.forceFlush(),
    async shutdown() {
      activeTracer = undefined;
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

export type SpanDefinition = {
  kind: SpanKind;
  attributes?: Attributes;
  /** Spans this one follows from without being their child (an event's consumer and its recording). */
  links?: Link[];
  /** A new trace, whatever the context (a job taken from the queue belongs to no request). */
  isRoot?: boolean;
  /** Made only inside another span: alone it would be noise (a transaction at start-up, say). */
  isChildOnly?: boolean;
  /** The failure's kind for error.type; by default an AppError's key, else the error's name. */
  errorTypeOf?: (error: unknown) => string | undefined;
};

function defaultErrorType(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const key = (error as { key?: unknown }).key;
  return typeof key === 'string' ? key : error.name;
}

/** Marks a span failed, naming only the kind of failure. */
export function markSpanFailed(span: Span, errorType: string): void {
  span.setAttribute(spanAttributes.errorType, errorType);
  span.setStatus({ code: SpanStatusCode.ERROR, message: errorType });
}

/** Runs `work` in a span of its own, the active one meanwhile; a failure marks it and goes on. */
export function inSpan<T>(name: string, definition: SpanDefinition, work: (span: Span) => Promise<T>): Promise<T> {
  const tracer = activeTracer;
  if (!tracer) return work(nonRecordingSpan);
  const active = context.active();
  if (active.getValue(untracedKey) || (definition.isChildOnly && !trace.getSpan(active))) return work(nonRecordingSpan);
  const options = {
    kind: definition.kind,
    ...(definition.attributes ? { attributes: definition.attributes } : {}),
    ...(definition.links ? { links: definition.links } : {}),
    ...(definition.isRoot ? { root: true } : {}),
  };
  return tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      markSpanFailed(span, definition.errorTypeOf?.(error) ?? defaultErrorType(error));
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Runs `work` with no span made inside it. */
export function untraced<T>(work: () => T): T {
  return activeTracer ? context.with(context.active().setValue(untracedKey, true), work) : work();
}

/** The W3C trace context headers of the active span (traceparent), for a request sent out. */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  if (activeTracer) propagation.inject(context.active(), headers);
  return headers;
}

/** The active span's traceparent, kept with what it records (an outbox event); null without one. */
export function activeTraceparent(): string | null {
  return traceHeaders().traceparent ?? null;
}

/** A link to the span a stored traceparent names, or none. */
export function linksTo(traceparent: string | null | undefined): Link[] {
  if (!activeTracer || !traceparent) return [];
  const spanContext = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, { traceparent }));
  return spanContext && isSpanContextValid(spanContext) ? [{ context: spanContext }] : [];
}
