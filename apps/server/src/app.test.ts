import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { authOfPermission, listedCalls } from '@bank/contract/calls';
import { permissions } from '@bank/contract/permissions';
import { pathOf, serverRedirects, spaPaths } from '@bank/contract/routes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createTestApp, type TestApp, testConfig } from './platform/test-app.ts';
import { notBuiltMessage } from './platform/web-app.ts';

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd.js"></script></head></html>';

const compressibleScript = Buffer.from(
  Array.from({ length: 200 }, (_, index) => `export const message${index} = "text ${index}";`).join('\n'),
);

let webDistDir: string;
let test: TestApp;

beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  await mkdir(path.join(webDistDir, 'assets'));
  await writeFile(path.join(webDistDir, 'index.html'), indexHtml);
  await writeFile(path.join(webDistDir, 'assets', 'index-Ab12Cd.js'), 'console.log("app");');
  // As the web build writes them (apps/web/vite.config.ts): the same bytes, compressed.
  await writeFile(path.join(webDistDir, 'assets', 'page-Ef34Gh.js'), compressibleScript);
  await writeFile(path.join(webDistDir, 'assets', 'page-Ef34Gh.js.br'), brotliCompressSync(compressibleScript));
  await writeFile(path.join(webDistDir, 'assets', 'page-Ef34Gh.js.gz'), gzipSync(compressibleScript));
  await writeFile(path.join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  test = await createTestApp({ config: { webDistDir } });
});

