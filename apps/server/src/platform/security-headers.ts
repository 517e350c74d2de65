/**
 * Security headers on every answer. The web app is served from this origin and loads nothing from
 * elsewhere, so the policy allows 'self' only; Mantine injects style elements at run time, hence
 * 'unsafe-inline' for styles (never for scripts).
 *
 * helmet writes the headers; they are the same for every answer, so they are worked out once at
 * start and each answer gets the ready list (helmet per request cost about 8% of a simple read).
 * An answer that needs its own (a document shown inline) sets them in its handler, which wins.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const contentSecurityPolicyDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** The headers helmet sets on an answer with these options, by lower-case name. */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    xPoweredBy: false,
  });
  let isDone = false;
  middleware({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
    isDone = true;
  });
  // helmet's middlewares are synchronous: anything else would leave answers without headers.
  if (!isDone) throw new Error('helmet did not finish synchronously');
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
