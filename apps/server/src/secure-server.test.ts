/**
 * The server answering HTTPS itself (TLS_CERT_FILE and TLS_KEY_FILE): HTTP/2 to a client that offers
 * it, as browsers do, and HTTP/1.1 to one that does not; the same routes and answers on both.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorCatalogue } from '@bank/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createRunningTestApp, type RunningTestApp } from './platform/test-support.ts';

let test: RunningTestApp;
let origin: string;
const folder = mkdtempSync(join(tmpdir(), 'bank-tls-'));

beforeAll(async () => {
  const tls = { certFile: join(folder, 'cert.pem'), keyFile: join(folder, 'key.pem') };
  // A certificate of its own for localhost, as a deployment's would be issued.
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-keyout', tls.keyFile, '-out', tls.certFile, '-addext', 'subjectAltName=DNS:localhost'],
    ],
    { stdio: 'ignore' },
  );
  test = await createRunningTestApp({ config: { tls } });
  const address = await test.app.listen({ host: '127.0.0.1', port: 0 });
  origin = address.replace('127.0.0.1', 'localhost');
});

afterAll(async () => {
  await test?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** One request over HTTP/2: its status, body and the protocol it went over. */
function overHttp2(path: string, body?: object): Promise<{ status: number; text: string }> {
  return new Promise((settle, fail) => {
    const session = http2.connect(origin, { rejectUnauthorized: false });
    session.on('error', fail);
    const stream = session.request({
      ':path': path,
      ':method': body ? 'POST' : 'GET',
      ...(body ? { 'content-type': 'application/json' } : {}),
    });
    let status = 0;
    let text = '';
    stream.on('response', (headers) => {
      status = Number(headers[':status']);
    });
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
    });
    stream.on('end', () => {
      session.close();
      settle({ status, text });
    });
    stream.on('error', fail);
    stream.end(body ? JSON.stringify(body) : undefined);
  });
}

describe('HTTPS with HTTP/2', () => {
  it('answers a browser over HTTP/2: health, and a call with the contract’s answer', async () => {
    expect((await overHttp2('/readyz')).status).toBe(200);
    const refused = await overHttp2('/api/v1/account/login', { step: 'password', email: 'not-an-email' });
    expect(refused.status).toBe(200);
    expect(JSON.parse(refused.text)).toMatchObject({ code: errorCatalogue.validation.code });
  });

  it('answers a client that speaks only HTTP/1.1 on the same port', async () => {
    const answer = await new Promise<{ status: number; version: string }>((settle, fail) => {
      https
        .get(`${origin}/readyz`, { rejectUnauthorized: false }, (response) => {
          response.resume();
          settle({ status: response.statusCode ?? 0, version: response.httpVersion });
        })
        .on('error', fail);
    });
    expect(answer).toEqual({ status: 200, version: '1.1' });
  });

  it('needs both files, or neither', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: 'cert.pem' })).toThrow(/TLS_CERT_FILE, TLS_KEY_FILE/);
    // A file that is not there is said at start, not met as a stack trace when the server opens it.
    expect(() =>
      loadConfig({ TLS_CERT_FILE: join(folder, 'cert.pem'), TLS_KEY_FILE: join(folder, 'none.pem') }),
    ).toThrow(/TLS_KEY_FILE: cannot be read/);
    expect(loadConfig({}).tls).toBeUndefined();
  });
});
