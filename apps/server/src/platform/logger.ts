/**
 * Structured logs (pino). Secrets never reach the log: any field named like a credential is
 * replaced at any depth (redactSensitive), sensitive headers included, query-string
 * values of such names are masked in logged URLs (a reset-password link carries its token there),
 * and so are the grants in the path of the document storage's signed URLs.
 */
import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

/** Names of fields and headers whose values must never be written to a log. */
const sensitiveFieldNames = [
  'password',
  'new_password',
  'old_password',
  'confirm_password',
  'current_password',
  'password_hash',
  'token',
  'access_token',
  'refresh_token',
  'session_token',
  'code',
  'email_code',
  'verification_code',
  'otp',
  'totp',
  'secret',
  'totp_secret',
  'client_secret',
  'pin',
  'pin_confirmation',
  'new_pin',
  'confirm_pin',
  'card_pin',
  'security_code',
  'activation_code',
  'cvv',
  'card_number',
  'authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
] as const;

/** How deep in a logged object a sensitive field is still found. */
const redactedDepth = 8;
export const redactedValue = '[redacted]';

const sensitiveNames = new Set<string>(sensitiveFieldNames);

/**
 * A copy of a logged value with every field named like a credential replaced, at any depth up to
 * redactedDepth. It runs only for a line that is written (pino's log formatter and serializers),
 * so a request logs nothing and pays nothing at a level that is off; pino's own redaction applied
 * some 150 wildcard paths to every request's child logger.
 */
function redactSensitive(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > redactedDepth) return value;
  if (Array.isArray(value)) return value.map((item) => redactSensitive(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = sensitiveNames.has(key.toLowerCase()) ? redactedValue : redactSensitive(item, depth + 1);
  }
  return copy;
}

/**
 * Paths whose last segment is a bearer grant: the document storage's signed upload and download
 * URLs (adapters/storage). Whoever reads the log must not be able to use them.
 */
const grantPathPattern = /^(\/storage\/(?:upload|file)\/)[^?#]+/;

/** The URL with storage grants in its path and values of sensitive query parameters masked. */
export function loggableUrl(url: string): string {
  const masked = url.replace(grantPathPattern, (_whole, prefix: string) => `${prefix}${redactedValue}`);
  const queryStart = masked.indexOf('?');
  if (queryStart === -1) return masked;
  const query = new URLSearchParams(masked.slice(queryStart + 1));
  for (const name of [...query.keys()]) {
    if (sensitiveNames.has(name.toLowerCase())) query.set(name, redactedValue);
  }
  return `${masked.slice(0, queryStart)}?${query.toString()}`;
}

/** Fields that pino's serializers below turn into plain objects themselves (a request, an error). */
const serializedFields = new Set(['req', 'res', 'err']);

function redactLogFields(fields: Record<string, unknown>): Record<string, unknown> {
  const redacted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (serializedFields.has(key)) redacted[key] = value;
    else redacted[key] = sensitiveNames.has(key.toLowerCase()) ? redactedValue : redactSensitive(value, 1);
  }
  return redacted;
}

export type LoggerOptions = {
  level: string;
  /** Where log lines go; stdout when absent (tests pass a stream to read them). */
  stream?: DestinationStream;
};

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      // The fields of a log call; the serializers' own fields are redacted where they are made.
      formatters: { log: redactLogFields },
      serializers: {
        req(request: FastifyRequest) {
          return {
            method: request.method,
            url: loggableUrl(request.url),
            headers: redactSensitive(request.headers),
            remoteAddress: request.ip,
          };
        },
        err: (error: Error) => redactSensitive(pino.stdSerializers.err(error)),
      },
    },
    options.stream,
  );
}