afterAll(async () => {
  await test?.close();
  await rm(webDistDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it.each(['/login', '/api/openapi.json', '/healthz'])('sets a strict policy on %s', async (url) => {
    const response = await test.app.inject({ method: 'GET', url });
    const policy = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('never lets an API answer be cached', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/v1/account/getUserInfo', payload: {} });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('probes', () => {
  it('answers /healthz while the process runs', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 503 until the job queue runs, then 200', async () => {
    const before = await test.app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'not_ready', database: true, migrations: true, job_queue: false });
    await test.app.jobs.start();
    const after = await test.app.inject({ method: 'GET', url: '/readyz' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ready', database: true, migrations: true, job_queue: true });
  });
});

describe('web app', () => {
  it.each(spaPaths.filter((url) => !serverRedirects().has(url)))(
    'answers the deep link %s with index.html',
    async (url) => {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(indexHtml);
    },
  );

  it('answers an address that leads to another page with a redirect to it, the query kept', async () => {
    const redirected = serverRedirects();
    expect(redirected.get('/fiat_deposit')).toBe(pathOf('fiat_deposit_request'));
    expect(redirected.get('/blockchain_d')).toBe(pathOf('crypto_deposit'));
    for (const [from, to] of redirected) {
      const response = await test.app.inject({ method: 'GET', url: `${from}?page=2` });
      expect(response.statusCode, from).toBe(302);
      expect(response.headers.location, from).toBe(`${to}?page=2`);
    }
  });

  it('answers any other page path with index.html and HTTP 404', async () => {
    for (const url of ['/no_such_page', '/cards/unknown/deeper', '/kyc_step/kyc_step_nine']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(indexHtml);
    }
  });

  it('serves hashed assets as immutable and other files as revalidated', async () => {
    const asset = await test.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log("app");');
    const icon = await test.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
    ['br', 'gzip, deflate, br, zstd', brotliDecompressSync],
  ] as const)(
    'serves the %s variant to a browser accepting "%s", decoding to the original',
    async (encoding, accepted, decode) => {
      const response = await test.app.inject({
        method: 'GET',
        url: '/assets/page-Ef34Gh.js',
        headers: { 'accept-encoding': accepted },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.length).toBeLessThan(compressibleScript.length);
      expect(decode(response.rawPayload).equals(compressibleScript)).toBe(true);
    },
  );

  it('serves the original bytes to a client that accepts no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await test.app.inject({ method: 'GET', url: '/assets/page-Ef34Gh.js', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.equals(compressibleScript)).toBe(true);
    }
  });

  it('serves an asset the build left uncompressed as it is, even to a browser accepting brotli', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log("app");');
  });

  it("never serves the build's own files, such as Vite's manifest", async () => {
    await mkdir(path.join(webDistDir, '.vite'), { recursive: true });
    await writeFile(path.join(webDistDir, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
    const manifest = await test.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.statusCode).toBe(404);
    expect(manifest.body).not.toContain('src/main.tsx');
  });

  it('answers a missing asset with 404 and never serves files outside the build', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(404);
    const traversal = await test.app.inject({ method: 'GET', url: '/assets/..%2f..%2f..%2fetc%2fpasswd' });
    expect(traversal.statusCode).toBe(404);
    expect(traversal.body).not.toContain('root:');
  });

  it('says to build the web app until it is built, then serves it without a restart', async () => {
    // npm start starts the server while the web app is still building (scripts/start.mjs).
    const laterDistDir = await mkdtemp(path.join(os.tmpdir(), 'web-dist-later-'));
    let unbuilt: FastifyInstance | undefined;
    try {
      unbuilt = await buildApp(testConfig({ webDistDir: laterDistDir }), { database: test.database });
      for (const url of ['/login', '/no_such_page', '/favicon.svg']) {
        const response = await unbuilt.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(503);
        expect(response.headers['content-type']).toContain('text/plain');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.body).toBe(notBuiltMessage);
        expect(response.body).toContain('npm run build');
      }
      await writeFile(path.join(laterDistDir, 'index.html'), indexHtml);
      await writeFile(path.join(laterDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      const page = await unbuilt.inject({ method: 'GET', url: '/login' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(indexHtml);
      expect((await unbuilt.inject({ method: 'GET', url: '/no_such_page' })).statusCode).toBe(404);
      expect((await unbuilt.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
    } finally {
      await unbuilt?.close();
      await rm(laterDistDir, { recursive: true, force: true });
    }
  });
});

describe('pages drawn at build time', () => {
  const drawn = (language: string) => `<!doctype html><html lang="${language}"><body>drawn ${language}</body></html>`;
  let drawnDir: string;
  let drawnApp: TestApp;

  beforeAll(async () => {
    drawnDir = await mkdtemp(path.join(os.tmpdir(), 'web-dist-drawn-'));
    await mkdir(path.join(drawnDir, 'prerendered'), { recursive: true });
    await writeFile(path.join(drawnDir, 'index.html'), indexHtml);
    // As apps/web/scripts/prerender.mjs writes them; no Chinese login, to see the fall-back.
    for (const language of ['en', 'jp']) {
      const file = path.join(drawnDir, 'prerendered', `login.${language}.html`);
      await writeFile(file, drawn(language));
      await writeFile(`${file}.br`, brotliCompressSync(drawn(language)));
      await writeFile(`${file}.gz`, gzipSync(drawn(language)));
    }
    await writeFile(path.join(drawnDir, 'prerendered', 'home.ch.html'), drawn('home ch'));
    await writeFile(path.join(drawnDir, 'prerendered', 'programme_contract.jp.html'), drawn('contract jp'));
    drawnApp = await createTestApp({ config: { webDistDir: drawnDir } });
  });

  afterAll(async () => {
    await drawnApp?.close();
    await rm(drawnDir, { recursive: true, force: true });
  });

  const get = (headers: Record<string, string>) => drawnApp.app.inject({ method: 'GET', url: '/login', headers });

  it("sends /login drawn in the language of the app's cookie, English without one", async () => {
    const english = await get({});
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('text/html');
    expect(english.headers['cache-control']).toBe('no-cache');
    expect(english.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(english.body).toBe(drawn('en'));
    expect((await get({ cookie: 'theme=dark; language=jp' })).body).toBe(drawn('jp'));
    expect((await get({ cookie: 'language=../../etc/passwd' })).body).toBe(drawn('en'));
  });

  it('sends the compressed copy the browser accepts', async () => {
    const brotli = await get({ cookie: 'language=jp', 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(drawn('jp'));
    const gzip = await get({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(drawn('en'));
  });

  it("sends a signed-in page's outline at its path, in the language of the app's cookie", async () => {
    const home = await drawnApp.app.inject({ method: 'GET', url: '/', headers: { cookie: 'language=ch' } });
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).toBe(drawn('home ch'));
    // A path with a parameter has its page's outline, whatever the value.
    const contract = await drawnApp.app.inject({
      method: 'GET',
      url: pathOf('programme_contract').replace(':contractId', 'ctr_0123'),
      headers: { cookie: 'language=jp' },
    });
    expect(contract.body).toBe(drawn('contract jp'));
    // A page whose outline was not drawn in that language: the empty page.
    const transactions = await drawnApp.app.inject({
      method: 'GET',
      url: pathOf('transactions'),
      headers: { cookie: 'language=ch' },
    });
    expect(transactions.statusCode).toBe(200);
    expect(transactions.body).toBe(indexHtml);
  });

  it('sends the empty page where no drawing exists, and the drawing once it is written', async () => {
    expect((await get({ cookie: 'language=ch' })).body).toBe(indexHtml);
    expect((await drawnApp.app.inject({ method: 'GET', url: '/reg' })).body).toBe(indexHtml);
    // npm start answers while the pages are drawn (scripts/start.mjs): no restart is needed.
    await writeFile(path.join(drawnDir, 'prerendered', 'register.en.html'), drawn('reg en'));
    expect((await drawnApp.app.inject({ method: 'GET', url: '/reg' })).body).toBe(drawn('reg en'));
  });
});

describe('OpenAPI document', () => {
  it('is an OpenAPI 3.1 document with every listed call as a POST', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('0.1.93');
    for (const path of listedCalls.keys()) {
      expect(document.paths[path]?.post, path).toBeDefined();
    }
    // Every call SPEC.md lists is built.
    const notBuilt = [...listedCalls.keys()].filter((path) => document.paths[path].post['x-status'] === 'not_built');
    expect(notBuilt).toEqual([]);
    expect(document.paths['/api/v1/card/calc'].post.security).toEqual([{ token: [], userid: [] }]);
    expect(document.paths['/api/v1/account/login'].post.security).toEqual([]);
  });

  it('gives every call, listed or registered, one decision on its permission', async () => {
    const calls = [...listedCalls.values(), ...test.app.callPlatform.calls.values()];
    expect(calls.length).toBeGreaterThan(listedCalls.size);
    const decisions = new Set<string>(['public', 'session', ...permissions]);
    const undecided = calls.filter((call) => !decisions.has(call.permission)).map((call) => call.path);
    expect(undecided).toEqual([]);
    // The session rule follows from the permission: staff permissions make staff calls.
    for (const call of calls) expect(call.auth, call.path).toBe(authOfPermission(call.permission));
    const document = (await test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const call of calls) expect(document.paths[call.path].post['x-permission'], call.path).toBe(call.permission);
  });

  it('is readable at /api/docs, under the same strict policy', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const served = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(served.json().openapi).toBe('3.1.0');
    const initializer = await test.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });
});
