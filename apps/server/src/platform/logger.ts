/**
 * Structured logs (pino). Secrets never reach the log: any field named like a credential is
 * replaced at every depth the redaction list covers, sensitive headers included, query-string
 * values of such names are masked in logged URLs (a reset-password link carries its token there),
 * and so are the grants in the path of the document storage's signed URLs.
 */
import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

/** Names of fields and headers whose values must never be written to a log. */
export const sensitiveFieldNames = [
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

const redactedDepth = 4;
export const redactedValue = '[redacted]';

function redactPaths(): string[] {
  const paths: string[] = [];
  for (const name of sensitiveFieldNames) {
    const key = /^[a-z_]+$/.test(name) ? name : `["${name}"]`;
    for (let depth = 0; depth <= redactedDepth; depth += 1) {
      const prefix = '*.'.repeat(depth);
      paths.push(key.startsWith('[') ? (depth === 0 ? key : `${prefix.slice(0, -1)}${key}`) : `${prefix}${key}`);
    }
  }
  return paths;
}

const sensitiveNames = new Set<string>(sensitiveFieldNames);

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

export type LoggerOptions = {
  level: string;
  /** Where log lines go; stdout when absent (tests pass a stream to read them). */
  stream?: DestinationStream;
};

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: redactPaths(), censor: redactedValue },
      serializers: {
        req(request: FastifyRequest) {
          return {
            method: request.method,
            url: loggableUrl(request.url),
            headers: request.headers,
            remoteAddress: request.ip,
          };
        },
        err: pino.stdSerializers.err,
      },
    },
    options.stream,
  );
}
