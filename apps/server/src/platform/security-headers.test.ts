import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from './security-headers.ts';

describe('security headers', () => {
  it('are helmet’s, worked out once, with the policy of this origin only', () => {
    const headers = securityHeaders();
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('are on every answer, and a handler may set its own', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app);
    app.get('/plain', async () => 'ok');
    app.get('/framed', async (_request, reply) => reply.header('x-frame-options', 'SAMEORIGIN').send('ok'));
    const plain = await app.inject({ method: 'GET', url: '/plain' });
    const missing = await app.inject({ method: 'GET', url: '/nowhere' });
    const framed = await app.inject({ method: 'GET', url: '/framed' });
    for (const response of [plain, missing]) expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(framed.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(plain.headers['x-powered-by']).toBeUndefined();
    await app.close();
  });
});
