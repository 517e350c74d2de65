/**
 * Test support: an OTLP/HTTP receiver on this machine, standing for an OpenTelemetry collector. It
 * keeps every export as it came (content type and bytes) and decodes the JSON ones (OTLP's
 * http/json: ids in hex, attributes as typed values) into plain spans.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ExportedSpan = {
  traceId: string;
  spanId: string;
  /** Absent on a trace's root span. */
  parentSpanId: string | undefined;
  name: string;
  kind: 'internal' | 'server' | 'client' | 'producer' | 'consumer' | 'unspecified';
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string }[];
  /** 0 unset, 1 ok, 2 error (OTLP's status codes). */
  statusCode: number;
  resource: Record<string, unknown>;
};

type OtlpExport = { path: string; contentType: string; body: Buffer };

export type OtlpReceiver = {
  /** The base URL, as OTEL_EXPORTER_OTLP_ENDPOINT takes it. */
  url: string;
  exports: OtlpExport[];
  /** Every span of the JSON exports so far. */
  spans(): ExportedSpan[];
  close(): Promise<void>;
};

type OtlpAnyValue = {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpAnyValue[] };
};
type OtlpKeyValue = { key: string; value: OtlpAnyValue };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpKeyValue[];
  links?: { traceId: string; spanId: string }[];
  status?: { code?: number };
};
type OtlpTraceRequest = {
  resourceSpans?: { resource?: { attributes?: OtlpKeyValue[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
};

const kinds = ['unspecified', 'internal', 'server', 'client', 'producer', 'consumer'] as const;

function plainValue(value: OtlpAnyValue): unknown {
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(plainValue);
  return value.stringValue ?? value.doubleValue ?? value.boolValue;
}

function attributesOf(attributes: OtlpKeyValue[] = []): Record<string, unknown> {
  return Object.fromEntries(attributes.map((attribute) => [attribute.key, plainValue(attribute.value)]));
}

function spansOf(request: OtlpTraceRequest): ExportedSpan[] {
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId || undefined,
        name: span.name,
        kind: kinds[span.kind] ?? 'unspecified',
        attributes: attributesOf(span.attributes),
        links: (span.links ?? []).map((link) => ({ traceId: link.traceId, spanId: link.spanId })),
        statusCode: span.status?.code ?? 0,
        resource,
      })),
    );
  });
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const exports: OtlpExport[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const contentType = request.headers['content-type'] ?? '';
      exports.push({ path: request.url ?? '', contentType, body: Buffer.concat(chunks) });
      // An empty ExportTraceServiceResponse: `{}` in JSON, no bytes in protobuf.
      const isJson = contentType.startsWith('application/json');
      response.writeHead(200, { 'content-type': isJson ? 'application/json' : 'application/x-protobuf' });
      response.end(isJson ? '{}' : '');
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exports,
    spans: () =>
      exports
        .filter((sent) => sent.contentType.startsWith('application/json'))
        .flatMap((sent) => spansOf(JSON.parse(sent.body.toString('utf8')) as OtlpTraceRequest)),
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}
